#!/bin/sh
# A whole Linux kernel as its developers build it (x86_64_defconfig and
# testsuite/kernel/kernel.config, bzImage and modules), without the plugin
# and with it, checked against its own object code and booted.
#
#   sh testsuite/kernel/check-kernel.sh [--again] KERNEL CC [STEP...]
#
# KERNEL  6.1 (Debian 12's linux-source-6.1) or the version of a
#         linux-source-X.Y of Debian testing (7.2) or experimental (7.3),
#         taken from the system of tools/debian-chroot.sh that has it
# CC      gcc-N or clang-N with its plugin built in build/CC/hotinline.so;
#         a compiler this system does not have runs in the Debian system
#         that has it (tools/debian-chroot.sh system-of)
# STEP    the steps to run (default: all), each unless done already;
#         with --again, even when done
#
# Steps, each resumable (a step done leaves PAIR/STEP.done; a build
# stopped halfway goes on where it stopped) and timed:
#   source     the kernel unpacked into WORK/KERNEL/ (once per kernel)
#   config     x86_64_defconfig + kernel.config for CC, what Kconfig
#              refused written down
#   plain      the build without the plugin
#   report     with the plugin, every entry of policies/linux-*.yaml
#              reporting, results on
#   attribute  every entry forced, strategy attribute, results on
#   surgical   the same, strategy surgical
#   units      every C unit the plain build compiles is compiled by every
#              plugin build, each with its results file
#   warnings   no warning but hotinline's, no internal compiler error
#   cost       the plugin builds' CPU time against the plain one's
#   instructions  the report build's instructions against the plain
#              one's, on a sample of units under cachegrind
#   summary    hotinline-summary, --html and --diff over the whole kernel
#   places     each left hot call in the results is a call in the unit's
#              object code, in the function the results say, and each
#              such call is in the results
#   boot       the forced kernels boot in qemu-system-x86_64 (TCG) and
#              their self-tests pass
#   stale      the policies' entries that name no function of this kernel
#   seeds      the seeds' objects: calls left plain, forced by attribute,
#              surgically and by hand (__always_inline in the source),
#              functions changed elsewhere and .text
#   doc        the pair's section of docs/kernel.md, from the figures
#
# WORK is $HOTINLINE_KERNEL_WORK, else /var/cache/hotinline/kernel, a
# cache that outlives the checkout (as the testing system and the real
# code's sources do): unpacked trees and builds keyed by kernel, compiler
# and configuration.  Figures go to WORK/KERNEL/CC/figures/.
set -eu
export LC_ALL=C
# The kernel's make takes no flags of a make that runs this script.
unset MAKEFLAGS MFLAGS MAKELEVEL
again=
[ "${1:-}" = --again ] && { again=1; shift; }
[ $# -ge 2 ] || { sed -n '2,/^set -eu/p' "$0" | sed '$d;s/^# \{0,1\}//'; exit 2; }
kernel=$1 cc=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../.." && pwd)
work=${HOTINLINE_KERNEL_WORK:-/var/cache/hotinline/kernel}
mkdir -p "$work"
work=$(cd "$work" && pwd)
tree=$work/$kernel/linux-source-$kernel
pair=$work/$kernel/$cc
fig=$pair/figures
summary=${HOTINLINE_SUMMARY:-$srcdir/build/gcc-12/hotinline-summary}
chroot_dir=${HOTINLINE_CHROOT_DIR:-/var/cache/hotinline}
# The Debian system of tools/debian-chroot.sh that has CC, when this one
# does not.
system=$(sh "$srcdir/tools/debian-chroot.sh" system-of "$cc")
jobs=${HOTINLINE_KERNEL_JOBS:-$(nproc)}
variants="report attribute surgical"
# A pair's builds are for one configuration: when kernel.config changed
# since, the pair starts over (its build directories keep the old
# .config, and their times would add to the new ones).
key=$(sha256sum <"$here/kernel.config" | cut -d' ' -f1)
if [ -f "$pair/config.done" ] && [ "$(cat "$pair/config.key" 2>/dev/null)" != "$key" ]; then
	echo "kernel.config changed since $pair was configured: all again"
	rm -rf "$pair"
fi
mkdir -p "$fig"
echo "$key" >"$pair/config.key"
# The testing system sees a WORK outside the checkout at its own path.
case $work in "$srcdir"/*) ;; *) export HOTINLINE_CHROOT_BIND="$work" ;; esac
. "$here/kernel-lib.sh"

all_steps="source config plain $variants units warnings cost instructions
summary places boot stale seeds doc"
steps=${*:-$all_steps}
status=0
for step in $steps; do
	case " $(echo $all_steps) " in
	*" $step "*) ;;
	*) echo "unknown step '$step'; the steps: $(echo $all_steps)" >&2
	   exit 2 ;;
	esac
	# A step that read the builds is done again after a build it did not
	# see (a variant built after it, by a run that stopped between).
	stale=
	case " source config plain $variants " in
	*" $step "*) ;;
	*) for b in plain $variants; do
		[ "$pair/$b.done" -nt "$pair/$step.done" ] && stale=1
	   done ;;
	esac
	# The doc is written again every time: it reads every step's figures.
	[ "$step" = doc ] && stale=1
	[ -z "$again" ] && [ -z "$stale" ] && [ -f "$pair/$step.done" ] &&
		continue
	# A build run again starts over: its times would add to the last
	# run's, and its results files would mix with them.
	case ${again:+ plain $variants } in
	*" $step "*)
		rm -rf "$pair/$step" "$pair/results-$step" "$pair/$step.time" \
			"$pair/$step.log" ;;
	esac
	t0=$(date +%s)
	echo "== $kernel $cc: $step"
	rc=0
	"step_$step" || rc=$?
	t1=$(date +%s)
	echo "== $kernel $cc: $step: $((t1 - t0)) s$([ $rc -eq 0 ] || echo ", FAILED")"
	echo "$((t1 - t0))" >"$fig/time-$step"
	if [ $rc -eq 0 ]; then
		touch "$pair/$step.done"
	else
		rm -f "$pair/$step.done"
		status=1
		# Without a build, no later step can run.
		case $step in source|config|plain|report|attribute|surgical)
			exit 1 ;;
		esac
	fi
done
exit $status
