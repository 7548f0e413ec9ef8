/* The C worker's helpers: open, prepare, fail loudly, time, report. */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void die(sqlite3 *db, const char *what) {
  fprintf(stderr, "bench-c: %s: %s\n", what, db ? sqlite3_errmsg(db) : "?");
  exit(2);
}

sqlite3 *open_db(const char *path) {
  sqlite3 *db = NULL;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) die(db, "open");
  sqlite3_busy_timeout(db, 10000);
  exec(db, "PRAGMA journal_mode=WAL");
  exec(db, "PRAGMA synchronous=NORMAL");
  return db;
}

void exec(sqlite3 *db, const char *sql) {
  if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) die(db, sql);
}

sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
  sqlite3_stmt *stmt = NULL;
  if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL) != SQLITE_OK)
    die(db, sql);
  return stmt;
}

void step_done(sqlite3 *db, sqlite3_stmt *stmt) {
  if (sqlite3_step(stmt) != SQLITE_DONE) die(db, sqlite3_sql(stmt));
  sqlite3_reset(stmt);
}

/* The first row of `sql`, its columns joined with commas, into `out`. */
void check_line(sqlite3 *db, const char *sql, char *out, int size) {
  sqlite3_stmt *stmt = prepare(db, sql);
  out[0] = 0;
  if (sqlite3_step(stmt) == SQLITE_ROW) {
    int used = 0;
    for (int i = 0; i < sqlite3_column_count(stmt) && used < size; i++) {
      const unsigned char *text = sqlite3_column_text(stmt, i);
      used += snprintf(out + used, (size_t)(size - used), "%s%s", i ? "," : "",
                       text ? (const char *)text : "");
    }
  }
  sqlite3_finalize(stmt);
}

int64_t clock_ns(int clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void report(int64_t cpu, int64_t wall, const char *check) {
  printf("ok cpu_ns=%lld wall_ns=%lld check=%s\n", (long long)cpu, (long long)wall, check);
  fflush(stdout);
}
