#!/bin/sh
# Record the profiles of this directory from codec.cc, each variant the way
# a user would: sh record.sh (valgrind and perf needed; perf variants that
# the machine cannot record are left as they are: --call-graph lbr needs
# a PMU with branch stacks).  The program is built in /tmp/hotinline-codec
# so that the paths in the profiles stay the same.  The policy each
# profile gives is in PROFILE.yaml (unit/profile.c lists the options);
# after recording again, write those anew and check them against
# callgrind_annotate and perf report.
set -e
here=$(cd "$(dirname "$0")" && pwd)
dir=/tmp/hotinline-codec
mkdir -p $dir
cd $dir
g++ -O2 -g -pthread "$here/codec.cc" -o codec
cg="valgrind -q --tool=callgrind"
$cg --callgrind-out-file=callgrind.out.plain ./codec 50 >/dev/null
$cg --compress-strings=no --compress-pos=no \
    --callgrind-out-file=callgrind.out.uncompressed ./codec 50 >/dev/null
$cg --collect-jumps=yes --callgrind-out-file=callgrind.out.jumps \
    ./codec 50 >/dev/null
$cg --dump-instr=yes --callgrind-out-file=callgrind.out.instr \
    ./codec 50 >/dev/null
$cg --cache-sim=yes --branch-sim=yes \
    --callgrind-out-file=callgrind.out.events ./codec 50 >/dev/null
rm -f callgrind.out.threads*
$cg --separate-threads=yes --callgrind-out-file=callgrind.out.threads \
    ./codec 50 >/dev/null
rm -f callgrind.out.parts*
$cg --dump-before='setup*' --callgrind-out-file=callgrind.out.parts \
    ./codec 50 >/dev/null
cp callgrind.out.* "$here/"
# The main thread's own file of --separate-threads is empty.
rm -f "$here/callgrind.out.threads"

rounds=8000
# NAME RECORD-OPTIONS: record into NAME.data; false when perf cannot.
perf_record ()
{
  perf record -q -F 500 -o $1.data $2 ./codec $rounds >/dev/null 2>&1 || {
    echo "record.sh: perf record $2 does not work here" >&2
    return 1
  }
}
perf_record plain "-e cpu-clock" && {
  perf script -i plain.data > "$here/perf-script.plain" 2>/dev/null
  perf script -i plain.data --no-demangle > "$here/perf-script.no-demangle" \
    2>/dev/null
}
perf_record dwarf "-e cpu-clock --call-graph dwarf" &&
  perf script -i dwarf.data --inline > "$here/perf-script.dwarf" 2>/dev/null
perf_record lbr "-e cycles --call-graph lbr" &&
  perf script -i lbr.data > "$here/perf-script.lbr" 2>/dev/null
# The reports come from the data of a perf script profile, so that the
# shares of the two can be compared.
perf_record fp "-e cpu-clock -g" && {
  perf script -i fp.data > "$here/perf-script.fp" 2>/dev/null
  report="perf report -i fp.data --stdio"
  $report > "$here/perf-report.children" 2>/dev/null
  $report --no-children > "$here/perf-report.no-children" 2>/dev/null
  $report --no-children --sort sym > "$here/perf-report.sort-sym" 2>/dev/null
  $report --no-children --sort dso,sym > "$here/perf-report.sort-dso-sym" \
    2>/dev/null
  $report --no-children --sort sym,dso,comm -g none \
    > "$here/perf-report.sort-sym-dso" 2>/dev/null
  $report --no-children --sort dso > "$here/perf-report.sort-dso" 2>/dev/null
}
perf_record events "-e cpu-clock,task-clock" && {
  perf script -i events.data > "$here/perf-script.events" 2>/dev/null
  perf report -i events.data --stdio --no-children \
    > "$here/perf-report.events" 2>/dev/null
}
