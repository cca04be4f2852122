# compute.py - issue 23's pure-Python compute set, each part timed inside
# the program (ms; start-up does not count): an arithmetic loop, string
# building, dict and list work, a json round trip, re, sorting 10^6 ints.
# Prints "total part1 part2 ..." on one line.
import json, random, re, time

def arith():
    s = 0
    for i in range(1_000_000):
        s += (i * i) % 7 - (i >> 3)
    return s

def strings():
    parts = []
    for i in range(200_000):
        parts.append("item-%d:%s" % (i, str(i * 3)))
    return len(",".join(parts))

def dicts():
    d = {}
    for i in range(300_000):
        d["k%d" % (i % 50_000)] = d.get("k%d" % (i % 50_000), 0) + i
    l = [v for v in d.values() if v % 3]
    l.reverse()
    return len(l) + sum(l[:100])

def json_rt():
    doc = {"rows": [{"id": i, "name": "n%d" % i, "tags": ["a", "b"], "v": i / 3} for i in range(20_000)]}
    s = json.dumps(doc)
    return len(json.loads(s)["rows"]) + len(s)

def regex():
    text = " ".join("user%d@example%d.com x-%d" % (i, i % 7, i) for i in range(30_000))
    return len(re.findall(r"[a-z]+\d+@example\d\.com", text)) + len(re.sub(r"x-(\d+)", r"<\1>", text))

def sorting():
    r = random.Random(1)
    v = [r.randrange(1 << 30) for _ in range(1_000_000)]
    v.sort()
    return v[500_000]

times = []
for f in (arith, strings, dicts, json_rt, regex, sorting):
    t = time.perf_counter()
    f()
    times.append((time.perf_counter() - t) * 1e3)
print(" ".join("%.1f" % t for t in [sum(times)] + times))
