import CSQLite
import Synchronization

/// Counts the checkpoints a `.bench` writer runs (the shell's benchmark; in SQLiteCore because
/// it is a WAL hook, C the shell does not call), keeping SQLite's automatic checkpoints.
///
/// SQLite's automatic checkpoint is itself a WAL hook (`sqlite3_wal_autocheckpoint`); this one
/// does what that default hook does (a passive checkpoint once the WAL holds `threshold`
/// frames after a commit) and counts it. Its owner keeps it alive until ``remove(from:)``.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/wal_hook.html>
package final class CheckpointCounter: Sendable {
  private let counted = Atomic<Int>(0)
  /// WAL frames after a commit that trigger a checkpoint.
  package let threshold: Int32

  /// A counter that checkpoints at `threshold` frames (the pool's `autoCheckpointPages`).
  package init(threshold: Int) {
    self.threshold = Int32(clamping: threshold)
  }

  /// Checkpoints counted so far.
  package var count: Int { counted.load(ordering: .relaxed) }

  /// Replaces `db`'s WAL hook with the counting one (on the connection's thread).
  package func install(on db: Connection) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    db.withUnsafeHandle { handle in
      _ = sqlite3_wal_hook(
        handle,
        { context, db, name, frames in
          guard let context else { return SQLITE_OK }
          let counter = Unmanaged<CheckpointCounter>.fromOpaque(context).takeUnretainedValue()
          if counter.threshold > 0 && frames >= counter.threshold {
            if sqlite3_wal_checkpoint(db, name) == SQLITE_OK {
              counter.counted.add(1, ordering: .relaxed)
            }
          }
          return SQLITE_OK
        }, context)
    }
  }

  /// Puts SQLite's own automatic checkpoint back on `db`.
  package func remove(from db: Connection) {
    db.withUnsafeHandle { handle in _ = sqlite3_wal_autocheckpoint(handle, threshold) }
  }
}
