// The file methods of the append VFS (see AppendVFS.c for the format).

#include "AppendedFile.h"

#include <string.h>

const char appendVFSTrailerPrefix[trailerPrefixLength + 1] = "Start-Of-SQLite3-";

// MARK: The methods of an appended database

/// Writes the trailer for a database of `size` bytes; on success the trailer is there.
static int writeTrailer(AppendedFile *appended, sqlite3_int64 size) {
  unsigned char bytes[trailerLength];
  memcpy(bytes, appendVFSTrailerPrefix, trailerPrefixLength);
  sqlite3_uint64 start = (sqlite3_uint64)appended->start;
  for (int index = trailerLength - 1; index >= trailerPrefixLength; index--) {
    bytes[index] = (unsigned char)(start & 0xff);
    start >>= 8;
  }
  sqlite3_file *whole = underlying(&appended->base);
  sqlite3_int64 offset = appended->start + size;
  int rc = whole->pMethods->xWrite(whole, bytes, trailerLength, offset);
  if (rc == SQLITE_OK) appended->trailer = offset;
  return rc;
}

static int appendedRead(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
  sqlite3_file *whole = underlying(file);
  return whole->pMethods->xRead(whole, buffer, amount, ((AppendedFile *)file)->start + offset);
}

static int appendedWrite(
  sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset
) {
  AppendedFile *appended = (AppendedFile *)file;
  sqlite3_int64 end = offset + amount;
  // The limit is on the database itself, as appendvfs's is, not on the file around it.
  if (end >= fileSizeLimit) return SQLITE_FULL;
  // The trailer moves out of the way first, so a failed write never leaves a file without one.
  if (appended->trailer < 0 || appended->start + end > appended->trailer) {
    int rc = writeTrailer(appended, end);
    if (rc != SQLITE_OK) return rc;
  }
  sqlite3_file *whole = underlying(file);
  return whole->pMethods->xWrite(whole, buffer, amount, appended->start + offset);
}

static int appendedTruncate(sqlite3_file *file, sqlite3_int64 size) {
  AppendedFile *appended = (AppendedFile *)file;
  if (writeTrailer(appended, size) != SQLITE_OK) return SQLITE_IOERR_TRUNCATE;
  sqlite3_file *whole = underlying(file);
  return whole->pMethods->xTruncate(whole, appended->trailer + trailerLength);
}

static int appendedFileSize(sqlite3_file *file, sqlite3_int64 *size) {
  AppendedFile *appended = (AppendedFile *)file;
  *size = appended->trailer >= 0 ? appended->trailer - appended->start : 0;
  return SQLITE_OK;
}

static int appendedFileControl(sqlite3_file *file, int operation, void *argument) {
  AppendedFile *appended = (AppendedFile *)file;
  sqlite3_file *whole = underlying(file);
  if (operation == SQLITE_FCNTL_SIZE_HINT) *(sqlite3_int64 *)argument += appended->start;
  int rc = whole->pMethods->xFileControl(whole, operation, argument);
  if (rc == SQLITE_OK && operation == SQLITE_FCNTL_VFSNAME) {
    char *inner = *(char **)argument;
    *(char **)argument = sqlite3_mprintf("apnd(%lld)/%z", appended->start, inner);
  }
  return rc;
}

static int appendedFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **page) {
  AppendedFile *appended = (AppendedFile *)file;
  // Outside the pages written so far: no mapping, and SQLite reads with xRead instead.
  if (appended->trailer < 0 || appended->start + offset + amount > appended->trailer) {
    *page = 0;
    return SQLITE_OK;
  }
  sqlite3_file *whole = underlying(file);
  return whole->pMethods->xFetch(whole, appended->start + offset, amount, page);
}

static int appendedUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
  sqlite3_file *whole = underlying(file);
  return whole->pMethods->xUnfetch(whole, ((AppendedFile *)file)->start + offset, page);
}

// MARK: The methods both kinds share, and those of an ordinary database

/// The default VFS's methods for the whole file.
static const sqlite3_io_methods *inner(sqlite3_file *file) { return underlying(file)->pMethods; }

/// Defines `pass<Method>`, which hands its call to the whole file's `x<Method>` unchanged:
/// `parameters` are the method's, `arguments` what the whole file's is given.
#define PASS_TO_FILE(Method, parameters, arguments) \
  static int pass##Method parameters { return inner(file)->x##Method arguments; }

PASS_TO_FILE(Close, (sqlite3_file *file), (underlying(file)))
PASS_TO_FILE(Read, (sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset),
             (underlying(file), buffer, amount, offset))
PASS_TO_FILE(Write, (sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset),
             (underlying(file), buffer, amount, offset))
PASS_TO_FILE(Truncate, (sqlite3_file *file, sqlite3_int64 size), (underlying(file), size))
PASS_TO_FILE(Sync, (sqlite3_file *file, int flags), (underlying(file), flags))
PASS_TO_FILE(FileSize, (sqlite3_file *file, sqlite3_int64 *size), (underlying(file), size))
PASS_TO_FILE(Lock, (sqlite3_file *file, int level), (underlying(file), level))
PASS_TO_FILE(Unlock, (sqlite3_file *file, int level), (underlying(file), level))
PASS_TO_FILE(CheckReservedLock, (sqlite3_file *file, int *result), (underlying(file), result))
PASS_TO_FILE(FileControl, (sqlite3_file *file, int operation, void *argument),
             (underlying(file), operation, argument))
PASS_TO_FILE(SectorSize, (sqlite3_file *file), (underlying(file)))
PASS_TO_FILE(DeviceCharacteristics, (sqlite3_file *file), (underlying(file)))
PASS_TO_FILE(ShmMap, (sqlite3_file *file, int region, int size, int extend, void volatile **map),
             (underlying(file), region, size, extend, map))
PASS_TO_FILE(ShmLock, (sqlite3_file *file, int offset, int count, int flags),
             (underlying(file), offset, count, flags))

static void passShmBarrier(sqlite3_file *file) {
  inner(file)->xShmBarrier(underlying(file));
}

PASS_TO_FILE(ShmUnmap, (sqlite3_file *file, int delete), (underlying(file), delete))
PASS_TO_FILE(Fetch, (sqlite3_file *file, sqlite3_int64 offset, int amount, void **page),
             (underlying(file), offset, amount, page))
PASS_TO_FILE(Unfetch, (sqlite3_file *file, sqlite3_int64 offset, void *page),
             (underlying(file), offset, page))

/// The methods table of one kind of database: `kind`'s (`appended`, `pass`) read, write,
/// truncate, size, file control and mapping; the rest are the whole file's, unchanged.
#define METHODS_OF(kind)                                                                          \
  {                                                                                               \
    .iVersion = 3, .xClose = passClose, .xRead = kind##Read, .xWrite = kind##Write,              \
    .xTruncate = kind##Truncate, .xSync = passSync, .xFileSize = kind##FileSize,                 \
    .xLock = passLock, .xUnlock = passUnlock, .xCheckReservedLock = passCheckReservedLock,       \
    .xFileControl = kind##FileControl, .xSectorSize = passSectorSize,                            \
    .xDeviceCharacteristics = passDeviceCharacteristics, .xShmMap = passShmMap,                  \
    .xShmLock = passShmLock, .xShmBarrier = passShmBarrier, .xShmUnmap = passShmUnmap,           \
    .xFetch = kind##Fetch, .xUnfetch = kind##Unfetch,                                            \
  }

const sqlite3_io_methods appendVFSAppendedMethods = METHODS_OF(appended);

const sqlite3_io_methods appendVFSPassThroughMethods = METHODS_OF(pass);
