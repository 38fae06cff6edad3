# What FreeBSD's share/mk/bsd.own.mk (with bsd.opts.mk) gives a kernel
# build, reduced to the knobs sys/conf/kern*.mk read: the defaults of
# FreeBSD 12 and later (SSP on, AUTO_OBJ off), and CTF as the kernel
# configuration's "makeoptions WITH_CTF" asks.  WITHOUT_SSP=yes and
# WITH_AUTO_OBJ=yes work as in src.conf.
.if defined(WITHOUT_SSP)
MK_SSP?=	no
.else
MK_SSP?=	yes
.endif
.if defined(WITH_AUTO_OBJ)
MK_AUTO_OBJ?=	yes
.else
MK_AUTO_OBJ?=	no
.endif
.if defined(WITH_CTF)
MK_CTF?=	yes
.else
MK_CTF?=	no
.endif
