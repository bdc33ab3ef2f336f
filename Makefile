# arbiter — build, test, demo, benchmarks.
#
#   make            library (build/lib) and tools (build/bin)
#   make test       install missing Debian packages, build, run every test
#   make demo       build, then run the main job on a bundled sample
#   make asan       whole test suite under AddressSanitizer + UBSan
#   make bench      benchmarks against peers measured in the same run
#   make perft-full the full perft suites of ../shared (skipped without it)
#   make install    PREFIX=/usr/local (DESTDIR for staging); make uninstall
#   V=1             show the commands

PREFIX   ?= /usr/local
B        ?= build
SHARED   ?= ../shared
CC       ?= cc
PKGS     := libpcre2-8 zlib yaml-0.1 libzstd liblzma libarchive libisal
DEB_PKGS := libpcre2-dev zlib1g-dev libyaml-dev libcriterion-dev pkg-config parallel \
            libzstd-dev libbz2-dev liblzma-dev libarchive-dev libisal-dev zstd bzip2 xz-utils zip
# the container golden tests make their bombs with these
DEB_TOOLS := zstd bzip2 xz zip
# test tools: python3 runs the browser check of the HTML report in chromium
# (both skipped with a message where they cannot be installed)
TEST_CMDS := python3 chromium

# x86-64: level v3 (AVX2, BMI1/2: 32-byte copies, shifts and bit scans in
# one instruction; about 2 % fewer instructions a move) when the machine that
# builds has it, else v2.  ARCH_FLAGS=-march=x86-64-v2 builds a binary for
# older machines.  No floating-point contraction into FMA (-ffp-contract=off
# in CFLAGS), so the level never changes a result.
X86_LEVEL := $(shell awk '/^flags/ { n = 0; for (i = 1; i <= NF; i++) n += $$i ~ /^(avx2|bmi1|bmi2|fma|movbe|f16c)$$/; \
                 print n == 6 ? "v3" : "v2"; exit }' /proc/cpuinfo 2>/dev/null)
ARCH_FLAGS ?= $(if $(filter x86_64,$(shell uname -m)),-march=x86-64-$(or $(X86_LEVEL),v2),)
OPT      ?= -O2
WARN     := -std=c11 -Wall -Wextra -Werror
# The library's layers, lowest first.  A file of lib/<layer>/ is compiled
# with the include paths of its own layer and the ones below only, so an
# upward include does not compile; tests/check-layers.sh says which one.
LAYERS   := base chess notation laws pgn repair lint tournament report select
layer_includes = $(foreach l,$(wordlist 1,$(call layer_index,$(1)),$(LAYERS)),-Ilib/$(l))
layer_index = $(words $(call layers_upto,$(1),$(LAYERS)))
layers_upto = $(if $(2),$(firstword $(2)) $(if $(filter $(1),$(firstword $(2))),,$(call layers_upto,$(1),$(wordlist 2,$(words $(2)),$(2)))))
ALL_INCLUDES := $(foreach l,$(LAYERS),-Ilib/$(l)) -Ilib/include/arbiter
# The public API is what the umbrella header includes: those headers are
# staged in $(B)/include/arbiter (the tools are compiled against that copy
# alone, as any embedding program would be) and installed; the others stay
# inside the library.
PUBLIC_NAMES   := $(shell sed -n 's/^\#include "\(.*\)"/\1/p' lib/include/arbiter/arbiter.h)
PUBLIC_HEADERS := lib/include/arbiter/arbiter.h $(foreach h,$(PUBLIC_NAMES),$(firstword $(wildcard $(foreach l,$(LAYERS),lib/$(l)/$(h)))))
STAGED_HEADERS := $(addprefix $(B)/include/arbiter/,$(notdir $(PUBLIC_HEADERS)))
VERSION  := $(shell sed -n 's/^\#define ARB_VERSION "\(.*\)"/\1/p' lib/include/arbiter/arbiter.h)
SOVERSION := $(firstword $(subst ., ,$(VERSION)))
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I$(B)/gen
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CFLAGS   += $(WARN) $(OPT) -g -fPIC $(ARCH_FLAGS) -ffp-contract=off $(PKG_CFLAGS) $(SAN_FLAGS)
# the library exports what its public headers mark, nothing else
LIB_CFLAGS := -fvisibility=hidden
# libbz2 has no pkg-config file in Debian 12: its header is checked by `make deps`
LDLIBS   += $(PKG_LIBS) -lbz2 -lpthread -lm
LDFLAGS  += $(SAN_FLAGS)

