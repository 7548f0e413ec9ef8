// swift-tools-version:6.0
// libFuzzer binaries over the shell's fuzz targets (`Sources/ShellFuzzing` in the root
// package). Built by `scripts/fuzz.sh` with `-sanitize=fuzzer,address`; see Fuzzer/README.md.
import PackageDescription

// A path dependency is named after its directory, which is the checkout's name.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "litesh")

let package = Package(
  name: "litesh-fuzz",
  dependencies: [.package(path: "..")],
  targets: [
    .executableTarget(
      name: "litesh-fuzz",
      dependencies: [.product(name: "ShellFuzzing", package: root)])
  ],
  swiftLanguageModes: [.v6]
)
