import Foundation
import TestSupport
import Testing

/// Emacs drives litesh as it drives sqlite3: sql-mode (comint in a pty with `TERM=dumb`) and
/// org-babel's `ob-sqlite` (a batch run with `-header -csv`), side by side with sqlite3.
@Suite(
  "Emacs drives litesh as sqlite3",
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: DrivingProgram.emacs),
    "emacs is not installed (scripts/setup.sh --test installs emacs-nox)"))
struct EmacsTests {
  /// sql-mode as a user sets it up for sqlite3, with `sql-sqlite-program` the program given:
  /// log in (timed, and whether sql-mode found the prompt, which runs `sql-login-hook`), then
  /// ask through `sql-redirect-value` what `sql-list-all` and completion ask.
  static let sqlModeScript = """
    (require 'sql)
    (setq sql-sqlite-program (getenv "DRIVEN_PROGRAM"))
    (setq sql-sqlite-login-params nil)
    (setq sql-database (getenv "DRIVEN_DATABASE"))
    (defvar driven-prompt-found nil)
    (add-hook 'sql-login-hook (lambda () (setq driven-prompt-found t)))
    (defun driven-print (name value) (princ (format "@@%s %S\\n" name value)))
    (let* ((start (float-time))
           (buffer (sql-product-interactive 'sqlite)))
      (princ (format "@@login %.3f\\n" (- (float-time) start)))
      (driven-print "prompt-found" driven-prompt-found)
      (driven-print "value"
        (condition-case err (sql-redirect-value buffer "select 40+2;" "^.+$" 0)
          (error (list 'error (error-message-string err)))))
      (driven-print "tables"
        (condition-case err
            (sql-redirect-value buffer ".tables" "\\\\sw\\\\(?:\\\\sw\\\\|\\\\s_\\\\)*" 0)
          (error (list 'error (error-message-string err)))))
      (driven-print "buffer"
        (with-current-buffer buffer (buffer-substring-no-properties (point-min) (point-max)))))
    """

  /// What one sql-mode session gave.
  struct SQLModeSession {
    var login: Double
    var promptFound: String?
    var value: String?
    var tables: String?
    var buffer: String?
    var log: String
  }

  static func sqlMode(_ program: String, database: String, in directory: String) throws
    -> SQLModeSession
  {
    let script = directory + "/sql-mode-test.el"
    try Data(sqlModeScript.utf8).write(to: URL(fileURLWithPath: script))
    let run = try DrivingProgram.run(
      DrivingProgram.emacs, ["-Q", "--batch", "-l", script], in: directory,
      environment: ["DRIVEN_PROGRAM": program, "DRIVEN_DATABASE": database])
    let output = run.output
    return SQLModeSession(
      login: DrivingProgram.value("login", in: output).flatMap(Double.init) ?? .infinity,
      promptFound: DrivingProgram.value("prompt-found", in: output),
      value: DrivingProgram.value("value", in: output),
      tables: DrivingProgram.value("tables", in: output),
      buffer: DrivingProgram.value("buffer", in: output),
      log: output + run.errors)
  }