# quiet unless V=1: one line per target instead of the whole command
ifeq ($(V),1)
Q :=
say = @true
else
Q := @
say = @printf '  %-6s %s\n' $(1) $(2)
endif

LIB_SRC   := $(sort $(foreach l,$(LAYERS),$(wildcard lib/$(l)/*.c)))
LIB_OBJ   := $(LIB_SRC:lib/%.c=$(B)/obj/lib/%.o) $(B)/obj/gen/tables.o $(B)/obj/gen/profiles_builtin.o \
             $(B)/obj/gen/move_prior_builtin.o
CMD_COMMON_SRC := $(sort $(wildcard cmd/common/*.c))
CMD_COMMON_OBJ := $(CMD_COMMON_SRC:cmd/common/%.c=$(B)/obj/cmd/common/%.o)
TOOL_SRC  := $(sort $(wildcard cmd/*.c))
TOOLS     := $(TOOL_SRC:cmd/%.c=$(B)/bin/%)
TEST_SRC  := $(sort $(wildcard tests/unit/*.c))
TEST_OBJ  := $(TEST_SRC:tests/unit/%.c=$(B)/obj/tests/%.o)
STATIC_LIB := $(B)/lib/libarbiter.a
SHARED_LIB := $(B)/lib/libarbiter.so.$(VERSION)
SONAME     := libarbiter.so.$(SOVERSION)

.PHONY: all deps test layers symbols embed unit golden json-export uninstall demo asan fuzz bench perft-full check-oracle check-broken check-trf check-html install clean
.DELETE_ON_ERROR:
# Tool objects are reached only through the pattern rules: without this make
# deletes them as intermediate files, and the second make of `make asan`
# rebuilds them without the sanitizer flags (and cannot link them).
.SECONDARY: $(TOOL_SRC:cmd/%.c=$(B)/obj/cmd/%.o)

all: $(STATIC_LIB) $(SHARED_LIB) $(B)/lib/$(SONAME) $(B)/lib/libarbiter.so $(TOOLS)

# Constant tables (magics, attacks, Zobrist keys) are generated at build time
# so the library holds no mutable global state.
$(B)/gen/gen_tables: lib/gen/gen_tables.c
	@mkdir -p $(dir $@)
	$(call say,GEN,$@)
	$(Q)$(CC) -std=c11 -O2 -Wall -Wextra -Werror -o $@ $<

$(B)/gen/tables.c: $(B)/gen/gen_tables
	$(Q)$< > $@

$(B)/obj/gen/tables.o: $(B)/gen/tables.c lib/chess/attacks.h lib/chess/zobrist.h $(B)/compile-flags
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(CPPFLAGS) $(call layer_includes,chess) $(CFLAGS) $(LIB_CFLAGS) -O1 -c -o $@ $<

# The rule profiles compiled in, so the linter works without its data files.
$(B)/gen/gen_embed: lib/gen/gen_embed.c
	@mkdir -p $(dir $@)
	$(call say,GEN,$@)
	$(Q)$(CC) -std=c11 -O2 -Wall -Wextra -Werror -o $@ $<

$(B)/gen/profiles_builtin.c: $(B)/gen/gen_embed $(sort $(wildcard lib/laws/profiles/*.yaml))
	$(Q)$(B)/gen/gen_embed arb_builtin_profiles $(sort $(wildcard lib/laws/profiles/*.yaml)) > $@

$(B)/obj/gen/profiles_builtin.o: $(B)/gen/profiles_builtin.c lib/base/embedded.h $(B)/compile-flags
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(CPPFLAGS) $(call layer_includes,base) $(CFLAGS) $(LIB_CFLAGS) -c -o $@ $<

# The repair search's move-frequency prior (lib/repair/move_prior.tsv),
# read once at build time with the library's own reader and compiled in as
# a constant array.
$(B)/gen/gen_move_prior: lib/gen/gen_move_prior.c lib/repair/repair_prior.c lib/repair/repair_prior.h lib/base/status.c
	@mkdir -p $(dir $@)
	$(call say,GEN,$@)
	$(Q)$(CC) -std=c11 -O2 -Wall -Wextra -Werror $(CPPFLAGS) $(call layer_includes,repair) -o $@ \
	  lib/gen/gen_move_prior.c lib/repair/repair_prior.c lib/base/status.c

$(B)/gen/move_prior_builtin.c: $(B)/gen/gen_move_prior lib/repair/move_prior.tsv
	$(Q)$(B)/gen/gen_move_prior lib/repair/move_prior.tsv > $@

$(B)/obj/gen/move_prior_builtin.o: $(B)/gen/move_prior_builtin.c lib/repair/repair_prior.h $(B)/compile-flags
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(CPPFLAGS) $(call layer_includes,repair) $(CFLAGS) $(LIB_CFLAGS) -c -o $@ $<

# Where the data files are installed, for a library that cannot find them
# beside itself; rewritten only when PREFIX changes, so `make install
# PREFIX=...` after `make` recompiles what depends on it.
$(B)/gen/prefix.h: FORCE
	@mkdir -p $(dir $@)
	@printf '#define ARB_DATA_DIR "%s/share/arbiter"\n' '$(PREFIX)' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
FORCE:
$(B)/obj/lib/base/datadir.o: $(B)/gen/prefix.h

# The compiler and its flags, rewritten only when they change: every object
# depends on the file, so building with other flags (ARCH_FLAGS, OPT, CC,
# SAN_FLAGS) into the same directory recompiles all, never mixes objects.
$(B)/compile-flags: FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' '$(CC) $(CPPFLAGS) $(CFLAGS) $(LIB_CFLAGS)' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

$(B)/obj/lib/%.o: lib/%.c $(B)/compile-flags
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(CPPFLAGS) $(call layer_includes,$(firstword $(subst /, ,$*))) $(CFLAGS) $(LIB_CFLAGS) -MMD -MP -c -o $@ $<

define stage_header
$(B)/include/arbiter/$(notdir $(1)): $(1)
	@mkdir -p $$(dir $$@)
	$(Q)cp $$< $$@
endef
$(foreach h,$(PUBLIC_HEADERS),$(eval $(call stage_header,$(h))))

# the tools see the public headers only
CMD_OBJ := $(TOOL_SRC:cmd/%.c=$(B)/obj/cmd/%.o) $(CMD_COMMON_OBJ)
$(CMD_OBJ): $(B)/obj/cmd/%.o: cmd/%.c $(B)/compile-flags | $(STAGED_HEADERS)
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(CPPFLAGS) -I$(B)/include/arbiter $(CFLAGS) -MMD -MP -c -o $@ $<

$(B)/obj/%.o: %.c $(B)/compile-flags
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_INCLUDES) $(CFLAGS) -MMD -MP -c -o $@ $<

$(B)/obj/tests/%.o: tests/unit/%.c $(B)/compile-flags
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_INCLUDES) $(CFLAGS) $(shell pkg-config --cflags criterion 2>/dev/null) -MMD -MP -c -o $@ $<

$(STATIC_LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(call say,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

$(SHARED_LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)
	$(Q)$(CC) -shared -Wl,-soname,$(SONAME) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/lib/$(SONAME) $(B)/lib/libarbiter.so: $(SHARED_LIB)
	$(Q)ln -sf $(notdir $<) $@

$(B)/bin/%: $(B)/obj/cmd/%.o $(CMD_COMMON_OBJ) $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/tests/unit: $(TEST_OBJ) $(CMD_COMMON_OBJ) $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)

-include $(shell find $(B)/obj -name '*.d' 2>/dev/null)

# Installs what is missing when we may (root or password-less sudo); otherwise
# prints the exact command and stops.
deps:
	@missing=""; optional=""; \
	for p in $(PKGS) criterion; do pkg-config --exists $$p 2>/dev/null || missing="$$missing $$p"; done; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	echo '#include <bzlib.h>' | $(CC) -E -x c - >/dev/null 2>&1 || missing="$$missing bzlib.h"; \
	for c in $(DEB_TOOLS); do command -v $$c >/dev/null || missing="$$missing $$c"; done; \
	for c in $(TEST_CMDS); do command -v $$c >/dev/null || optional="$$optional $$c"; done; \
	[ -z "$$missing$$optional" ] && exit 0; \
	if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; \
	elif [ -n "$$missing" ]; then echo "arbiter: missing:$$missing"; echo "run: sudo apt-get install -y $(DEB_PKGS)"; exit 1; \
	else echo "arbiter: not installed:$$optional (the browser check will be skipped)"; exit 0; fi; \
	export DEBIAN_FRONTEND=noninteractive; \
	if [ -n "$$missing" ]; then \
	  echo "arbiter: missing:$$missing"; \
	  $$SUDO apt-get install -y $(DEB_PKGS) || { $$SUDO apt-get update && $$SUDO apt-get install -y $(DEB_PKGS); } || exit 1; \
	fi; \
	if [ -n "$$optional" ]; then \
	  echo "arbiter: installing$$optional for the browser check"; \
	  $$SUDO apt-get install -y $$optional || { $$SUDO apt-get update && $$SUDO apt-get install -y $$optional; } \
	    || echo "arbiter: could not install$$optional; the browser check will be skipped"; \
	fi

# builds run BUILD_JOBS compilers at a time
BUILD_JOBS ?= $(shell nproc 2>/dev/null || echo 1)

test: deps
	@$(MAKE) --no-print-directory -j$(BUILD_JOBS) all $(B)/tests/unit
	@$(MAKE) --no-print-directory -k layers symbols unit golden embed check-html json-export

layers:
	@sh tests/check-layers.sh "$(LAYERS)"

# the shared library exports only arb_ names
symbols: $(SHARED_LIB)
	@sh tests/check-symbols.sh $(SHARED_LIB)

# the README's example, built against an installed copy through pkg-config
# (shared and static) and run
embed: all
	@sh tests/embed/check.sh "$(MAKE)" $(B)

unit: $(B)/tests/unit
	ARBITER_DATA=$(CURDIR) $(B)/tests/unit --jobs 2

golden: all
	ARBITER_DATA=$(CURDIR) sh tests/golden/run.sh $(B)/bin

# pgnconv --to json against corpora/schema/game.schema.json (ajv from npm,
# under $(B)/npm; skipped without node or npm), read back as PGN
json-export: all
	@sh tests/check-json-export.sh $(B)/bin

demo: all
	@sh tests/demo.sh $(B)/bin

# ASAN_B changes the build dir (build/asan), e.g. for a second working copy.
# The sanitizers make the tools two to four times slower: a golden case's
# limit (tests/golden/run.sh, there to catch a hang) is four times longer.
ASAN_B ?= build/asan
# (both makes below with the same flags: other flags would rebuild all)
ASAN_VARS := B=$(ASAN_B) OPT=-O1 SAN_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
asan: deps
	@$(MAKE) --no-print-directory -j$(BUILD_JOBS) $(ASAN_VARS) all $(ASAN_B)/tests/unit
	@GOLDEN_TIMEOUT=$${GOLDEN_TIMEOUT:-480} $(MAKE) --no-print-directory -k $(ASAN_VARS) unit golden

# libFuzzer harnesses (clang): each runs FUZZ_SECONDS on a scratch copy of its
# seed corpus in corpora/fuzz/<name>, FUZZ_JOBS at a time (tests/fuzz/run.sh);
# a crash leaves its input in $(FUZZ_B).  FUZZ_ONLY=fuzz_pgn (a list) runs
# only those; FUZZ_B changes the build dir.
FUZZ_SECONDS ?= 30
# libFuzzer's random seed: fixed, so that a smoke run can be repeated
FUZZ_SEED ?= 1
FUZZ_B ?= build/fuzz
FUZZ_HARNESSES := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_ONLY ?= $(FUZZ_HARNESSES)
FUZZ_FLAGS := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
fuzz:
	@command -v clang >/dev/null || { echo "fuzz: clang not found, skipped"; exit 0; }
	@$(MAKE) --no-print-directory -j$(BUILD_JOBS) B=$(FUZZ_B) CC=clang OPT=-O1 ARCH_FLAGS= \
	  SAN_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" $(FUZZ_B)/lib/libarbiter.a
	@set -e; for h in $(FUZZ_ONLY); do \
	  clang $(CPPFLAGS) $(ALL_INCLUDES) -I$(FUZZ_B)/gen -std=c11 -g -O1 $(FUZZ_FLAGS) -o $(FUZZ_B)/$$h tests/fuzz/$$h.c \
	    $(FUZZ_B)/lib/libarbiter.a $(LDLIBS); \
	done
	@sh tests/fuzz/run.sh $(FUZZ_B) $(FUZZ_SECONDS) $(FUZZ_SEED) $(FUZZ_ONLY)

bench: all $(B)/tests/repair-bench
	@sh tests/bench/run.sh $(B)/bin $(SHARED)

perft-full: all
	@sh tests/perft-full.sh $(B)/bin $(SHARED)

# The opening table (lib/select/openings, lib/select/openings.h) is data like
# the locales: `make install` puts it beside them in share/arbiter/openings.
install: install-openings
install-openings:
	install -d $(DESTDIR)$(PREFIX)/share/arbiter/openings
	install -m 644 lib/select/openings/*.tsv lib/select/openings/README.md lib/select/openings/COPYING.txt \
	  $(DESTDIR)$(PREFIX)/share/arbiter/openings
.PHONY: install-openings

$(B)/tests/oracle-facts: $(B)/obj/tests/oracle/facts.o $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/obj/tests/oracle/%.o: tests/oracle/%.c $(B)/compile-flags
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_INCLUDES) $(CFLAGS) -MMD -MP -c -o $@ $<

check-broken: all
	@sh tests/check-broken.sh $(B)/bin $(SHARED)

check-oracle: all $(B)/tests/oracle-facts
	@sh tests/check-oracle.sh $(B)/tests/oracle-facts $(SHARED)
	@sh tests/check-oracle-lint.sh $(B)/bin $(SHARED)

# pgnlint --format html in headless Chromium (skips without it)
check-html: all
	@if command -v python3 >/dev/null; then python3 tests/report/check_html.py $(B)/bin; \
	 else echo "check-html: skipped: no python3 (Debian: apt-get install python3)"; fi

# the cross-check against ../shared's example1.trf with generated games and
# planted discrepancies: every one reported, nothing else (skips without it)
check-trf: all
	@python3 tests/tournament/example1.py $(B)/bin/pgnlint $(SHARED) $(B)/example1

# SAN -> LANG -> SAN is the identity for every locale over ../shared/corpora/big
# (CHECK_LOCALES_GAMES=all for the whole of bench.pgn.gz; see the script)
check-locales: all
	@sh tests/check-locales.sh $(B)/bin $(SHARED)

# pkg-config: the private dependencies let `pkg-config --static` link libarbiter.a
$(B)/arbiter.pc: Makefile lib/include/arbiter/arbiter.h
	@printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' '' \
	  'Name: arbiter' 'Description: checks chess games the way a FIDE arbiter would' \
	  'Version: $(VERSION)' 'Requires.private: $(PKGS)' \
	  'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -larbiter' 'Libs.private: -lbz2 -lpthread -lm' > $@

MANS := $(wildcard cmd/*.1)
install: all $(B)/arbiter.pc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/arbiter \
	  $(DESTDIR)$(PREFIX)/share/arbiter $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(TOOLS) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(STATIC_LIB) $(SHARED_LIB) $(DESTDIR)$(PREFIX)/lib
	ln -sf $(notdir $(SHARED_LIB)) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(notdir $(SHARED_LIB)) $(DESTDIR)$(PREFIX)/lib/libarbiter.so
	install -m 644 $(B)/arbiter.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 $(PUBLIC_HEADERS) $(DESTDIR)$(PREFIX)/include/arbiter
	rm -rf $(DESTDIR)$(PREFIX)/share/arbiter/locales $(DESTDIR)$(PREFIX)/share/arbiter/grammars \
	  $(DESTDIR)$(PREFIX)/share/arbiter/profiles
	cp -R locales grammars lib/laws/profiles $(DESTDIR)$(PREFIX)/share/arbiter/
	$(if $(MANS),install -m 644 $(MANS) $(DESTDIR)$(PREFIX)/share/man/man1)

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/bin/,$(notdir $(TOOLS)))
	rm -f $(DESTDIR)$(PREFIX)/lib/libarbiter.a $(DESTDIR)$(PREFIX)/lib/libarbiter.so \
	  $(DESTDIR)$(PREFIX)/lib/$(SONAME) $(DESTDIR)$(PREFIX)/lib/$(notdir $(SHARED_LIB)) \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig/arbiter.pc
	rm -rf $(DESTDIR)$(PREFIX)/include/arbiter $(DESTDIR)$(PREFIX)/share/arbiter
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/share/man/man1/,$(notdir $(MANS)))

clean:
	rm -rf build

# the repair search's evaluation (tests/bench/repair.sh)
$(B)/tests/repair-bench: $(B)/obj/tests/bench/repair_bench.o $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/obj/tests/bench/%.o: tests/bench/%.c $(B)/compile-flags
	@mkdir -p $(dir $@)
	$(call say,CC,$@)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_INCLUDES) $(CFLAGS) -MMD -MP -c -o $@ $<

# the repair search's move-frequency prior (lib/repair/move_prior.tsv,
# tests/bench/move_prior_gen.c): rebuilt from the shared corpus, games after
# the first 20,000 of bench.pgn.gz (the benches' games are among those)
$(B)/tests/move-prior-gen: $(B)/obj/tests/bench/move_prior_gen.o $(STATIC_LIB)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

MOVE_PRIOR_SOURCE ?= ../shared/corpora/big/bench.pgn.gz
move-prior: $(B)/tests/move-prior-gen
	$(B)/tests/move-prior-gen $(MOVE_PRIOR_SOURCE) 20000 100000 > lib/repair/move_prior.tsv
.PHONY: move-prior
