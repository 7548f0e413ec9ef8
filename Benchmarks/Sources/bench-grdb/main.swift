// bench-grdb: runs one workload through GRDB (the peer) and prints one result line.
//
//   bench-grdb w1|w2|w2u|w2d|w2r|w3|w4|w5|w6|w7 db=PATH [rows=N] [count=N] [readers=N] [batch=N] [seconds=S]
import BenchKit

let options = Options()
do {
  switch options.workload {
  case "w1": try GRDBWorkloads.insert(options)
  case "w2": try GRDBWorkloads.scan(options)
  case "w2u": try GRDBWorkloads.scan(options, inPlace: true)
  case "w2d": try GRDBWorkloads.scanDecodable(options)
  case "w2r": try GRDBWorkloads.scanRecord(options)
  case "w3": try GRDBWorkloads.lookups(options)
  case "w4": try GRDBWorkloads.transactions(options)
  case "w5": try await GRDBConcurrent.run(options)
  case "w6": try GRDBRecords.insert(options)
  case "w7": try await GRDBObservation.run(options)
  default: fail("unknown workload \(options.workload)")
  }
} catch {
  fail("\(options.workload): \(error)")
}
