import ShellFuzzing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The target `LITESH_FUZZ_TARGET` names (read once, before the first input).
nonisolated(unsafe) private var target = FuzzTarget.splitter

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> CInt {
  let name = getenv("LITESH_FUZZ_TARGET").map { String(cString: $0) } ?? ""
  guard let chosen = FuzzTarget(rawValue: name) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: " ")
    fatalError("set LITESH_FUZZ_TARGET to one of: \(names)")
  }
  target = chosen
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let failures = target.run(data)
  if let first = failures.first {
    fatalError("\(target.rawValue): \(first) (\(failures.count) failed properties)")
  }
  return 0
}

/// libFuzzer's driver (compiler-rt's `LLVMFuzzerRunDriver`), for the `main` SwiftPM links.
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's `main` to `MODULE_main`: hand the process to libFuzzer.
@_cdecl("litesh_fuzz_main")
public func fuzzMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return runDriver(&count, &arguments, testOneInput)
}
