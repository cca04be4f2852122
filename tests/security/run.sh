#!/usr/bin/env bash
# tests/security/run.sh - run every attack case; print "ok NAME" / "FAIL NAME".
set -u
cd "$(dirname "$0")"
ACS=${ACS:-$PWD/../../build/acs}
export ACS # for the expect files' host lines
# The network cases talk to two local servers (net_server.js): PA may be
# allowed, PB is a trap that logs every connection to $HITS.
HITS=$(mktemp /tmp/acs-sec-hits.XXXXXX)
PA="" PB="" SRV=""
NODE=$(command -v node || true)
if [ -n "$NODE" ]; then
  exec 9< <("$NODE" net_server.js "$HITS" & echo "pid $!"; wait)
  read -r _ SRV <&9 && read -r PA PB <&9 || PA=""
fi
# The fixture npm registry (../pkg/registry.mjs), started once: it logs
# every request, and every connection to its trap server, to $REGLOG. The
# package cases (a file `registry`) are about it; every other case gets it
# too, so that no run asks the public registry for a bare name (without
# node, they get a port where nothing listens).
REGLOG=$(mktemp /tmp/acs-sec-reglog.XXXXXX)
REG="" REGSRV=""
if [ -n "$NODE" ]; then
  exec 8< <("$NODE" ../pkg/registry.mjs --log "$REGLOG" & echo "pid $!"; wait)
  read -r _ REGSRV <&8 && read -r REG <&8 || REG=""
