# The LLVM (Clang) plugin: one shared object that is both Clang's
# front-end plugin "hotinline" (it reads -fplugin-arg-hotinline-*) and an
# LLVM pass plugin (llvmGetPassPluginInfo), built for one Clang.
#
#   make CLANG=clang-19          build/clang-19/hotinline.so
#   make check CLANG=clang-19    the testsuite against that Clang
#   make                         also for every clang-N (N >= 16) whose
#                                llvm-config-N is installed
#
# Included from the top Makefile, after CORE, CORE_SRC, YAML_* and
# XXHASH_CFLAGS are set.

LLVM_PLUGIN := plugin/llvm
LLVM_PLUGIN_SRC := $(addprefix $(LLVM_PLUGIN)/,hotinline.cpp state.cpp unit.cpp \
	policies.cpp source-decls.cpp call-places.cpp names.cpp diagnose.cpp \
	force.cpp surgical.cpp report.cpp tail-merge.cpp hints.cpp remarks.cpp \
	results.cpp deps.cpp summary.cpp lto.cpp listing.cpp machine-calls.cpp \
	disregard.cpp audit.cpp)

# The Clangs this machine can build a plugin for: CLANG_VERSIONS.
include tools/clangs.mk

ifneq ($(CLANG),)
CLANG_MAJOR := $(shell $(CLANG) -dumpversion | cut -d. -f1)
LLVM_CONFIG ?= llvm-config-$(CLANG_MAJOR)
CLANG_B := build/clang-$(CLANG_MAJOR)
CLANG_PLUGIN := $(CLANG_B)/hotinline.so
CLANGXX := $(patsubst %clang-$(CLANG_MAJOR),%clang++-$(CLANG_MAJOR),$(CLANG))
LLVM_LIBDIR := $(shell $(LLVM_CONFIG) --libdir)
CLANG_CORE_OBJ := $(patsubst $(CORE)/%.c,$(CLANG_B)/%.o,$(CORE_SRC))
# The plugin's files are compiled as one translation unit, which includes
# each of them: LLVM's and Clang's headers, most of each file's time, are
# parsed once rather than once per file (Clang 19, 2 cores, from clean: 112 CPU
# seconds file by file, 28 in one unit).  LLVM_UNITY=no compiles them one
# by one, as an edit of one file wants.
LLVM_UNITY ?= yes
ifeq ($(LLVM_UNITY),no)
CLANG_PLUGIN_OBJ := $(patsubst $(LLVM_PLUGIN)/%.cpp,$(CLANG_B)/%.o,\
	$(LLVM_PLUGIN_SRC))
else
CLANG_PLUGIN_OBJ := $(CLANG_B)/plugin-unit.o
endif
LLVM_PLUGIN_CXXFLAGS := $(shell $(LLVM_CONFIG) --cxxflags) $(WARN) $(OPT) \
	-fPIC -fno-rtti -fno-exceptions -fvisibility=hidden \
	-fvisibility-inlines-hidden -Wno-unused-parameter \
	-iquote $(CORE) -iquote $(LLVM_PLUGIN) $(IBERTY_CFLAGS)

all: $(CLANG_PLUGIN)

$(CLANG_B):
	mkdir -p $@

$(CLANG_B)/%.o: $(CORE)/%.c $(wildcard $(CORE)/*.h) | $(CLANG_B)
	$(CCACHE) $(CLANG) $(CORE_CFLAGS) -c $< -o $@

$(CLANG_B)/policy-image.o $(CLANG_B)/policy-cache.o: CORE_CFLAGS += -O3

$(CLANG_B)/%.o: $(LLVM_PLUGIN)/%.cpp $(wildcard $(CORE)/*.h \
		$(LLVM_PLUGIN)/*.h) | $(CLANG_B)
	$(CCACHE) $(CLANGXX) $(LLVM_PLUGIN_CXXFLAGS) -c $< -o $@

# The one unit: a file that includes the others, written again only when
# their list changes.
$(CLANG_B)/plugin-unit.cpp: plugin/llvm/llvm.mk | $(CLANG_B)
	printf '#include "%s"\n' $(notdir $(LLVM_PLUGIN_SRC)) > $@.tmp
	mv -f $@.tmp $@
$(CLANG_B)/plugin-unit.o: $(CLANG_B)/plugin-unit.cpp $(LLVM_PLUGIN_SRC) \
		$(wildcard $(CORE)/*.h $(LLVM_PLUGIN)/*.h)
	$(CCACHE) $(CLANGXX) $(LLVM_PLUGIN_CXXFLAGS) -c $< -o $@

# make check-layers: the plugin's files call only down (tools/layers.sh),
# checked on them compiled one by one, as LLVM_UNITY=no compiles them
# (through ccache: the one unit's build does not need them).
LLVM_LAYER_OBJ := $(patsubst $(LLVM_PLUGIN)/%.cpp,$(CLANG_B)/files/%.o,\
	$(LLVM_PLUGIN_SRC))
LLVM_LAYER_CCACHE := $(or $(CCACHE),$(shell command -v ccache 2>/dev/null))
$(CLANG_B)/files/%.o: $(LLVM_PLUGIN)/%.cpp $(wildcard $(CORE)/*.h \
		$(LLVM_PLUGIN)/*.h) | $(CLANG_B)
	@mkdir -p $(@D)
	$(LLVM_LAYER_CCACHE) $(CLANGXX) $(LLVM_PLUGIN_CXXFLAGS) -c $< -o $@
check-layers: $(CLANG_B)/layers.ok
$(CLANG_B)/layers.ok: $(LLVM_LAYER_OBJ)
	sh tools/layers.sh llvm-plugin $^
	touch $@

# libLLVM and libclang-cpp of this version, by their sonames: only the
# unversioned development links differ between packages.  libiberty's
# hash table (static, PIC) is linked in and kept private.
# Linked under another name and renamed: the testsuite of another Clang
# may load it (as a plugin for the wrong LLVM) while it is being built.
$(CLANG_PLUGIN): $(CLANG_CORE_OBJ) $(CLANG_PLUGIN_OBJ)
	$(CLANGXX) -shared -o $@.tmp $^ -Wl,--exclude-libs,ALL \
		-Wl,-z,defs -L$(LLVM_LIBDIR) $(LDFLAGS) \
		$(firstword $(wildcard $(LLVM_LIBDIR)/libclang-cpp.so.$(CLANG_MAJOR)*)) \
		$(shell $(LLVM_CONFIG) --libs) $(YAML_LIBS) $(IBERTY_LIBS)
	mv -f $@.tmp $@

else
# Plain make: the plugin for each installed Clang, each by its own make.
.PHONY: clang-plugins
all: clang-plugins
clang-plugins:
	@for v in $(CLANG_VERSIONS); do \
		$(MAKE) --no-print-directory CLANG=clang-$$v \
			build/clang-$$v/hotinline.so || exit 1; \
	done
endif

# make check CLANG=clang-N: the same testsuite (built by the host's GCC as
# always), run against this Clang and its plugin.  Private: the tests and
# tools that check depends on are still built as without CLANG.
ifneq ($(CLANG),)
check: $(CLANG_PLUGIN)
check: private GCC = $(CLANG)
check: private PLUGIN = $(CLANG_PLUGIN)
# Its own staged install and work directories: make check-all runs the
# Clangs at the same time, and beside GCC 12, whose tools they share.
check: private B = $(CLANG_B)
check: private STAGE = $(abspath $(CLANG_B))/stage
endif
