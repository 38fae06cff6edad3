# hotinline: build, test and install the plugin.
#
#   make                 plugin for the default gcc, in build/gcc-MAJOR/
#   make GCC=gcc-11      plugin for gcc-11 (outputs of each GCC coexist)
#   make GCC=aarch64-linux-gnu-gcc-12   plugin for a cross compiler, in
#                        build/aarch64-linux-gnu-gcc-12/
#   make check           the whole testsuite for the default GCC and Clang
#                        (GCC=gcc-14 or CLANG=clang-19: that one alone)
#   make check-all       the testsuite for GCC 11 to 16 (13+ in Debian
#                        testing), aarch64, ppc64le and Clang 16, 19, 21
#                        (testing), 22, 23 (unstable), in parallel
#   make check-next      the same for the snapshots: GCC's trunk and Clang
#                        24 (Debian unstable with experimental)
#   make ci              check-all and the real-code suite (.ci/run)
#   make install         install into $(GCC) -print-file-name=plugin
#   make demo            run the plugin on an example
#   make deb             Debian packages (debian/) into build/deb/
#   make check-deb       install them in a clean Debian 12 and use them (root)
#   make check-deb-forky the same for GCC 13 to 16 in Debian testing (root)
#   make check-deb-sid   the same for Clang 23 in Debian unstable (root)
#   make bench           compile cost, GCC and every Clang, into BENCHMARKS.md
#                        (about 15 minutes)
#   make bench-full      every benchmark into BENCHMARKS.md (about 2.5 hours)
#   make bench-summary   hotinline-summary's time and memory at scale
#   make check-kernel KERNEL=6.1 CC=gcc-12   a whole defconfig kernel built,
#                        checked and booted (docs/kernel.md; hours)
#   make check-freebsd   FreeBSD's radix-trie kernel units, as FreeBSD builds
#                        them, with Clang 19, the default Clang and GCC
#                        (FREEBSD_SRC=/usr/src/sys; docs/freebsd.md)
#   make check-real      real libraries built with the plugin (REAL="lz4 O3")
#   make check-linux-arm64, check-linux-clang   Linux 6.1's lib/xarray.o
#                        with the plugin, for arm64 (GCC) and with Clang
#   make check-linux-lock, check-real-lock   a lock across a compiler or a
#                        library upgrade
#   make audit-real, audit-kernel KERNEL=6.1   the audit of LZ4's and mm/'s
#                        marks with GCC 12, 16, Clang 16, 22 (docs/audit.md)
#   make bench-check-series   hotinline-check on a Linux kernel series
#   make check-layers    the units of the core, the tools and the GCC plugin
#                        call only down (CLANG=clang-N: that Clang's plugin)
#   make fuzz            the policy loader and profile readers, libFuzzer
#   make plugin          the GCC plugin alone
#   make install-tools, uninstall, demo-clang, screenshot, clean
#   make help            this list

GCC ?= gcc
# The GCC that builds the plugin and tools, as given: make check CLANG=
# makes GCC the Clang for its tests, not for the install it stages.
BUILD_GCC := $(GCC)
GCC_MAJOR := $(shell $(GCC) -dumpversion | cut -d. -f1)
GCC_PLUGIN_DIR := $(shell $(GCC) -print-file-name=plugin)
# A cross compiler (GCC=aarch64-linux-gnu-gcc-12) targets another machine
# than the host's; its plugin is still a host shared object.
GCC_MACHINE := $(shell $(GCC) -dumpmachine)
HOST_MACHINE := $(shell cc -dumpmachine 2>/dev/null || $(GCC) -dumpmachine)
ifeq ($(GCC_MACHINE),$(HOST_MACHINE))
# The plugin is C++ as far as GCC is concerned: compile it with the g++ of
# the same GCC (gcc-11 -> g++-11).
# Only the file name changes: GCC=/usr/lib/gcc-snapshot/bin/gcc has its
# g++ beside it.
GCC_DIR := $(if $(findstring /,$(GCC)),$(dir $(GCC)))
GCC_NAME := $(notdir $(GCC))
GCC_SUFFIX := $(lastword $(subst -, ,$(GCC_NAME)))
GXX ?= $(GCC_DIR)$(patsubst %gcc,%g++,$(patsubst %gcc-$(GCC_SUFFIX),%g++-$(GCC_SUFFIX),$(GCC_NAME)))
HOST_CC ?= $(GCC)
B := build/gcc-$(GCC_MAJOR)
else
# Cross: the plugin is built by the host's g++ of the same GCC version
# against the cross compiler's plugin headers; the tools and tests are
# host programs too.  Only the test samples are built by $(GCC).
GXX ?= g++-$(GCC_MAJOR)
HOST_CC ?= gcc-$(GCC_MAJOR)
B := build/$(GCC_MACHINE)-gcc-$(GCC_MAJOR)
# What runs the target's programs here.
TARGET_RUN := qemu-$(subst powerpc64le,ppc64le,$(firstword \
	$(subst -, ,$(GCC_MACHINE)))) -L /usr/$(GCC_MACHINE)
endif
PKG_CONFIG ?= pkg-config

PREFIX ?= /usr/local
DESTDIR ?=
PLUGINDIR ?= $(GCC_PLUGIN_DIR)
DATADIR ?= $(PREFIX)/share/hotinline
MANDIR ?= $(PREFIX)/share/man

