/// The `.help` texts of `.dump`, `.import`, `.parameter` and `.sha3sum`, byte for byte as sqlite3
/// 3.40.1 prints them, and of litesh's own terminal commands `.color`, `.edit` and `.pager`.
extension HelpText {
  static let dumpHelp = [
    ".dump ?OBJECTS?          Render database content as SQL",
    "   Options:",
    "     --data-only            Output only INSERT statements",
    "     --newlines             Allow unescaped newline characters in output",
    "     --nosys                Omit system tables (ex: \"sqlite_stat1\")",
    "     --preserve-rowids      Include ROWID values in the output",
    "   OBJECTS is a LIKE pattern for tables, indexes, triggers or views to dump",
    "   Additional LIKE patterns can be given in subsequent arguments",
  ]
  static let recoverHelp = [
    ".recover                 Recover as much data as possible from corrupt db.",
    "   --ignore-freelist        Ignore pages that appear to be on db freelist",
    "   --lost-and-found TABLE   Alternative name for the lost-and-found table",
    "   --no-rowids              Do not attempt to recover rowid values",
    "                            that are not also INTEGER PRIMARY KEYs",
  ]
  static let importHelp = [
    ".import FILE TABLE       Import data from FILE into TABLE",
    "   Options:",
    "     --ascii               Use \\037 and \\036 as column and row separators",
    "     --csv                 Use , and \\n as column and row separators",
    "     --skip N              Skip the first N rows of input",
    "     --schema S            Target table to be S.TABLE",
    "     -v                    \"Verbose\" - increase auxiliary output",
    "   Notes:",
    "     *  If TABLE does not exist, it is created.  The first row of input",
    "        determines the column names.",
    "     *  If neither --csv or --ascii are used, the input mode is derived",
    "        from the \".mode\" output mode",
    "     *  If FILE begins with \"|\" then it is a command that generates the",
    "        input text.",
  ]
  static let parameterHelp = [
    ".parameter CMD ...       Manage SQL parameter bindings",
    "   clear                   Erase all bindings",
    "   init                    Initialize the TEMP table that holds bindings",
    "   list                    List the current parameter bindings",
    "   set PARAMETER VALUE     Given SQL parameter PARAMETER a value of VALUE",
    "                           PARAMETER should start with one of: $ : @ ?",
    "   unset PARAMETER         Remove PARAMETER from the binding table",
  ]
  static let sha3sumHelp = [
    ".sha3sum ...             Compute a SHA3 hash of database content",
    "    Options:",
    "      --schema              Also hash the sqlite_schema table",
    "      --sha3-224            Use the sha3-224 algorithm",
    "      --sha3-256            Use the sha3-256 algorithm (default)",
    "      --sha3-384            Use the sha3-384 algorithm",
    "      --sha3-512            Use the sha3-512 algorithm",
    "    Any other argument is a LIKE pattern for tables to hash",
  ]
  static let colorHelp = [
    ".color on|off|auto       Colour headers, NULLs and errors on a terminal",
    "     auto (default) is on unless NO_COLOR is set; never for piped output",
  ]
  static let editHelp = [
    ".edit                    Edit the pending or last SQL in $VISUAL or $EDITOR",
    "     The edited text runs when the editor exits with status 0",
  ]
  static let pagerHelp = [
    ".pager on|off|auto       Show results on a terminal through $PAGER",
    "     auto: only results that do not fit the screen.  Default: off",
    "     The pager is $PAGER, else \"less -FRX\"",
  ]
}
