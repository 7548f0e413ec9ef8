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

static int passClose(sqlite3_file *file) {
  return inner(file)->xClose(underlying(file));
}

static int passRead(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
  return inner(file)->xRead(underlying(file), buffer, amount, offset);
}

static int passWrite(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
  return inner(file)->xWrite(underlying(file), buffer, amount, offset);
}

static int passTruncate(sqlite3_file *file, sqlite3_int64 size) {
  return inner(file)->xTruncate(underlying(file), size);
}

static int passSync(sqlite3_file *file, int flags) {
  return inner(file)->xSync(underlying(file), flags);
}

static int passFileSize(sqlite3_file *file, sqlite3_int64 *size) {
  return inner(file)->xFileSize(underlying(file), size);
}

static int passLock(sqlite3_file *file, int level) {
  return inner(file)->xLock(underlying(file), level);
}

static int passUnlock(sqlite3_file *file, int level) {
  return inner(file)->xUnlock(underlying(file), level);
}

static int passCheckReservedLock(sqlite3_file *file, int *result) {
  return inner(file)->xCheckReservedLock(underlying(file), result);
}

static int passFileControl(sqlite3_file *file, int operation, void *argument) {
  return inner(file)->xFileControl(underlying(file), operation, argument);
}

static int passSectorSize(sqlite3_file *file) {
  return inner(file)->xSectorSize(underlying(file));
}

static int passDeviceCharacteristics(sqlite3_file *file) {
  return inner(file)->xDeviceCharacteristics(underlying(file));
}

static int passShmMap(sqlite3_file *file, int region, int size, int extend, void volatile **map) {
  return inner(file)->xShmMap(underlying(file), region, size, extend, map);
}

static int passShmLock(sqlite3_file *file, int offset, int count, int flags) {
  return inner(file)->xShmLock(underlying(file), offset, count, flags);
}

static void passShmBarrier(sqlite3_file *file) {
  inner(file)->xShmBarrier(underlying(file));
}

static int passShmUnmap(sqlite3_file *file, int delete) {
  return inner(file)->xShmUnmap(underlying(file), delete);
}

static int passFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **page) {
  return inner(file)->xFetch(underlying(file), offset, amount, page);
}

static int passUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
  return inner(file)->xUnfetch(underlying(file), offset, page);
}

const sqlite3_io_methods appendVFSAppendedMethods = {
  .iVersion = 3,
  .xClose = passClose,
  .xRead = appendedRead,
  .xWrite = appendedWrite,
  .xTruncate = appendedTruncate,
  .xSync = passSync,
  .xFileSize = appendedFileSize,
  .xLock = passLock,
  .xUnlock = passUnlock,
  .xCheckReservedLock = passCheckReservedLock,
  .xFileControl = appendedFileControl,
  .xSectorSize = passSectorSize,
  .xDeviceCharacteristics = passDeviceCharacteristics,
  .xShmMap = passShmMap,
  .xShmLock = passShmLock,
  .xShmBarrier = passShmBarrier,
  .xShmUnmap = passShmUnmap,
  .xFetch = appendedFetch,
  .xUnfetch = appendedUnfetch,
};

const sqlite3_io_methods appendVFSPassThroughMethods = {
  .iVersion = 3,
  .xClose = passClose,
  .xRead = passRead,
  .xWrite = passWrite,
  .xTruncate = passTruncate,
  .xSync = passSync,
  .xFileSize = passFileSize,
  .xLock = passLock,
  .xUnlock = passUnlock,
  .xCheckReservedLock = passCheckReservedLock,
  .xFileControl = passFileControl,
  .xSectorSize = passSectorSize,
  .xDeviceCharacteristics = passDeviceCharacteristics,
  .xShmMap = passShmMap,
  .xShmLock = passShmLock,
  .xShmBarrier = passShmBarrier,
  .xShmUnmap = passShmUnmap,
  .xFetch = passFetch,
  .xUnfetch = passUnfetch,
};
