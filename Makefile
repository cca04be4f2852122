# agent-code-sandbox - build, test, run.
# `make run` and `make test` install missing Debian packages first
# (scripts/deps.sh), so both work on a fresh Debian 12 machine as root.

CC       ?= cc
BUILD    ?= build
PKGS     := javascriptcoregtk-4.1 libuv jansson zlib libbrotlienc libbrotlidec libseccomp
OPT      ?= -O2 -g
# CFLAGS from the command line adds to ours rather than replacing them.
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -fPIC -Iinclude $(OPT) $(CFLAGS) \
            $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# libcrypto is opened at run time (dlopen) by src/js/crypto.c: only its
# headers are needed at build time (libssl-dev).
LDLIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm -ldl
SANITIZE :=

LIB_SRC  := $(wildcard src/base/*.c src/vfs/*.c src/policy/*.c src/net/*.c src/pkg/*.c src/lang/*.c src/js/*.c src/box/*.c src/sys/*.c src/kernel/*.c src/cmds/*.c src/shell/*.c src/server/*.c src/wasi/*.c)
CLI_SRC  := $(wildcard src/cli/*.c)
JS_LIB   := $(sort $(wildcard src/js/lib/*.js))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/lib_embed.o $(BUILD)/gen/cmd_table.o
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
UNIT_SRC := $(wildcard tests/unit/*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/unit_%)

.PHONY: all deps run test test-online python asan test-asan bench clean fuzz fuzz-lang fuzz-policy fuzz-tar fuzz-semver fuzz-pypi load load-asan \
        fuzz-vfs fuzz-serve fuzz-sed fuzz-awk fuzz-find fuzz-sh fuzz-snap fuzz-kernel fuzz-wasi fuzz-wheel

all: $(BUILD)/acs $(BUILD)/acs-zygote $(BUILD)/libacs.a $(BUILD)/libacs.so

deps:
	@sh scripts/deps.sh

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -MMD -MP -c $< -o $@

# The transform's lexer and parser loops gain ~5% at -O3 (bench/transform.sh);
# an OPT given on the command line (make asan) still wins.
$(BUILD)/src/lang/%.o: OPT = -O3 -g

# Where the box's kernel finds Python (make python), unless
# ACS_CPYTHON_WASI names another directory at run time.
CPYTHON_DIR ?= $(CURDIR)/build/cpython-wasi
$(BUILD)/src/kernel/boot_python.o: ALL_CFLAGS += -DACS__CPYTHON_DIR='"$(CPYTHON_DIR)"'

$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -Wall -Wextra -o $@ $<

$(BUILD)/gen/lib_embed.c: $(JS_LIB) $(BUILD)/tools/embed
	@mkdir -p $(dir $@)
	$(BUILD)/tools/embed $@ $(JS_LIB)

$(BUILD)/gen/lib_embed.o: $(BUILD)/gen/lib_embed.c
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -Isrc/js -c $< -o $@

# The box's programs: every acs__cmd_NAME / acs__prog_NAME, sorted, with
# each command's --help text from its head comment.
PROG_SRC := $(wildcard src/cmds/*.c) src/shell/main.c
$(BUILD)/gen/cmd_table.c: tools/cmd_table.sh $(PROG_SRC)
	@mkdir -p $(dir $@)
	sh tools/cmd_table.sh $@ $(PROG_SRC)

$(BUILD)/gen/cmd_table.o: $(BUILD)/gen/cmd_table.c
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -Isrc/cmds -c $< -o $@

$(BUILD)/libacs.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/libacs.so: $(LIB_OBJ)
	$(CC) -shared $(SANITIZE) -o $@ $^ $(LDLIBS)

$(BUILD)/acs: $(CLI_OBJ) $(BUILD)/libacs.a
	$(CC) $(SANITIZE) -o $@ $(CLI_OBJ) $(BUILD)/libacs.a $(LDLIBS)

# The box's slim zygote (src/zygote/main.c): the programs but node and the
# WASI host, with their own table, linked against only the libraries they
# use (--as-needed drops the engine's), so its processes fork and exit fast.
SLIM_PROG_SRC := $(filter-out src/cmds/node.c src/cmds/wasi.c,$(PROG_SRC))
$(BUILD)/gen/cmd_table_slim.c: tools/cmd_table.sh $(SLIM_PROG_SRC)
	@mkdir -p $(dir $@)
	sh tools/cmd_table.sh $@ $(SLIM_PROG_SRC)

$(BUILD)/gen/cmd_table_slim.o: $(BUILD)/gen/cmd_table_slim.c
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -Isrc/cmds -c $< -o $@

$(BUILD)/acs-zygote: $(BUILD)/src/zygote/main.o $(BUILD)/gen/cmd_table_slim.o $(BUILD)/libacs.a
	$(CC) $(SANITIZE) -Wl,--as-needed -o $@ $(BUILD)/src/zygote/main.o $(BUILD)/gen/cmd_table_slim.o \
	  $(BUILD)/libacs.a $(LDLIBS)

$(BUILD)/tests/unit_%: tests/unit/%.c $(BUILD)/libacs.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -Isrc -o $@ $< $(BUILD)/libacs.a $(LDLIBS) -lcriterion -larchive

run: deps
	@$(MAKE) --no-print-directory all
	@echo '$$ build/acs run -c "console.log(2 ** 10)"'
	@$(BUILD)/acs run -c 'console.log(2 ** 10)'
	@echo '$$ build/acs run --json --timeout-ms 300 -c "for(;;){}"'
	@$(BUILD)/acs run --json --timeout-ms 300 -c 'for(;;){}' || true
	@echo '$$ build/acs box -c "echo hello > f; wc -c f; ls /usr/bin | wc -l"'
	@$(BUILD)/acs box -c 'echo hello > f; wc -c f; ls /usr/bin | wc -l'

test: deps
	@$(MAKE) --no-print-directory all units python
	@BUILD=$(BUILD) bash tests/run.sh

# CPython 3.11 for wasm32-wasi (the box's python3), built once from
# Debian's sources by scripts/cpython-wasi.sh: 2.5 to 7 minutes of wall
# clock on a shared 2-core machine (3-5 CPU-minutes), scratch in
# build-cpython-wasi/, 40 MB of apt downloads (docs/box-python.md). Skips
# (status 0, the reason said) only when the toolchain is absent and cannot
# be installed; any other failure fails.
python: $(CPYTHON_DIR)/python.wasm

$(CPYTHON_DIR)/python.wasm: scripts/cpython-wasi.sh
	@echo "make python: building CPython 3.11 for wasm32-wasi (scripts/cpython-wasi.sh, minutes)"
	@OUT=$(CPYTHON_DIR) nice -n 10 sh scripts/cpython-wasi.sh; rc=$$?; \
	  if [ $$rc = 3 ]; then echo "make python: skipped: no wasm32-wasi toolchain (see above); the box has no python3"; \
	  elif [ $$rc != 0 ]; then exit $$rc; fi

# npm packages from the real registry (registry.npmjs.org): opt-in, needs
# the internet (skips when the registry cannot be reached); not in `test`.
test-online: all
	@BUILD=$(BUILD) bash tests/pkg/online.sh

units: $(UNIT_BIN) $(BUILD)/acs-hole $(BUILD)/tests/semver_tool $(BUILD)/tests/pyver_tool

# acs with a deliberate hole (tests/hole/): proves the kernel walls.
$(BUILD)/acs-hole: tests/hole/test_hole.c $(CLI_OBJ) $(BUILD)/libacs.a
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -Isrc -o $@ tests/hole/test_hole.c $(CLI_OBJ) $(BUILD)/libacs.a $(LDLIBS)

# src/pkg's semver on stdin, for tests/lib/semver_vs_node.js.
$(BUILD)/tests/semver_tool: tests/pkg/semver_tool.c $(BUILD)/libacs.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -Isrc -o $@ $< $(BUILD)/libacs.a $(LDLIBS)

# src/pkg's PEP 440 and PEP 508 on stdin, for tests/pip/pep440_vs_packaging.py.
$(BUILD)/tests/pyver_tool: tests/pip/pyver_tool.c $(BUILD)/libacs.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -Isrc -o $@ $< $(BUILD)/libacs.a $(LDLIBS)

# Load (issue "Prove the box's walls"): 100 busy boxes at once for 5
# minutes (tests/load/boxes.mjs); load-asan: the same on the ASan build
# (BUILD=build-asan with `load` would rebuild build-asan without ASan).
LOAD_NODE = $$( [ -x tests/.node22/node_modules/.bin/node ] && echo tests/.node22/node_modules/.bin/node || echo node )
load: all
	@AGENT_CODE_SANDBOX_ACS_PATH=$(abspath $(BUILD))/acs $(LOAD_NODE) tests/load/boxes.mjs 100 300

# quarantine_size_mb=16: ASan's default keeps 256 MB of freed memory per
# process, and with hundreds of box processes that alone outgrows the
# memory bound (measured: +28 % over 5 minutes with the default, +20 % with
# 16 MB, the bound is +25 % + 100 MB); use-after-free of recent frees is
# still caught.
load-asan: asan
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:quarantine_size_mb=16 AGENT_CODE_SANDBOX_ACS_PATH=$(CURDIR)/build-asan/acs \
	  $(LOAD_NODE) tests/load/boxes.mjs 100 300

# AddressSanitizer + UBSan build of everything, in build-asan/.
asan:
	@$(MAKE) --no-print-directory BUILD=build-asan OPT="-O1 -g -fno-omit-frame-pointer" \
	  SANITIZE="-fsanitize=address,undefined -fno-sanitize-recover=undefined" all units

test-asan: deps asan
	@BUILD=build-asan ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 bash tests/run.sh

bench: all
	@bash bench/run.sh

# libFuzzer (clang) + ASan + UBSan harness for the source transform, in
# build-fuzz/. Runs FUZZ_SECONDS over tests/fuzz/corpus/lang (read only: new
# inputs go to build-fuzz/corpus-lang) and leaves crash, timeout and leak
# reproducers in build-fuzz/artifacts/. FUZZ_ARGS adds libFuzzer flags, e.g.
# FUZZ_ARGS="-fork=1 -ignore_crashes=1" to keep going past a crash.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 1800
FUZZ_ARGS    ?=
FUZZ_BUILD   := build-fuzz
FUZZ_SRC     := $(wildcard src/lang/*.c src/base/*.c)
FUZZ_CFLAGS  := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Iinclude -Isrc -O1 -g \
                -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined \
                -fno-sanitize-recover=undefined

fuzz-lang:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/lang_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-lang $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/lang_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 \
	  -rss_limit_mb=2048 -dict=tests/fuzz/lang.dict \
	  -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-lang tests/fuzz/corpus/lang

$(FUZZ_BUILD)/lang_fuzz: tests/fuzz/lang_fuzz.c $(FUZZ_SRC) $(wildcard src/lang/*.h src/base/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/lang_fuzz.c $(FUZZ_SRC)

# The same for the host policy (allowedDomains parsing, name and address
# checks), over tests/fuzz/corpus/policy.
fuzz-policy:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/policy_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-policy $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/policy_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=1024 -timeout=10 \
	  -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-policy tests/fuzz/corpus/policy

$(FUZZ_BUILD)/policy_fuzz: tests/fuzz/policy_fuzz.c src/policy/hosts.c $(wildcard src/base/*.c) $(wildcard src/policy/*.h src/base/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/policy_fuzz.c src/policy/hosts.c $(wildcard src/base/*.c) -ldl

# npm tarball extraction (src/pkg/tarball.c), over tests/fuzz/corpus/tar.
fuzz-tar:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/tar_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-tar $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/tar_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 \
	  -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-tar tests/fuzz/corpus/tar

$(FUZZ_BUILD)/tar_fuzz: tests/fuzz/tar_fuzz.c src/pkg/tarball.c src/pkg/integrity.c $(wildcard src/base/*.c) $(wildcard src/pkg/*.h src/base/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/tar_fuzz.c src/pkg/tarball.c src/pkg/integrity.c $(wildcard src/base/*.c) -ldl

# the box kernel's protocol: hostile guests' calls (tests/fuzz/kernel_fuzz.c),
# over tests/fuzz/corpus/kernel. The whole kernel but its main loop, the
# zygote and the owner's side; kill and fork wrapped (the harness checks
# every kill and refuses every fork).
KERNEL_FUZZ_SRC := $(filter-out src/kernel/kernel.c src/kernel/zygote.c src/kernel/session.c \
                     src/kernel/box%.c,$(wildcard src/kernel/*.c)) src/sys/proto.c \
                   $(wildcard src/base/*.c src/vfs/*.c) src/policy/hosts.c src/pkg/name.c \
                   src/pkg/allow.c src/pkg/semver.c src/pkg/range.c
fuzz-kernel:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/kernel_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-kernel $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/kernel_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 \
	  -rss_limit_mb=2048 -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-kernel tests/fuzz/corpus/kernel

KERNEL_FUZZ_DEPS := tests/fuzz/kbox.c tests/fuzz/kbox.h $(KERNEL_FUZZ_SRC) \
                    $(wildcard src/kernel/*.h src/sys/*.h src/vfs/*.h src/base/*.h include/*.h)
$(FUZZ_BUILD)/kernel_fuzz: tests/fuzz/kernel_fuzz.c $(KERNEL_FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DACS__CPYTHON_DIR='"/nonexistent"' $(shell pkg-config --cflags jansson) \
	  -Wl,--wrap=kill -Wl,--wrap=fork -o $@ tests/fuzz/kernel_fuzz.c tests/fuzz/kbox.c \
	  $(KERNEL_FUZZ_SRC) -ljansson -lz

# the WASI host's calls (tests/fuzz/wasi_fuzz.c) against the kernel of
# kbox.c, over tests/fuzz/corpus/wasi: acs__msg_recv wrapped so the kernel
# answers in the same thread, ppoll so that no wait sleeps.
WASI_FUZZ_SRC := src/sys/sys.c src/sys/spin.c src/sys/spawn_script.c $(filter-out src/wasi/engine.c,$(wildcard src/wasi/*.c))
fuzz-wasi:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/wasi_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-wasi $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/wasi_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=2048 -timeout=10 \
	  -rss_limit_mb=2048 -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-wasi tests/fuzz/corpus/wasi

$(FUZZ_BUILD)/wasi_fuzz: tests/fuzz/wasi_fuzz.c $(WASI_FUZZ_SRC) $(KERNEL_FUZZ_DEPS) $(wildcard src/wasi/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DACS__CPYTHON_DIR='"/nonexistent"' $(shell pkg-config --cflags jansson) \
	  -Wl,--wrap=kill -Wl,--wrap=fork -Wl,--wrap=acs__msg_recv -Wl,--wrap=ppoll -o $@ \
	  tests/fuzz/wasi_fuzz.c tests/fuzz/kbox.c $(WASI_FUZZ_SRC) $(KERNEL_FUZZ_SRC) -ljansson -lz

# the host side of the box's pip: wheels unpacked into a host dir, and
# PEP 440 versions and specifiers (tests/fuzz/wheel_fuzz.c)
WHEEL_FUZZ_SRC := src/pkg/wheel.c src/pkg/pyver.c src/pkg/integrity.c $(wildcard src/base/*.c)
fuzz-wheel:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/wheel_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-wheel $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/wheel_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 \
	  -rss_limit_mb=2048 -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-wheel tests/fuzz/corpus/wheel

$(FUZZ_BUILD)/wheel_fuzz: tests/fuzz/wheel_fuzz.c $(WHEEL_FUZZ_SRC) $(wildcard src/pkg/*.h src/base/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/wheel_fuzz.c $(WHEEL_FUZZ_SRC) -lz -ldl

# what pip reads from an index: project pages (src/pkg/pyindex.c) and
# requirement lines (src/pkg/pyreq.c), over tests/fuzz/corpus/pypi.
PYPI_FUZZ_SRC := src/pkg/pyindex.c src/pkg/pyreq.c src/pkg/pyver.c src/pkg/wheel.c src/pkg/integrity.c $(wildcard src/base/*.c)
fuzz-pypi:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/pypi_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-pypi $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/pypi_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 \
	  -rss_limit_mb=2048 -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-pypi tests/fuzz/corpus/pypi

$(FUZZ_BUILD)/pypi_fuzz: tests/fuzz/pypi_fuzz.c $(PYPI_FUZZ_SRC) $(wildcard src/pkg/*.h src/base/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(shell pkg-config --cflags jansson) -o $@ tests/fuzz/pypi_fuzz.c $(PYPI_FUZZ_SRC) -ljansson -lz -ldl

# restoring a box's snapshot (src/kernel/snap_read.c, snap_tar.c, memfs),
# over tests/fuzz/corpus/snap; the end record's CRC is not compared there.
SNAP_FUZZ_SRC := src/kernel/snap_read.c src/kernel/snap_tar.c $(wildcard src/kernel/memfs*.c src/base/*.c)
fuzz-snap:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/snap_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-snap $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/snap_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -timeout=10 \
	  -rss_limit_mb=2048 -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-snap tests/fuzz/corpus/snap

$(FUZZ_BUILD)/snap_fuzz: tests/fuzz/snap_fuzz.c $(SNAP_FUZZ_SRC) $(wildcard src/kernel/memfs*.h src/kernel/snap_tar.h src/base/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DACS__SNAP_FUZZ -o $@ tests/fuzz/snap_fuzz.c $(SNAP_FUZZ_SRC) -lz

# semver ranges and the package allowlist (src/pkg/semver.c, range.c,
# allow.c), over tests/fuzz/corpus/semver.
SEMVER_SRC := src/pkg/semver.c src/pkg/range.c src/pkg/name.c src/pkg/allow.c
fuzz-semver:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/semver_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-semver $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/semver_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=1024 -timeout=10 \
	  -dict=tests/fuzz/semver_fuzz.dict -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-semver tests/fuzz/corpus/semver

$(FUZZ_BUILD)/semver_fuzz: tests/fuzz/semver_fuzz.c $(SEMVER_SRC) $(wildcard src/base/*.c) $(wildcard src/pkg/*.h src/base/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/semver_fuzz.c $(SEMVER_SRC) $(wildcard src/base/*.c) -ldl

# Path resolution in the guest's file system (src/vfs/vfs.c): programs of
# file operations that try to leave the mounts, over tests/fuzz/corpus/vfs.
fuzz-vfs:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/vfs_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-vfs $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/vfs_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=2048 -timeout=10 \
	  -rss_limit_mb=2048 -dict=tests/fuzz/vfs_fuzz.dict -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-vfs tests/fuzz/corpus/vfs

$(FUZZ_BUILD)/vfs_fuzz: tests/fuzz/vfs_fuzz.c src/vfs/vfs.c $(wildcard src/base/*.c) $(wildcard src/vfs/*.h src/base/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/vfs_fuzz.c src/vfs/vfs.c $(wildcard src/base/*.c)

# The request lines of `acs serve` (src/server/serve_request.c: what serve.c
# checks before a run; no guest code runs), over tests/fuzz/corpus/serve.
fuzz-serve:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/serve_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-serve $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/serve_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 \
	  -rss_limit_mb=2048 -dict=tests/fuzz/serve_fuzz.dict -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-serve tests/fuzz/corpus/serve

$(FUZZ_BUILD)/serve_fuzz: tests/fuzz/serve_fuzz.c src/server/serve_request.c $(wildcard src/base/*.c) $(wildcard src/server/serve_request.h src/base/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/serve_fuzz.c src/server/serve_request.c $(wildcard src/base/*.c) -ljansson

# sed's script compiler (src/cmds/sed_parse.c): scripts compiled and freed,
# nothing run, the box's kernel calls stubbed (tests/fuzz/sys_stub.c).
FUZZ_CMD_SRC := src/cmds/cmd.c tests/fuzz/sys_stub.c
fuzz-sed:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/sed_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-sed $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/sed_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=2048 -timeout=10 \
	  -rss_limit_mb=2048 -dict=tests/fuzz/sed_fuzz.dict -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-sed tests/fuzz/corpus/sed

$(FUZZ_BUILD)/sed_fuzz: tests/fuzz/sed_fuzz.c src/cmds/sed_parse.c $(FUZZ_CMD_SRC) $(wildcard tests/fuzz/regex_limit.h src/cmds/sed.h src/cmds/cmd.h src/sys/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/sed_fuzz.c src/cmds/sed_parse.c $(FUZZ_CMD_SRC)

# awk's lexer and parser (acs__awk_compile), over tests/fuzz/corpus/awk.
# Leaks are not checked: awk keeps its program to the process's end, some
# 30 KB an input, so the fuzzer is restarted every 20 000 inputs (2 GB
# after ~60 000).
AWK_FUZZ_SRC := $(wildcard src/cmds/awk*.c) src/cmds/cmd_in.c
fuzz-awk:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/awk_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-awk $(FUZZ_BUILD)/artifacts
	@end=$$(($$(date +%s) + $(FUZZ_SECONDS))); \
	while left=$$((end - $$(date +%s))); [ $$left -gt 0 ]; do \
	  ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/awk_fuzz -runs=20000 -max_total_time=$$left -max_len=2048 -timeout=10 \
	  -rss_limit_mb=2048 -dict=tests/fuzz/awk_fuzz.dict -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-awk tests/fuzz/corpus/awk || exit 1; \
	done

$(FUZZ_BUILD)/awk_fuzz: tests/fuzz/awk_fuzz.c $(AWK_FUZZ_SRC) $(FUZZ_CMD_SRC) $(wildcard tests/fuzz/regex_limit.h src/cmds/awk.h src/cmds/cmd.h src/sys/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/awk_fuzz.c $(AWK_FUZZ_SRC) $(FUZZ_CMD_SRC) -lm

# find's expression parser (find_parse, find_free), over tests/fuzz/corpus/find.
FIND_FUZZ_SRC := src/cmds/find_expr.c src/cmds/find.c src/cmds/cmd_files.c src/cmds/cmd_in.c src/cmds/lib_mode.c src/cmds/lib_run.c
fuzz-find:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/find_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-find $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/find_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=1024 -timeout=10 \
	  -rss_limit_mb=2048 -dict=tests/fuzz/find_fuzz.dict -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-find tests/fuzz/corpus/find

$(FUZZ_BUILD)/find_fuzz: tests/fuzz/find_fuzz.c $(FIND_FUZZ_SRC) $(FUZZ_CMD_SRC) $(wildcard tests/fuzz/regex_limit.h src/cmds/find.h src/cmds/cmd.h src/sys/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/find_fuzz.c $(FIND_FUZZ_SRC) $(FUZZ_CMD_SRC)

# The shell's lexer, parser and arithmetic, over tests/fuzz/corpus/sh. The
# whole of src/shell is linked (the parser reaches aliases, shopts and the
# variables); only parsing and arith_eval run.
SH_FUZZ_SRC := $(wildcard src/shell/*.c)
fuzz-sh:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/sh_fuzz
	@mkdir -p $(FUZZ_BUILD)/corpus-sh $(FUZZ_BUILD)/artifacts
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(FUZZ_BUILD)/sh_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 \
	  -rss_limit_mb=2048 -dict=tests/fuzz/sh_fuzz.dict -artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_ARGS) \
	  $(FUZZ_BUILD)/corpus-sh tests/fuzz/corpus/sh

$(FUZZ_BUILD)/sh_fuzz: tests/fuzz/sh_fuzz.c $(SH_FUZZ_SRC) tests/fuzz/sys_stub.c $(wildcard src/shell/*.h src/sys/*.h include/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ tests/fuzz/sh_fuzz.c $(SH_FUZZ_SRC) tests/fuzz/sys_stub.c -lm

# Every harness built, none run.
fuzz:
	@sh scripts/deps-fuzz.sh
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/lang_fuzz $(FUZZ_BUILD)/policy_fuzz $(FUZZ_BUILD)/tar_fuzz \
	  $(FUZZ_BUILD)/semver_fuzz $(FUZZ_BUILD)/vfs_fuzz $(FUZZ_BUILD)/serve_fuzz \
	  $(FUZZ_BUILD)/sed_fuzz $(FUZZ_BUILD)/awk_fuzz $(FUZZ_BUILD)/find_fuzz $(FUZZ_BUILD)/sh_fuzz \
	  $(FUZZ_BUILD)/snap_fuzz $(FUZZ_BUILD)/kernel_fuzz $(FUZZ_BUILD)/wasi_fuzz \
	  $(FUZZ_BUILD)/wheel_fuzz $(FUZZ_BUILD)/pypi_fuzz

clean:
	rm -rf build build-asan

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
