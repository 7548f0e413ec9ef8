/* W5 against the C API: reader threads doing lookups while one writer commits small transactions. */
#include "common.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct {
  const options *o;
  int index;
  atomic_int *stop;
  int64_t count;   /* lookups done (readers) or transactions committed (writer) */
} worker;

static void *reader(void *arg) {
  worker *w = arg;
  sqlite3 *db = open_db(w->o->db);
  sqlite3_stmt *begin = prepare(db, "BEGIN");
  sqlite3_stmt *lookup = prepare(db, "SELECT a, b, c FROM t WHERE id = ?");
  sqlite3_stmt *commit = prepare(db, "COMMIT");
  uint64_t state = 0x9E3779B97F4A7C15ULL + (uint64_t)w->index;
  while (!atomic_load_explicit(w->stop, memory_order_relaxed)) {
    step_done(db, begin);
    for (int k = 0; k < w->o->batch; k++) {
      int64_t id = (int64_t)(next_random(&state) % (uint64_t)w->o->rows) + 1;
      sqlite3_bind_int64(lookup, 1, id);
      if (sqlite3_step(lookup) != SQLITE_ROW) die(db, "lookup found no row");
      sqlite3_column_int64(lookup, 0);
      sqlite3_column_text(lookup, 2);
      sqlite3_reset(lookup);
    }
    step_done(db, commit);
    w->count += w->o->batch;
  }
  sqlite3_finalize(begin);
  sqlite3_finalize(lookup);
  sqlite3_finalize(commit);
  sqlite3_close(db);
  return NULL;
}

static void *writer(void *arg) {
  worker *w = arg;
  sqlite3 *db = open_db(w->o->db);
  sqlite3_stmt *begin = prepare(db, "BEGIN IMMEDIATE");
  sqlite3_stmt *insert = prepare(db, "INSERT INTO t(id, a, b, c) VALUES (?, ?, ?, ?)");
  sqlite3_stmt *commit = prepare(db, "COMMIT");
  int64_t id = w->o->rows;
  char c[20];
  while (!atomic_load_explicit(w->stop, memory_order_relaxed)) {
    id++;
    step_done(db, begin);
    row_c(id, c);
    sqlite3_bind_int64(insert, 1, id);
    sqlite3_bind_int64(insert, 2, row_a(id));
    sqlite3_bind_double(insert, 3, row_b(id));
    sqlite3_bind_text(insert, 4, c, 20, SQLITE_TRANSIENT);
    step_done(db, insert);
    step_done(db, commit);
    w->count++;
  }
  sqlite3_finalize(begin);
  sqlite3_finalize(insert);
  sqlite3_finalize(commit);
  sqlite3_close(db);
  return NULL;
}

void w5_concurrent(const options *o) {
  atomic_int stop = 0;
  int n = o->readers;
  worker *workers = calloc((size_t)n + 1, sizeof(worker));
  pthread_t *threads = calloc((size_t)n + 1, sizeof(pthread_t));
  if (!workers || !threads) die(NULL, "out of memory");
  int64_t cpu0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID), wall0 = clock_ns(CLOCK_MONOTONIC);
  for (int i = 0; i <= n; i++) {
    workers[i] = (worker){o, i, &stop, 0};
    pthread_create(&threads[i], NULL, i == n ? writer : reader, &workers[i]);
  }
  struct timespec pause = {(time_t)o->seconds,
                           (long)((o->seconds - (double)(time_t)o->seconds) * 1e9)};
  nanosleep(&pause, NULL);
  atomic_store(&stop, 1);
  int64_t reads = 0;
  for (int i = 0; i <= n; i++) {
    pthread_join(threads[i], NULL);
    if (i < n) reads += workers[i].count;
  }
  int64_t cpu = clock_ns(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
  int64_t wall = clock_ns(CLOCK_MONOTONIC) - wall0;
  printf("ok cpu_ns=%lld wall_ns=%lld reads=%lld writes=%lld check=-\n", (long long)cpu,
         (long long)wall, (long long)reads, (long long)workers[n].count);
  fflush(stdout);
  free(workers);
  free(threads);
}
