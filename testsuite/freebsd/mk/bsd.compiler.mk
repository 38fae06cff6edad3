# What FreeBSD's share/mk/bsd.compiler.mk (and the bsd.linker.mk it
# includes) find out about the compiler and linker, given here by the
# caller instead of read from "${CC} --version": COMPILER_TYPE (clang or
# gcc) and COMPILER_VERSION (190107 for 19.1.7) on the command line.
.if !defined(COMPILER_TYPE) || !defined(COMPILER_VERSION)
.error COMPILER_TYPE and COMPILER_VERSION must be given
.endif
# As FreeBSD 12's bsd.compiler.mk sets them (only retpoline is read by
# kern.mk, and only with WITH_KERNEL_RETPOLINE).
COMPILER_FEATURES?=	c++11
.if ${COMPILER_TYPE} == "clang"
COMPILER_FEATURES+=	retpoline
.endif
# The linker of FreeBSD 12 and later on amd64, ld.lld; kern.pre.mk reads
# these for the link only.
LINKER_TYPE?=		lld
LINKER_FEATURES?=	build-id filter ifunc retpoline
