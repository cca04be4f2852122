# agent-code-sandbox - build, test, run.
# `make run` and `make test` install missing Debian packages first
# (scripts/deps.sh), so both work on a fresh Debian 12 machine as root.

CC       ?= cc
BUILD    ?= build
PKGS     := javascriptcoregtk-4.1 libuv jansson
OPT      ?= -O2 -g
# CFLAGS from the command line adds to ours rather than replacing them.
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -fPIC -Iinclude $(OPT) $(CFLAGS) \
            $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm
SANITIZE :=

LIB_SRC  := $(wildcard src/base/*.c src/policy/*.c src/lang/*.c src/js/*.c src/box/*.c)
CLI_SRC  := $(wildcard src/cli/*.c)
JS_LIB   := $(sort $(wildcard src/js/lib/*.js))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/lib_embed.o
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
UNIT_SRC := $(wildcard tests/unit/*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/unit_%)

.PHONY: all deps run test asan test-asan bench clean

all: $(BUILD)/acs $(BUILD)/libacs.a $(BUILD)/libacs.so

deps:
	@sh scripts/deps.sh

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -MMD -MP -c $< -o $@

$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -Wall -Wextra -o $@ $<

$(BUILD)/gen/lib_embed.c: $(JS_LIB) $(BUILD)/tools/embed
	@mkdir -p $(dir $@)
	$(BUILD)/tools/embed $@ $(JS_LIB)

$(BUILD)/gen/lib_embed.o: $(BUILD)/gen/lib_embed.c
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -Isrc/js -c $< -o $@

$(BUILD)/libacs.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/libacs.so: $(LIB_OBJ)
	$(CC) -shared $(SANITIZE) -o $@ $^ $(LDLIBS)

$(BUILD)/acs: $(CLI_OBJ) $(BUILD)/libacs.a
	$(CC) $(SANITIZE) -o $@ $(CLI_OBJ) $(BUILD)/libacs.a $(LDLIBS)

$(BUILD)/tests/unit_%: tests/unit/%.c $(BUILD)/libacs.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -Isrc -o $@ $< $(BUILD)/libacs.a $(LDLIBS) -lcriterion

run: deps
	@$(MAKE) --no-print-directory all
	@echo '$$ build/acs run -c "console.log(2 ** 10)"'
	@$(BUILD)/acs run -c 'console.log(2 ** 10)'
	@echo '$$ build/acs run --json --timeout-ms 300 -c "for(;;){}"'
	@$(BUILD)/acs run --json --timeout-ms 300 -c 'for(;;){}' || true

test: deps
	@$(MAKE) --no-print-directory all units
	@BUILD=$(BUILD) bash tests/run.sh

units: $(UNIT_BIN)

# AddressSanitizer + UBSan build of everything, in build-asan/.
asan:
	@$(MAKE) --no-print-directory BUILD=build-asan OPT="-O1 -g -fno-omit-frame-pointer" \
	  SANITIZE="-fsanitize=address,undefined -fno-sanitize-recover=undefined" all units

test-asan: deps asan
	@BUILD=build-asan ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 bash tests/run.sh

bench: all
	@bash bench/run.sh

clean:
	rm -rf build build-asan

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
