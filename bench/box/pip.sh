#!/usr/bin/env bash
# bench/box/pip.sh - `pip install` of a pure package with 3 dependencies
# (bench-top of tests/pip/fixture.py) in a box against the host's own pip
# 23 into a venv, the same fixture index for both, cold (empty caches) and
# warm (caches full, nothing installed yet). Prints the median of N runs
# (default 5): the whole `acs box -c 'pip install bench-top'` run, the pip
# command alone inside the box, and the host's pip.
#
#   bash bench/box/pip.sh        (needs python3 with pip on the host)
set -u
cd "$(dirname "$0")/../.." || exit 1
ACS=${ACS:-$PWD/build/acs}
N=${N:-5}
T=$(mktemp -d /tmp/acs-pip-bench.XXXXXX)
FPID=
trap '[ -n "$FPID" ] && kill "$FPID" 2>/dev/null; rm -rf "$T"' EXIT
mkdir -p "$T/fx"
python3 tests/pip/fixture.py "$T/fx" 2>"$T/fx.err" &
FPID=$!
for _ in $(seq 600); do [ -s "$T/fx/port" ] && break; sleep 0.05; done
IDX=http://127.0.0.1:$(cat "$T/fx/port")/simple/

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# box CACHE: "WHOLE INSIDE" in ms
box_once() {
  local t0 t1 inside
  t0=$(now)
  inside=$(ACS_PYPI_INDEX_URL=$IDX ACS_CACHE_DIR=$1 "$ACS" box -c \
    't0=$(date +%s%N); pip install -q bench-top 2>/dev/null; t1=$(date +%s%N); echo $(((t1 - t0) / 1000000))')
  t1=$(now)
  echo "$(((t1 - t0) / 1000000)) $inside"
}
host_once() { # host CACHE
  local t0 t1
  rm -rf "$T/v" && python3 -m venv --without-pip "$T/v"
  t0=$(now)
  env $(env | sed -n 's/^\(PIP_[A-Z_]*\)=.*/-u \1/p') PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1 \
    python3 -m pip --python "$T/v/bin/python" install -q --no-compile --cache-dir "$1" --index-url "$IDX" bench-top \
    >/dev/null 2>>"$T/host.err"
  t1=$(now)
  echo $(((t1 - t0) / 1000000))
}

cold=$(for i in $(seq "$N"); do rm -rf "$T/bc"; box_once "$T/bc"; done)
box_once "$T/bw" >/dev/null
warm=$(for i in $(seq "$N"); do box_once "$T/bw"; done)
hcold=$(for i in $(seq "$N"); do rm -rf "$T/hc"; host_once "$T/hc"; done | median)
host_once "$T/hw" >/dev/null
hwarm=$(for i in $(seq "$N"); do host_once "$T/hw"; done | median)
printf 'pip install bench-top (4 packages), median of %s\n' "$N"
printf '  box cold: %s ms whole run, %s ms the pip command\n' "$(echo "$cold" | cut -d' ' -f1 | median)" "$(echo "$cold" | cut -d' ' -f2 | median)"
printf '  box warm: %s ms whole run, %s ms the pip command (goal <= 100 ms)\n' "$(echo "$warm" | cut -d' ' -f1 | median)" "$(echo "$warm" | cut -d' ' -f2 | median)"
printf '  host pip 23 into a venv: cold %s ms, warm %s ms\n' "$hcold" "$hwarm"
