/// The `.help` texts of the schema, database and file commands, byte for byte as sqlite3
/// 3.40.1 prints them.
extension HelpText {
  static let backupHelp = [
    ".backup ?DB? FILE        Backup DB (default \"main\") to FILE",
    "   Options:",
    "       --append            Use the appendvfs",
    "       --async             Write to FILE without journal and fsync()",
  ]
  static let cdHelp = [
    ".cd DIRECTORY            Change the working directory to DIRECTORY"
  ]
  static let databasesHelp = [
    ".databases               List names and files of attached databases"
  ]
  static let dbinfoHelp = [
    ".dbinfo ?DB?             Show status information about the database"
  ]
  static let fullschemaHelp = [
    ".fullschema ?--indent?   Show schema and the content of sqlite_stat tables"
  ]
  static let indexesHelp = [
    ".indexes ?TABLE?         Show names of indexes",
    "                           If TABLE is specified, only show indexes for",
    "                           tables matching TABLE using the LIKE operator.",
  ]
  static let loadHelp = [
    ".load FILE ?ENTRY?       Load an extension library"
  ]
  static let openHelp = [
    ".open ?OPTIONS? ?FILE?   Close existing database and reopen FILE",
    "     Options:",
    "        --append        Use appendvfs to append database to the end of FILE",
    "        --deserialize   Load into memory using sqlite3_deserialize()",
    "        --hexdb         Load the output of \"dbtotxt\" as an in-memory db",
    "        --maxsize N     Maximum size for --hexdb or --deserialized database",
    "        --new           Initialize FILE to an empty database",
    "        --nofollow      Do not follow symbolic links",
    "        --readonly      Open FILE readonly",
    "        --zip           FILE is a ZIP archive",
  ]
  static let restoreHelp = [
    ".restore ?DB? FILE       Restore content of DB (default \"main\") from FILE"
  ]
  static let saveHelp = [
    ".save ?OPTIONS? FILE     Write database to FILE (an alias for .backup ...)"
  ]
  static let schemaHelp = [
    ".schema ?PATTERN?        Show the CREATE statements matching PATTERN",
    "   Options:",
    "      --indent             Try to pretty-print the schema",
    "      --nosys              Omit objects whose names start with \"sqlite_\"",
  ]
  static let shellHelp = [
    ".shell CMD ARGS...       Run CMD ARGS... in a system shell"
  ]
  static let statsHelp = [
    ".stats ?ARG?             Show stats or turn stats on or off",
    "   off                      Turn off automatic stat display",
    "   on                       Turn on automatic stat display",
    "   stmt                     Show statement stats",
    "   vmstep                   Show the virtual machine step count only",
  ]
  static let systemHelp = [
    ".system CMD ARGS...      Run CMD ARGS... in a system shell"
  ]
  static let tablesHelp = [
    ".tables ?TABLE?          List names of tables matching LIKE pattern TABLE"
  ]
  static let vfsnameHelp = [
    ".vfsname ?AUX?           Print the name of the VFS stack"
  ]
}