YAML_CFLAGS := $(shell $(PKG_CONFIG) --cflags yaml-0.1)
YAML_LIBS := $(shell $(PKG_CONFIG) --libs yaml-0.1)
# xxHash is used header-only (XXH_INLINE_ALL): nothing to link.
XXHASH_CFLAGS := $(shell $(PKG_CONFIG) --cflags libxxhash)
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check)
CHECK_LIBS = $(shell $(PKG_CONFIG) --libs check)
# libiberty's hash table: cc1 exports it to the plugin; the standalone
# tests link the static library.
IBERTY_CFLAGS := -I/usr/include/libiberty
IBERTY_LIBS := -liberty

# The source tree: the policy core (plain C, shared by both compilers'
# plugins and the tools), the GCC plugin, the LLVM plugin.
CORE := plugin/core
GCC_PLUGIN := plugin/gcc

# CCACHE=ccache compiles the plugins' objects through ccache (make
# check-all and CI do): a unit whose preprocessed source, flags and
# compiler did not change is not compiled again.
CCACHE ?=

WARN := -Wall -Wextra
OPT := -O2 -g
CORE_CFLAGS := -std=gnu11 $(WARN) $(OPT) -fPIC -fvisibility=hidden \
	$(YAML_CFLAGS) $(IBERTY_CFLAGS) $(XXHASH_CFLAGS)
PLUGIN_CXXFLAGS := -std=gnu++14 $(WARN) $(OPT) -fPIC -fno-rtti \
	-fno-exceptions -Wno-missing-field-initializers \
	-iquote $(CORE) -I$(GCC_PLUGIN_DIR)/include

CORE_SRC := $(addprefix $(CORE)/,policy.c policy-load.c suggest.c \
	results-name.c results-format.c cxx-names.c clone-names.c \
	policy-match.c messages.c text.c \
	config.c policy-image.c policy-cache.c policy-weight.c policy-listing.c \
	rules.c)
PLUGIN_SRC := $(addprefix $(GCC_PLUGIN)/,hotinline.cc state.cc \
	policies.cc unit.cc names.cc inline-chain.cc \
	force.cc always-inline-rules.cc report.cc surgical.cc deps.cc \
	hints.cc results.cc line-table.cc diagnose.cc listing.cc summary.cc disregard.cc \
	audit.cc)
CORE_OBJ := $(patsubst $(CORE)/%.c,$(B)/%.o,$(CORE_SRC))
PLUGIN_OBJ := $(patsubst $(GCC_PLUGIN)/%.cc,$(B)/%.o,$(PLUGIN_SRC))
PLUGIN := $(B)/hotinline.so

JANSSON_LIBS = $(shell $(PKG_CONFIG) --libs jansson)
SUMMARY_TOOL := $(B)/hotinline-summary
BINDIR ?= $(PREFIX)/bin
PROFILE_TOOL := $(B)/hotinline-profile
# The compiler wrapper and the compiler names it is installed under.
CC_WRAPPER := $(B)/hotinline-cc
CC_WRAPPER_NAMES = hotinline-gcc hotinline-g++ \
	$(foreach v,11 12 13 14 15 16,hotinline-gcc-$(v) hotinline-g++-$(v))
# And the cross compilers' (Debian's GCC 12 for these targets).
CROSS_TARGETS := aarch64-linux-gnu powerpc64le-linux-gnu
CC_WRAPPER_NAMES += $(foreach t,$(CROSS_TARGETS),hotinline-$(t)-gcc \
	hotinline-$(t)-g++ hotinline-$(t)-gcc-12 hotinline-$(t)-g++-12)
# And the Clangs': every clang-N this machine can build a plugin for
# (CLANG_VERSIONS, plugin/llvm/llvm.mk) and those WRAPPER_CLANGS adds (the
# Debian package's: every Clang it supports).  Their LLVM plugin goes to
# LLVM_PLUGINDIR, where hotinline-cc looks for it (../lib from BINDIR).
# Expanded where used, after llvm.mk has found the Clangs.
WRAPPER_CLANGS ?=
CC_WRAPPER_NAMES += hotinline-clang hotinline-clang++ \
	$(foreach v,$(sort $(CLANG_VERSIONS) $(WRAPPER_CLANGS)),\
		hotinline-clang-$(v) hotinline-clang++-$(v))
LLVM_PLUGINDIR ?= $(PREFIX)/lib/hotinline/llvm-$(CLANG_MAJOR)
PROFILE_SRC := tools/hotinline-profile.c tools/profile-read.c \
	tools/profile-names.c tools/profile-policy.c tools/results-read.c

