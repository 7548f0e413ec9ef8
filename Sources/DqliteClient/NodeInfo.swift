/// One node of the cluster as CLUSTER reports it.
package struct NodeInfo: Sendable, Equatable {
  /// A node's role in the raft configuration.
  package enum Role: Sendable, Equatable, CustomStringConvertible {
    case voter, standby, spare
    case unknown(UInt64)

    init(code: UInt64) {
      switch code {
      case 0: self = .voter
      case 1: self = .standby
      case 2: self = .spare
      default: self = .unknown(code)
      }
    }

    package var description: String {
      switch self {
      case .voter: "voter"
      case .standby: "standby"
      case .spare: "spare"
      case .unknown(let code): "role \(code)"
      }
    }
  }

  /// The raft node id.
  package var id: UInt64
  /// `HOST:PORT`.
  package var address: String
  /// Voter, standby or spare.
  package var role: Role
}
