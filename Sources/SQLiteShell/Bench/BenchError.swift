/// Why `.bench` could not run: a bad option, an unreadable file, SQL the workload cannot
/// prepare, or the database failing; `.bench` prints ``message`` after `Error: .bench: `.
package struct BenchError: Error, Equatable {
  /// The message, without `Error: ` and without a newline.
  package var message: String
}
