#ifndef LITESH_APPENDED_FILE_H
#define LITESH_APPENDED_FILE_H

// What AppendVFS.c (opening, the VFS) and AppendedFile.c (the file methods) share.

#include <sqlite3.h>

enum {
  trailerPrefixLength = 17,
  trailerLength = trailerPrefixLength + 8,
  pageAlignment = 4096,
  // The whole file stays below 1 GiB, clear of the lock bytes at that offset.
  fileSizeLimit = 0x40000000,
};

__attribute__((visibility("hidden"))) extern const char appendVFSTrailerPrefix[trailerPrefixLength + 1];

/// One open main database file of this VFS; the default VFS's file object follows it.
typedef struct AppendedFile {
  sqlite3_file base;
  /// The offset of the database's first byte in the whole file.
  sqlite3_int64 start;
  /// The offset of the trailer in the whole file; -1 until the first write.
  sqlite3_int64 trailer;
} AppendedFile;

static inline sqlite3_file *underlying(sqlite3_file *file) {
  return (sqlite3_file *)((AppendedFile *)file + 1);
}

/// The methods of an appended database: offsets move by `start`, the trailer follows the end.
__attribute__((visibility("hidden"))) extern const sqlite3_io_methods appendVFSAppendedMethods;
/// The methods of an ordinary database opened through this VFS: the default VFS's, unchanged.
__attribute__((visibility("hidden"))) extern const sqlite3_io_methods appendVFSPassThroughMethods;

#endif
