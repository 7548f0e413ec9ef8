import Glibc

/// Completes a partial path against the file system, like a shell does.
enum FileNameCompleter {
  /// The most directory entries read for one request.
  static let entryLimit = 2000

  /// The paths that start with `partial`, directories ending with `/`.
  ///
  /// Hidden files are offered only when the last component of `partial` starts with a dot.
  /// `~/` expands to `$HOME` for the lookup only.
  static func completions(of partial: String) -> [String] {
    let directoryPart: String
    let namePrefix: String
    if let slash = partial.lastIndex(of: "/") {
      directoryPart = String(partial[...slash])
      namePrefix = String(partial[partial.index(after: slash)...])
    } else {
      directoryPart = ""
      namePrefix = partial
    }
    var lookup = directoryPart.isEmpty ? "." : directoryPart
    if lookup.hasPrefix("~/"), let home = getenv("HOME") {
      lookup = String(cString: home) + lookup.dropFirst()
    }
    guard let directory = opendir(lookup) else { return [] }
    defer { closedir(directory) }
    var results: [String] = []
    var seen = 0
    while seen < entryLimit, let entry = readdir(directory) {
      seen += 1
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      if name.hasPrefix("."), !namePrefix.hasPrefix(".") { continue }
      guard name.hasPrefix(namePrefix) else { continue }
      var status = stat()
      let isDirectory =
        stat(lookup + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
      results.append(directoryPart + name + (isDirectory ? "/" : ""))
    }
    return results.sorted()
  }
}
