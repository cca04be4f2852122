#!/usr/bin/env bash
# bench/box/cmds.sh - the box's commands against Debian's GNU tools on the
# host, side by side in one run, on the same generated tree (5 000 files,
# ~50 MB, and a 20 MB table; bench/box/cmds_tree.mjs). The host side works
# on tmpfs (/dev/shm), the box side on its memfs. Each figure is the best
# of REPEAT runs (default 3), in ms; the ratio is box/host (goal <= 2,
# moonshot 1).
set -eu
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
ACS="$PWD/$BUILD/acs"
REPEAT=${REPEAT:-3}
[ -x "$ACS" ] || make --no-print-directory "$ACS" >/dev/null
base=/dev/shm
[ -d "$base" ] && [ -w "$base" ] || base=${TMPDIR:-/tmp}
W=$(mktemp -d "$base/acs-cmds-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT
node bench/box/cmds_tree.mjs "$W/data"
cp -r "$W/data/tree" "$W/data/tree2"
echo "x" >> "$W/data/tree2/d3/s3/f3.js"

# name<TAB>command, run in the data directory
OPS=$(cat <<'EOF'
grep -rn	grep -rn 'status=500' tree > /dev/null
find|xargs wc -l	find tree -name '*.js' | xargs wc -l > /dev/null
sort -k2,2n	sort -k2,2n big.txt > /dev/null
awk sum	awk '{s+=$3} END {print s}' big.txt > /dev/null
sed s/a/b/g	sed 's/a/b/g' big.txt > /dev/null
sha256sum all	find tree -type f -exec sha256sum {} + > /dev/null
tar czf	tar czf /tmp/acs-bench-t.tgz tree
tar xzf	rm -rf /tmp/acs-bench-x && mkdir /tmp/acs-bench-x && tar xzf /tmp/acs-bench-t.tgz -C /tmp/acs-bench-x
diff -ru	diff -ru tree tree2 > /dev/null; true
EOF
)
# the script each side runs: every op REPEAT times, the best printed
script=$(cat <<EOF
cd "\$DATA"
while IFS=\$'\t' read -r name cmd; do
  best=
  for i in \$(seq $REPEAT); do
    t0=\$(date +%s%N); eval "\$cmd"; t1=\$(date +%s%N)
    ms=\$(( (t1 - t0) / 1000000 ))
    if [ -z "\$best" ] || [ "\$ms" -lt "\$best" ]; then best=\$ms; fi
  done
  printf '%s\t%s\n' "\$name" "\$best"
done <<'OPS'
$OPS
OPS
rm -rf /tmp/acs-bench-t.tgz /tmp/acs-bench-x
EOF
)
host=$(DATA="$W/data" LC_ALL=C bash -c "$script")
box=$("$ACS" box --fs-mb 1024 --timeout-ms 1200000 --env LC_ALL=C --env DATA=/data --copy "$W/data:/data" -c "$script")
printf '%-16s %10s %10s %7s\n' "work" "host ms" "box ms" "ratio"
while IFS=$'\t' read -r name hms; do
  bms=$(printf '%s\n' "$box" | awk -F'\t' -v n="$name" '$1 == n {print $2}')
  ratio=$(awk -v b="${bms:-0}" -v h="$hms" 'BEGIN { printf "%.2f", (h > 0 ? b / h : 0) }')
  printf '%-16s %10s %10s %7s\n' "$name" "$hms" "${bms:-?}" "$ratio"
done <<<"$host"
