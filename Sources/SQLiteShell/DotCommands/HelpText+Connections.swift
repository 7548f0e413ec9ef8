/// The `.help` texts of `.session` and `.connection`, byte for byte as sqlite3 3.40.1 prints
/// them.
extension HelpText {
  static let sessionHelp = [
    ".session ?NAME? CMD ...  Create or control sessions",
    "   Subcommands:",
    "     attach TABLE             Attach TABLE",
    "     changeset FILE           Write a changeset into FILE",
    "     close                    Close one session",
    "     enable ?BOOLEAN?         Set or query the enable bit",
    "     filter GLOB...           Reject tables matching GLOBs",
    "     indirect ?BOOLEAN?       Mark or query the indirect status",
    "     isempty                  Query whether the session is empty",
    "     list                     List currently open session names",
    "     open DB NAME             Open a new session on DB",
    "     patchset FILE            Write a patchset into FILE",
    "   If ?NAME? is omitted, the first defined session is used.",
  ]
  static let connectionHelp = [
    ".connection [close] [#]  Open or close an auxiliary database connection"
  ]
}
