/* A dqlite node for litesh's tests: `dqlite-node ID DIR ADDR1 ADDR2 ADDR3`.
 *
 * Node ID (1..3) binds ADDR<ID>; its raft ID is 1000+ID. On a fresh data directory the fixed
 * 3-voter configuration is written with dqlite_node_recover before the node starts, so every
 * node begins with the same log and no join dance is needed. (Raft ID 1 is avoided on
 * purpose: dqlite 1.11 bootstraps a node with ID 1 at start, which fails on a recovered
 * log.) SIGPIPE is ignored (a client that goes away must not kill the node); SIGTERM and
 * SIGINT stop the node cleanly. Short election timeouts (network latency 10 ms: heartbeat
 * ~150 ms, election ~1.5 s) keep failover tests quick; 3 ms (election ~450 ms) made a
 * loaded 2-core machine miss heartbeats and change leaders in the middle of a test. */
#define _GNU_SOURCE
#include <dqlite.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stopping = 0;

static void on_stop(int sig)
{
	(void)sig;
	stopping = 1;
}

int main(int argc, char **argv)
{
	if (argc != 6) {
		fprintf(stderr, "usage: dqlite-node ID DIR ADDR1 ADDR2 ADDR3\n");
		return 2;
	}
	unsigned long long id = strtoull(argv[1], NULL, 10);
	const char *dir = argv[2];
	if (id < 1 || id > 3) {
		fprintf(stderr, "dqlite-node: ID must be 1, 2 or 3\n");
		return 2;
	}
	const char *address = argv[2 + id];
	/* Keep no descriptor but the standard three: a node started while a test holds the write
	 * end of a shell's standard input would otherwise keep that pipe open, and the shell
	 * would never see end of input. */
	close_range(3, ~0U, 0);
	signal(SIGPIPE, SIG_IGN);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);

	char marker[4096];
	snprintf(marker, sizeof marker, "%s/.configured", dir);
	int fresh = access(marker, F_OK) != 0;

	dqlite_node *node = NULL;
	int rv = dqlite_node_create(1000 + id, address, dir, &node);
	if (rv != 0) {
		fprintf(stderr, "dqlite-node %llu: create: %d\n", id, rv);
		return 1;
	}
	if ((rv = dqlite_node_set_bind_address(node, address)) != 0 ||
	    (rv = dqlite_node_set_network_latency_ms(node, 10)) != 0) {
		fprintf(stderr, "dqlite-node %llu: configure: %s\n", id, dqlite_node_errmsg(node));
		return 1;
	}
	if (fresh) {
		dqlite_node_info infos[3];
		for (int i = 0; i < 3; i++) {
			infos[i].id = (dqlite_node_id)(1001 + i);
			infos[i].address = argv[3 + i];
		}
		if ((rv = dqlite_node_recover(node, infos, 3)) != 0) {
			fprintf(stderr, "dqlite-node %llu: recover: %s\n", id, dqlite_node_errmsg(node));
			return 1;
		}
		FILE *f = fopen(marker, "w");
		if (f != NULL) fclose(f);
	}
	if ((rv = dqlite_node_start(node)) != 0) {
		fprintf(stderr, "dqlite-node %llu: start: %s\n", id, dqlite_node_errmsg(node));
		return 1;
	}
	fprintf(stderr, "dqlite-node %llu: serving %s\n", id, address);
	while (!stopping) pause();
	dqlite_node_stop(node);
	dqlite_node_destroy(node);
	return 0;
}
