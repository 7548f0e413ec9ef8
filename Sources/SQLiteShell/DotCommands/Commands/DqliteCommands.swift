import DqliteClient
import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let cluster = DotCommand(
    "cluster", minimumPrefix: 3, origin: .litesh, handler: DqliteCommands.cluster,
    help: """
      .cluster                 Show the dqlite cluster's nodes, roles and leader
      """)
  static let leader = DotCommand(
    "leader", minimumPrefix: 3, origin: .litesh, handler: DqliteCommands.leader,
    help: """
      .leader                  Show the dqlite node statements go to (the leader)
      """)
}

/// `.cluster` and `.leader`: the nodes of the dqlite cluster the shell is connected to.
enum DqliteCommands {
  /// `.cluster`: one line per node, `ID ADDRESS ROLE`, the leader marked.
  static let cluster: DotCommand.Handler = { shell, arguments in
    guard arguments.isEmpty else { return shell.usageFailure(.cluster, flush: true) }
    guard let session = session(of: shell, ".cluster") else { return .failure }
    do throws(DqliteError) {
      let nodes = try session.cluster()
      let leader = session.leaderAddress
      for node in nodes {
        let mark = node.address == leader ? "  leader" : ""
        shell.output.write("\(node.id)  \(node.address)  \(node.role)\(mark)\n")
      }
      return .success
    } catch {
      return fail(shell, ".cluster", error)
    }
  }

  /// `.leader`: the address the shell's statements go to.
  static let leader: DotCommand.Handler = { shell, arguments in
    guard arguments.isEmpty else { return shell.usageFailure(.leader, flush: true) }
    guard let session = session(of: shell, ".leader") else { return .failure }
    do throws(DqliteError) {
      try session.connect()
      shell.output.write((session.leaderAddress ?? "none") + "\n")
      return .success
    } catch {
      return fail(shell, ".leader", error)
    }
  }

  private static func session(of shell: Shell, _ command: String) -> DqliteSession? {
    guard shell.isDqlite else {
      shell.errors.write(
        "Error: \(command) needs a dqlite cluster (litesh dqlite://HOST:PORT,…/NAME)\n")
      shell.errors.flush()
      return nil
    }
    return shell.dqliteSession()
  }

  private static func fail(_ shell: Shell, _ command: String, _ error: DqliteError)
    -> DotCommand.Outcome
  {
    shell.errors.write("Error: \(command): \(error.message)\n")
    shell.errors.flush()
    return .failure
  }
}
