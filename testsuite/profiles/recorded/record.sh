#!/bin/sh
# Record the profiles of this directory from codec.cc, each variant the way
# a user would: sh record.sh (valgrind and perf needed; perf variants that
# the machine cannot record are left as they are).  The program is built
# in /tmp/hotinline-codec so that the paths in the profiles stay the same.
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
perf_script () # NAME RECORD-OPTIONS [SCRIPT-OPTIONS]
{
  if perf record -q -F 500 -o perf.data $2 ./codec $rounds >/dev/null 2>&1
  then
    perf script -i perf.data $3 > "$here/$1" 2>/dev/null
  else
    echo "record.sh: perf record $2 does not work here; $1 kept" >&2
  fi
}
perf_script perf-script.plain "-e cpu-clock"
perf_script perf-script.no-demangle "-e cpu-clock" --no-demangle
perf_script perf-script.fp "-e cpu-clock -g"
perf_script perf-script.dwarf "-e cpu-clock --call-graph dwarf" --inline
perf_script perf-script.lbr "-e cycles --call-graph lbr"
perf_script perf-script.events "-e cpu-clock,task-clock"
perf record -q -F 500 -o perf.data -e cpu-clock -g ./codec 20000 >/dev/null
report="perf report -i perf.data --stdio"
$report > "$here/perf-report.children" 2>/dev/null
$report --no-children > "$here/perf-report.no-children" 2>/dev/null
$report --no-children --sort sym > "$here/perf-report.sort-sym" 2>/dev/null
$report --no-children --sort dso,sym > "$here/perf-report.sort-dso-sym" \
  2>/dev/null
$report --no-children --sort sym,dso,comm -g none \
  > "$here/perf-report.sort-sym-dso" 2>/dev/null
$report --no-children --sort dso > "$here/perf-report.sort-dso" 2>/dev/null
perf record -q -F 500 -o perf.data -e cpu-clock,task-clock ./codec 20000 \
  >/dev/null
$report --no-children > "$here/perf-report.events" 2>/dev/null
