/// The `.help` texts of the schema, database and file commands, byte for byte as sqlite3
/// 3.40.1 prints them.
extension HelpText {
  static let archiveHelp = [
    ".archive ...             Manage SQL archives",
    "   Each command must have exactly one of the following options:",
    "     -c, --create               Create a new archive",
    "     -u, --update               Add or update files with changed mtime",
    "     -i, --insert               Like -u but always add even if unchanged",
    "     -r, --remove               Remove files from archive",
    "     -t, --list                 List contents of archive",
    "     -x, --extract              Extract files from archive",
    "   Optional arguments:",
    "     -v, --verbose              Print each filename as it is processed",
    "     -f FILE, --file FILE       Use archive FILE (default is current db)",
    "     -a FILE, --append FILE     Open FILE using the apndvfs VFS",
    "     -C DIR, --directory DIR    Read/extract files from directory DIR",
    "     -g, --glob                 Use glob matching for names in archive",
    "     -n, --dryrun               Show the SQL that would have occurred",
    "   Examples:",
    "     .ar -cf ARCHIVE foo bar  # Create ARCHIVE from files foo and bar",
    "     .ar -tf ARCHIVE          # List members of ARCHIVE",
    "     .ar -xvf ARCHIVE         # Verbosely extract files from ARCHIVE",
    "   See also:",
    "      http://sqlite.org/cli.html#sqlite_archive_support",
  ]
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
