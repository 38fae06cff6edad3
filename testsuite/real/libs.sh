# The libraries of the real-code suite: where their sources come from
# (pinned, with the tarball's sha256), which units are checked, how the
# force-inline macro is taken out, and the program that exercises them.
# Sourced by run.sh; lib_load NAME sets the L_* variables.

REAL_LIBS_C="xxhash lz4 zstd libdeflate"
REAL_LIBS_CXX="simdjson fmt"
REAL_LIBS="$REAL_LIBS_C $REAL_LIBS_CXX"
REAL_SETTINGS="O2 O3 O3-avx2"

# setting_flags SETTING: the compiler flags of a setting.
setting_flags () {
	case $1 in
	O2) echo "-O2" ;;
	O3) echo "-O3" ;;
	O3-avx2) echo "-O3 -mavx2" ;;
	*) return 1 ;;
	esac
}

debian_pool=http://deb.debian.org/debian/pool/main

lib_load () {
	L_FIXED=		# units built once (-O1), never checked
	# L_LANG: c, or c++ (built with the C++ driver of GCC's name, g++-N
	# for gcc-N, the program a unit of the build like the library's).
	# L_POLICY: where the policy comes from: gimple (GCC's dump of the
	# upstream build) or listing (the plugin's listing mode run on the
	# upstream build, -fplugin-arg-hotinline-list).
	L_LANG=c
	L_POLICY=gimple
	L_SETTINGS=$REAL_SETTINGS	# the settings that make sense for it
	# L_STRIP_FILE: the file defining the macro; a copy of the sources
	# has L_STRIP_FROM replaced by L_STRIP_TO there (fixed strings).
	case $1 in
	xxhash)
		# XXH_FORCE_INLINE, xxhash.h line 1504.  Under -mavx2 the
		# AVX2 code sits in a "#pragma GCC optimize("-O2")" region.
		L_VERSION=0.8.1
		L_URL=$debian_pool/x/xxhash/xxhash_0.8.1.orig.tar.gz
		L_SHA256=3bb6b7d6f30c591dd65aaaff1c8b7a5b94d81687998ca9400082c739a690436c
		L_DIR=xxHash-0.8.1
		L_UNITS="xxhash.c"
		L_CFLAGS="-I."
		L_STRIP_FILE=xxhash.h
		L_STRIP_FROM='static __inline__ __attribute__((always_inline, unused))'
		L_STRIP_TO='static __inline__ __attribute__((unused))'
		;;
	lz4)
		# LZ4_FORCE_INLINE, lib/lz4.c line 136.
		L_VERSION=1.9.4
		L_URL=$debian_pool/l/lz4/lz4_1.9.4.orig.tar.gz
		L_SHA256=0b0e3aa07c8c063ddf40b082bdf7e37a1562bda40a0ff5272957f3e987e0e54b
		L_DIR=lz4-1.9.4
		L_UNITS="lib/lz4.c"
		L_CFLAGS="-Ilib"
		L_STRIP_FILE=lib/lz4.c
		L_STRIP_FROM='define LZ4_FORCE_INLINE static inline __attribute__((always_inline))'
		L_STRIP_TO='define LZ4_FORCE_INLINE static inline'
		;;
	zstd)
		# FORCE_INLINE_ATTR (FORCE_INLINE_TEMPLATE, HINT_INLINE),
		# lib/common/compiler.h line 29; DONT_VECTORIZE puts
		# optimize("no-tree-vectorize") on hot functions.  The
		# decompressor is checked; the compressor only makes its input.
		# ZSTD_DISABLE_ASM: the C Huffman loops, not the .S file.
		L_VERSION=1.5.4+dfsg2
		L_URL=$debian_pool/libz/libzstd/libzstd_1.5.4+dfsg2.orig.tar.xz
		L_SHA256=8cf4bbb65e77ec348d052c8d6230eba66d435bddf64c8b5be2fcb16880c19953
		L_DIR=zstd-1.5.4
		L_UNITS="lib/decompress/zstd_decompress_block.c
			lib/decompress/huf_decompress.c
			lib/common/fse_decompress.c lib/common/entropy_common.c"
		L_FIXED="lib/decompress/zstd_decompress.c
			lib/decompress/zstd_ddict.c lib/common/zstd_common.c
			lib/common/error_private.c lib/common/xxhash.c
			lib/common/debug.c lib/common/pool.c
			lib/common/threading.c lib/compress/*.c"
		L_CFLAGS="-Ilib -Ilib/common -DZSTD_DISABLE_ASM=1"
		L_STRIP_FILE=lib/common/compiler.h
		L_STRIP_FROM='define FORCE_INLINE_ATTR __attribute__((always_inline))'
		L_STRIP_TO='define FORCE_INLINE_ATTR'
		;;
	libdeflate)
		# forceinline, common_defs.h line 130.  The decompressor and
		# the checksums are checked (with their target("bmi2"),
		# target("pclmul,avx2") variants); the compressor only makes
		# the decompressor's input.
		L_VERSION=1.14
		L_URL=$debian_pool/libd/libdeflate/libdeflate_1.14.orig.tar.gz
		L_SHA256=89e7df898c37c3427b0f39aadcf733731321a278771d20fc553f92da8d4808ac
		L_DIR=libdeflate-1.14
		L_UNITS="lib/deflate_decompress.c lib/crc32.c lib/adler32.c"
		L_FIXED="lib/deflate_compress.c lib/utils.c lib/x86/cpu_features.c
			lib/gzip_compress.c lib/gzip_decompress.c
			lib/zlib_compress.c lib/zlib_decompress.c"
		L_CFLAGS="-I. -Ilib"
		L_STRIP_FILE=common_defs.h
		L_STRIP_FROM='define forceinline		inline __attribute__((always_inline))'
		L_STRIP_TO='define forceinline		inline'
		;;
	simdjson)
		# simdjson_inline (every On-Demand method, the DOM accessors,
		# the SIMD kernels), singleheader/simdjson.h line 472, which
		# is simdjson_really_inline (inline + always_inline).  The six
		# friend operators written simdjson_really_inline keep it: in
		# a class template under "#pragma GCC target", GCC compiles
		# them only inlined (their own body is built without the
		# target's options: "target specific option mismatch").
		# simdjson_inline becomes inline with a neutral attribute
		# (unused), not inline alone: GCC 12 gives a friend defined in
		# a class the options of its "#pragma GCC target" region only
		# when the friend has an attribute, so westmere's friend
		# operator== would lose SSE4.2 with its last attribute, and
		# stripped would differ from upstream by more than
		# always_inline (samples/cxx-target.cc).  The amalgamated
		# library and the program, which inlines the On-Demand API.
		L_VERSION=3.0.1
		L_URL=$debian_pool/s/simdjson/simdjson_3.0.1.orig.tar.gz
		L_SHA256=156b1bc5eb0561b2bd166b46d191fd3d95a3e709cc63761477d3b7aec2b6e9ed
		L_DIR=simdjson-3.0.1
		L_LANG=c++
		L_POLICY=listing
		L_SETTINGS="O2 O3"	# it picks its SIMD code at run time
		L_UNITS="singleheader/simdjson.cpp"
		L_CFLAGS="-Isingleheader"
		L_STRIP_FILE=singleheader/simdjson.h
		L_STRIP_FROM='define simdjson_inline simdjson_really_inline'
		L_STRIP_TO='define simdjson_inline inline __attribute__((unused))'
		;;
	fmt)
		# FMT_INLINE, include/fmt/core.h line 197: the argument
		# packing and parsing of every format call.  src/format.cc
		# (the formatting code) and the program.
		L_VERSION=9.1.0+ds1
		L_URL=$debian_pool/f/fmtlib/fmtlib_9.1.0+ds1.orig.tar.gz
		L_SHA256=84ce1c2d0be3a9863935137969dcec6970125caac032f82474640bfc81463583
		L_DIR=fmtlib-9.1.0+ds1
		L_LANG=c++
		L_POLICY=listing
		L_SETTINGS="O2 O3"	# no vector code
		L_UNITS="src/format.cc"
		L_CFLAGS="-Iinclude"
		L_STRIP_FILE=include/fmt/core.h
		L_STRIP_FROM='define FMT_INLINE inline __attribute__((always_inline))'
		L_STRIP_TO='define FMT_INLINE inline'
		;;
	*) return 1 ;;
	esac
	L_DRIVER=$1-main.c
	[ $L_LANG = c ] || L_DRIVER=$1-main.cc
}

# cxx_of COMPILER: the C++ driver that goes with a C compiler's name.
cxx_of () {
	case $1 in
	*clang*) echo "$1" | sed 's/clang/clang++/' ;;
	*gcc*) echo "$1" | sed 's/gcc\([^/]*\)$/g++\1/' ;;
	*) echo "$1" ;;
	esac
}
