/// Who is at the other end of the session: a person at a terminal, or a program that drives
/// litesh as it would drive sqlite3 (Emacs's sql-mode, org-babel, expect, pexpect).
///
/// Decided once, at start-up, here and nowhere else: everything litesh adds on a terminal
/// (its banner and prompt, the transaction marker, colour, the progress line, the pager, the
/// display mode for results) asks this value, never `isatty` or `TERM` on its own.
///
/// The rule, in order:
/// 1. `LITESH_AUDIENCE=person` or `LITESH_AUDIENCE=program` in the environment decides.
/// 2. Standard input that is not a terminal (a pipe, a file, `-interactive` on a pipe): a program.
/// 3. `TERM` unset, empty or `dumb` (Emacs's comint sets `dumb`; a terminal emulator, tmux, ssh
///    and `docker -t` always set a real one): a program. `INSIDE_EMACS` alone decides nothing:
///    Emacs's vterm sets it around a real terminal.
/// 4. Otherwise a person.
package struct SessionAudience: Sendable, Equatable {
  /// The two kinds of audience.
  package enum Kind: String, Sendable, Equatable {
    /// A person at a real terminal: litesh's terminal behaviour.
    case person
    /// A program: sqlite3 3.40.1's bytes (banner, prompts, default output mode), nothing added.
    case program
  }

  /// The environment variable that overrides the rule: `person` or `program`.
  package static let environmentVariable = "LITESH_AUDIENCE"

  /// Who is there.
  package var kind: Kind
  /// Whether a person reads the results on a screen (standard output is a terminal).
  ///
  /// The terminal display mode is the default only then.
  package var readsResultsOnScreen: Bool

  /// Whether a person is at the keyboard.
  package var isPerson: Bool { kind == .person }

  /// The main prompt a session starts with (until `.prompt`): litesh's own for a person,
  /// sqlite3's `sqlite> ` for a program, which waits for exactly that text (sql-mode's
  /// `^sqlite> `, an expect script's `"sqlite> "`).
  package var mainPrompt: String { isPerson ? "litesh> " : "sqlite> " }

  /// An audience as given.
  package init(kind: Kind, readsResultsOnScreen: Bool) {
    self.kind = kind
    self.readsResultsOnScreen = kind == .person && readsResultsOnScreen
  }

  /// Applies the rule above to what the process was started with; `environment` looks up one
  /// variable (`nil` when unset).
  package static func decide(
    inputIsTerminal: Bool, outputIsTerminal: Bool, environment: (String) -> String?
  ) -> SessionAudience {
    let kind: Kind
    if let forced = override(environment) {
      kind = forced
    } else if !inputIsTerminal {
      kind = .program
    } else if let term = environment("TERM"), !term.isEmpty, term != "dumb" {
      kind = .person
    } else {
      kind = .program
    }
    return SessionAudience(kind: kind, readsResultsOnScreen: outputIsTerminal)
  }

  /// The kind `LITESH_AUDIENCE` names, in any case (`Person`).
  static func override(_ environment: (String) -> String?) -> Kind? {
    environment(environmentVariable).flatMap { Kind(rawValue: $0.lowercased()) }
  }

  /// The value of `LITESH_AUDIENCE` when it is set to something that names no kind: the
  /// program warns that it is ignored.
  package static func unrecognizedOverride(_ environment: (String) -> String?) -> String? {
    guard let value = environment(environmentVariable), !value.isEmpty,
      override(environment) == nil
    else { return nil }
    return value
  }
}
