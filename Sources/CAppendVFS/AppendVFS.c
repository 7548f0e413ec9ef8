// The append VFS: a database kept at the end of another file (an executable, a document),
// readable and writable by sqlite3's shell (`sqlite3 -append`, `.open --append`).
//
// The file looks like this:
//
//     | original bytes | zero padding | database pages | trailer (25 bytes) |
//                                     ^ start            ^ trailer offset
//
// The trailer is "Start-Of-SQLite3-" followed by `start` as an 8-byte big-endian integer.
// A new database starts at the first multiple of 4096 at or after the original file's end;
// the trailer is written with the first page, and rewritten whenever the database grows or
// shrinks, before the pages move, so the file always ends with a valid trailer.
//
// When the main database file opens:
//   - a file whose size is a multiple of 512 and that starts with SQLite's header is an
//     ordinary database: every call passes straight to the default VFS;
//   - a file that ends with a valid trailer holds an appended database;
//   - any other file (empty, or not a database) gets a new database appended, if the open
//     may create; otherwise the open fails with SQLITE_CANTOPEN.
// Journals, WAL files and temporary files are never appended: the default VFS opens them.
//
// This is C, not Swift: a VFS is a pair of method tables at fixed addresses whose files are
// structs with the default VFS's own file object placed right after them, and every method
// is a C function pointer (optional in Swift, so each call would need a fallback path).

#include "AppendVFS.h"
#include "AppendedFile.h"

#include <string.h>

static const char databaseHeader[16] = "SQLite format 3";

static sqlite3_vfs *defaultVFS(sqlite3_vfs *vfs) { return (sqlite3_vfs *)vfs->pAppData; }

/// The start recorded in a valid trailer at the end of a file of `size` bytes, or -1.
///
/// Valid: the database is a whole number of 512-byte units (at least one) and starts at a
/// multiple of 512.
static sqlite3_int64 trailerStart(sqlite3_file *file, sqlite3_int64 size) {
  unsigned char bytes[trailerLength];
  if (size % 512 != trailerLength) return -1;
  if (file->pMethods->xRead(file, bytes, trailerLength, size - trailerLength) != SQLITE_OK) {
    return -1;
  }
  if (memcmp(bytes, appendVFSTrailerPrefix, trailerPrefixLength) != 0) return -1;
  sqlite3_int64 start = bytes[trailerPrefixLength] & 0x7f;
  for (int index = trailerPrefixLength + 1; index < trailerLength; index++) {
    start = (start << 8) | bytes[index];
  }
  if (start % 512 != 0 || start > size - trailerLength - 512) return -1;
  return start;
}

/// Whether a file of `size` bytes is an ordinary database: whole 512-byte units and
/// SQLite's header at offset 0.
static int isOrdinaryDatabase(sqlite3_file *file, sqlite3_int64 size) {
  char header[sizeof databaseHeader];
  if (size % 512 != 0) return 0;
  if (file->pMethods->xRead(file, header, sizeof header, 0) != SQLITE_OK) return 0;
  return memcmp(header, databaseHeader, sizeof header) == 0;
}

static int appendOpen(
  sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags
) {
  sqlite3_vfs *inner = defaultVFS(vfs);
  if ((flags & SQLITE_OPEN_MAIN_DB) == 0) return inner->xOpen(inner, name, file, flags, outFlags);
  AppendedFile *appended = (AppendedFile *)file;
  sqlite3_file *whole = underlying(file);
  memset(appended, 0, sizeof *appended);
  int rc = inner->xOpen(inner, name, whole, flags, outFlags);
  sqlite3_int64 size = 0;
  if (rc == SQLITE_OK) rc = whole->pMethods->xFileSize(whole, &size);
  if (rc != SQLITE_OK) {
    if (whole->pMethods) whole->pMethods->xClose(whole);
    return rc;
  }
  if (isOrdinaryDatabase(whole, size)) {
    file->pMethods = &appendVFSPassThroughMethods;
    return SQLITE_OK;
  }
  sqlite3_int64 start = trailerStart(whole, size);
  if (start >= 0) {
    appended->start = start;
    appended->trailer = size - trailerLength;
  } else if (flags & SQLITE_OPEN_CREATE) {
    appended->start = (size + pageAlignment - 1) / pageAlignment * pageAlignment;
    appended->trailer = -1;
  } else {
    whole->pMethods->xClose(whole);
    return SQLITE_CANTOPEN;
  }
  file->pMethods = &appendVFSAppendedMethods;
  return SQLITE_OK;
}


