#!/bin/sh
# Correctness and reliability runs (results/checks.txt).
set -u
cd "$(dirname "$0")"
FULL="--scavenger suspend --opt useConcurrentJIT=false --opt numberOfGCMarkers=1 --opt useConcurrentGC=false"
LAZY="--scavenger suspend"
out=results/checks.txt
: > $out
b() { echo "# $(date +%T) ./zygote bench $*" >> $out; ./zygote bench "$@" >> $out 2>&1; echo "# exit $?" >> $out; }
# 10 000 forks each, two in flight.
b --tag rel-zfull-standard -n 10000 -p 2 -w standard $FULL --warm
b --tag rel-zlazy-standard -n 10000 -p 2 -w standard $LAZY --warm
b --tag rel-zfull-trivial-prefork -n 10000 -p 2 -k 4 --prefault -w trivial $FULL --warm
# GC, JIT, watchdog, randomness in children.
b --tag gc200-zfull -n 200 -p 2 -w gc200 $FULL --warm -m
b --tag gc200-zlazy -n 200 -p 2 -w gc200 $LAZY --warm -m
b --tag gc200-cold  --mode cold -n 100 -p 2 -w gc200
b --tag jit-zfull -n 40 -p 1 -w jit $FULL --warm
b --tag jit-zlazy -n 40 -p 1 -w jit $LAZY --warm
b --tag jit-cold --mode cold -n 40 -p 1 -w jit
b --tag jit-cold-full --mode cold -n 40 -p 1 -w jit $FULL
b --tag jit-zfull-nojit -n 20 -p 1 -w jit $FULL --opt useJIT=false --warm
b --tag timeout-zfull -n 50 -p 2 -w timeout $FULL --warm -m
b --tag rng-zfull -n 200 -p 2 -w rng $FULL --warm
b --tag rngctx-zfull -n 200 -p 2 -w rngctx $FULL --warm
b --tag rng-cold --mode cold -n 100 -p 2 -w rng
# The hazards: helper threads alive at fork (defaults, zygote ran hot code).
b --tag hazard-defaults-heat -n 200 -p 1 -w standard --heat
b --tag hazard-defaults-heat-jit -n 10 -p 1 -w jit --heat
# Defaults, but the zygote never ran hot code: only the scavenger is alive at fork.
b --tag hazard-defaults-lazy -n 3000 -p 2 -w standard --warm
# A 1 MB bootstrap: the collector thread appears in the zygote unless
# useConcurrentGC=false (first run: without it; second: the full set).
b --tag hazard-1MB-concgc -n 200 -p 2 -w tiny -b 1000000 --scavenger suspend --opt useConcurrentJIT=false --opt numberOfGCMarkers=1 --warm --gc
b --tag rel-zfull-1MB -n 3000 -p 2 -w trivial -b 1000000 $FULL --warm --gc
echo "# done $(date +%T)" >> $out
