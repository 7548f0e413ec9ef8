# litesh: `make run` opens the shell on the sample database; `make test` runs every test.
SWIFT ?= swift
# The release tuning lives here, not in Package.swift (SwiftPM refuses a dependency whose library
# targets carry unsafe flags): no run-time exclusivity checks, and DWARF 4 from C (valgrind 3.19).
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -enforce-exclusivity=unchecked \
  -Xcc -gdwarf-4
SAMPLE_DB = .build/sample.db
TSAN_SCRATCH = .build-tsan
# The tests run under ThreadSanitizer: the pool, its users in the library and in the shell.
TSAN_TESTS = ConnectionPool|ConnectionQueue|Transaction|InterruptHandle|ReadersCommand|Bench
ASAN_SCRATCH = .build-asan

.PHONY: all build release run test lint test-unit test-tsan test-asan fuzz-smoke docs bench \
  bench-quick sample clean install install-files uninstall completions check-install \
  bad-input-table check-consumer

# `make install PREFIX=... DESTDIR=...`: binary, man page and completions (scripts/install.sh).
PREFIX ?= /usr/local
DESTDIR ?=

all: build

build:
	scripts/setup.sh
	scripts/build-checked.sh

release:
	scripts/setup.sh
	scripts/build-checked.sh $(RELEASE_FLAGS)

$(SAMPLE_DB): examples/sample.sql
	mkdir -p .build
	rm -f $(SAMPLE_DB)
	sqlite3 $(SAMPLE_DB) < examples/sample.sql

sample: release $(SAMPLE_DB)

run: release $(SAMPLE_DB)
	$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/litesh $(SAMPLE_DB)

lint:
	scripts/lint.sh

test-unit:
	scripts/setup.sh --test
	scripts/build-checked.sh --build-tests
	# Three runs, not one: the end-to-end tests block their threads while litesh runs, and on
	# Linux the cooperative pool has one thread per core, so beside them the pool tests' tasks
	# wait behind litesh processes until their gates time out (seen under ASan on 2 cores).
	# The dqlite cluster suites alone: on a loaded machine raft misses heartbeats and elects a
	# new leader mid-statement, which the shell rightly reports and the comparison fails.
	# Each run under scripts/test-run.sh: a crashed test process fails the run, never hangs it.
	scripts/test-run.sh $(SWIFT) test --skip-build --skip 'EndToEndTests|Dqlite'
	scripts/test-run.sh $(SWIFT) test --skip-build --filter EndToEndTests --skip Dqlite
	scripts/test-run.sh $(SWIFT) test --skip-build --filter Dqlite
	LITESH_COMPAT_READERS=4 scripts/test-run.sh $(SWIFT) test --skip-build --filter Compatibility

test-tsan:
	scripts/setup.sh --test
	# Two runs, as in test-unit: the end-to-end tests (.readers, .bench, transactions in the
	# shell) block a cooperative thread while a TSan-built litesh runs, and two of them at once
	# stalled the library's tests for ~20 s, past an observation test's watchdog (seen in CI).
	$(SWIFT) build --build-tests --scratch-path $(TSAN_SCRATCH) --sanitize=thread
	scripts/test-run.sh $(SWIFT) test --skip-build --scratch-path $(TSAN_SCRATCH) --sanitize=thread \
	  --filter '$(TSAN_TESTS)' --skip EndToEndTests
	scripts/test-run.sh $(SWIFT) test --skip-build --scratch-path $(TSAN_SCRATCH) --sanitize=thread \
	  --filter 'EndToEndTests\..*($(TSAN_TESTS))'

# The whole suite under AddressSanitizer (the tests also run the ASan-built litesh binary), in
# test-unit's three runs.
# Leak checking is off: the Swift runtime keeps allocations LeakSanitizer reports at exit (weak
# reference side tables), and LeakSanitizer's exit-time scan never finished in litesh processes
# the tests stop with a signal, leaving them spinning.
test-asan:
	scripts/setup.sh --test
	$(SWIFT) build --build-tests --scratch-path $(ASAN_SCRATCH) --sanitize=address
	for run in "--skip EndToEndTests|Dqlite" "--filter EndToEndTests --skip Dqlite" \
	    "--filter Dqlite"; do \
	  ASAN_OPTIONS=detect_leaks=0 scripts/test-run.sh $(SWIFT) test --skip-build --scratch-path $(ASAN_SCRATCH) \
	    --sanitize=address $$run || exit 1; \
	done

# 20 s of libFuzzer per target (scripts/fuzz.sh); long runs are by hand: scripts/fuzz.sh T 600.
fuzz-smoke:
	@start=$$(date +%s) && scripts/fuzz.sh all 20 && \
	  echo "fuzz-smoke: $$(( $$(date +%s) - start )) s including the build"

docs:
	scripts/docs.sh

# check-install reuses the release binary bench-quick built: one release build per run.
test: lint test-unit test-tsan test-asan fuzz-smoke docs bench-quick check-install check-consumer

bench:
	scripts/setup.sh --bench
	$(MAKE) -C Benchmarks bench

bench-quick:
	@start=$$(date +%s) && $(MAKE) -C Benchmarks bench-quick && \
	  echo "bench-quick: $$(( $$(date +%s) - start )) s including the release build"

install: release
	$(MAKE) --no-print-directory install-files \
	  LITESH_BINARY="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/litesh"

install-files:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install.sh install "$(LITESH_BINARY)"

uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install.sh uninstall

check-install:
	scripts/check-install.sh

# examples/consumer, built and run against a tagged clone of HEAD by URL and version, as an
# outside app depends on SQLiteCore; also checks the README's code is the app's.
check-consumer:
	scripts/check-consumer.sh

# The bad-input table of docs/bad-input.md: litesh (debug build) against sqlite3, as markdown.
bad-input-table:
	$(SWIFT) build --product litesh
	scripts/bad-input-table.sh "$$($(SWIFT) build --show-bin-path)/litesh"

# Regenerates completions/ from the option table (a test fails when they differ).
completions:
	$(SWIFT) build --product litesh
	bin="$$($(SWIFT) build --show-bin-path)/litesh" && \
	  "$$bin" --completions bash > completions/litesh.bash && \
	  "$$bin" --completions zsh > completions/_litesh && \
	  "$$bin" --completions fish > completions/litesh.fish

clean:
	rm -rf .build $(TSAN_SCRATCH) $(ASAN_SCRATCH) .build-fuzz