// MARK: The VFS's other methods, all the default VFS's

/// Defines `append<Method>`, which hands its call to the default VFS's `x<Method>` unchanged:
/// `parameters` are the method's, `arguments` what the default VFS's is given.
#define PASS_TO_DEFAULT_VFS(Method, parameters, arguments) \
  static int append##Method parameters { return defaultVFS(vfs)->x##Method arguments; }

PASS_TO_DEFAULT_VFS(Delete, (sqlite3_vfs *vfs, const char *name, int syncDirectory),
                    (defaultVFS(vfs), name, syncDirectory))
PASS_TO_DEFAULT_VFS(Access, (sqlite3_vfs *vfs, const char *name, int flags, int *result),
                    (defaultVFS(vfs), name, flags, result))
PASS_TO_DEFAULT_VFS(FullPathname, (sqlite3_vfs *vfs, const char *name, int size, char *output),
                    (defaultVFS(vfs), name, size, output))

static void *appendDlOpen(sqlite3_vfs *vfs, const char *name) {
  return defaultVFS(vfs)->xDlOpen(defaultVFS(vfs), name);
}

static void appendDlError(sqlite3_vfs *vfs, int size, char *message) {
  defaultVFS(vfs)->xDlError(defaultVFS(vfs), size, message);
}

static void (*appendDlSym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
  return defaultVFS(vfs)->xDlSym(defaultVFS(vfs), library, symbol);
}

static void appendDlClose(sqlite3_vfs *vfs, void *library) {
  defaultVFS(vfs)->xDlClose(defaultVFS(vfs), library);
}

PASS_TO_DEFAULT_VFS(Randomness, (sqlite3_vfs *vfs, int size, char *output),
                    (defaultVFS(vfs), size, output))
PASS_TO_DEFAULT_VFS(Sleep, (sqlite3_vfs *vfs, int microseconds), (defaultVFS(vfs), microseconds))
PASS_TO_DEFAULT_VFS(CurrentTime, (sqlite3_vfs *vfs, double *time), (defaultVFS(vfs), time))
PASS_TO_DEFAULT_VFS(GetLastError, (sqlite3_vfs *vfs, int size, char *message),
                    (defaultVFS(vfs), size, message))
PASS_TO_DEFAULT_VFS(CurrentTimeInt64, (sqlite3_vfs *vfs, sqlite3_int64 *time),
                    (defaultVFS(vfs), time))
PASS_TO_DEFAULT_VFS(SetSystemCall, (sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call),
                    (defaultVFS(vfs), name, call))

static sqlite3_syscall_ptr appendGetSystemCall(sqlite3_vfs *vfs, const char *name) {
  return defaultVFS(vfs)->xGetSystemCall(defaultVFS(vfs), name);
}

static const char *appendNextSystemCall(sqlite3_vfs *vfs, const char *name) {
  return defaultVFS(vfs)->xNextSystemCall(defaultVFS(vfs), name);
}

static sqlite3_vfs appendVFS = {
  .szOsFile = 0,
  .mxPathname = 1024,
  .zName = APPEND_VFS_NAME,
  .xOpen = appendOpen,
  .xDelete = appendDelete,
  .xAccess = appendAccess,
  .xFullPathname = appendFullPathname,
  .xDlOpen = appendDlOpen,
  .xDlError = appendDlError,
  .xDlSym = appendDlSym,
  .xDlClose = appendDlClose,
  .xRandomness = appendRandomness,
  .xSleep = appendSleep,
  .xCurrentTime = appendCurrentTime,
  .xGetLastError = appendGetLastError,
  .xCurrentTimeInt64 = appendCurrentTimeInt64,
  .xSetSystemCall = appendSetSystemCall,
  .xGetSystemCall = appendGetSystemCall,
  .xNextSystemCall = appendNextSystemCall,
};

int appendVFSRegister(void) {
  if (sqlite3_vfs_find(APPEND_VFS_NAME) != 0) return SQLITE_OK;
  sqlite3_vfs *inner = sqlite3_vfs_find(0);
  if (inner == 0) return SQLITE_ERROR;
  appendVFS.iVersion = inner->iVersion < 3 ? inner->iVersion : 3;
  appendVFS.szOsFile = inner->szOsFile + (int)sizeof(AppendedFile);
  appendVFS.pAppData = inner;
  return sqlite3_vfs_register(&appendVFS, 0);
}
