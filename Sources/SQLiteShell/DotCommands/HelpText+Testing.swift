/// The `.help` texts of the commands sqlite3 keeps for testing SQLite itself, byte for byte as
/// sqlite3 3.40.1 prints them.
extension HelpText {
  static let checkHelp = [
    ".check GLOB              Fail if output since .testcase does not match"
  ]
  static let testcaseHelp = [
    ".testcase NAME           Begin redirecting output to 'testcase-out.txt'"
  ]
  static let imposterHelp = [
    ".imposter INDEX TABLE    Create imposter table TABLE on index INDEX"
  ]
  static let selftestHelp = [
    ".selftest ?OPTIONS?      Run tests defined in the SELFTEST table",
    "    Options:",
    "       --init               Create a new SELFTEST table",
    "       -v                   Verbose output",
  ]
  static let testctrlHelp = [
    ".testctrl CMD ...        Run various sqlite3_test_control() operations",
    "                           Run \".testctrl\" with no arguments for details",
  ]
}
