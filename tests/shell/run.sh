#!/usr/bin/env bash
# tests/shell/run.sh - the shell conformance suite (../shared/shell-spec,
# 1481 cases with bash's output) against the box's shell. The whole suite
# runs; every case in passing.txt (the cases the shell passed, on a quiet
# and on a loaded machine, when the list was made) must still pass: one
# "ok shell-spec/ID" or "FAIL shell-spec/ID: reason" line each, then the
# suite's own total. Cases not in the list are progress, not regressions:
# regenerate the list when the shell passes more (see README.md here).
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
ACS="$PWD/$BUILD/acs"
SPEC=${SHELL_SPEC:-$PWD/../shared/shell-spec}
if [ ! -x "$SPEC/run.sh" ]; then
  echo "skip shell-spec: the suite is not at $SPEC (it lives in the project's shared/ beside the repository)"
  exit 0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/acs-shell-spec.XXXXXX")
trap 'rm -rf "$T"' EXIT
# the suite writes results/ beside itself, and shared/ may be read-only
cp -r "$SPEC" "$T/spec" && chmod -R u+w "$T/spec"
(cd "$T/spec" && bash run.sh "acs=$ACS") >"$T/out" 2>&1
total=$(grep -E '^shell: [0-9]+ passed' "$T/out" | tail -1)
if [ -z "$total" ]; then
  echo "FAIL shell-spec: the suite did not finish"
  tail -20 "$T/out" | sed 's/^/  /'
  exit 0
fi
declare -A failing
while IFS= read -r line; do
  id=${line%% *}
  failing[$id]=${line#* }
done <"$T/spec/results/LAST.txt"
while IFS= read -r id; do
  [ -z "$id" ] && continue
  if [ -n "${failing[$id]+x}" ]; then echo "FAIL shell-spec/$id: ${failing[$id]}"
  else echo "ok shell-spec/$id"; fi
done <tests/shell/passing.txt
echo "note: $total (bash passes all 1481, dash 718)"
