# The Clangs this machine can build a plugin for: every clang-N, N from 16,
# whose llvm-config-N is installed.  The one list the build
# (plugin/llvm/llvm.mk), the wrapper's names and make check-all
# (tools/check-all.mk) use.  One shell asks for them all; it prints the
# paths it finds and "found=N" for each version with both.
CLANG_VERSIONS := $(patsubst found=%,%,$(filter found=%,$(shell \
	for v in $$(seq 16 40); do if command -v clang-$$v && \
	command -v llvm-config-$$v; then echo found=$$v; fi; done)))
