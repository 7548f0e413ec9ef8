// swift-tools-version:6.0
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones (`main`,
// a worktree's name, `litesh`): take it from the parent folder.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "litesh")

// The benchmark suite: one driver (`bench`) and one worker per implementation, so each
// measurement runs in a fresh process whose peak RSS holds only what that implementation links.
let package = Package(
  name: "LiteshBenchmarks",
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    // Latency percentiles for W7 (observation), as `.bench` does.
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
  ],
  targets: [
    // Shared by the Swift workers: row generator, PRNG, clocks, the result line.
    .target(
      name: "BenchKit",
      dependencies: [.product(name: "Histogram", package: "hdrhistogram-swift")]),
    // The physical limit: the workloads written against the SQLite C API.
    .executableTarget(
      name: "bench-c", linkerSettings: [.linkedLibrary("sqlite3"), .linkedLibrary("pthread")]),
    .executableTarget(
      name: "bench-core",
      dependencies: ["BenchKit", .product(name: "SQLiteCore", package: root)]),
    .executableTarget(
      name: "bench-grdb",
      dependencies: ["BenchKit", .product(name: "GRDB", package: "GRDB.swift")]),
    // Forks and execs one measured command so its peak RSS is its own (see its main.c).
    .executableTarget(name: "bench-run"),
    // The driver: runs the workers and the shells interleaved, prints the table.
    .executableTarget(name: "bench", dependencies: ["BenchKit"]),
  ],
  swiftLanguageModes: [.v6]
)
