#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
/* What Swift cannot call directly: macros that are casts, variadic functions. */
/* The session extension (sqlite3session_*, sqlite3changeset_*): libsqlite3 is built with it, but
   sqlite3.h declares it only when these are defined. */
#ifndef SQLITE_ENABLE_SESSION
#define SQLITE_ENABLE_SESSION 1
#endif
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
static inline sqlite3_destructor_type csqlite_static(void) { return SQLITE_STATIC; }

static inline int csqlite_db_config_int(sqlite3 *db, int op, int value, int *out) {
  return sqlite3_db_config(db, op, value, out);
}

/* Formats a double with SQLite's printf, e.g. "%!.15g" or "%!.20g": the bytes sqlite3 prints. */
static inline int csqlite_format_double(char *buf, int size, const char *format, double value) {
  sqlite3_snprintf(size, buf, format, value);
  return (int)strlen(buf);
}

/* sqlite3_mprintf with one string argument (%Q, %q, %w); free the result with sqlite3_free. */
static inline char *csqlite_mprintf_string(const char *format, const char *value) {
  return sqlite3_mprintf(format, value);
}

/* sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS), from a virtual table's xConnect. */
static inline int csqlite_vtab_config_innocuous(sqlite3 *db) {
  return sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
}

/* sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY), from a virtual table's xConnect. */
static inline int csqlite_vtab_config_direct_only(sqlite3 *db) {
  return sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);
}
/* sqlite3_config(SQLITE_CONFIG_LOG, ...): only before SQLite initialises; SQLITE_MISUSE after. */
typedef void (*csqlite_log_callback)(void *context, int code, const char *message);
static inline int csqlite_config_log(csqlite_log_callback callback, void *context) {
  return sqlite3_config(SQLITE_CONFIG_LOG, callback, context);
}

/* sqlite3_config(SQLITE_CONFIG_MMAP_SIZE, ...): only before SQLite initialises. */
static inline int csqlite_config_mmap_size(sqlite3_int64 size, sqlite3_int64 maximum) {
  return sqlite3_config(SQLITE_CONFIG_MMAP_SIZE, size, maximum);
}

/* sqlite3_config(SQLITE_CONFIG_PAGECACHE and _LOOKASIDE, ...): only before SQLite initialises. */
static inline int csqlite_config_pagecache(void *buffer, int size, int count) {
  return sqlite3_config(SQLITE_CONFIG_PAGECACHE, buffer, size, count);
}
static inline int csqlite_config_lookaside(int size, int count) {
  return sqlite3_config(SQLITE_CONFIG_LOOKASIDE, size, count);
}

/* -memtrace: sqlite3's ext/misc/memtrace.c, the allocator in place with each call it gets
** logged on stderr in memtrace's words. Only SQLiteCore calls csqlite_memtrace_activate. */
static inline sqlite3_mem_methods *csqlite_memtrace_base(void) {
  static sqlite3_mem_methods base; /* the allocator memtrace wraps */
  return &base;
}
static inline void *csqlite_memtrace_malloc(int n) {
  fprintf(stderr, "MEMTRACE: allocate %d bytes\n", csqlite_memtrace_base()->xRoundup(n));
  return csqlite_memtrace_base()->xMalloc(n);
}
static inline void csqlite_memtrace_free(void *p) {
  if (p == 0) return;
  fprintf(stderr, "MEMTRACE: free %d bytes\n", csqlite_memtrace_base()->xSize(p));
  csqlite_memtrace_base()->xFree(p);
}
static inline void *csqlite_memtrace_realloc(void *p, int n) {
  if (p == 0) return csqlite_memtrace_malloc(n);
  if (n == 0) {
    csqlite_memtrace_free(p);
    return 0;
  }
  fprintf(stderr, "MEMTRACE: resize %d -> %d bytes\n", csqlite_memtrace_base()->xSize(p),
          csqlite_memtrace_base()->xRoundup(n));
  return csqlite_memtrace_base()->xRealloc(p, n);
}
static inline int csqlite_memtrace_size(void *p) { return csqlite_memtrace_base()->xSize(p); }
static inline int csqlite_memtrace_roundup(int n) { return csqlite_memtrace_base()->xRoundup(n); }
static inline int csqlite_memtrace_init(void *p) { return csqlite_memtrace_base()->xInit(p); }
static inline void csqlite_memtrace_shutdown(void *p) { csqlite_memtrace_base()->xShutdown(p); }
static inline int csqlite_memtrace_activate(void) {
  static sqlite3_mem_methods methods = {
      csqlite_memtrace_malloc, csqlite_memtrace_free, csqlite_memtrace_realloc,
      csqlite_memtrace_size, csqlite_memtrace_roundup, csqlite_memtrace_init,
      csqlite_memtrace_shutdown, 0};
  if (csqlite_memtrace_base()->xMalloc != 0) return SQLITE_OK;
  int rc = sqlite3_config(SQLITE_CONFIG_GETMALLOC, csqlite_memtrace_base());
  if (rc == SQLITE_OK) rc = sqlite3_config(SQLITE_CONFIG_MALLOC, &methods);
  return rc;
}

/* sqlite3_test_control(SQLITE_TESTCTRL_IMPOSTER, ...): sqlite3's .imposter. */
static inline int csqlite_test_control_imposter(sqlite3 *db, const char *schema, int on,
                                                int tnum) {
  return sqlite3_test_control(SQLITE_TESTCTRL_IMPOSTER, db, schema, on, tnum);
}

/* sqlite3_test_control by argument list, for sqlite3's .testctrl. */
static inline int csqlite_test_control(int op) { return sqlite3_test_control(op); }
static inline int csqlite_test_control_int(int op, int value) {
  return sqlite3_test_control(op, value);
}
static inline int csqlite_test_control_unsigned(int op, unsigned int value) {
  return sqlite3_test_control(op, value);
}
static inline int csqlite_test_control_int_db(int op, int value, sqlite3 *db) {
  return sqlite3_test_control(op, value, db);
}
static inline int csqlite_test_control_db(int op, sqlite3 *db) {
  return sqlite3_test_control(op, db);
}
static inline int csqlite_test_control_db_int(int op, sqlite3 *db, int value) {
  return sqlite3_test_control(op, db, value);
}
static inline int csqlite_test_control_db_counter(int op, sqlite3 *db, sqlite3_uint64 *counter) {
  return sqlite3_test_control(op, db, counter);
}

/* sqlite3_log with the message as data, never as a format. */
static inline void csqlite_log(int code, const char *message) {
  sqlite3_log(code, "%s", message);
}
#endif
