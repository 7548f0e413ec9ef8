import SQLiteCore
import SQLiteShell

extension Shell: InteractiveShell {
  /// The output style, kept in the shell's state.
  var style: OutputStyle {
    get { state.style }
    set { state.style = newValue }
  }
}
