/// The `.help` texts of `.progress`, `.scanstats`, `.dbconfig`, `.nonce`, `.vfsinfo` and
/// `.vfslist`, byte for byte as sqlite3 3.40.1 prints them.
extension HelpText {
  static let progressHelp = [
    ".progress N              Invoke progress handler after every N opcodes",
    "   --limit N                 Interrupt after N progress callbacks",
    "   --once                    Do no more than one progress interrupt",
    "   --quiet|-q                No output except at interrupts",
    "   --reset                   Reset the count for each input and interrupt",
  ]
  static let scanstatsHelp = [
    ".scanstats on|off        Turn sqlite3_stmt_scanstatus() metrics on or off"
  ]
  static let dbconfigHelp = [
    ".dbconfig ?op? ?val?     List or change sqlite3_db_config() options"
  ]
  static let nonceHelp = [
    ".nonce STRING            Suspend safe mode for one command if nonce matches"
  ]
  static let vfsinfoHelp = [
    ".vfsinfo ?AUX?           Information about the top-level VFS"
  ]
  static let vfslistHelp = [
    ".vfslist                 List all available VFSes"
  ]
}
