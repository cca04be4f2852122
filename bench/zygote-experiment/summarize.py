#!/usr/bin/env python3
"""Summarise results/matrix.txt + results/raw.tsv: per configuration, the
pooled per-run percentiles over all rounds, and the median over rounds of
the throughput and of the per-round p50."""
import re, sys, statistics as st
from collections import defaultdict
txt = sys.argv[1] if len(sys.argv) > 1 else 'results/matrix.txt'
raw = sys.argv[2] if len(sys.argv) > 2 else 'results/raw.tsv'
rate = defaultdict(list); fails = defaultdict(int); oks = defaultdict(int); misses = defaultdict(int); busy = defaultdict(list)
tag = None
for line in open(txt):
    m = re.match(r'== (\S+)', line)
    if m: tag = m.group(1); continue
    m = re.match(r'\s+ok (\d+)\s+failures (\d+).*pool misses (\d+)', line)
    if m and tag: oks[tag] += int(m.group(1)); fails[tag] += int(m.group(2)); misses[tag] += int(m.group(3))
    m = re.search(r'-> ([\d.]+) runs/s.*busy (\d+)%', line)
    if m and tag: rate[tag].append(float(m.group(1))); busy[tag].append(int(m.group(2)))
lat = defaultdict(list); reap = defaultdict(list); cpu = defaultdict(list)
for line in open(raw):
    f = line.rstrip('\n').split('\t')
    lat[f[0]].append(float(f[5])); reap[f[0]].append(float(f[6])); cpu[f[0]].append(float(f[7]))
def pct(v, p):
    v = sorted(v); return v[min(len(v) - 1, int(p / 100 * (len(v) - 1) + 0.5))] if v else float('nan')
print(f"{'config':28} {'runs':>6} {'fail':>4} {'lat p50':>8} {'p90':>7} {'p99':>7} {'reap p50':>8} {'cpu p50':>7} {'runs/s':>7} {'(min-max)':>13} {'miss':>5}")
order = {'noop': 0, 'tiny': 1, 'trivial': 2, 'standard': 3}
for t in sorted(rate, key=lambda t: (t.split('-')[0], order.get(t.split('-')[2], 9), t)):
    r = rate[t]
    print(f"{t:28} {oks[t]:6d} {fails[t]:4d} {pct(lat[t],50):8.3f} {pct(lat[t],90):7.2f} {pct(lat[t],99):7.2f} "
          f"{pct(reap[t],50):8.3f} {pct(cpu[t],50):7.3f} {st.median(r):7.1f} {min(r):6.0f}-{max(r):<6.0f} {misses[t]:5d}")
