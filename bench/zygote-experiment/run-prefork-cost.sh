#!/bin/sh
# What pre-forking and pre-faulting cost in throughput (closed loop, 2 in flight).
set -u
cd "$(dirname "$0")"
FULL="--scavenger suspend --opt useConcurrentJIT=false --opt numberOfGCMarkers=1 --opt useConcurrentGC=false --warm"
out=results/prefork-cost.txt
: > $out
: > results/prefork-raw.tsv
for r in 1 2 3; do
  for w in tiny trivial; do
    ./zygote bench --raw results/prefork-raw.tsv --tag "T-zfull-$w-k0"   -n 1000 -p 2 -w $w $FULL >> $out 2>&1
    ./zygote bench --raw results/prefork-raw.tsv --tag "T-zfull-$w-k4"   -n 1000 -p 2 -k 4 -w $w $FULL >> $out 2>&1
    ./zygote bench --raw results/prefork-raw.tsv --tag "T-zfull-$w-k4pf" -n 1000 -p 2 -k 4 --prefault -w $w $FULL >> $out 2>&1
  done
done
