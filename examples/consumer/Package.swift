// swift-tools-version:6.0
import PackageDescription

// An app that depends on SQLiteCore as any outside package would: by URL and version.
// scripts/check-consumer.sh builds and runs it against a tagged clone of this repository
// (`make test`), and checks that the README's "Use SQLiteCore in your package" shows this
// dependency line and Sources/NotesApp/main.swift unchanged.
let package = Package(
  name: "NotesApp",
  dependencies: [
    .package(url: "https://github.com/litesh/litesh", from: "0.1.0")
  ],
  targets: [
    .executableTarget(
      name: "NotesApp", dependencies: [.product(name: "SQLiteCore", package: "litesh")])
  ],
  swiftLanguageModes: [.v6]
)
