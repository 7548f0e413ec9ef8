/* Shared by the C worker: the rows every implementation writes, the PRNG, the clocks. */
#ifndef BENCH_C_COMMON_H
#define BENCH_C_COMMON_H

#include <sqlite3.h>
#include <stdint.h>

/* The options a workload reads: key=value arguments after the workload name. */
typedef struct {
  const char *db;
  int64_t rows;     /* table size (W1, W2, W3, W5) */
  int64_t count;    /* lookups (W3), transactions (W4) */
  int readers;      /* W5 */
  int batch;        /* W5: lookups per access */
  double seconds;   /* W5 */
} options;

/* Column a of row i. */
static inline int64_t row_a(int64_t i) { return (i * 2654435761LL) % 1000003; }
/* Column b of row i. */
static inline double row_b(int64_t i) { return (double)i * 0.25; }
/* Column c of row i: "row-" and 16 zero-padded digits, 20 bytes, no terminator written. */
static inline void row_c(int64_t i, char *out) {
  out[0] = 'r'; out[1] = 'o'; out[2] = 'w'; out[3] = '-';
  for (int k = 19; k >= 4; k--) { out[k] = (char)('0' + i % 10); i /= 10; }
}
/* xorshift64*: the same sequence as BenchKit's `Xorshift`. */
static inline uint64_t next_random(uint64_t *state) {
  uint64_t x = *state;
  x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
  *state = x;
  return x * 2685821657736338717ULL;
}

void die(sqlite3 *db, const char *what);
sqlite3 *open_db(const char *path);
void exec(sqlite3 *db, const char *sql);
sqlite3_stmt *prepare(sqlite3 *db, const char *sql);
void step_done(sqlite3 *db, sqlite3_stmt *stmt);
void check_line(sqlite3 *db, const char *sql, char *out, int size);
int64_t clock_ns(int clock);
void report(int64_t cpu, int64_t wall, const char *check);

void w1_insert(const options *o);
void w2_scan(const options *o);
void w2_scan_in_place(const options *o);
void w2_collect(const options *o);
void w3_lookups(const options *o);
void w4_transactions(const options *o);
void w5_concurrent(const options *o);

#endif
