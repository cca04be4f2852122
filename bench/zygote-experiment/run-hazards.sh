#!/bin/sh
# Hazards: what goes wrong when a thread is alive in the zygote at fork.
set -u
cd "$(dirname "$0")"
# 1. libpas scavenger made to run all the time (defaults otherwise): it holds
#    the heap lock at fork, and the child spins forever on it.
./zygote bench --tag hazard-scavenger-continuous -n 60 -w standard \
  --opt libpasScavengeContinuously=true --gdb > results/hazard-scavenger.txt 2>&1
# 2. "JSC Heap Collector Thread" started in the zygote (1 MB bootstrap, then a
#    full GC, concurrent GC left on): children that need a collection wait for it.
./zygote bench --tag hazard-collector-thread -n 100 -p 2 -w standard -b 1000000 \
  --scavenger suspend --opt useConcurrentJIT=false --opt numberOfGCMarkers=1 --warm --gc --gdb \
  > results/hazard-collector.txt 2>&1
