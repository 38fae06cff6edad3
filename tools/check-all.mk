# The whole testsuite, every compiler, as one parallel make run: each
# stage a target, started as soon as a CPU is free.  The stages share
# make's job server with the testsuite's runner (testsuite/harness/runner.c),
# which runs each compiler's test cases in parallel on the tokens it gets,
# so both CPUs stay busy until the last test.  Each stage is timed by
# tools/stage.sh; its output is in $(LOGS)/STAGE.log.
#
#   make check-all    -> make -f tools/check-all.mk -jNCPU check-all
#   make ci           -> the same and the real-code suite (.ci/run)
#
# The compilers, from the environment as for make check-all:
#   HOTINLINE_HOST_GCCS    GCCs of this machine (default: gcc-12 gcc-11 and
#                          the GCC 12 cross compilers for aarch64, ppc64le)
#   HOTINLINE_CHROOT_GCCS  GCCs run in the Debian testing system that
#                          tools/debian-chroot.sh makes (default: 13 to 16;
#                          empty: none)
#   HOTINLINE_CLANGS       Clangs of this machine whose LLVM plugin is
#                          tested (default: every clang-N, N >= 16, with its
#                          llvm-config-N)
#   HOTINLINE_CHROOT_CLANGS  Clangs run in the Debian system that has them
#                          (default: 21 in testing, 23 in unstable; empty:
#                          none)

default_if_unset = $(if $(filter undefined,$(origin $(1))),$(2),$($(1)))

HOST_GCCS := $(call default_if_unset,HOTINLINE_HOST_GCCS,gcc-12 gcc-11 \
	aarch64-linux-gnu-gcc-12 powerpc64le-linux-gnu-gcc-12)
CHROOT_GCCS := $(call default_if_unset,HOTINLINE_CHROOT_GCCS,gcc-13 gcc-14 \
	gcc-15 gcc-16)
include tools/clangs.mk
CLANGS := $(call default_if_unset,HOTINLINE_CLANGS,\
	$(addprefix clang-,$(CLANG_VERSIONS)))
CHROOT_CLANGS := $(call default_if_unset,HOTINLINE_CHROOT_CLANGS,clang-21 \
	clang-23)
# The Debian system each runs in (tools/debian-chroot.sh system-of).
system_of = $(shell sh tools/debian-chroot.sh system-of $(1))
# The host's default GCC builds the tools every Clang's run shares.
DEFAULT_GCC := $(firstword $(HOST_GCCS) gcc)

# The plugins' objects through ccache, kept where a later run finds them;
# in the chroot, in its own ~/.cache.
CCACHE := $(if $(shell command -v ccache),ccache)
export CCACHE
CCACHE_DIR ?= /var/cache/hotinline/ccache
export CCACHE_DIR
# A fresh clone elsewhere (CI's) finds the objects of the last: paths
# under the checkout are hashed relative to it, and a -g object's hash
# leaves out the directory it was compiled in (its debug information then
# names the first clone's; nothing reads it).
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1

LOGS ?= build/check-all
STAGE := sh tools/stage.sh $(LOGS)

# The real-code suite CI runs: the C libraries with the default GCC and
# with GCC 11, the C++ ones at -O2 with the default GCC (all their
# settings: make check-real REAL=c++), one library per stage; and LZ4, all
# its settings, with the oldest and the newest Clang of CLANGS (before 22
# the report places its known-failures list gives, from 22 on exact).
REAL_LIBS = $(shell . testsuite/real/libs.sh && echo $$$(1))
REAL_CLANGS := $(sort $(firstword $(CLANGS)) $(lastword $(CLANGS)))
REAL_STAGES := $(foreach l,$(call REAL_LIBS,REAL_LIBS_C),\
	real-$(DEFAULT_GCC)-$(l) real-gcc-11-$(l)) \
	$(foreach l,$(call REAL_LIBS,REAL_LIBS_CXX),real-$(DEFAULT_GCC)-$(l)-O2) \
	$(foreach c,$(REAL_CLANGS),real-$(c)-lz4)
