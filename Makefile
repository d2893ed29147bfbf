# TrainDB: `make db` sets a fresh Debian machine up and builds the database; `make test` tests.
SWIFT        ?= swift
# Extra flags for every `swift build` and `swift test` here, scripts/api-check and bench/serve:
# one set for all, so that no step rebuilds what another built. CI sets -debug-info-format none.
SWIFT_BUILD_FLAGS ?=
export SWIFT_BUILD_FLAGS
WORKBOOKS    ?= database-management
DB           ?= $(WORKBOOKS)/build/exercises.sqlite
APT_PACKAGES := libzip-dev libxml2-dev libsqlite3-dev pkg-config
BIN          := .build/debug/traindb
RELEASE_BIN  := .build/release/traindb
TEST_LOG     := .build/test.log

.PHONY: db deps build release test check bench textconv leaks clean pg pg-stop supabase

# The PostgreSQL tests and `traindb publish` examples use this server; `make pg` starts one and
# `make test` then finds it. Without one, `make test` skips the PostgreSQL tests with one line.
export TRAINDB_POSTGRES_URL ?= $(shell scripts/pg-cluster url 2>/dev/null)

# Installs only the Debian packages that are missing (needs root or sudo when any are).
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi

# `make db` needs only the command line: the benchmarks' executables are built by their own
# targets (in release), and a debug build of them here would be time nothing uses.
build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product traindb

release: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release

db: build
	$(BIN) build --workbooks $(WORKBOOKS) --output $(DB)

check: build
	$(BIN) check --workbooks $(WORKBOOKS)

# Builds, then runs every test, the output of both in $(TEST_LOG); prints the failures in full,
# the skip lines and the summary (or, when the build fails, its errors), and keeps the exit status.
test: deps
	@mkdir -p $(dir $(TEST_LOG)); status=0; $(SWIFT) build $(SWIFT_BUILD_FLAGS) --build-tests > $(TEST_LOG) 2>&1 || status=$$?; \
	if [ $$status -ne 0 ]; then grep -E '(error|warning):' $(TEST_LOG) | sort -u; \
	  echo "the build failed; full log: $(TEST_LOG)"; exit $$status; fi; \
	grep -E ': warning:' $(TEST_LOG) | sort -u; \
	$(SWIFT) test $(SWIFT_BUILD_FLAGS) --skip-build >> $(TEST_LOG) 2>&1 || status=$$?; \
	awk -f Tests/summary.awk $(TEST_LOG); echo "full log: $(TEST_LOG)"; exit $$status

# A throwaway PostgreSQL cluster on a free localhost port (installs PostgreSQL from Debian when
# missing), with the Supabase stand-in applied: `make test` runs the PostgreSQL tests against it.
pg:
	@scripts/pg-cluster start
	@echo "make test runs the PostgreSQL tests against it; publish to it with"
	@echo "  make db && $(BIN) publish --postgres $$(scripts/pg-cluster url)"
	@echo "make pg-stop stops it and removes its data."

pg-stop:
	@scripts/pg-cluster stop

# Valgrind's memcheck while `traindb xlsx dump`'s reader reads each hostile workbook of
# leaks/hostile_workbooks.py and a real one (leaks/run, one workbook per core): fails on any
# definitely-lost block, memory error or crash (a refusal, exit 2, is fine). It runs xlsx-dump,
# the dump's JSON through the command's own library (XLSXDump) in a binary that links nothing
# else: valgrind takes seconds to load the whole traindb. Installs valgrind when it is missing.
# Two reports the Swift runtime makes about ArgumentParser's metadata are suppressed
# (leaks/swift-runtime.supp says why), for a run over a binary that links it.
LEAKS_WORKBOOK := $(WORKBOOKS)/train_exercise_database_prod.xlsx

leaks: deps
	@command -v valgrind >/dev/null || { \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq valgrind; }
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product xlsx-dump
	@leaks/run .build/debug/xlsx-dump $(LEAKS_WORKBOOK)