fi
# the box cases' python3 variant needs the box's python3
BOXPY=""
"$ACS" box -c 'command -v python3' >/dev/null 2>&1 && BOXPY=1
# and the wasi one (box.c) Debian's clang for wasm32-wasi
WCC=""
command -v clang-14 >/dev/null 2>&1 && [ -f /usr/lib/wasm32-wasi/crt1-command.o ] && WCC="clang-14 --target=wasm32-wasi -O1"
HL=""
cleanup() { [ -n "$SRV" ] && kill "$SRV" 2>/dev/null; [ -n "$REGSRV" ] && kill "$REGSRV" 2>/dev/null; [ -n "$HL" ] && kill "$HL" 2>/dev/null; rm -f "$HITS" "$REGLOG"; }
trap cleanup EXIT
C=""
subst() { sed -e "s|\$HOSTPID|$$|g" -e "s|\$HOSTROOT|$T|g" -e "s|\$REG|$REG|g" -e "s|\$W|$W|g" -e "s|\$R|$R|g" -e "s|\$O|$O|g" -e "s|\$C|$C|g" -e "s|\$PA|$PA|g" -e "s|\$PB|$PB|g" "$@"; }
tree_hash() { (cd "$1" && find . -printf '%p %y %s %l\n' | sort && find . -type f -exec sha256sum {} + | sort) | sha256sum; }
# An argument runs only the cases whose names start with it (run.sh pkg-).
for dir in "${1:-}"*/; do
  name=${dir%/}
  [ -f "$dir/expect" ] || continue
  # "skip REASON": a known gap, reported with its reason and not run
  reason=$(sed -n 's/^skip //p' "$dir/expect" | head -1)
  if [ -n "$reason" ]; then echo "skip $name: $reason"; continue; fi
  # every case gets its own package cache, and a registry on this machine
  pkgenv=(ACS_CACHE_DIR="$C" ACS_NPM_REGISTRY="http://127.0.0.1:${REG:-9}")
  if [ -f "$dir/registry" ]; then
    if [ -z "$REG" ]; then echo "skip $name: no node to run the fixture npm registry"; rm -rf "$T"; continue; fi
    pkgenv+=(ACS="$ACS" C="$C" REG="$REG")
  fi
  guest=$(ls "$dir" | grep -E '^guest\.(ts|js|mjs|cjs)$' | head -1)
  # a box case (box-*): box.sh, box.mjs and box.py are the same attack
  # through the box's sh, node and python3, each run as its own case
  variants=("$guest")
  [ -z "$guest" ] && variants=($(ls "$dir" | grep -E '^box\.(sh|mjs|py|c)$'))
  for guest in "${variants[@]}"; do
  name=${dir%/}
  case $guest in box.sh) name="$name/sh" ;; box.mjs) name="$name/node" ;; box.py) name="$name/python" ;; box.c) name="$name/wasi" ;; esac
  # BOX_VARIANTS="wasi python" runs only those variants of the box cases
  if [ -n "${BOX_VARIANTS:-}" ] && [ "${name##*/}" != "$name" ] && [[ " $BOX_VARIANTS " != *" ${name##*/} "* ]]; then continue; fi
  if [ "$guest" = box.c ] && [ -z "$WCC" ]; then echo "skip $name: no wasm32-wasi toolchain (scripts/deps.sh installs clang-14, lld-14, wasi-libc)"; continue; fi
  if [ "$guest" = box.py ] && [ -z "$BOXPY" ]; then echo "skip $name: the box has no python3 (make python builds it)"; continue; fi
  T=$(mktemp -d /tmp/acs-sec.XXXXXX)
  W=$T/work R=$T/ro O=$T/outside C=$T/cache
  mkdir -p "$W" "$R" "$O"
  echo "OUTSIDE-SECRET" > "$O/secret.txt"
  echo "OUTSIDE-SECRET" > "$T/secret.txt"
  echo "read-only data" > "$R/data.txt"
  if [ -f "$dir/setup.sh" ]; then env "${pkgenv[@]}" W="$W" R="$R" O="$O" bash "$dir/setup.sh" >/dev/null 2>&1; fi
  if [ -f "$dir/net" ] && [ -z "$PA" ]; then echo "skip $name: no node to run the local servers"; rm -rf "$T"; continue; fi
  : > "$HITS"; : > "$REGLOG"
  subst "$dir/$guest" > "$W/$guest"
  # "hostlinks": the guest gets hostlink.mjs, and a host loop makes the
  # links it asks for (lib/hostlink.sh), for the length of the run
  if [ -f "$dir/hostlinks" ]; then
    subst lib/hostlink.mjs > "$W/hostlink.mjs"
    bash lib/hostlink.sh "$W" $$ </dev/null >/dev/null 2>&1 &
    HL=$!
  fi
  before_o=$(tree_hash "$O"); before_r=$(tree_hash "$R")
  opts=""; [ -f "$dir/opts" ] && opts=$(subst "$dir/opts")
  # shellcheck disable=SC2086
  if [ "${guest%%.*}" = box ]; then
    # the work dir is the box's /work, the read-only dir /ro (read-only), the
    # outside dir is nowhere; the host's environment carries a secret
    case $guest in box.sh) prog=(sh) ;; box.mjs) prog=(node) ;; box.py) prog=(python3) ;; esac
    # box.c: a C program built for wasm32-wasi, run as a program of the box
    if [ "$guest" = box.c ]; then
      $WCC -o "$W/box.wasm" "$W/box.c" 2>"$T/cc.err" || { echo "FAIL $name: box.c does not build: $(head -c 300 "$T/cc.err")"; rm -rf "$T"; continue; }
      rm -f "$W/box.c"; guest=box.wasm; prog=()
    fi
    # shellcheck disable=SC2086
    # a plain WASI program's one-component absolute paths ("/tmp") would be
    # its working directory's (docs/box-wasi.md): box.c runs from "/"
    wd=/work; [ "$guest" = box.wasm ] && wd=/
    env "${pkgenv[@]}" ACS_TEST_HOST_SECRET=OUTSIDE-SECRET timeout -k 5 60 "$ACS" box -v "$W:/work" -v "$R:/ro:ro" -w $wd $opts \
      --exec "${prog[@]}" "/work/$guest" >"$T/out" 2>"$T/err" </dev/null
    status=$?
    [ "$guest" = box.wasm ] && guest=box.c
  else
  env "${pkgenv[@]}" timeout -k 5 30 "$ACS" run --work-dir "$W" --read-only "$R" $opts "$guest" >"$T/out" 2>"$T/err" </dev/null
  status=$?
  fi
  if [ -n "$HL" ]; then kill "$HL" 2>/dev/null; wait "$HL" 2>/dev/null; HL=""; fi
  fail=""
  want_exit=0
  while IFS= read -r line || [ -n "$line" ]; do
    line=$(printf '%s' "$line" | subst)
    # "sh: LINE", "node: LINE", "python: LINE": for that variant only
    case "$line" in
      sh:\ *|node:\ *|python:\ *|wasi:\ *)
        lang=${line%%:*}; line=${line#*: }
        [ "$guest" = "box.$( case $lang in sh) echo sh;; node) echo mjs;; python) echo py;; wasi) echo c;; esac)" ] || continue ;;
    esac
    case "$line" in
      "host "*) ( cd "$T" && bash -c "${line#host }" ) >/dev/null 2>&1 || fail="$fail; on the host, '${line#host }' failed" ;;
      "exit "*) want_exit=${line#exit } ;;
      "stdout-has "*) grep -qF -- "${line#stdout-has }" "$T/out" || fail="$fail; stdout lacks '${line#stdout-has }'" ;;
      "stdout-lacks "*) grep -qF -- "${line#stdout-lacks }" "$T/out" && fail="$fail; stdout has '${line#stdout-lacks }'" ;;
      "stderr-has "*) grep -qF -- "${line#stderr-has }" "$T/err" || fail="$fail; stderr lacks '${line#stderr-has }'" ;;
      "no-file "*) [ -e "${line#no-file }" ] && fail="$fail; ${line#no-file } exists" ;;
      "reqlog-has "*) grep -qF -- "${line#reqlog-has }" "$REGLOG" || fail="$fail; the registry got no '${line#reqlog-has }'" ;;
      "reqlog-lacks "*) grep -qF -- "${line#reqlog-lacks }" "$REGLOG" && fail="$fail; the registry got '${line#reqlog-lacks }'" ;;
      "rerun-exit "*)
        # a second run with the same work dir (and flags), of a guest that
        # does nothing: what the first run left must not stop it
        echo 'console.log("rerun");' > "$W/.rerun.mjs"
        # shellcheck disable=SC2086
        env "${pkgenv[@]}" timeout -k 5 30 "$ACS" run --work-dir "$W" --read-only "$R" $opts .rerun.mjs >"$T/rerun-out" 2>"$T/rerun-err" </dev/null
        rs=$?
        rm -f "$W/.rerun.mjs"
        [ "$rs" = "${line#rerun-exit }" ] || fail="$fail; a second run with the same work dir: exit $rs, expected ${line#rerun-exit }: $(head -c 300 "$T/rerun-err" | tr '\n' ' ')"
        grep -q "OUTSIDE-SECRET" "$T/rerun-out" "$T/rerun-err" && fail="$fail; the secret leaked in the second run" ;;
      ""|"#"*) ;;
      *) fail="$fail; bad expect line '$line'" ;;
    esac
  done < "$dir/expect"
  [ "$status" = "$want_exit" ] || fail="$fail; exit $status, expected $want_exit"
  [ "$status" = 124 ] && [ "$want_exit" != 124 ] && fail="$fail; hung (timeout)"
  [ "$status" = 137 ] && [ "$want_exit" != 137 ] && fail="$fail; hung, and ignored SIGTERM (killed)"
  grep -q "OUTSIDE-SECRET" "$T/out" "$T/err" && fail="$fail; the secret leaked"
  grep -q "TRAPPED-SECRET" "$T/out" "$T/err" && fail="$fail; the trap server answered"
  [ -s "$HITS" ] && fail="$fail; the trap server was reached: $(head -3 "$HITS" | tr '\n' ' ')"
  grep -q '^TRAP' "$REGLOG" && fail="$fail; the registry's trap was reached: $(grep '^TRAP' "$REGLOG" | head -2 | tr '\n' ' ')"
  # markers the package fixtures try to plant on the host
  for m in /tmp/acs-fx-*; do [ -e "$m" ] && { fail="$fail; $m was created"; rm -rf "$m"; }; done
  [ "$(tree_hash "$O")" = "$before_o" ] || fail="$fail; the outside dir changed"
  [ "$(tree_hash "$R")" = "$before_r" ] || fail="$fail; the read-only dir changed"
  if [ "${guest%%.*}" = box ]; then
    for _ in $(seq 40); do pgrep -f "^($ACS box|acs-zygote for $ACS\$)" >/dev/null || break; sleep 0.05; done
    pgrep -f "^($ACS box|acs-zygote for $ACS\$)" >/dev/null && { fail="$fail; a process of the box outlived it: $(pgrep -af "^($ACS box|acs-zygote for $ACS\$)" | head -2 | tr '\n' ' ')"; pkill -9 -f "^($ACS box|acs-zygote for $ACS\$)"; }
  fi
  if [ -n "$fail" ]; then
    echo "FAIL $name${fail}"
    head -c 400 "$T/out" | sed -e 's/^/     out: /' -e '$a\'; head -c 400 "$T/err" | sed -e 's/^/     err: /' -e '$a\'
  else
    echo "ok $name"
  fi
  chmod -R u+w "$T" 2>/dev/null  # the package cache is read-only
  rm -rf "$T"
  done
done
