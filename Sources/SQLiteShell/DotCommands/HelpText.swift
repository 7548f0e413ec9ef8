/// The `.help` texts of the commands litesh shares with sqlite3, byte for byte as sqlite3
/// 3.40.1 prints them (usage padded to 25 columns, then the summary; details indented).
enum HelpText {
  static let authHelp = [
    ".auth ON|OFF             Show authorizer callbacks"
  ]
  static let bailHelp = [
    ".bail on|off             Stop after hitting an error.  Default OFF"
  ]
  static let binaryHelp = [
    ".binary on|off           Turn binary output on or off.  Default OFF"
  ]
  static let changesHelp = [
    ".changes on|off          Show number of rows changed by SQL"
  ]
  static let cloneHelp = [
    ".clone NEWDB             Clone data into NEWDB from the existing database"
  ]
  static let echoHelp = [
    ".echo on|off             Turn command echo on or off"
  ]
  static let eqpHelp = [
    ".eqp on|off|full|...     Enable or disable automatic EXPLAIN QUERY PLAN",
    "   Other Modes:",
    "      trigger               Like \"full\" but also show trigger bytecode",
  ]
  static let exitHelp = [
    ".exit ?CODE?             Exit this program with return-code CODE"
  ]
  static let expertHelp = [
    ".expert                  EXPERIMENTAL. Suggest indexes for queries"
  ]
  static let explainHelp = [
    ".explain ?on|off|auto?   Change the EXPLAIN formatting mode.  Default: auto"
  ]
  static let filectrlHelp = [
    ".filectrl CMD ...        Run various sqlite3_file_control() operations",
    "   --schema SCHEMA         Use SCHEMA instead of \"main\"",
    "   --help                  Show CMD details",
  ]
  static let headersHelp = [
    ".headers on|off          Turn display of headers on or off"
  ]
  static let helpHelp = [
    ".help ?-all? ?PATTERN?   Show help text for PATTERN"
  ]
  static let limitHelp = [
    ".limit ?LIMIT? ?VAL?     Display or change the value of an SQLITE_LIMIT"
  ]
  static let lintHelp = [
    ".lint OPTIONS            Report potential schema issues.",
    "     Options:",
    "        fkey-indexes     Find missing foreign key indexes",
  ]
  static let logHelp = [
    ".log FILE|off            Turn logging on or off.  FILE can be stderr/stdout"
  ]
  static let modeHelp = [
    ".mode MODE ?OPTIONS?     Set output mode",
    "   MODE is one of:",
    "     ascii       Columns/rows delimited by 0x1F and 0x1E",
    "     box         Tables using unicode box-drawing characters",
    "     csv         Comma-separated values",
    "     column      Output in columns.  (See .width)",
    "     html        HTML <table> code",
    "     insert      SQL insert statements for TABLE",
    "     json        Results in a JSON array",
    "     line        One value per line",
    "     list        Values delimited by \"|\"",
    "     markdown    Markdown table format",
    "     qbox        Shorthand for \"box --wrap 60 --quote\"",
    "     quote       Escape answers as for SQL",
    "     table       ASCII-art table",
    "     tabs        Tab-separated values",
    "     tcl         TCL list elements",
    "   OPTIONS: (for columnar modes or insert mode):",
    "     --wrap N       Wrap output lines to no longer than N characters",
    "     --wordwrap B   Wrap or not at word boundaries per B (on/off)",
    "     --ww           Shorthand for \"--wordwrap 1\"",
    "     --quote        Quote output text as SQL literals",
    "     --noquote      Do not quote output text",
    "     TABLE          The name of SQL table used for \"insert\" mode",
  ]
  static let nullvalueHelp = [
    ".nullvalue STRING        Use STRING in place of NULL values"
  ]
  static let excelHelp = [
    ".excel                   Display the output of next command in spreadsheet",
    "   --bom                   Put a UTF8 byte-order mark on intermediate file",
  ]
  static let onceHelp = [
    ".once ?OPTIONS? ?FILE?   Output for the next SQL command only to FILE",
    "     If FILE begins with '|' then open as a pipe",
    "       --bom  Put a UTF8 byte-order mark at the beginning",
    "       -e     Send output to the system text editor",
    "       -x     Send output as CSV to a spreadsheet (same as \".excel\")",
  ]
  static let outputHelp = [
    ".output ?FILE?           Send output to FILE or stdout if FILE is omitted",
    "   If FILE begins with '|' then open it as a pipe.",
    "   Options:",
    "     --bom                 Prefix output with a UTF8 byte-order mark",
    "     -e                    Send output to the system text editor",
    "     -x                    Send output as CSV to a spreadsheet",
  ]
  static let printHelp = [
    ".print STRING...         Print literal STRING"
  ]
  static let promptHelp = [
    ".prompt MAIN CONTINUE    Replace the standard prompts"
  ]
  static let quitHelp = [
    ".quit                    Exit this program"
  ]
  static let readHelp = [
    ".read FILE               Read input from FILE or command output",
    "    If FILE begins with \"|\", it is a command that generates the input.",
  ]
  static let readersHelp = [
    ".readers ?N?             Run read-only queries on N reader connections (WAL)",
    "     No N: show the pool (readers open and busy, waiters, WAL size)",
    "     0 goes back to one connection; the file stays in WAL mode",
    "     Not for in-memory or read-only databases (--readers N leaves those alone)",
  ]
  static let separatorHelp = [
    ".separator COL ?ROW?     Change the column and row separators"
  ]
  static let showHelp = [
    ".show                    Show the current values for various settings"
  ]
  static let timeoutHelp = [
    ".timeout MS              Try opening locked tables for MS milliseconds"
  ]
  static let timerHelp = [
    ".timer on|off            Turn SQL timer on or off"
  ]
  static let traceHelp = [
    ".trace ?OPTIONS?         Output each SQL statement as it is run",
    "    FILE                    Send output to FILE",
    "    stdout                  Send output to stdout",
    "    stderr                  Send output to stderr",
    "    off                     Disable tracing",
    "    --expanded              Expand query parameters",
    "    --plain                 Show SQL as it is input",
    "    --stmt                  Trace statement execution (SQLITE_TRACE_STMT)",
    "    --profile               Profile statements (SQLITE_TRACE_PROFILE)",
    "    --row                   Trace each row (SQLITE_TRACE_ROW)",
    "    --close                 Trace connection close (SQLITE_TRACE_CLOSE)",
  ]
  static let widthHelp = [
    ".width NUM1 NUM2 ...     Set minimum column widths for columnar output",
    "     Negative values right-justify",
  ]
}
