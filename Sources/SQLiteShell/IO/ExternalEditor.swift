import Glibc

/// Edits text in the user's editor (`$VISUAL`, else `$EDITOR`, else `vi`), for `.edit`.
///
/// The text goes to a fresh temporary file of mode 0600 (created by `mkstemps`, so never
/// readable by others), the editor runs on the terminal with the file name as its argument,
/// and the file is read back and removed.
package enum ExternalEditor {
  /// Why editing produced no text.
  package struct Failure: Error, Equatable {
    /// The message for standard error, without `Error: ` and newline.
    package let message: String

    /// A failure with a message.
    package init(message: String) {
      self.message = message
    }
  }

  /// The editor command from the environment.
  package static var command: String {
    ChildProcess.environment("VISUAL") ?? ChildProcess.environment("EDITOR") ?? "vi"
  }

  /// Writes `text` to a temporary file, runs the editor on it, and returns the file's text
  /// without trailing white space.
  package static func edit(_ text: String, editor: String = command) -> Result<String, Failure> {
    let directory = ChildProcess.environment("TMPDIR") ?? "/tmp"
    var template = Array((directory + "/litesh-edit-XXXXXX.sql").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemps($0, 4) } ?? -1
    }
    guard descriptor >= 0 else {
      return .failure(Failure(message: "cannot create a temporary file in \(directory)"))
    }
    let path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(path) }
    _ = fchmod(descriptor, 0o600)
    var contents = text
    if !contents.isEmpty && !contents.hasSuffix("\n") { contents += "\n" }
    let written = contents.withUTF8 {
      OutputSink.writeAll(UnsafeRawBufferPointer($0), to: descriptor) == nil
    }
    close(descriptor)
    guard written else {
      return .failure(Failure(message: "cannot write the temporary file \(path)"))
    }
    guard let process = ChildProcess.start(editor + " \"$1\"", arguments: [path]) else {
      return .failure(Failure(message: "cannot start the editor \"\(editor)\""))
    }
    let status = process.wait()
    guard status == 0 else {
      return .failure(Failure(message: "editor \"\(editor)\" exited with status \(status)"))
    }
    guard let edited = read(path) else {
      return .failure(Failure(message: "cannot read the edited file \(path)"))
    }
    var result = Substring(edited)
    while let last = result.last, last.isWhitespace { result = result.dropLast() }
    return .success(String(result))
  }

  private static func read(_ path: String) -> String? {
    FileContents.read(path).map { String(decoding: $0, as: UTF8.self) }
  }
}
