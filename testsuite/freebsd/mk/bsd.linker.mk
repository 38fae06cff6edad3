# FreeBSD's share/mk/bsd.linker.mk: LINKER_TYPE and LINKER_FEATURES, which
# bsd.compiler.mk here sets already (later kernel makefiles include this
# file themselves).
