/* W1–W4 against the SQLite C API: the physical limit the Swift libraries are measured against. */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define START int64_t cpu0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID), wall0 = clock_ns(CLOCK_MONOTONIC)
#define STOP                                                   \
  int64_t cpu = clock_ns(CLOCK_PROCESS_CPUTIME_ID) - cpu0;      \
  int64_t wall = clock_ns(CLOCK_MONOTONIC) - wall0

static const char *create_sql =
    "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT)";
static const char *insert_sql = "INSERT INTO t(id, a, b, c) VALUES (?, ?, ?, ?)";
static const char *table_check = "SELECT count(*), sum(a), sum(length(c)) FROM t";

static void bind_row(sqlite3_stmt *insert, int64_t i) {
  char c[20];
  row_c(i, c);
  sqlite3_bind_int64(insert, 1, i);
  sqlite3_bind_int64(insert, 2, row_a(i));
  sqlite3_bind_double(insert, 3, row_b(i));
  sqlite3_bind_text(insert, 4, c, 20, SQLITE_TRANSIENT);
}

void w1_insert(const options *o) {
  sqlite3 *db = open_db(o->db);
  exec(db, create_sql);
  START;
  exec(db, "BEGIN");
  sqlite3_stmt *insert = prepare(db, insert_sql);
  for (int64_t i = 1; i <= o->rows; i++) {
    bind_row(insert, i);
    step_done(db, insert);
  }
  sqlite3_finalize(insert);
  exec(db, "COMMIT");
  STOP;
  char check[256];
  check_line(db, table_check, check, sizeof check);
  sqlite3_close(db);
  report(cpu, wall, check);
}

/* Prints a W2 result line: the check is ScanCheck's `sum,total*4,length`. */
static void report_scan(int64_t cpu, int64_t wall, int64_t sum, double total, int64_t length) {
  char check[128];
  snprintf(check, sizeof check, "%lld,%lld,%lld", (long long)sum, (long long)(total * 4),
           (long long)length);
  report(cpu, wall, check);
}

/* Where W2 natives hands each row's text copy: a value the compiler cannot drop. */
static char *volatile kept;

/* W2 into natives: each row's columns into C values, and c kept as any program that keeps a
 * value must: a heap copy of the text, freed when the row is done (issue 25). */
void w2_scan(const options *o) {
  sqlite3 *db = open_db(o->db);
  START;
  sqlite3_stmt *scan = prepare(db, "SELECT id, a, b, c FROM t");
  int64_t sum = 0, length = 0;
  double total = 0;
  while (sqlite3_step(scan) == SQLITE_ROW) {
    sum += sqlite3_column_int64(scan, 0) + sqlite3_column_int64(scan, 1);
    total += sqlite3_column_double(scan, 2);
    const unsigned char *text = sqlite3_column_text(scan, 3);
    int bytes = sqlite3_column_bytes(scan, 3);
    char *c = malloc((size_t)bytes + 1);
    if (!c) die(db, "out of memory");
    memcpy(c, text, (size_t)bytes + 1);
    kept = c; /* escapes, so the compiler keeps the copy */
    length += bytes;
    free(kept);
  }
  sqlite3_finalize(scan);
  STOP;
  sqlite3_close(db);
  report_scan(cpu, wall, sum, total, length);
}

/* W2 read in place: c copied into a stack buffer and dropped with the row, no allocation. The
 * C counterpart of SQLiteCore's zero-copy `withUnsafeText(at:_:)`. */
void w2_scan_in_place(const options *o) {
  sqlite3 *db = open_db(o->db);
  START;
  sqlite3_stmt *scan = prepare(db, "SELECT id, a, b, c FROM t");
  int64_t sum = 0, length = 0;
  double total = 0;
  char c[256];
  while (sqlite3_step(scan) == SQLITE_ROW) {
    sum += sqlite3_column_int64(scan, 0) + sqlite3_column_int64(scan, 1);
    total += sqlite3_column_double(scan, 2);
    const unsigned char *text = sqlite3_column_text(scan, 3);
    int bytes = sqlite3_column_bytes(scan, 3);
    if (bytes > (int)sizeof c) bytes = (int)sizeof c;
    memcpy(c, text, (size_t)bytes);
    length += bytes;
  }
  sqlite3_finalize(scan);
  STOP;
  sqlite3_close(db);
  report_scan(cpu, wall, sum, total, length);
}

