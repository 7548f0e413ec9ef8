import SQLiteCore

/// The words completion offers in SQL that are not schema names.
enum SQLKeywords {
  /// The SQLite library's keywords, upper case.
  static let all: [String] = Connection.sqlKeywords

  /// Common built-in SQL functions, offered with an opening parenthesis.
  static let functions: [String] = [
    "abs", "avg", "changes", "char", "coalesce", "count", "date", "datetime", "format", "glob",
    "group_concat", "hex", "ifnull", "iif", "instr", "json", "json_array", "json_extract",
    "json_object", "julianday", "last_insert_rowid", "length", "like", "likelihood", "lower",
    "ltrim", "max", "min", "nullif", "printf", "quote", "random", "randomblob", "replace",
    "round", "rtrim", "sign", "substr", "sum", "time", "total", "total_changes", "trim", "typeof",
    "unicode", "upper", "zeroblob",
  ]

  /// The keywords after which a table or view name is expected.
  static let tableIntroducers: Set<String> = ["FROM", "JOIN", "INTO", "UPDATE", "TABLE"]
}
