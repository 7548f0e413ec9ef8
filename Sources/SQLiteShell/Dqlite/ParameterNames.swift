/// The parameters of one statement by position, found from its text alone, numbered as SQLite
/// numbers them; what `sqlite3_bind_parameter_name` would say for 1, 2, ….
///
/// dqlite binds by position only, and its PREPARE answers with a count, not names. Preparing
/// the text locally to ask SQLite is no help: the tables it names exist only on the cluster, so
/// the prepare fails. The rules are few (SQLite's `sqlite3ExprAssignVarNumber`):
/// - `?` takes the next number and has no name;
/// - `?NNN` takes number NNN, named `?NNN` unless that number already has a name;
/// - `:AAA`, `@AAA`, `$AAA` take the next number the first time, the same number after.
///
/// "The next number" is one more than the largest so far. The parameters are ``SQLToken``'s, so
/// literals, quoted names and comments are skipped as everywhere else in the shell.
enum ParameterNames {
  static func names(in sql: String) -> [String?] {
    var names: [String?] = []
    var numbers: [String: Int] = [:]
    func assign(_ name: String?, number: Int) {
      while names.count < number { names.append(nil) }
      if let name {
        names[number - 1] = name
        numbers[name] = number
      }
    }
    for token in SQLToken.tokenize(sql) where token.kind == .parameter {
      let text = token.text
      if text.hasPrefix("?") {
        // `?NNN`; a `?` not followed by digits is a plain `?` (what follows is another token).
        let digits = text.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits) else {
          assign(nil, number: names.count + 1)
          continue
        }
        let name = "?" + digits
        // A number that already has a name keeps it (`$a, ?1`: position 1 is `$a`).
        if number > names.count || (number > 0 && names[number - 1] == nil) {
          assign(name, number: number)
        }
      } else if text.count > 1, numbers[text] == nil {
        assign(text, number: names.count + 1)
      }
    }
    return names
  }
}