/* One row of W2's collected variants: what `[Item]` holds in Swift, text copied to the heap. */
typedef struct {
  int64_t id, a;
  double b;
  char *c;
  int c_bytes;
} item;

/* W2 into structs, collected: the C counterpart of SQLiteCore's `query(Item.self, ...)` and
 * GRDB's `fetchAll`, which return an array. Every row becomes a struct with its own heap copy
 * of c in an array grown by doubling; the check is summed over the array, then it is freed,
 * all inside the timed part as in the Swift workers. */
void w2_collect(const options *o) {
  sqlite3 *db = open_db(o->db);
  START;
  sqlite3_stmt *scan = prepare(db, "SELECT id, a, b, c FROM t");
  item *items = NULL;
  size_t count = 0, capacity = 0;
  while (sqlite3_step(scan) == SQLITE_ROW) {
    if (count == capacity) {
      capacity = capacity ? capacity * 2 : 16;
      items = realloc(items, capacity * sizeof *items);
      if (!items) die(db, "out of memory");
    }
    item *row = &items[count++];
    row->id = sqlite3_column_int64(scan, 0);
    row->a = sqlite3_column_int64(scan, 1);
    row->b = sqlite3_column_double(scan, 2);
    const unsigned char *text = sqlite3_column_text(scan, 3);
    row->c_bytes = sqlite3_column_bytes(scan, 3);
    row->c = malloc((size_t)row->c_bytes + 1);
    if (!row->c) die(db, "out of memory");
    memcpy(row->c, text, (size_t)row->c_bytes + 1);
  }
  sqlite3_finalize(scan);
  int64_t sum = 0, length = 0;
  double total = 0;
  for (size_t k = 0; k < count; k++) {
    sum += items[k].id + items[k].a;
    total += items[k].b;
    length += items[k].c_bytes;
    free(items[k].c);
  }
  free(items);
  STOP;
  sqlite3_close(db);
  report_scan(cpu, wall, sum, total, length);
}

void w3_lookups(const options *o) {
  sqlite3 *db = open_db(o->db);
  START;
  exec(db, "BEGIN");
  sqlite3_stmt *lookup = prepare(db, "SELECT a, b, c FROM t WHERE id = ?");
  uint64_t state = 0x9E3779B97F4A7C15ULL;
  int64_t sum = 0, length = 0, found = 0;
  for (int64_t k = 0; k < o->count; k++) {
    int64_t id = (int64_t)(next_random(&state) % (uint64_t)o->rows) + 1;
    sqlite3_bind_int64(lookup, 1, id);
    if (sqlite3_step(lookup) == SQLITE_ROW) {
      found++;
      sum += sqlite3_column_int64(lookup, 0) + (int64_t)(sqlite3_column_double(lookup, 1) * 4);
      sqlite3_column_text(lookup, 2);
      length += sqlite3_column_bytes(lookup, 2);
    }
    sqlite3_reset(lookup);
  }
  sqlite3_finalize(lookup);
  exec(db, "COMMIT");
  STOP;
  sqlite3_close(db);
  char check[128];
  snprintf(check, sizeof check, "%lld,%lld,%lld", (long long)found, (long long)sum,
           (long long)length);
  report(cpu, wall, check);
}

void w4_transactions(const options *o) {
  sqlite3 *db = open_db(o->db);
  exec(db, create_sql);
  START;
  sqlite3_stmt *begin = prepare(db, "BEGIN IMMEDIATE");
  sqlite3_stmt *insert = prepare(db, insert_sql);
  sqlite3_stmt *commit = prepare(db, "COMMIT");
  for (int64_t i = 1; i <= o->count; i++) {
    step_done(db, begin);
    bind_row(insert, i);
    step_done(db, insert);
    step_done(db, commit);
  }
  sqlite3_finalize(begin);
  sqlite3_finalize(insert);
  sqlite3_finalize(commit);
  STOP;
  char check[256];
  check_line(db, table_check, check, sizeof check);
  sqlite3_close(db);
  report(cpu, wall, check);
}