# Reader benchmark (figures only, never a test): TrainDB vs the inflate floor, python-calamine
# and openpyxl on a generated 200,000 × 10 workbook cached in bench-data/; then `traindb xlsx
# dump` vs python-calamine and fastexcel as whole processes, in alternating rounds, on bench/'s
# own workbooks and on workbooks XlsxWriter and openpyxl write (also cached in bench-data/), with
# each reading phase of one sheet timed next to the inflate floor and libxml2's bare parse.
BENCH_PYTHON := python-calamine openpyxl xlsxwriter fastexcel

# `make bench-xlsx` runs this benchmark alone.
.PHONY: bench-xlsx
bench: bench-generator bench-log bench-gymtrack bench-journal bench-store bench-pg bench-xlsx bench-catalogue

bench-xlsx:
	@python3 -c "import python_calamine, openpyxl, xlsxwriter, fastexcel" 2>/dev/null || pip install -q $(BENCH_PYTHON)
	@[ -x /usr/bin/time ] || { \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq time; }
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product traindb
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product xlsx-bench
	$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product xlsx-bench --show-bin-path)/xlsx-bench

# Catalogue benchmark (figures only, never a test): `scripts/grown-catalogue` grows the committed
# exercises sheet to 164,730 and 1,000,000 valid rows (cached in bench-data/), then `traindb check`
# and `traindb build` are timed against `traindb xlsx dump` of that sheet, whole processes in
# alternating rounds: their ratios to the dump and their peak memory. The first size is measured
# again as XlsxWriter writes it (`scripts/rewritten-catalogue`, shared strings).
.PHONY: bench-catalogue
bench-catalogue:
	@python3 -c "import openpyxl, xlsxwriter" 2>/dev/null || pip install -q openpyxl xlsxwriter
	@[ -x /usr/bin/time ] || { \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq time; }
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product traindb
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product xlsx-bench
	$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product xlsx-bench --show-bin-path)/xlsx-bench catalogue $(CATALOGUE_ROWS)

# Generator benchmark (figures only, never a test): every questionnaire of the property space,
# p50/p99 per programme (target p99 ≤ 5 ms) and the total, on the committed catalogue.
.PHONY: bench-generator
bench-generator:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product generator-bench
	$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product generator-bench --show-bin-path)/generator-bench

# PostgreSQL benchmark (figures only, never a test), on a throwaway cluster of its own: publishing
# the committed catalogue (a first publish, republishes that change nothing), then 500 users with
# five years of history each syncing a 1-hour workout, 50 at a time through a pool of 4
# connections filled before the round as a running service's are (p50, p99, CPU per sync, where
# the slowest syncs' time went), again with each device's own steps taken alone as on a
# phone of its own, then a sync with nothing to bring after 1 week and 5 years. The cluster logs
# its checkpoints, autovacuums, lock waits and statements over 50 ms, and times its reads
# (track_io_timing, which the bench prints for the timed round); its log is kept in
# .build/pg-bench-server.log, to be read beside the round's start and end, which the bench stamps.
# PG_BENCH_IDS=random: the devices' rows get the random ids of before (not starting with their day).
PG_BENCH_SERVER_OPTIONS ?= -c log_checkpoints=on -c log_autovacuum_min_duration=0 -c log_lock_waits=on \
  -c log_min_duration_statement=50 -c track_io_timing=on -c log_line_prefix='%m [%p] %a '
.PHONY: bench-pg
bench-pg: db
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product pg-bench
	@export PG_CLUSTER_STATE=$(CURDIR)/.build/pg-bench-cluster PG_CLUSTER_LOG=$(CURDIR)/.build/pg-bench-server.log \
	  PG_CLUSTER_OPTIONS="$(PG_BENCH_SERVER_OPTIONS)"; \
	scripts/pg-cluster start; trap 'scripts/pg-cluster stop' EXIT; trap 'exit 130' INT TERM; \
	$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product pg-bench --show-bin-path)/pg-bench "$$(scripts/pg-cluster url)" $(DB)

# The server's work per sync in instructions (figures only, never a test), which other builds on
# the machine do not change: `scripts/sync-instructions` on a throwaway cluster of its own, 40
# users with five years of history each syncing a 1-hour workout in a single-user backend under
# valgrind's callgrind. SYNC_LAST=15 applies the migrations up to 0015 only, to compare.
SYNC_LAST ?=
.PHONY: bench-pg-instructions
bench-pg-instructions:
	scripts/sync-instructions $(SYNC_LAST)

