#!/bin/sh
# The whole testsuite for every compiler hotinline supports: the GCCs this
# machine has (Debian 12: GCC 12 and 11, and GCC 12 for aarch64 and
# ppc64le), GCC 13 to 16 in a Debian testing chroot (tools/forky-chroot.sh,
# made on the first run; needs root), and the Clangs 16 and later this
# machine has, with the LLVM plugin.  Each run's output goes to
# build/check-all/COMPILER.log; the closing lines give the count and time
# of each.  Fails when any run fails.
#
# HOTINLINE_HOST_GCCS    GCCs of this machine (default: gcc-12 gcc-11 and
#                        the GCC 12 cross compilers for aarch64, ppc64le)
# HOTINLINE_CHROOT_GCCS  GCCs run in the chroot (default: 13 to 16;
#                        empty: no chroot)
# HOTINLINE_CLANGS       Clangs whose LLVM plugin is tested (default: every
#                        clang-N, N >= 16, that has its llvm-config-N)
# HOTINLINE_CHECK_LOGS   where the logs go (build/check-all)
# HOTINLINE_CHECK_JOBS   how many GCCs are tested at once (default: the
#                        number of CPUs; each run is one process at a time)
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
HOST_GCCS=${HOTINLINE_HOST_GCCS-gcc-12 gcc-11 aarch64-linux-gnu-gcc-12 powerpc64le-linux-gnu-gcc-12}
CHROOT_GCCS=${HOTINLINE_CHROOT_GCCS-gcc-13 gcc-14 gcc-15 gcc-16}
if [ -z "${HOTINLINE_CLANGS+set}" ]; then
	HOTINLINE_CLANGS=
	for n in $(seq 16 40); do
		if command -v "clang-$n" > /dev/null &&
			command -v "llvm-config-$n" > /dev/null; then
			HOTINLINE_CLANGS="$HOTINLINE_CLANGS clang-$n"
		fi
	done
fi
CLANGS=$HOTINLINE_CLANGS
LOGS=${HOTINLINE_CHECK_LOGS:-build/check-all}
mkdir -p "$LOGS"
SUMMARY=$LOGS/summary
: > "$SUMMARY"
failed=0

# run GCC WHERE CMD...: run CMD, log it, and note its closing count.
run() {
	gcc=$1 where=$2
	shift 2
	log=$LOGS/$gcc.log
	echo "=== make check GCC=$gcc ($where) started"
	start=$(date +%s)
	"$@" > "$log" 2>&1
	status=$?
	secs=$(( $(date +%s) - start ))
	count=$(grep -E '^[0-9]+%: Checks: ' "$log" | tail -n 1)
	[ -n "$count" ] || count="no test run (see $log)"
	# Whole runs print at once, as they end: several go at a time.
	if [ $status -eq 0 ]; then
		echo "=== $gcc ($where): $count"
	else
		echo "=== $gcc ($where) FAILED, the end of $log:"
		tail -n 40 "$log"
	fi
	[ $status -eq 0 ] || failed=1
	printf '%-26s %-7s %5ds  %s%s\n' "$gcc" "$where" "$secs" "$count" \
		"$([ $status -eq 0 ] || echo "  FAILED (exit $status)")" \
		>> "$SUMMARY"
}

JOBS=${HOTINLINE_CHECK_JOBS:-$(nproc 2>/dev/null || echo 1)}
# Every run as "GCC WHERE"; the chroot is made first, once.
runs=
for gcc in $HOST_GCCS; do
	runs="$runs $gcc:host"
done
for clang in $CLANGS; do
	runs="$runs $clang:clang"
done
if [ -n "$CHROOT_GCCS" ]; then
	start=$(date +%s)
	if sh tools/forky-chroot.sh create; then
		printf '%-26s %-7s %5ds  %s\n' chroot create \
			"$(( $(date +%s) - start ))" "tools/forky-chroot.sh create" \
			>> "$SUMMARY"
		for gcc in $CHROOT_GCCS; do
			runs="$runs $gcc:chroot"
		done
	else
		echo "chroot  create  FAILED: no tests for $CHROOT_GCCS" \
			>> "$SUMMARY"
		failed=1
	fi
fi

# stream K: the runs K, K+JOBS, K+2*JOBS..., one after the other.  The
# testsuite runs one test at a time, so JOBS streams keep JOBS CPUs busy.
stream() {
	k=0
	for r in $runs; do
		if [ $((k % JOBS)) -eq "$1" ]; then
			gcc=${r%%:*} where=${r#*:}
			if [ "$where" = chroot ]; then
				run "$gcc" chroot sh tools/forky-chroot.sh run \
					make check GCC="$gcc"
			elif [ "$where" = clang ]; then
				run "$gcc" host $MAKE check CLANG="$gcc"
			else
				run "$gcc" host $MAKE check GCC="$gcc"
			fi
		fi
		k=$((k + 1))
	done
	exit $failed
}
pids=
i=0
while [ $i -lt "$JOBS" ]; do
	stream $i &
	pids="$pids $!"
	i=$((i + 1))
done
for pid in $pids; do
	wait "$pid" || failed=1
done
echo "=== make check-all: per compiler"
cat "$SUMMARY"
exit $failed
