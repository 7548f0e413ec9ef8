// swift-tools-version:6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]
// No unsafe flags on library targets: SwiftPM refuses a package dependency whose products carry
// them. The release tuning lives in the Makefiles' flags (`RELEASE_FLAGS`), for every target:
// `-Xswiftc -enforce-exclusivity=unchecked` (~25 run-time checks per statement were 3% of a
// piped script's instructions, callgrind) and `-Xcc -gdwarf-4` (valgrind 3.19, which
// scripts/link/make-order.sh runs, gives up on a binary holding clang's default DWARF 5).

let package = Package(
  name: "litesh",
  products: [
    // Date, UUID, Data and URL conformances are a target of their own in the same product: an
    // app gets them with SQLiteCore, litesh (which never stores a Date) does not link Foundation
    // (+8.5 MB and ~0.5 ms of start-up measured when SQLiteCore imported it).
    .library(name: "SQLiteCore", targets: ["SQLiteCore", "SQLiteCoreFoundation"]),
    // The fuzz targets' entry points: `Fuzz/` links them with libFuzzer, the tests replay corpora.
    .library(name: "ShellFuzzing", targets: ["ShellFuzzing"]),
    .executable(name: "litesh", targets: ["litesh"]),
  ],
  dependencies: [
    // Latency percentiles for `.bench`.
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0")
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    // libedit's header only: litesh opens the library with dlopen when the REPL starts (no
    // pkg-config, whose `-ledit` would load it at every start).
    .systemLibrary(name: "CEditLine"),
    .target(name: "SQLiteCore", dependencies: ["CSQLite"], swiftSettings: swiftSettings),
    .target(
      name: "SQLiteCoreFoundation", dependencies: ["SQLiteCore"], swiftSettings: swiftSettings),
    // A client of dqlite's wire protocol (litesh on a replicated cluster).
    .target(name: "DqliteClient", dependencies: ["SQLiteCore"], swiftSettings: swiftSettings),
    // The SQL functions, collations and table-valued functions the sqlite3 shell adds.
    .target(
      name: "ShellFunctions", dependencies: ["CSQLite", "SQLiteCore"], swiftSettings: swiftSettings),
    // sqlite3's append VFS (`-append`, `.open --append`), which the system library lacks.
    .target(name: "CAppendVFS", dependencies: ["CSQLite"]),
    .target(
      name: "SQLiteShell",
      dependencies: [
        "SQLiteCore", "ShellFunctions", "DqliteClient", "CAppendVFS",
        .product(name: "Histogram", package: "hdrhistogram-swift"),
      ],
      swiftSettings: swiftSettings),
    .target(
      name: "ShellFuzzing", dependencies: ["SQLiteShell", "SQLiteCore", "ShellFunctions"],
      swiftSettings: swiftSettings),
    // Release builds link with lld and pack the ~26k relative relocations as DT_RELR
    // (glibc 2.36+): start-up CPU 5.0 -> 3.6 ms, peak RSS 10.3 -> 8.7 MB (Benchmarks/results).
    // They also take libstdc++ from gcc's static archive (scripts/link/libstdc++.so, a linker
    // script): loading and relocating libstdc++.so.6 cost ~0.6 ms and 36 page faults a start.
    // And they lay out first the functions a start runs (scripts/link/litesh.order, made by
    // scripts/link/make-order.sh): peak RSS 8.2 -> 6.3 MiB, page faults 329 -> 300.
    // And they export no symbols (scripts/link/litesh.exports): the ~3,200 public Swift symbols
    // -export-dynamic put in the dynamic table made every symbol lookup and the runtime's
    // start-up dladdr slower (callgrind 2.76M -> 2.68M instructions, page faults 306 -> 300).
    // And they link a position-dependent executable (-no-pie): the ~28k relative relocations
    // go away, with the dirty pages they made in .data.rel.ro and .data (callgrind 2.15M ->
    // 1.88M instructions a start, peak RSS -0.7 MiB). The price is a fixed load address for
    // litesh's own code (its libraries, stack and heap stay randomised), as Go's binaries do.
    // The order file lists every input section of code and data a start touches, small ones
    // first (make-order.sh traces a start with valgrind's lackey and maps the addresses on
    // lld's link map), not only functions: the runtime's C++, .rodata, .data and .bss pieces
    // a start uses now sit together, and the few large unsplittable sections (the standard
    // library's single 1.5 MiB .text) come after them. And libgcc's unwinder is linked from
    // its archive (-static-libgcc), as libstdc++ is: libgcc_s.so.1 was one more library to
    // load at every start. Peak RSS 6.6 -> 5.6 MiB, page faults 228 -> 179 with the start-up
    // code changes of session 12 (Benchmarks/results/session12-startup.md).
    .executableTarget(
      name: "litesh", dependencies: ["SQLiteShell", "SQLiteCore", "CEditLine"],
      swiftSettings: swiftSettings,
      linkerSettings: [
        .unsafeFlags(
          [
            "-use-ld=lld", "-Xclang-linker", "-no-pie", "-Xclang-linker", "-static-libgcc",
            "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-L", Context.packageDirectory + "/scripts/link",
            "-Xlinker", "--symbol-ordering-file",
            "-Xlinker", Context.packageDirectory + "/scripts/link/litesh.order",
            "-Xlinker", "--no-warn-symbol-ordering",
            "-Xlinker",
            "--version-script=" + Context.packageDirectory + "/scripts/link/litesh.exports",
          ],
          .when(platforms: [.linux], configuration: .release))
      ]),
    // What every test target shares (scratch directories, running sqlite3 and litesh, the tmux
    // REPL driver, gates and deadlines): test-only, a dependency of no product and of no
    // target but the tests; free of SQLiteShell so that SQLiteCoreTests builds fast.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
    .testTarget(
      name: "SQLiteCoreTests", dependencies: ["SQLiteCore", "SQLiteCoreFoundation", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "ShellFunctionsTests",
      dependencies: ["ShellFunctions", "SQLiteCore", "litesh", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "SQLiteShellTests",
      dependencies: ["SQLiteShell", "SQLiteCore", "ShellFuzzing", "TestSupport"],
      swiftSettings: swiftSettings),
    // Runs the built binary: against sqlite3 for compatibility, in tmux for the REPL, and on a
    // real 3-node dqlite cluster (DqliteClient's tests too).
    .testTarget(
      name: "EndToEndTests", dependencies: ["litesh", "DqliteClient", "SQLiteCore", "TestSupport"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