# The sync's convergence under faults, long (figures only, never part of make test; the README's
# figures): SOAK_SYNC="USERS DEVICES ROUNDS SEED" users with devices changing their logs offline and
# syncing many at a time, clients killed mid-sync, on a cluster of its own that is crashed and
# restarted while they sync; then every device syncs until nothing changes, and the run checks
# that all converge with nothing acknowledged lost and nothing foreign. About ten minutes.
SOAK_SYNC ?= 8 4 150 1
.PHONY: soak-sync
soak-sync: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --build-tests
	@export PG_CLUSTER_STATE=$(CURDIR)/.build/soak-cluster; \
	scripts/pg-cluster start; trap 'scripts/pg-cluster stop' EXIT; trap 'exit 130' INT TERM; \
	export TRAINDB_POSTGRES_URL=$$(scripts/pg-cluster url) TRAINDB_SYNC_SOAK="$(SOAK_SYNC)" \
	  TRAINDB_POSTGRES_RESTART="PG_CLUSTER_STATE=$$PG_CLUSTER_STATE $(CURDIR)/scripts/pg-cluster restart"; \
	status=0; $(SWIFT) test $(SWIFT_BUILD_FLAGS) --skip-build --filter soakRun > .build/soak-sync.log 2>&1 || status=$$?; \
	grep -E "soak-sync:|✘|error" .build/soak-sync.log; tail -n 1 .build/soak-sync.log; \
	echo "full log: .build/soak-sync.log"; exit $$status

# Training log benchmark (figures only, never a test): five years of history, 3 workouts a week,
# ~16,000 sets; submit p99 (target ≤ 2 ms), exercise history (≤ 20 ms), the week (≤ 2 ms), database size.
.PHONY: bench-log
bench-log:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product log-bench
	$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product log-bench --show-bin-path)/log-bench

# GymTrack benchmark (figures only, never a test): ten years of daily use through the API, then
# each stat the screens show, p50/p99 (target ≤ 10 ms each).
.PHONY: bench-gymtrack
bench-gymtrack:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product gymtrack-bench
	$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product gymtrack-bench --show-bin-path)/gymtrack-bench

# Rewrites the personas' committed weeks (Tests/ProgrammeGeneratorTests/Personas/*.txt) after a
# deliberate change to the rules or the catalogue: review the diff as a coach before committing.
.PHONY: personas
personas: deps
	TRAINDB_UPDATE_PERSONAS=1 $(SWIFT) test $(SWIFT_BUILD_FLAGS) --filter PersonaTests
	@git --no-pager diff --stat -- Tests/ProgrammeGeneratorTests/Personas

# Rewrites the committed replays (Tests/TrainingLogTests/Replays: the eight-week events from the
# simulated lifter, and every replay's output) after a deliberate change to the training log's rules
# or text: review the diff before committing.
.PHONY: replays
replays: deps
	TRAINDB_UPDATE_REPLAYS=1 $(SWIFT) test $(SWIFT_BUILD_FLAGS) --filter ReplayTests
	@git --no-pager diff --stat -- Tests/TrainingLogTests/Replays

# User stores under several processes (figures only, never a test): 4 processes × 200 writes on
# one journal with a reader beside them; every write acknowledged, none refused, the p99 wait.
.PHONY: bench-store
bench-store:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product store-bench
	$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product store-bench --show-bin-path)/store-bench 4 200

# Fitness journal benchmark (figures only, never a test): ten years of daily workouts and
# check-ins; today, progress per period, the chart and the CSV export (target ≤ 10 ms each).
.PHONY: bench-journal
bench-journal:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product journal-bench
	$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) -c release --product journal-bench --show-bin-path)/journal-bench

# Lets `git diff` and `git log -p` show workbook changes as CSV rows (see .gitattributes).
textconv: build
	git config diff.xlsx.textconv "$(CURDIR)/$(BIN) xlsx dump --format csv"
	git config diff.xlsx.cachetextconv false
	@echo "git diff now shows .xlsx changes as CSV: try git log -p -- database-management"

