# bmake reads sys.mk before any makefile.  With -m pointing here, nothing
# comes from Debian's /usr/share/mk; of FreeBSD's share/mk/sys.mk a
# kernel's makefiles need only MACHINE_CPUARCH, derived from MACHINE_ARCH
# as FreeBSD 12's sys.mk derives it (lazily: the kernel's Makefile sets
# MACHINE_ARCH after this file is read).
MACHINE_CPUARCH=	${MACHINE_ARCH:C/mips(n32|64)?(el)?(hf)?/mips/:C/arm(v[67])?(eb)?/arm/:C/powerpc(64|spe)/powerpc/:C/riscv64(sf)?/riscv/}
