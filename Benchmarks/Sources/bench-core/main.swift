// bench-core: runs one workload through SQLiteCore and prints one result line.
//
//   bench-core w1|w2|w2u|w2d|w2r|w3|w4|w5|w6|w7 db=PATH [rows=N] [count=N] [readers=N] [batch=N] [seconds=S]
import BenchKit

let options = Options()
do {
  switch options.workload {
  case "w1": try CoreWorkloads.insert(options)
  case "w2": try CoreWorkloads.scan(options)
  case "w2u": try CoreWorkloads.scan(options, inPlace: true)
  case "w2d": try CoreWorkloads.scanDecodable(options)
  case "w2r": try CoreWorkloads.scanRowDecodable(options)
  case "w3": try CoreWorkloads.lookups(options)
  case "w4": try CoreWorkloads.transactions(options)
  case "w5": try await CoreConcurrent.run(options)
  case "w6": try CoreRecords.insert(options)
  case "w7": try await CoreObservation.run(options)
  default: fail("unknown workload \(options.workload)")
  }
} catch {
  fail("\(options.workload): \(error)")
}