# The service (`traindb serve`) on a throwaway cluster of its own with the catalogue published,
# on http://127.0.0.1:$(SERVE_PORT), until Ctrl-C (which also stops the cluster). The JWT secret
# is .build/serve-jwt-secret (made once); `traindb token --user UUID --jwt-secret-file .build/serve-jwt-secret` signs a
# token with it, and `scripts/dev-subscription URL UUID` gives that user a trial. Recipes run in
# /bin/sh (dash), which runs an EXIT trap on Ctrl-C only when INT is trapped too: hence the
# `trap 'exit 130' INT TERM` beside each cluster's stop.
SERVE_PORT ?= 8080
SERVE_SECRET := .build/serve-jwt-secret
.PHONY: serve openapi openapi-check bench-serve
serve: db
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product traindb
	@[ -s $(SERVE_SECRET) ] || python3 -c 'import secrets; print(secrets.token_hex(32))' > $(SERVE_SECRET)
	@export PG_CLUSTER_STATE=$(CURDIR)/.build/serve-cluster; \
	scripts/pg-cluster start; trap 'scripts/pg-cluster stop' EXIT; trap 'exit 130' INT TERM; url=$$(scripts/pg-cluster url); \
	$(BIN) publish --postgres "$$url" | tail -n 1; \
	echo "serving on http://127.0.0.1:$(SERVE_PORT) (database $$url); Ctrl-C stops it and the cluster"; \
	echo "  token: $(BIN) token --user USER_UUID --jwt-secret-file $(SERVE_SECRET); a trial: scripts/dev-subscription $$url USER_UUID"; \
	$(BIN) serve --postgres "$$url" --port $(SERVE_PORT) --jwt-secret-file $(SERVE_SECRET)

# Regenerates Sources/TrainDBService/Generated from openapi/openapi.yaml (swift-openapi-generator, built once
# from openapi/generator/, a few minutes); openapi-check regenerates into a temporary folder and
# fails when the committed files differ.
openapi:
	scripts/openapi

openapi-check:
	scripts/openapi --check

# The service tried against its contract (and run by CI): a debug `traindb serve` on a throwaway
# cluster with the catalogue published and a subscriber's token, then schemathesis (PyPI, pinned
# in the script, in a virtualenv under .build/) sends each operation of openapi/openapi.yaml the
# document's examples and requests made from its schemas, valid and not, a bounded number with a
# fixed seed: any answer the document does not list, any 5xx, fails. About a minute once
# schemathesis is installed. See scripts/api-check.
.PHONY: api-check
api-check: db
	scripts/api-check

# Service benchmark (figures only, never a test): a release `traindb serve` on a throwaway
# cluster, then wrk (Debian's package) with 50 connections on GET /api/subscription/status and
# POST /api/programme/generate, each at full load and at a fixed rate: requests a second, p50,
# p99, and the CPU per request of the service and of PostgreSQL, with the load average (the
# machine is shared). See bench/serve; figures in docs/benchmarks.md.
bench-serve: db
	bench/serve

# Swift's layout is .swift-format's (swift format, part of the toolchain): `make format` formats the
# lines changed since main of each .swift file changed since main, committed or not (the untouched
# lines keep their shape; read the diff, scripts/format says why); `make format FILES="A.swift B.swift"`
# formats those files whole, e.g. FILES="$(git diff --name-only main -- '*.swift')". Generated
# code (Sources/TrainDBService/Generated, `make openapi`) is left alone. `make lint-format` runs the
# guard alone (LineLengthTests, part of `make test`): no hand-written line over 120 columns.
FILES ?=
.PHONY: format lint-format
format:
	@scripts/format $(FILES)

lint-format: deps
	$(SWIFT) test $(SWIFT_BUILD_FLAGS) --filter LineLengthTests

# Copies schema/postgres/'s migrations into supabase/migrations/ for `supabase db push`.
supabase:
	scripts/supabase-migrations

clean:
	rm -rf .build $(WORKBOOKS)/build
