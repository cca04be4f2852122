#!/bin/sh
# The latency/throughput matrix: ROUNDS rounds, configurations interleaved
# within each round so that the machine's background load spreads evenly.
# Output: results/matrix.txt (summaries) and results/raw.tsv (every run).
#   closed loop (-p 2, no arrivals): throughput, 2 runs always in flight
#   open loop   (-r RATE -p 2): Poisson arrivals, latency from arrival
set -u
cd "$(dirname "$0")"
ROUNDS=${ROUNDS:-3}
N=${N:-600}
FULL="--scavenger suspend --opt useConcurrentJIT=false --opt numberOfGCMarkers=1 --opt useConcurrentGC=false --warm"
LAZY="--scavenger suspend --warm"
out=results/matrix.txt
raw=results/raw.tsv
: > $out
: > $raw
b() { ./zygote bench --raw $raw "$@" >> $out 2>&1; }
for r in $(seq 1 $ROUNDS); do
  echo "round $r $(cat /proc/loadavg)" >> $out
  for w in noop tiny trivial standard; do
    n=$N; [ $w = standard ] && n=$((N/4))
    # throughput
    b --tag "T-zfull-$w-k0"      -n $n -p 2 -w $w $FULL
    b --tag "T-zlazy-$w-k0"      -n $n -p 2 -w $w $LAZY
    b --tag "T-cold-$w-k0"       --mode cold -n $((n/4)) -p 2 -w $w
    # latency at 50 runs/s (every design keeps up)
    b --tag "L50-zfull-$w-k0"    -r 50 -n $((n/4)) -p 2 -w $w $FULL
    b --tag "L50-zfull-$w-k4pf"  -r 50 -n $((n/4)) -p 2 -k 4 --prefault -w $w $FULL
    b --tag "L50-cold-$w-k4"     -r 50 -n $((n/4)) -p 2 -k 4 --mode cold -w $w
    [ $w = standard ] && continue
    # latency at 200 runs/s (zygote only)
    b --tag "L200-zfull-$w-k0"   -r 200 -n $n -p 2 -w $w $FULL
    b --tag "L200-zfull-$w-k4pf" -r 200 -n $n -p 2 -k 4 --prefault -w $w $FULL
  done
done
echo "done $(cat /proc/loadavg)" >> $out