# The sources they build, kept where a later run finds them (sha256-checked
# against the pinned tarballs, so never stale).
HOTINLINE_REAL_CACHE ?= /var/cache/hotinline/real-src
export HOTINLINE_REAL_CACHE

# FreeBSD's kernel units (make check-freebsd, testsuite/freebsd): with
# Clang 19 and the first Clang of CLANGS, and the default GCC; about two
# CPU minutes, on one CPU.  It says why it skips where ../shared/freebsd
# is absent.
FREEBSD_CLANGS := $(filter clang-19,$(CLANGS)) \
	$(filter-out clang-19,$(firstword $(CLANGS)))

# In the order make starts them: the chroot's GCCs first, since they need
# nothing of the shared build and keep the CPUs busy while it runs; then
# the real-code stages and FreeBSD's, each a chain of builds on one CPU;
# then this machine's GCCs and the Clangs, whose test cases spread over
# every CPU and so fill the end of the run.
CHROOT_STAGES := $(addprefix check-,$(CHROOT_GCCS) $(CHROOT_CLANGS))
CHROOT_REAL_STAGES := $(foreach c,$(CHROOT_CLANGS),real-$(c)-lz4)
LAYERS_STAGE := $(addprefix layers-,$(firstword $(CLANGS)))
CHECK_STAGES := $(CHROOT_STAGES) $(addprefix check-,$(HOST_GCCS) $(CLANGS)) \
	$(LAYERS_STAGE)
.PHONY: check-all ci build real-sources check-freebsd $(CHECK_STAGES) \
	$(REAL_STAGES) $(CHROOT_REAL_STAGES)
check-all: $(CHECK_STAGES)
ci: $(CHROOT_STAGES) $(REAL_STAGES) $(CHROOT_REAL_STAGES) check-freebsd \
	$(filter-out $(CHROOT_STAGES),$(CHECK_STAGES))

# What several stages share, built once: the default GCC's plugin, tools
# and test binary (the Clangs' runs use them), every Clang's plugin, and
# GCC 11's plugin, which its testsuite and the real-code suite share.
build:
	+@$(STAGE) build sh -c '$(MAKE) GCC=$(DEFAULT_GCC) all check-build \
		$(if $(filter gcc-11,$(HOST_GCCS)),&& $(MAKE) GCC=gcc-11 plugin) \
		$(foreach c,$(REAL_CLANGS),&& $(MAKE) CLANG=$(c) \
			build/$(c)/hotinline.so)'

chroot-%:
	+@$(STAGE) chroot-$* sh tools/debian-chroot.sh $* create

# Chromium renders the HTML report's pages (tools' output, the same for
# every compiler) in the default GCC's run only: three more renderings
# cost two CPU minutes.
$(addprefix check-,$(HOST_GCCS)): check-%: build
	+@$(STAGE) check-$* $(if $(filter-out $(DEFAULT_GCC),$*),\
		env HOTINLINE_RENDERED_IN=$(DEFAULT_GCC)) $(MAKE) check GCC=$*

$(addprefix check-,$(CLANGS)): check-%: build
	+@$(STAGE) check-$* $(MAKE) check CLANG=$*

# The LLVM plugin's files call only down, checked on the oldest Clang's
# (the GCC plugin's, the core's and the tools' are in every check-build):
# its files compiled one by one, which the plugin's build does not do.
ifneq ($(LAYERS_STAGE),)
$(LAYERS_STAGE): layers-%: build
	+@$(STAGE) layers-$* sh -c 'rm -f build/$*/layers.ok && \
		$(MAKE) check-layers CLANG=$*'
endif

$(addprefix check-,$(CHROOT_GCCS)): check-%: chroot-forky
	+@$(STAGE) check-$* sh tools/debian-chroot.sh forky run \
		make check GCC=$* CCACHE=ccache

