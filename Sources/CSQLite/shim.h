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

/* sqlite3_log with the message as data, never as a format. */
static inline void csqlite_log(int code, const char *message) {
  sqlite3_log(code, "%s", message);
}
#endif
