# arbiter — build, test, demo, benchmarks.
#
#   make            library (build/lib) and tools (build/bin)
#   make test       install missing Debian packages, build, run every test
#   make demo       build, then run the main job on a bundled sample
#   make asan       whole test suite under AddressSanitizer + UBSan
#   make bench      benchmarks against peers measured in the same run
#   make perft-full the full perft suites of ../shared (skipped without it)
#   make install    PREFIX=/usr/local

PREFIX   ?= /usr/local
B        ?= build
SHARED   ?= ../shared
CC       ?= cc
PKGS     := libpcre2-8 zlib yaml-0.1
DEB_PKGS := libpcre2-dev zlib1g-dev libyaml-dev libcriterion-dev pkg-config parallel

ARCH_FLAGS ?= $(if $(filter x86_64,$(shell uname -m)),-march=x86-64-v2,)
OPT      ?= -O2
WARN     := -std=c11 -Wall -Wextra -Werror
# The library's layers, lowest first.  A file of lib/<layer>/ is compiled
# with the include paths of its own layer and the ones below only, so an
# upward include does not compile; tests/check-layers.sh says which one.
LAYERS   := base chess notation laws pgn repair lint select
layer_includes = $(foreach l,$(wordlist 1,$(call layer_index,$(1)),$(LAYERS)),-Ilib/$(l))
layer_index = $(words $(call layers_upto,$(1),$(LAYERS)))
layers_upto = $(if $(2),$(firstword $(2)) $(if $(filter $(1),$(firstword $(2))),,$(call layers_upto,$(1),$(wordlist 2,$(words $(2)),$(2)))))
ALL_INCLUDES := $(foreach l,$(LAYERS),-Ilib/$(l)) -Ilib/include/arbiter
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I$(B)/gen \
            -DARB_DATA_DIR='"$(PREFIX)/share/arbiter"'
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CFLAGS   += $(WARN) $(OPT) -g -fPIC $(ARCH_FLAGS) $(PKG_CFLAGS) $(SAN_FLAGS)
LDLIBS   += $(PKG_LIBS) -lpthread -lm
LDFLAGS  += $(SAN_FLAGS)

