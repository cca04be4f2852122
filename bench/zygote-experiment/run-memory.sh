#!/bin/sh
# Children's memory: smaps_rollup right after fork (zygote) or after the
# realm is built (cold), and after the run (results/memory.txt).
set -u
cd "$(dirname "$0")"
FULL="--scavenger suspend --opt useConcurrentJIT=false --opt numberOfGCMarkers=1 --opt useConcurrentGC=false --warm"
out=results/memory.txt
: > $out
for w in noop tiny trivial standard; do
  ./zygote bench --tag "mem-zfull-$w" -m -n 100 -p 1 -w $w $FULL >> $out 2>&1
  ./zygote bench --tag "mem-zlazy-$w" -m -n 100 -p 1 -w $w --scavenger suspend --warm >> $out 2>&1
  ./zygote bench --tag "mem-cold-$w" --mode cold -m -n 50 -p 1 -w $w >> $out 2>&1
done
