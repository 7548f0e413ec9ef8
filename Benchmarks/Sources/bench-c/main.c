/* bench-c: runs one workload against the SQLite C API and prints one result line.
 *
 *   bench-c w1|w2|w2u|w2d|w2r|w3|w4|w5 db=PATH [rows=N] [count=N] [readers=N] [batch=N] [seconds=S]
 */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: bench-c WORKLOAD db=PATH [rows=N] [count=N] ...\n");
    return 64;
  }
  options o = {"bench.db", 1000000, 200000, 4, 1, 3.0};
  for (int i = 2; i < argc; i++) {
    char *value = strchr(argv[i], '=');
    if (!value) continue;
    value++;
    if (!strncmp(argv[i], "db=", 3)) o.db = value;
    else if (!strncmp(argv[i], "rows=", 5)) o.rows = atoll(value);
    else if (!strncmp(argv[i], "count=", 6)) o.count = atoll(value);
    else if (!strncmp(argv[i], "readers=", 8)) o.readers = atoi(value);
    else if (!strncmp(argv[i], "batch=", 6)) o.batch = atoi(value);
    else if (!strncmp(argv[i], "seconds=", 8)) o.seconds = atof(value);
  }
  const char *w = argv[1];
  if (!strcmp(w, "w1")) w1_insert(&o);
  else if (!strcmp(w, "w2")) w2_scan(&o);
  else if (!strcmp(w, "w2u")) w2_scan_in_place(&o);
  /* C has no Decodable: both record variants collect rows into an array of structs, as the
   * Swift libraries' `query` and `fetchAll` do. */
  else if (!strcmp(w, "w2d") || !strcmp(w, "w2r")) w2_collect(&o);
  else if (!strcmp(w, "w3")) w3_lookups(&o);
  else if (!strcmp(w, "w4")) w4_transactions(&o);
  else if (!strcmp(w, "w5")) w5_concurrent(&o);
  else {
    fprintf(stderr, "bench-c: unknown workload %s\n", w);
    return 64;
  }
  return 0;
}