  @Test("sql-mode logs in at once and reads answers and table names, as with sqlite3")
  func sqlModeSession() throws {
    let directory = try ScratchDirectory("litesh-emacs-sql")
    defer { directory.remove() }
    let database = directory.path("shop.db")
    let schema =
      "CREATE TABLE customers(id); CREATE TABLE orders(id); "
      + "CREATE TABLE products(id); CREATE VIEW order_totals AS SELECT 1;"
    #expect(
      try BatchRun.run(CompatibilityTests.sqlite3, [database, schema], in: directory).status == 0)
    let reference = try Self.sqlMode(
      CompatibilityTests.sqlite3, database: database, in: directory.root)
    let actual = try Self.sqlMode(Binary.litesh, database: database, in: directory.root)
    #expect(reference.promptFound == "t", "sqlite3's session: \(reference.log)")
    #expect(reference.value == "(\"42\")")
    #expect(reference.tables == "(\"customers\" \"order_totals\" \"orders\" \"products\")")
    #expect(actual.promptFound == "t", "litesh's session: \(actual.log)")
    #expect(actual.value == reference.value)
    #expect(actual.tables == reference.tables)
    // The whole session as sql-mode's buffer shows it: sqlite3's banner and prompt.
    #expect(actual.buffer == reference.buffer)
    // sql-mode waits up to `sql-login-delay` (7.5 s) for a prompt it does not find.
    #expect(
      actual.login < reference.login + 2.5,
      "login took \(actual.login) s with litesh, \(reference.login) s with sqlite3")
  }

  /// An org file with sqlite blocks, evaluated in batch with `org-babel-sqlite3-command` the
  /// program given; prints each block's result as a Lisp value.
  static let orgScript = """
    (require 'org)
    (require 'ob-sqlite)
    (setq org-confirm-babel-evaluate nil)
    (setq org-babel-sqlite3-command (getenv "DRIVEN_PROGRAM"))
    (setq print-escape-newlines t)
    (with-temp-buffer
      (org-mode)
      (insert-file-contents (getenv "DRIVEN_ORG"))
      (let ((index 0))
        (org-babel-map-src-blocks nil
          (setq index (1+ index))
          (princ (format "@@block%d %S\\n" index
                         (condition-case err (org-babel-execute-src-block)
                           (error (list 'error (error-message-string err)))))))))
    """

  static func orgFile(database: String) -> String {
    """
    * Orders
    #+begin_src sqlite :db \(database) :colnames yes
    SELECT id, name, price, note FROM products ORDER BY id;
    #+end_src

    #+begin_src sqlite :db \(database) :header :list :nullvalue NIL
    SELECT name, price * 2 AS double, note FROM products ORDER BY id DESC;
    #+end_src

    #+begin_src sqlite :db \(database) :results scalar
    SELECT count(*) FROM products;
    #+end_src
    """
  }

  @Test("an org-babel sqlite block gives the same result table with litesh as with sqlite3")
  func orgBabel() throws {
    let directory = try ScratchDirectory("litesh-emacs-org")
    defer { directory.remove() }
    let database = directory.path("shop.db")
    let data =
      "CREATE TABLE products(id INTEGER PRIMARY KEY, name, price, note);"
      + "INSERT INTO products VALUES(1,'Notebook',4.5,NULL),(2,'Pen, fountain',32.0,'gift'),"
      + "(3,'Lamp \"desk\"',45.99,NULL);"
    #expect(
      try BatchRun.run(CompatibilityTests.sqlite3, [database, data], in: directory).status == 0)
    let org = directory.path("orders.org")
    try Data(Self.orgFile(database: database).utf8).write(to: URL(fileURLWithPath: org))
    let script = directory.path("org-test.el")
    try Data(Self.orgScript.utf8).write(to: URL(fileURLWithPath: script))
    func results(_ program: String) throws -> [String?] {
      let run = try DrivingProgram.run(
        DrivingProgram.emacs, ["-Q", "--batch", "-l", script], in: directory.root,
        environment: ["DRIVEN_PROGRAM": program, "DRIVEN_ORG": org])
      return (1...3).map { DrivingProgram.value("block\($0)", in: run.output) }
    }
    let reference = try results(CompatibilityTests.sqlite3)
    let actual = try results(Binary.litesh)
    #expect(
      reference[0]
        == "((\"id\" \"name\" \"price\" \"note\") hline (1 \"Notebook\" 4.5 \"\")"
        + " (2 \"Pen, fountain\" 32.0 \"gift\") (3 \"Lamp \\\"desk\\\"\" 45.99 \"\"))")
    #expect(reference.allSatisfy { $0 != nil && $0?.hasPrefix("(error") == false })
    #expect(actual == reference)
  }
}