# A Clang of another system: its tools and tests built by that system's
# newest GCC (from the environment: on make's command line it would be
# the compiler under test).  Where that GCC has a stage of its own, after
# it, with its tools and its plugin, which the suites that compare the
# two compilers use; elsewhere in a directory of their own, and those
# suites say they are skipped.
chroot_gcc = $(if $(filter forky,$(1)),gcc-16,gcc)
define chroot_clang_stage
check-$(1): chroot-$(2) $(filter check-$(call chroot_gcc,$(2)),$(CHECK_STAGES))
	+@$$(STAGE) check-$(1) sh tools/debian-chroot.sh $(2) run \
		env GCC=$(call chroot_gcc,$(2)) make check CLANG=$(1) \
		$(if $(filter check-$(call chroot_gcc,$(2)),$(CHECK_STAGES)),,\
		B=build/$(1)-tools) CCACHE=ccache
endef
$(foreach c,$(CHROOT_CLANGS),$(eval $(call chroot_clang_stage,$(c),$(call system_of,$(c)))))

# LZ4 with a Clang of another system, all its settings, after that Clang's
# testsuite (its plugin built): the real sources' cache seen there at its
# path.  Before Clang 22 its report places are those known-failures
# gives, from 22 on exact.  (CHROOT_REAL_STAGES is set above, with the
# other stages.)
define chroot_real_stage
real-$(1)-lz4: check-$(1) real-sources
	+@$$(STAGE) real-$(1)-lz4 env \
		HOTINLINE_CHROOT_BIND="$$(HOTINLINE_REAL_CACHE)" \
		sh tools/debian-chroot.sh $(2) run \
		env GCC=$(call chroot_gcc,$(2)) HOTINLINE_REAL_JOBS=1 \
		HOTINLINE_REAL_CACHE=$$(HOTINLINE_REAL_CACHE) \
		make check-real CLANG=$(1) \
		$(if $(filter check-$(call chroot_gcc,$(2)),$(CHECK_STAGES)),,\
		B=build/$(1)-tools) REAL=lz4 CCACHE=ccache
endef
$(foreach c,$(CHROOT_CLANGS),$(eval $(call chroot_real_stage,$(c),$(call system_of,$(c)))))

real-sources:
	+@$(STAGE) real-sources sh testsuite/real/run.sh --fetch

# The build stage made every Clang's plugin and the default GCC's.
check-freebsd: build
	+@$(STAGE) check-freebsd $(MAKE) check-freebsd \
		FREEBSD_CLANGS="$(FREEBSD_CLANGS)" FREEBSD_GCC=$(DEFAULT_GCC)

# real-GCC-LIB[-SETTING]: one library (at one setting) with one GCC, on one
# CPU, in a work directory of its own.
$(REAL_STAGES): build real-sources
	+@set -- $(subst -, ,$(patsubst real-%,%,$@)); \
	case $$1 in \
	gcc) cc="GCC=$$1-$$2"; shift 2 ;; \
	clang) cc="CLANG=$$1-$$2"; shift 2 ;; \
	*) cc="GCC=$$1"; shift ;; \
	esac; \
	HOTINLINE_REAL_JOBS=1 \
	HOTINLINE_REAL_WORK=$(abspath $(LOGS))/$@ \
	$(STAGE) $@ $(MAKE) check-real $$cc REAL="$$*"

# make check-next: the development snapshots Debian carries, in the system
# tools/debian-chroot.sh makes of unstable with experimental: GCC's trunk
# (gcc-snapshot, first in PATH as gcc, as the wrapper's tests and the
# build systems' find it; its programs need its own libstdc++) and Clang
# 24.  Not part of make ci: a snapshot may break any week.
NEXT_GCC_DIR := /usr/lib/gcc-snapshot
.PHONY: next check-gcc-snapshot
next: check-gcc-snapshot check-clang-24
check-gcc-snapshot: chroot-next
	+@$(STAGE) check-gcc-snapshot sh tools/debian-chroot.sh next run \
		env PATH=$(NEXT_GCC_DIR)/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		LD_LIBRARY_PATH=$(NEXT_GCC_DIR)/lib \
		make check GCC=gcc CCACHE=ccache
$(eval $(call chroot_clang_stage,clang-24,next))
