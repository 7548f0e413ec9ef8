import CSQLite

extension DatabaseOption {
  /// `SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`: closing the last connection leaves the WAL as it is.
  package static let noCheckpointOnClose = DatabaseOption(
    rawValue: SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE)
}