# The testsuite by layer: the harness and runner, unit tests, end-to-end
# suites (testsuite/README.md).  Its headers are named from testsuite/.
TEST_DIRS := $(addprefix testsuite/,harness unit e2e)
TEST_SRC := $(wildcard $(addsuffix /*.c,$(TEST_DIRS)))
TEST_BIN := $(B)/check_hotinline
BENCH_BIN := $(B)/bench_strategies
BENCH_LOAD := $(B)/bench_load

.DEFAULT_GOAL := all
.PHONY: help
help:
	@sed -n '3,/^$$/s/^# \{0,1\}//p' Makefile

.PHONY: all check check-gcc check-clang check-build check-layers plugin check-all ci check-next check-real audit-real audit-kernel check-linux-arm64 bench bench-full bench-summary fuzz install \
	install-tools uninstall demo demo-clang screenshot clean check-linux-clang check-linux-lock check-real-lock check-kernel deb \
	check-deb check-deb-forky check-deb-sid
# The GCC plugin, but for a Clang's build (make CLANG=clang-N) or where
# GCC's plugin headers (gcc-N-plugin-dev) are not installed: a Clang-only
# machine needs none of GCC's.
GCC_PLUGIN_HEADERS := $(wildcard $(GCC_PLUGIN_DIR)/include/gcc-plugin.h)
ifeq ($(CLANG),)
ifeq ($(GCC_PLUGIN_HEADERS),)
$(info hotinline: no plugin headers for $(GCC) ($(GCC_PLUGIN_DIR)/include; \
	Debian's gcc-$(GCC_MAJOR)-plugin-dev): its plugin is not built)
endif
endif
GCC_PLUGIN_WANTED := $(if $(CLANG),,$(if $(GCC_PLUGIN_HEADERS),$(PLUGIN)))
all: $(GCC_PLUGIN_WANTED) $(SUMMARY_TOOL) $(PROFILE_TOOL) $(CC_WRAPPER)

include plugin/llvm/llvm.mk

$(B):
	mkdir -p $@

$(B)/%.o: $(CORE)/%.c $(wildcard $(CORE)/*.h) | $(B)
	$(CCACHE) $(HOST_CC) $(CORE_CFLAGS) -c $< -o $@

# xxHash's inlined code runs a third fewer instructions at -O3: the image
# checksum and the policy's key are paid in every compilation.
$(B)/policy-image.o $(B)/policy-cache.o: CORE_CFLAGS += -O3

$(B)/%.o: $(GCC_PLUGIN)/%.cc $(wildcard $(CORE)/*.h $(GCC_PLUGIN)/*.h) | $(B)
	$(CCACHE) $(GXX) $(PLUGIN_CXXFLAGS) -c $< -o $@

# Linked by the C driver, so without libstdc++: the little C++ runtime the
# plugin uses (operator new and delete) comes from cc1, which exports it.
# Loading libstdc++ into every compilation would cost time and memory.
# Linked under another name and renamed: a test run of the same GCC may
# be loading it while it is rebuilt.
$(PLUGIN): $(CORE_OBJ) $(PLUGIN_OBJ)
	$(HOST_CC) -shared -o $@.tmp $^ $(YAML_LIBS)
	mv -f $@.tmp $@

XML_CFLAGS = $(shell $(PKG_CONFIG) --cflags libxml-2.0)
XML_LIBS = $(shell $(PKG_CONFIG) --libs libxml-2.0)
SUMMARY_SRC := tools/hotinline-summary.c tools/summary-sites.c \
	tools/results-read.c tools/summary-util.c \
	tools/summary-taken.c tools/summary-calls.c \
	tools/summary-read.c tools/summary-compare.c tools/summary-export.c \
	tools/summary-html.c tools/summary-highlight.c tools/summary-lock.c \
	tools/summary-objects.c tools/summary-audit.c
ELF_LIBS = $(shell $(PKG_CONFIG) --libs libelf)
# The lock names functions by the core's rules (clone suffixes, glob
# escapes) and quotes them with libyaml's emitter; a lock given to
# --diff --accept-lock is read by the core's policy loader.
$(SUMMARY_TOOL): $(SUMMARY_SRC) $(wildcard tools/summary*.h) \
		tools/results-read.h $(CORE_OBJ) \
		$(CORE)/version.h $(CORE)/policy.h | $(B)
	$(HOST_CC) -std=gnu11 $(WARN) $(OPT) -I$(CORE) $(XML_CFLAGS) \
		$(YAML_CFLAGS) $(XXHASH_CFLAGS) $(SUMMARY_SRC) $(CORE_OBJ) -o $@ \
		$(JANSSON_LIBS) $(XML_LIBS) $(YAML_LIBS) $(IBERTY_LIBS) \
		$(ELF_LIBS)

$(CC_WRAPPER): tools/hotinline-cc.c $(CORE)/version.h | $(B)
	$(HOST_CC) -std=gnu11 $(WARN) $(OPT) -I$(CORE) $< -o $@

# Links the policy loader, to check a policy before writing it.
$(PROFILE_TOOL): $(PROFILE_SRC) tools/profile.h $(CORE)/version.h \
		tools/results-read.h $(CORE_OBJ) | $(B)
	$(HOST_CC) -std=gnu11 $(WARN) $(OPT) -I$(CORE) $(YAML_CFLAGS) \
		$(IBERTY_CFLAGS) $(PROFILE_SRC) $(CORE_OBJ) -o $@ \
		$(YAML_LIBS) $(JANSSON_LIBS) $(IBERTY_LIBS)

$(TEST_BIN): $(TEST_SRC) $(wildcard $(addsuffix /*.h,$(TEST_DIRS))) $(CORE_OBJ)
	$(HOST_CC) -std=gnu11 $(WARN) $(OPT) -I$(CORE) -Itestsuite $(CHECK_CFLAGS) \
		$(TEST_SRC) $(CORE_OBJ) -o $@ $(CHECK_LIBS) $(YAML_LIBS) \
		$(IBERTY_LIBS) $(JANSSON_LIBS)

$(BENCH_BIN): bench/strategies.c testsuite/harness/harness.c \
		testsuite/harness/harness.h
	$(HOST_CC) -std=gnu11 $(WARN) $(OPT) -Itestsuite $(CHECK_CFLAGS) \
		bench/strategies.c testsuite/harness/harness.c -o $@ \
		$(CHECK_LIBS)

$(BENCH_LOAD): bench/load.c $(CORE_OBJ)
	$(HOST_CC) -std=gnu11 $(WARN) $(OPT) -I$(CORE) $< $(CORE_OBJ) -o $@ \
		$(YAML_LIBS) $(IBERTY_LIBS)

# The README's pictures of the HTML report (needs chromium).
screenshot: $(PLUGIN) $(SUMMARY_TOOL)
	sh docs/screenshot.sh $(B) $(GCC)

# Benchmarks into BENCHMARKS.md, not part of check: bench the compile-cost
# rows that matter for GCC and every Clang; bench-full every section, both
# GCCs, every row (BENCH_SECTIONS="real load": only those sections).
bench:
	sh bench/bench.sh quick

bench-full:
	sh bench/bench.sh full $(BENCH_SECTIONS)

# Its hotinline-summary section alone, printed: time and peak memory of the
# summary and --html over 1,000 and 10,000 synthetic units (a minute).
bench-summary: $(PLUGIN) $(SUMMARY_TOOL)
	sh bench/summary.sh $(GCC) $(PLUGIN) $(SUMMARY_TOOL) \
		build/bench/summary 1000 10000

# hotinline-check on a three-commit series of Linux 6.1 x86_64_defconfig
# (bench/xarray-series/), each commit's check against its incremental
# build alone (bench/check-series.sh; two kernel builds, 30 to 45 minutes).
.PHONY: bench-check-series
bench-check-series: $(PLUGIN) $(SUMMARY_TOOL)
	HOTINLINE_SUMMARY=$(abspath $(SUMMARY_TOOL)) sh bench/check-series.sh \
		--cc gcc-$(GCC_MAJOR) --plugin $(PLUGIN)

# Fuzz the policy loader with libFuzzer, ASan and UBSan (clang).
# FUZZ_RUNS executions; crashing inputs land in build/fuzz/.
FUZZ_RUNS ?= 10000000
FUZZ_BIN := build/fuzz/fuzz-policy
$(FUZZ_BIN): testsuite/fuzz/policy.c $(CORE_SRC) $(wildcard $(CORE)/*.h)
	mkdir -p build/fuzz
	clang -g -O1 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined -I$(CORE) $(IBERTY_CFLAGS) \
		$(YAML_CFLAGS) $(XXHASH_CFLAGS) testsuite/fuzz/policy.c \
		$(CORE_SRC) -o $@ $(YAML_LIBS) $(IBERTY_LIBS)

# The profile readers likewise, from the recorded profiles.
FUZZ_PROFILE_RUNS ?= 1000000
FUZZ_PROFILE_BIN := build/fuzz/fuzz-profile
$(FUZZ_PROFILE_BIN): testsuite/fuzz/profile.c tools/profile-read.c \
		tools/profile-names.c tools/profile.h $(CORE)/clone-names.c \
		$(CORE)/clone-names.h
	mkdir -p build/fuzz
	clang -g -O1 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined -Itools -I$(CORE) \
		$(IBERTY_CFLAGS) testsuite/fuzz/profile.c tools/profile-read.c \
		tools/profile-names.c $(CORE)/clone-names.c -o $@ $(IBERTY_LIBS)

fuzz: $(FUZZ_BIN) $(FUZZ_PROFILE_BIN)
	mkdir -p build/fuzz/corpus build/fuzz/profile-corpus
	cd build/fuzz && ./fuzz-policy -runs=$(FUZZ_RUNS) -max_len=4096 \
		-rss_limit_mb=1024 -print_final_stats=1 corpus \
		$(CURDIR)/testsuite/fuzz/corpus
	cd build/fuzz && ./fuzz-profile -runs=$(FUZZ_PROFILE_RUNS) \
		-max_len=4096 -rss_limit_mb=1024 -print_final_stats=1 \
		profile-corpus $(CURDIR)/testsuite/profiles

# The tests find the plugin, the compiler and the sources through the
# environment, so one test binary serves every GCC.
# An install staged in the build directory: the tests use the plugin as
# "make install" leaves it where that matters (icecream).
STAGE := $(abspath $(B))/stage
check-build: $(if $(CLANG),,$(PLUGIN)) $(TEST_BIN) $(SUMMARY_TOOL) $(PROFILE_TOOL) $(CC_WRAPPER) \
	$(B)/layers.ok
# The core's units and each tool's call only down (plugin/core/README.md,
# tools/summary.h): checked on the tools' units compiled one by one.
TOOL_LAYER_OBJ = $(patsubst tools/%.c,$(B)/layers/%.o,$(filter tools/%,$(1)))
$(B)/layers/%.o: tools/%.c $(wildcard tools/*.h) | $(B)
	@mkdir -p $(@D)
	$(CCACHE) $(HOST_CC) -std=gnu11 $(OPT) -I$(CORE) $(XML_CFLAGS) \
		$(YAML_CFLAGS) $(IBERTY_CFLAGS) -c $< -o $@
# Checked again only when an object changed: make check's sub-makes for
# each compiler all ask for check-build.
check-layers: $(B)/layers.ok
$(B)/layers.ok: $(CORE_OBJ) $(call TOOL_LAYER_OBJ,$(SUMMARY_SRC) $(PROFILE_SRC)) \
		$(if $(GCC_PLUGIN_WANTED),$(PLUGIN_OBJ))
	sh tools/layers.sh core $(CORE_OBJ)
	$(if $(GCC_PLUGIN_WANTED),sh tools/layers.sh gcc-plugin $(PLUGIN_OBJ))
	sh tools/layers.sh hotinline-summary \
		$(call TOOL_LAYER_OBJ,$(SUMMARY_SRC))
	sh tools/layers.sh hotinline-profile \
		$(call TOOL_LAYER_OBJ,$(PROFILE_SRC))
	touch $@
plugin: $(PLUGIN)

# make check with neither GCC= nor CLANG= given: the default GCC and the
# first Clang, side by side, what a contributor runs before a commit.
ifeq ($(CLANG)$(filter command line,$(origin GCC)),)
check:
	+$(MAKE) $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC)) check-gcc \
		$(if $(CLANG_VERSIONS),check-clang)
check-gcc check-clang: check-build
check-gcc:
	+$(MAKE) check GCC=$(GCC)
check-clang:
	+$(MAKE) check CLANG=clang-$(firstword $(CLANG_VERSIONS))
else
check: check-build
	$(MAKE) -s install DESTDIR=$(STAGE) GCC=$(BUILD_GCC) >/dev/null
	+HOTINLINE_PLUGIN=$(abspath $(PLUGIN)) HOTINLINE_GCC=$(GCC) \
	HOTINLINE_INSTALLED_PLUGIN=$(STAGE)$(PLUGINDIR)/hotinline.so \
	HOTINLINE_STAGE_BINDIR=$(STAGE)$(BINDIR) \
	HOTINLINE_SUMMARY=$(abspath $(SUMMARY_TOOL)) \
	HOTINLINE_CC_WRAPPER=$(abspath $(CC_WRAPPER)) \
	HOTINLINE_CHECK=$(abspath tools/hotinline-check.sh) \
	HOTINLINE_PROFILE_TOOL=$(abspath $(PROFILE_TOOL)) \
	HOTINLINE_SRCDIR=$(CURDIR) HOTINLINE_WORKDIR=$(abspath $(B))/work \
	HOTINLINE_CACHE_DIR=$(abspath $(B))/work/policy-cache \
	HOTINLINE_CHECK_TIMES=$(abspath $(B))/check-times.tsv \
	./$(TEST_BIN)
endif

# Real libraries (C: xxHash, LZ4, zstd, libdeflate; C++: simdjson, {fmt};
# fetched once into build/real-src): forcing against their own
# always_inline, report places, surgical, output.  Not part of check.
# REAL="lz4 O3" runs one library and setting, REAL=c or REAL=c++ a group;
# CLANG=clang-N runs them with that Clang and the LLVM plugin.
ifeq ($(CLANG),)
check-real: $(PLUGIN)
	GCC=$(GCC) HOTINLINE_PLUGIN=$(abspath $(PLUGIN)) \
	sh testsuite/real/run.sh $(REAL)
else
check-real: $(CLANG_PLUGIN)
	GCC=$(CLANG) HOTINLINE_PLUGIN=$(abspath $(CLANG_PLUGIN)) \
	sh testsuite/real/run.sh $(REAL)
endif

# The whole testsuite for every supported GCC: 12 and 11 here, 13 to 16
# in a Debian testing chroot that tools/debian-chroot.sh makes (root).
NPROC := $(shell nproc 2>/dev/null || echo 1)
# Each stage's log and time in build/check-all/ (build/ci/ for make ci),
# emptied first so that the table shows this run only.
check-all ci check-next: private LOGS = build/$@
check-all ci check-next:
	@rm -rf $(LOGS); rc=0; \
	$(MAKE) -k -j$(NPROC) -f tools/check-all.mk LOGS=$(LOGS) \
		$(patsubst check-next,next,$@) || rc=$$?; \
	echo "=== make $@: per stage"; \
	sh tools/stage.sh --table $(LOGS); \
	if [ $$rc -ne 0 ]; then \
		echo "=== make $@: the failures"; \
		grep -H -E ':[FE]:|error:|Error [0-9]' $(LOGS)/*.log | head -n 60; \
	fi; \
	exit $$rc

# Linux 6.1's lib/xarray.o cross-compiled for arm64 with the plugin; needs
# Debian's linux-source-6.1 (unpacked and configured once in build/linux).
LINUX_TARBALL ?= /usr/src/linux-source-6.1.tar.xz
check-linux-arm64:
	$(MAKE) GCC=aarch64-linux-gnu-gcc-12
	sh testsuite/linux/arm64-xarray.sh \
		$(abspath build/aarch64-linux-gnu-gcc-12/hotinline.so) \
		aarch64-linux-gnu-gcc-12 $(LINUX_TARBALL) $(abspath build/linux)

# Linux 6.1's lib/xarray.o for x86_64 built with Clang (LLVM=-N) and the
# LLVM plugin: report places, report mode's code, forcing = the hand
# annotation.  Needs Debian's linux-source-6.1.  CLANG=clang-16 by default.
check-linux-clang:
	$(MAKE) CLANG=$(or $(CLANG),clang-16)
	sh testsuite/linux/clang-xarray.sh \
		$(abspath build/$(or $(CLANG),clang-16)/hotinline.so) \
		$(or $(CLANG),clang-16) $(LINUX_TARBALL) \
		$(abspath build/linux-x86_64)

# FreeBSD's radix-trie units (subr_pctrie.c, vm_radix.c, vm_page.c,
# vfs_subr.c) compiled as FreeBSD's kernel build compiles them for amd64
# GENERIC, with Clang 19 (FreeBSD 15's), the default Clang and GCC: report
# places, -Werror, forcing = the hand annotation, surgical forcing
# (docs/freebsd.md).  FREEBSD_SRC: a FreeBSD sys tree, or a folder of
# them as ../shared/freebsd is; skipped, saying why, where there is none.
FREEBSD_SRC ?= $(CURDIR)/../shared/freebsd
FREEBSD_CLANGS ?= clang-19 $(filter-out clang-19,clang-$(firstword $(CLANG_VERSIONS)))
FREEBSD_GCC ?= $(if $(filter $(HOST_MACHINE),$(GCC_MACHINE)),$(if $(filter gcc,$(GCC)),gcc-$(GCC_MAJOR),$(GCC)))
.PHONY: check-freebsd
check-freebsd:
	if [ -d "$(FREEBSD_SRC)" ]; then \
		$(foreach c,$(FREEBSD_CLANGS),$(MAKE) CLANG=$(c) build/$(c)/hotinline.so &&) \
		$(if $(FREEBSD_GCC),$(MAKE) GCC=$(FREEBSD_GCC) plugin &&) true; \
	fi
	sh testsuite/freebsd/check-freebsd.sh $(FREEBSD_SRC) \
		$(abspath build/freebsd) \
		$(foreach c,$(FREEBSD_CLANGS),$(c)=$(abspath build/$(c)/hotinline.so)) \
		$(if $(FREEBSD_GCC),$(FREEBSD_GCC)=$(abspath build/gcc-$(shell $(FREEBSD_GCC) -dumpversion | cut -d. -f1)/hotinline.so))

# A lock across a compiler upgrade on Linux 6.1's units that the shipped
# policies name (testsuite/linux/lock-upgrade.sh), and across a library
# upgrade, LZ4 1.9.4 to 1.10.0 (testsuite/real/lock-upgrade.sh).
# OLD=gcc-12 NEW=gcc-16 (a GCC Debian 12 lacks runs in the testing
# chroot, whose plugin make check-all builds); OLD=clang-16 NEW=clang-22.
check-linux-lock: $(SUMMARY_TOOL)
	$(foreach c,$(or $(OLD),gcc-12) $(or $(NEW),gcc-16),\
	  $(if $(filter clang-%,$(c)),$(MAKE) CLANG=$(c) build/$(c)/hotinline.so;,\
	    $(if $(shell command -v $(c)),$(MAKE) GCC=$(c) plugin;)))
	HOTINLINE_SUMMARY=$(abspath $(SUMMARY_TOOL)) \
	sh testsuite/linux/lock-upgrade.sh $(or $(OLD),gcc-12) \
		$(or $(NEW),gcc-16) $(LINUX_TARBALL) $(abspath build/linux-lock)
# A whole kernel (docs/kernel.md): KERNEL=6.1, 7.2 or 7.3, CC=gcc-N or
# clang-N (a compiler this system lacks builds in the Debian system that
# has it), STEPS= some of the steps of testsuite/kernel/check-kernel.sh.
KERNEL ?= 6.1
KERNEL_CC := $(if $(filter command line environment,$(origin CC)),$(CC),gcc-$(GCC_MAJOR))
KERNEL_PLUGIN := $(if $(filter clang-%,$(KERNEL_CC)),CLANG=$(KERNEL_CC) build/$(KERNEL_CC)/hotinline.so,GCC=$(KERNEL_CC) plugin)
KERNEL_SYSTEM = $(shell sh tools/debian-chroot.sh system-of $(KERNEL_CC))
check-kernel: $(SUMMARY_TOOL)
	$(if $(shell command -v $(KERNEL_CC)),$(MAKE) $(KERNEL_PLUGIN),\
	  sh tools/debian-chroot.sh $(KERNEL_SYSTEM) create && \
	  sh tools/debian-chroot.sh $(KERNEL_SYSTEM) run make -s -j2 $(KERNEL_PLUGIN))
	HOTINLINE_SUMMARY=$(abspath $(SUMMARY_TOOL)) \
	sh testsuite/kernel/check-kernel.sh $(KERNEL) $(KERNEL_CC) $(STEPS)
# The audit of real code's marks (docs/audit.md), written into it:
# LZ4's library, and Linux's mm/ (KERNEL=6.1 or 7.2), with each of
# AUDIT_CCS (a compiler this system lacks runs in the Debian system that
# has it).
AUDIT_CCS ?= gcc-12 gcc-16 clang-16 clang-22
audit-real: $(SUMMARY_TOOL)
	sh testsuite/real/audit.sh lz4 $(AUDIT_CCS)
audit-kernel: $(SUMMARY_TOOL)
	sh testsuite/real/audit.sh mm $(KERNEL) $(AUDIT_CCS)
check-real-lock: $(SUMMARY_TOOL)
	$(if $(CLANG),$(MAKE) CLANG=$(CLANG) build/$(CLANG)/hotinline.so,$(MAKE) plugin)
	HOTINLINE_SUMMARY=$(abspath $(SUMMARY_TOOL)) \
	sh testsuite/real/lock-upgrade.sh $(or $(CLANG),$(GCC)) \
		$(abspath build/lock-lz4-$(or $(CLANG),$(GCC)))

# make install: the GCC plugin and the tools; make install CLANG=clang-N:
# the LLVM plugin for that Clang and the tools.
ifeq ($(CLANG),)
install: install-tools $(PLUGIN)
	install -d $(DESTDIR)$(PLUGINDIR)
	install -m 755 $(PLUGIN) $(DESTDIR)$(PLUGINDIR)/hotinline.so
else
install: install-tools $(CLANG_PLUGIN)
	install -d $(DESTDIR)$(LLVM_PLUGINDIR)
	install -m 755 $(CLANG_PLUGIN) $(DESTDIR)$(LLVM_PLUGINDIR)/hotinline.so
endif

install-tools: $(SUMMARY_TOOL) $(PROFILE_TOOL) $(CC_WRAPPER)
	install -d $(DESTDIR)$(DATADIR)/policies $(DESTDIR)$(BINDIR)
	install -m 755 $(SUMMARY_TOOL) $(DESTDIR)$(BINDIR)/hotinline-summary
	install -m 755 $(PROFILE_TOOL) $(DESTDIR)$(BINDIR)/hotinline-profile
	install -m 755 $(CC_WRAPPER) $(DESTDIR)$(BINDIR)/hotinline-cc
	install -m 755 tools/hotinline-check.sh $(DESTDIR)$(BINDIR)/hotinline-check
	for n in $(CC_WRAPPER_NAMES); do \
		ln -sf hotinline-cc $(DESTDIR)$(BINDIR)/$$n || exit 1; \
	done
	install -m 644 policies/*.yaml $(DESTDIR)$(DATADIR)/policies/
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man7
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 man/*.7 $(DESTDIR)$(MANDIR)/man7/

uninstall:
ifeq ($(CLANG),)
	rm -f $(DESTDIR)$(PLUGINDIR)/hotinline.so
else
	rm -rf $(DESTDIR)$(LLVM_PLUGINDIR)
	-rmdir $(DESTDIR)$(PREFIX)/lib/hotinline 2>/dev/null
endif
	rm -f $(DESTDIR)$(BINDIR)/hotinline-summary
	rm -f $(DESTDIR)$(BINDIR)/hotinline-profile
	rm -f $(DESTDIR)$(BINDIR)/hotinline-cc
	rm -f $(DESTDIR)$(BINDIR)/hotinline-check
	for n in $(CC_WRAPPER_NAMES); do rm -f $(DESTDIR)$(BINDIR)/$$n; done
	rm -rf $(DESTDIR)$(DATADIR)
	rm -f $(patsubst man/%,$(DESTDIR)$(MANDIR)/man1/%,$(wildcard man/*.1))
	rm -f $(patsubst man/%,$(DESTDIR)$(MANDIR)/man7/%,$(wildcard man/*.7))

# Build the xarray example without and with the plugin and show what
# changed in the object code.
DEMO_PLUGIN := -fplugin=$(abspath $(PLUGIN)) \
	-fplugin-arg-hotinline-policy=policies/xarray_walk.yaml
# The target's objdump, and its calls (bl, to ppc64le's local entry too).
DEMO_OBJDUMP := $(shell $(GCC) -print-prog-name=objdump)
DEMO_CALL := '(call|bl)[[:space:]].*<xas_descend(\+0x8)?>'
demo: $(PLUGIN)
	$(GCC) -O2 examples/xarray_walk.c -o $(B)/xarray_walk.plain
	$(GCC) -O2 examples/xarray_walk.c -o $(B)/xarray_walk.forced $(DEMO_PLUGIN)
	@echo "calls to xas_descend without the plugin: $$($(DEMO_OBJDUMP) -d $(B)/xarray_walk.plain | grep -cE $(DEMO_CALL))"
	@echo "calls to xas_descend with policies/xarray_walk.yaml: $$($(DEMO_OBJDUMP) -d $(B)/xarray_walk.forced | grep -cE $(DEMO_CALL))"
	@$(TARGET_RUN) $(B)/xarray_walk.plain && $(TARGET_RUN) $(B)/xarray_walk.forced
	@echo "and where a hot function cannot be forced, GCC says why:"
	$(GCC) -O2 -fPIC -c testsuite/samples/interposable.c -o /dev/null \
		-fplugin=$(abspath $(PLUGIN)) \
		-fplugin-arg-hotinline-policy=testsuite/samples/interposable.yaml
ifneq ($(CLANG_VERSIONS),)
	@$(MAKE) --no-print-directory demo-clang \
		CLANG=clang-$(firstword $(CLANG_VERSIONS))
endif

# The same with Clang and the LLVM plugin, on FreeBSD's radix trie lookups
# (Clang inlines xas_descend by itself), with the raw command line.
DEMO_CLANG_PLUGIN := -fplugin=$(abspath $(CLANG_PLUGIN)) \
	-fpass-plugin=$(abspath $(CLANG_PLUGIN)) \
	-fplugin-arg-hotinline-policy=policies/radix_lookup.yaml
DEMO_CLANG_CALL := '(call|jmp)[[:space:]].*<pctrie_lookup_(le|ge)>'
demo-clang: $(CLANG_PLUGIN)
	$(CLANG) -O2 examples/radix_lookup.c -o $(CLANG_B)/radix_lookup.plain
	$(CLANG) -O2 examples/radix_lookup.c -o $(CLANG_B)/radix_lookup.forced \
		$(DEMO_CLANG_PLUGIN)
	@echo "calls to pctrie_lookup_le/ge without the plugin ($(CLANG)): $$(objdump -d $(CLANG_B)/radix_lookup.plain | grep -cE $(DEMO_CLANG_CALL))"
	@echo "calls to pctrie_lookup_le/ge with policies/radix_lookup.yaml: $$(objdump -d $(CLANG_B)/radix_lookup.forced | grep -cE $(DEMO_CLANG_CALL))"
	@$(CLANG_B)/radix_lookup.plain && $(CLANG_B)/radix_lookup.forced

# Debian packages, built by dpkg-buildpackage in a copy of the tree in
# build/deb/src: the .deb, .buildinfo and .changes files land in build/deb/.
# lintian fails the target on an error (the warnings it may leave are in
# docs/install.md).
DEB_DIR := build/deb
DEB_JOBS ?= 2
deb:
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_DIR)/src
	tar -cf - --exclude=./build --exclude=./.git . | tar -xf - -C $(DEB_DIR)/src
	cd $(DEB_DIR)/src && dpkg-buildpackage -us -uc -b -J$(DEB_JOBS)
	lintian --fail-on error $(DEB_DIR)/*.changes

# The packages installed in a clean Debian 12 made with debootstrap (cached
# in build/deb-chroot) and used as a user would.  Root.
# Of the Clang packages, only the one it tests is built: CHECK_DEB_CLANG
# (empty: all; CHECK_DEB_PROFILES=pkg.hotinline.noclang: none, and the test
# says it skips it).
CHECK_DEB_PROFILES ?=
CHECK_DEB_CLANG ?= 16
check-deb:
	$(MAKE) deb DEB_BUILD_PROFILES="$(CHECK_DEB_PROFILES)" \
		HOTINLINE_DEB_CLANGS="$(CHECK_DEB_CLANG)"
	HOTINLINE_DEB_CLANG="$(or $(CHECK_DEB_CLANG),16)" \
		sh testsuite/packages/install.sh $(DEB_DIR)

# The same in Debian testing: the packages built there (in a clean testing
# system with the build dependencies, the GCCs of DEB_FORKY_GCCS and the
# Clangs of DEB_FORKY_CLANGS: those of 16 to 23 that testing has)
# into build/deb-forky/, checked by lintian, then each plugin package
# installed and used in another, each Clang's beside GCC 16's.  Root.
DEB_FORKY_GCCS ?= 13 14 15
DEB_FORKY_CLANGS ?= 21 22
check-deb-forky:
	HOTINLINE_DEB_SUITE=forky HOTINLINE_DEB_GCCS="$(DEB_FORKY_GCCS)" \
		HOTINLINE_DEB_CLANGS="$(DEB_FORKY_CLANGS)" \
		sh testsuite/packages/install.sh --build build/deb-forky
	lintian --fail-on error build/deb-forky/*.changes
	for n in $(DEB_FORKY_GCCS); do \
		HOTINLINE_DEB_SUITE=forky HOTINLINE_DEB_GCC=$$n \
		HOTINLINE_DEB_CLANG=none \
			sh testsuite/packages/install.sh build/deb-forky || exit 1; done
	for l in $(or $(DEB_FORKY_CLANGS),none); do \
		HOTINLINE_DEB_SUITE=forky HOTINLINE_DEB_GCC=16 \
		HOTINLINE_DEB_CLANG=$$l \
			sh testsuite/packages/install.sh build/deb-forky || exit 1; done

# And in Debian unstable, for the Clangs only it has (DEB_SID_CLANGS: 23),
# each plugin package installed and used beside GCC 16's.  Root.
DEB_SID_CLANGS ?= 23
check-deb-sid:
	HOTINLINE_DEB_SUITE=sid HOTINLINE_DEB_GCCS= \
		HOTINLINE_DEB_CLANGS="$(DEB_SID_CLANGS)" \
		sh testsuite/packages/install.sh --build build/deb-sid
	lintian --fail-on error build/deb-sid/*.changes
	for l in $(DEB_SID_CLANGS); do \
		HOTINLINE_DEB_SUITE=sid HOTINLINE_DEB_GCC=16 \
		HOTINLINE_DEB_CLANG=$$l \
			sh testsuite/packages/install.sh build/deb-sid || exit 1; done

clean:
	rm -rf build