LIB_SRC   := $(sort $(foreach l,$(LAYERS),$(wildcard lib/$(l)/*.c)))
LIB_OBJ   := $(LIB_SRC:lib/%.c=$(B)/obj/lib/%.o) $(B)/obj/gen/tables.o
CMD_COMMON_SRC := $(sort $(wildcard cmd/common/*.c))
CMD_COMMON_OBJ := $(CMD_COMMON_SRC:cmd/common/%.c=$(B)/obj/cmd/common/%.o)
TOOL_SRC  := $(sort $(wildcard cmd/*.c))
TOOLS     := $(TOOL_SRC:cmd/%.c=$(B)/bin/%)
TEST_SRC  := $(sort $(wildcard tests/unit/*.c))
TEST_OBJ  := $(TEST_SRC:tests/unit/%.c=$(B)/obj/tests/%.o)
STATIC_LIB := $(B)/lib/libarbiter.a
SHARED_LIB := $(B)/lib/libarbiter.so

.PHONY: all deps test layers unit golden demo asan fuzz bench perft-full check-oracle check-broken install clean
.DELETE_ON_ERROR:
# Tool objects are reached only through the pattern rules: without this make
# deletes them as intermediate files, and the second make of `make asan`
# rebuilds them without the sanitizer flags (and cannot link them).
.SECONDARY: $(TOOL_SRC:cmd/%.c=$(B)/obj/cmd/%.o)

all: $(STATIC_LIB) $(SHARED_LIB) $(TOOLS)

# Constant tables (magics, attacks, Zobrist keys) are generated at build time
# so the library holds no mutable global state.
$(B)/gen/gen_tables: lib/gen/gen_tables.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -o $@ $<

$(B)/gen/tables.c: $(B)/gen/gen_tables
	$< > $@

$(B)/obj/gen/tables.o: $(B)/gen/tables.c lib/chess/attacks.h lib/chess/zobrist.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(call layer_includes,chess) $(CFLAGS) -O1 -c -o $@ $<

$(B)/obj/lib/%.o: lib/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(call layer_includes,$(firstword $(subst /, ,$*))) $(CFLAGS) -MMD -MP -c -o $@ $<

$(B)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_INCLUDES) $(CFLAGS) -MMD -MP -c -o $@ $<

$(B)/obj/tests/%.o: tests/unit/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_INCLUDES) $(CFLAGS) $(shell pkg-config --cflags criterion 2>/dev/null) -MMD -MP -c -o $@ $<

$(STATIC_LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(SHARED_LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/bin/%: $(B)/obj/cmd/%.o $(CMD_COMMON_OBJ) $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/tests/unit: $(TEST_OBJ) $(CMD_COMMON_OBJ) $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)

-include $(shell find $(B)/obj -name '*.d' 2>/dev/null)

# Installs what is missing when we may (root or password-less sudo); otherwise
# prints the exact command and stops.
deps:
	@missing=""; \
	for p in $(PKGS) criterion; do pkg-config --exists $$p 2>/dev/null || missing="$$missing $$p"; done; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	if [ -n "$$missing" ]; then \
	  echo "arbiter: missing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; \
	  else echo "run: sudo apt-get install -y $(DEB_PKGS)"; exit 1; fi; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get install -y $(DEB_PKGS) || { $$SUDO apt-get update && $$SUDO apt-get install -y $(DEB_PKGS); } || exit 1; \
	fi

test: deps
	@$(MAKE) --no-print-directory all $(B)/tests/unit
	@$(MAKE) --no-print-directory -k layers unit golden

layers:
	@sh tests/check-layers.sh "$(LAYERS)"

unit: $(B)/tests/unit
	ARBITER_DATA=$(CURDIR) $(B)/tests/unit --jobs 2

golden: all
	ARBITER_DATA=$(CURDIR) sh tests/golden/run.sh $(B)/bin

demo: all
	@sh tests/demo.sh $(B)/bin

# ASAN_B changes the build dir (build/asan), e.g. for a second working copy
ASAN_B ?= build/asan
asan: deps
	@$(MAKE) --no-print-directory B=$(ASAN_B) OPT=-O1 \
	  SAN_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	  all $(ASAN_B)/tests/unit
	@$(MAKE) --no-print-directory -k B=$(ASAN_B) unit golden

# libFuzzer harnesses (clang): each runs FUZZ_SECONDS on a scratch copy of its
# seed corpus in corpora/fuzz/<name>; a crash leaves its input in $(FUZZ_B).
# FUZZ_ONLY=fuzz_pgn (a list) runs only those; FUZZ_B changes the build dir.
FUZZ_SECONDS ?= 30
FUZZ_B ?= build/fuzz
FUZZ_HARNESSES := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_ONLY ?= $(FUZZ_HARNESSES)
FUZZ_FLAGS := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
fuzz:
	@command -v clang >/dev/null || { echo "fuzz: clang not found, skipped"; exit 0; }
	@$(MAKE) --no-print-directory B=$(FUZZ_B) CC=clang OPT=-O1 ARCH_FLAGS= \
	  SAN_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" $(FUZZ_B)/lib/libarbiter.a
	@set -e; for h in $(FUZZ_ONLY); do \
	  clang $(CPPFLAGS) $(ALL_INCLUDES) -I$(FUZZ_B)/gen -std=c11 -g -O1 $(FUZZ_FLAGS) -o $(FUZZ_B)/$$h tests/fuzz/$$h.c \
	    $(FUZZ_B)/lib/libarbiter.a $(LDLIBS); \
	  mkdir -p $(FUZZ_B)/corpus/$$h corpora/fuzz/$$h; \
	  echo "fuzz: $$h for $(FUZZ_SECONDS) s"; \
	  (cd $(FUZZ_B) && ARBITER_DATA=$(CURDIR) ./$$h -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    corpus/$$h $(CURDIR)/corpora/fuzz/$$h > $$h.log 2>&1) || { tail -40 $(FUZZ_B)/$$h.log; exit 1; }; \
	  grep -h 'stat::number_of_executed_units' $(FUZZ_B)/$$h.log; \
	done

bench: all $(B)/tests/repair-bench
	@sh tests/bench/run.sh $(B)/bin $(SHARED)

perft-full: all
	@sh tests/perft-full.sh $(B)/bin $(SHARED)

$(B)/tests/oracle-facts: $(B)/obj/tests/oracle/facts.o $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/obj/tests/oracle/%.o: tests/oracle/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_INCLUDES) $(CFLAGS) -MMD -MP -c -o $@ $<

check-broken: all
	@sh tests/check-broken.sh $(B)/bin $(SHARED)

check-oracle: all $(B)/tests/oracle-facts
	@sh tests/check-oracle.sh $(B)/tests/oracle-facts $(SHARED)
	@sh tests/check-oracle-lint.sh $(B)/bin $(SHARED)

# SAN -> LANG -> SAN is the identity for every locale over ../shared/corpora/big
# (CHECK_LOCALES_GAMES=all for the whole of bench.pgn.gz; see the script)
check-locales: all
	@sh tests/check-locales.sh $(B)/bin $(SHARED)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/arbiter \
	  $(DESTDIR)$(PREFIX)/share/arbiter $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(TOOLS) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(STATIC_LIB) $(SHARED_LIB) $(DESTDIR)$(PREFIX)/lib
	install -m 644 $(foreach l,$(LAYERS),lib/$(l)/*.h) lib/include/arbiter/*.h $(DESTDIR)$(PREFIX)/include/arbiter
	cp -R locales grammars $(DESTDIR)$(PREFIX)/share/arbiter/
	cp -R lib/laws/profiles $(DESTDIR)$(PREFIX)/share/arbiter/
	for m in cmd/*.1; do [ -f "$$m" ] && install -m 644 $$m $(DESTDIR)$(PREFIX)/share/man/man1; done; true

clean:
	rm -rf build

# the repair search's evaluation (tests/bench/repair.sh)
$(B)/tests/repair-bench: $(B)/obj/tests/bench/repair_bench.o $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/obj/tests/bench/%.o: tests/bench/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_INCLUDES) $(CFLAGS) -MMD -MP -c -o $@ $<
