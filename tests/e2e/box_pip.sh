#!/usr/bin/env bash
# box_pip.sh - pip in a box, against a fixture index on 127.0.0.1
# (tests/pip/fixture.py builds the wheels and serves PEP 691 and PEP 503
# pages): the host resolves, fetches, checks and unpacks, the box gets the
# files. What pip prints and the files it writes are compared with the
# host's own pip 23 (python3 -m pip --python VENV) against the same index;
# then what the host's pip cannot show: markers for wasm32-wasi, compiled
# and source-only packages, hostile wheels, the package policy, the agent
# user. Never touches PyPI.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh
PY=$(command -v python3 || true)
if [ -z "$PY" ]; then echo "skip box_pip: no python3 for the fixture index"; exit 0; fi

FPID=
cleanup_pip() {
  [ -n "$FPID" ] && kill "$FPID" 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup_pip EXIT
mkdir -p "$TMP/fx"
"$PY" tests/pip/fixture.py "$TMP/fx" 2>"$TMP/fx.err" &
FPID=$!
for _ in $(seq 600); do [ -s "$TMP/fx/port" ] && break; sleep 0.05; done
if [ ! -s "$TMP/fx/port" ]; then echo "FAIL box_pip fixture index: $(head -3 "$TMP/fx.err")"; exit 0; fi
PORT=$(cat "$TMP/fx/port")
IDX=http://127.0.0.1:$PORT/simple/
export ACS_PYPI_INDEX_URL=$IDX
export ACS_CACHE_DIR=$TMP/cache
SITE=/usr/local/lib/python3.11/site-packages

# the host's pip, when it is there, into a fresh venv: hpip VENV ARGS...
HOSTPIP=
if "$PY" -m pip --version >/dev/null 2>&1; then HOSTPIP=1; fi
hvenv() { rm -rf "$1" && "$PY" -m venv --without-pip "$1"; }
hpip() {
  local v=$1
  shift
  # the machine's own pip settings (PIP_FIND_LINKS, ...) stay out
  (cd / && env $(env | sed -n 's/^\(PIP_[A-Z_]*\)=.*/-u \1/p') PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 PIP_NO_COLOR=1 \
    "$PY" -m pip --python "$v/bin/python" "$@" >"$TMP/hout" 2>"$TMP/herr" </dev/null)
  HRC=$?
  HOUT=$(cat "$TMP/hout")
  HERR=$(cat "$TMP/herr")
}
# the host's words with the venv's paths as the box's
boxpaths() { sed -e "s#$1/lib/python3.11/site-packages#$SITE#g" -e "s#$1/bin#/usr/local/bin#g"; }
same() {
  if [ "$1" = "$2" ]; then return 0; fi
  diff <(printf '%s\n' "$1") <(printf '%s\n' "$2") | head -20 | sed 's/^/    /'
  return 1
}
box() { run_acs box "$@"; }
fresh() { rm -rf "$ACS_CACHE_DIR"; }

# --------------------------------------------------------------- PEP 440 and 508
# the box's versions, specifiers, requirements and markers against pip's
# own packaging (the tool comes with `make units`)
TOOL=${BUILD:-build}/tests/pyver_tool
if [ -x "$TOOL" ]; then "$PY" tests/pip/pep440_vs_packaging.py "$TOOL"
else echo "skip box_pip pep440_vs_packaging: no $TOOL (make units)"; fi

# --------------------------------------------------------------- a chain
fresh
box -c 'pip install alpha==1.0'
check "install: a chain, in pip's words" all has "$OUT" "Collecting gamma<2 (from beta>=1.0->alpha==1.0)" -- \
  has "$OUT" "Installing collected packages: gamma, beta, alpha" -- has "$OUT" "Successfully installed alpha-1.0 beta-1.1 gamma-1.0" -- \
  test "$RC" = 0
BOX_OUT=$OUT
box -c "pip install -q alpha==1.0 >/dev/null 2>&1; cd / && tar cf - usr/local | base64 -w0"
mkdir -p "$TMP/boxtree" && printf '%s' "$OUT" | base64 -d | tar xf - -C "$TMP/boxtree"
if [ -n "$HOSTPIP" ]; then
  V=$TMP/v1
  hvenv "$V"
  hpip "$V" install --no-compile --index-url "$IDX" alpha==1.0
  check "install: the output is the host pip's" same "$BOX_OUT" "$HOUT"
  BT=$("$PY" tests/pip/tree.py "$TMP/boxtree$SITE" "$TMP/boxtree/usr/local/bin")
  HT=$("$PY" tests/pip/tree.py "$V/lib/python3.11/site-packages" "$V/bin" "#!$V/bin/python")
  check "install: the files are the host pip's (RECORD, INSTALLER, REQUESTED, scripts, modes)" same "$BT" "$HT"
  box -c 'pip install -q alpha==1.0 2>/dev/null; pip list; echo ---; pip list --format=json; echo ---; pip list --format=freeze; echo ---; pip freeze; echo ---; pip show alpha beta gamma'
  B=$OUT
  H=$(for a in list json lfreeze freeze show; do
        case $a in
          show) hpip "$V" show alpha beta gamma ;;
          json) hpip "$V" list --format=json ;;
          lfreeze) hpip "$V" list --format=freeze ;;
          *) hpip "$V" $a ;;
        esac
        printf '%s\n' "$HOUT"; [ $a = show ] || echo ---; done | boxpaths "$V")
  check "list, freeze, show: as the host pip prints them" same "$B" "$(printf '%s' "$H")"
  box -c 'pip install -q alpha==1.0 2>/dev/null; pip install alpha==1.0'
  hpip "$V" install --no-compile --index-url "$IDX" alpha==1.0
  check "install again: already satisfied, as pip says it" same "$OUT" "$(printf '%s' "$HOUT" | boxpaths "$V")"
  box -c 'pip install -q alpha==1.0 2>/dev/null; pip install --force-reinstall alpha==1.0; pip show -f alpha'
  # the box's wheels are in its cache by now; the host's pip keeps none
  B=$(printf '%s' "$OUT" | sed 's/^  Using cached /  Downloading /')
  hpip "$V" install --no-compile --index-url "$IDX" --force-reinstall alpha==1.0
  H=$HOUT
  hpip "$V" show -f alpha
  check "install --force-reinstall, show -f: as the host pip" same "$B" "$(printf '%s\n%s' "$H" "$HOUT" | boxpaths "$V")"
  box -c 'pip install -q alpha==1.0 2>/dev/null; pip install -U alpha; ls '$SITE'/alpha; ls '$SITE
  B=$OUT
  hpip "$V" install --no-compile --index-url "$IDX" -U alpha
  check "install -U: uninstalls the old version as pip does" all same "$(printf '%s' "$B" | sed -n '1,/^Successfully/p')" "$(printf '%s' "$HOUT" | boxpaths "$V")" -- \
    has "$B" "new.py" -- not_has "$B" "alpha-1.0.dist-info" -- has "$B" "alpha-2.0.dist-info"
  box -c 'pip install -q alpha==1.0 2>/dev/null; echo n | pip uninstall alpha; pip uninstall -y alpha; ls /usr/local/bin '$SITE' | sed s/^/LS:/; pip uninstall -y alpha'
  B=$OUT; BE=$ERR
  hpip "$V" uninstall -y alpha
  hpip "$V" install --no-compile --index-url "$IDX" alpha==1.0
  H1=$(env $(env | sed -n 's/^\(PIP_[A-Z_]*\)=.*/-u \1/p') PIP_CONFIG_FILE=/dev/null "$PY" -m pip --python "$V/bin/python" uninstall alpha <<<n 2>&1 | boxpaths "$V")
  hpip "$V" uninstall -y alpha
  check "uninstall: asks as pip does, then removes what RECORD lists" all has "$B" "$H1" -- has "$B" "$HOUT" -- \
    not_has "$B" "LS:alpha" -- has "$B" "LS:beta-1.1.dist-info" -- \
    has "$BE" "WARNING: Skipping alpha as it is not installed."
  fresh
  box -c 'pip install yank; pip install yank==2.0'
  B=$OUT; BE=$ERR
  hvenv "$V"
  hpip "$V" install --no-compile --index-url "$IDX" yank
  H=$HOUT
  hpip "$V" install --no-compile --index-url "$IDX" yank==2.0
  check "yanked: skipped unless pinned, then pip's warning" all same "$B" "$(printf '%s\n%s' "$H" "$HOUT")" -- \
    has "$BE" "$(printf '%s' "$HERR" | head -1)" -- has "$BE" "Reason for being yanked: broken build"
  box -c 'pip install nosuch'
  hpip "$V" install --no-compile --index-url "$IDX" nosuch
  check "missing: pip's two lines, status 1" all same "$ERR" "$HERR" -- same "$OUT" "$HOUT" -- test "$RC" = 1 -- test "$HRC" = 1
  box -c 'pip install badhash; echo rc=$?; ls '$SITE' 2>/dev/null'
  hpip "$V" install --no-compile --index-url "$IDX" badhash
  check "hash mismatch: pip's message, nothing installed" all same "$ERR" "$HERR" -- same "$OUT" "$(printf '%s\nrc=%s' "$HOUT" "$HRC")"
  printf 'gamma<2  # a comment\n\nbeta \\\n  >=1.0\n' >"$TMP/req.txt"
  box --copy "$TMP/req.txt:/root/req.txt" -c 'pip install -r /root/req.txt'
  hvenv "$V"
  hpip "$V" install --no-compile --index-url "$IDX" -r "$TMP/req.txt"
  check "install -r: a requirements file as pip reads it" same "$OUT" "$(printf '%s' "$HOUT" | sed "s#$TMP/req.txt#/root/req.txt#")"
  fresh
  box -c 'mkdir -p /tmp/w && cd /tmp/w && pip download alpha==1.0 && pip download -d sub gamma && sha256sum *.whl sub/*.whl && pip list'
  mkdir -p "$TMP/hd"
  H=$(cd "$TMP/hd" && env $(env | sed -n 's/^\(PIP_[A-Z_]*\)=.*/-u \1/p') PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1 \
      PIP_NO_CACHE_DIR=1 "$PY" -m pip download --index-url "$IDX" alpha==1.0 2>&1 &&
      env $(env | sed -n 's/^\(PIP_[A-Z_]*\)=.*/-u \1/p') PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1 \
      PIP_NO_CACHE_DIR=1 "$PY" -m pip download --index-url "$IDX" -d sub gamma 2>&1 && sha256sum *.whl sub/*.whl)
  check "download: the wheels saved as pip saves them, nothing installed" same "$OUT" "$H"
  # conflicts: pip's account of them; a solution found by going back to
  # an older version
  for reqs in "alpha==2.0 beta==1.0" "alpha==1.0 gamma>=2"; do
    box -c "pip install $(printf "'%s' " $reqs)"
    hvenv "$V"
    hpip "$V" install --no-compile --index-url "$IDX" $reqs
    block=$(printf '%s' "$HOUT" | sed -n '/^The conflict is caused by:/,$p')
    check "conflict ($reqs): pip's ResolutionImpossible" all same "$ERR" "$HERR" -- has "$OUT" "$block" -- test "$RC" = 1
  done
  box -c 'pip install alpha beta==1.0'
  hvenv "$V"
  hpip "$V" install --no-compile --index-url "$IDX" alpha beta==1.0
  check "backtracking: an older alpha fits beta==1.0, as pip finds" all \
    has "$OUT" "Successfully installed alpha-1.0 beta-1.0 gamma-1.0" -- has "$HOUT" "Successfully installed alpha-1.0 beta-1.0 gamma-1.0"
  fresh
  ACS_PYPI_INDEX_URL=http://127.0.0.1:$PORT/html/ box -c 'pip install alpha==1.0 yank'
  hvenv "$V"
  hpip "$V" install --no-compile --index-url "http://127.0.0.1:$PORT/html/" alpha==1.0 yank
  check "a PEP 503 HTML index: the same install" all same "$OUT" "$HOUT" -- test "$RC" = 0
else
  echo "skip box_pip host comparisons: no pip for python3"
fi

# --------------------------------------------------------------- what only the box shows
box -c "pip install 'delta[fast,bogus]'; ls $SITE"
check "extras and markers: for CPython 3.11 on wasm32-wasi" all has "$OUT" "Collecting epsilon>=1 (from delta[bogus,fast])" -- \
  has "$OUT" "Collecting wasi-dep (from delta[bogus,fast])" -- has "$OUT" "Successfully installed delta-1.0 epsilon-1.0 wasi-dep-1.0" -- \
  not_has "$OUT" "win-only" -- not_has "$OUT" "old-py" -- not_has "$OUT" "nosuch-pkg" -- \
  has "$ERR" "WARNING: delta 1.0 does not provide the extra 'bogus'"
box -c 'pip install newpy; pip install "newpy>=2"'
check "requires-python: a release for a newer Python is passed over" all has "$OUT" "Successfully installed newpy-1.0" -- \
  has "$ERR" "ERROR: Could not find a version that satisfies the requirement newpy>=2 (from versions: 1.0)"
box -c "pip install cext; echo rc=\$?; ls $SITE 2>/dev/null | sed s/^/SITE:/"
check "compiled only: refused, named, and why" all has "$ERR" "ERROR: Could not find a version that satisfies the requirement cext (from versions: none)" -- \
  has "$ERR" "ERROR: No matching distribution found for cext" -- has "$ERR" "cext has only compiled wheels" -- \
  has "$ERR" "pure-Python wheels (py3-none-any) only" -- not_has "$OUT" SITE:cext -- has "$OUT" rc=1
box -c 'pip install srconly'
check "source only: refused, named, and why" all has "$ERR" "No matching distribution found for srconly" -- \
  has "$ERR" "srconly has only a source distribution" -- test "$RC" = 1
rm -f /tmp/pwned-by-wheel
for w in evil-dotdot evil-abs evil-link evil-bomb evil-lie; do
  box -c "pip install $w; echo rc=\$?; ls $SITE 2>/dev/null | sed s/^/SITE:/; ls /tmp | sed s/^/TMP:/"
  case $w in
    evil-dotdot) why="would land outside site-packages" ;;
    evil-abs) why="would land outside site-packages" ;;
    evil-link) why="is a symbolic link" ;;
    evil-bomb) why="over the 256 MiB a file may have" ;;
    evil-lie) why="'evil_lie/big.bin' does not inflate to the 100 bytes its header says" ;;
  esac
  check "hostile wheel $w: refused with the entry named, nothing installed" all has "$ERR" "is not a wheel the box installs" -- \
    has "$ERR" "$why" -- not_has "$OUT" "SITE:" -- not_has "$OUT" TMP:pwned -- has "$OUT" rc=1 -- test ! -e /tmp/pwned-by-wheel
done
rm -f /tmp/pwned-by-index.whl
box -c 'pip install evil-hash'
check "hostile index: a digest that is a path is no digest, nothing written on the host" all \
  has "$ERR" "the index gives no sha256 (64 hex digits) for evil_hash-1.0-py3-none-any.whl" -- test "$RC" = 1 -- \
  test ! -e /tmp/pwned-by-index.whl
box --no-packages -c 'pip install alpha'
check "policy: --no-packages refuses pip too" all has "$ERR" "no packages are allowed in this box" -- test "$RC" = 1
box --allow-package alpha -c 'pip install alpha==1.0 && pip install gamma'
check "policy: --allow-package grants a package and its dependencies, nothing else" all \
  has "$OUT" "Successfully installed alpha-1.0 beta-1.1 gamma-1.0" -- has "$ERR" 'Package "gamma" is not allowed in this box; allowed: alpha' -- test "$RC" = 1
box --user agent -c 'pip install alpha==1.0 && stat -c "%U %n" ~/.local/lib/python3.11/site-packages/alpha/__init__.py ~/.local/bin/alpha-cli; pip list'
check "agent user: a user install into ~/.local, the files the agent's" all \
  has "$OUT" "Defaulting to user installation because normal site-packages is not writeable" -- \
  has "$OUT" "agent /home/agent/.local/lib/python3.11/site-packages/alpha/__init__.py" -- has "$OUT" "agent /home/agent/.local/bin/alpha-cli" -- \
  has "$ERR" "  WARNING: The scripts alpha-cli and alpha-tool are installed in '/home/agent/.local/bin' which is not on PATH." -- \
  has "$ERR" "  Consider adding this directory to PATH or, if you prefer to suppress this warning, use --no-warn-script-location." -- test "$RC" = 0
box --snapshot "$TMP/snap.tar" -c 'pip install -q gamma 2>/dev/null'
box --restore "$TMP/snap.tar" --user agent -c 'pip uninstall -y gamma; echo rc=$?; pip list; pip3 --version'
check "uninstall of the system's package by the agent: pip's PermissionError, nothing removed; pip3 is pip" all \
  has "$ERR" "PermissionError: [Errno 13] Permission denied: '$SITE/gamma" -- has "$OUT" "rc=2" -- has "$OUT" "gamma   2.0" -- \
  has "$OUT" "pip 23.2.1 from"
box -c "pip install -q ns-a ns-b 2>/dev/null && pip uninstall -y ns-a && find $SITE/nsp | sort"
check "namespace folder: two distributions share it, uninstalling one leaves the other" all \
  has "$OUT" "$SITE/nsp/b/__init__.py" -- not_has "$OUT" "$SITE/nsp/a" -- test "$RC" = 0
box -c 'pip install "alpha @ http://x/y.whl"; pip install "Alpha>=1,<2"'
check "install: a URL requirement is refused, a specifier set printed as pip sorts it" all \
  has "$ERR" "names a URL" -- has "$OUT" "Collecting Alpha<2,>=1"
box -c 'pip install ./dist/x-1.0-py3-none-any.whl'
check "install: a local wheel is refused, saying why" all has "$ERR" "is a file or folder: the box's pip installs from its package index only" -- test "$RC" = 1
box -c 'test -x /usr/bin/python3 || { echo NOPY; exit 0; }; pip install -q alpha==1.0 2>/dev/null; python3 -c "import alpha, beta; print(alpha.VERSION, beta.VERSION)"; alpha-cli; alpha-sh; alpha-tool'
if has "$OUT" NOPY; then echo "skip box_pip import: no /usr/bin/python3 in the box yet"; else
  check "python3 imports what pip installed; the scripts run" all has "$OUT" "1.0 1.1" -- has "$OUT" "alpha cli" -- has "$OUT" "alpha sh" -- has "$OUT" "alpha tool"
fi

# an index page within its max-age is not asked for again; one without is
: >"$TMP/fx/log"
box -c 'pip install -q cached-page gamma 2>/dev/null; pip uninstall -qy cached-page gamma; pip install -q cached-page gamma 2>/dev/null; pip list'
check "index pages: kept for their max-age, as pip's HTTP cache keeps them" all \
  test "$(grep -c '^/simple/cached-page/' "$TMP/fx/log")" -le 1 -- test "$(grep -c '^/simple/gamma/' "$TMP/fx/log")" = 2 -- \
  has "$OUT" "cached-page 1.0"

# --------------------------------------------------------------- warm cache figure
box -c 'pip install -q bench-top 2>/dev/null'
box -c 'true'
base=$MS
best=999999
for _ in 1 2 3 4 5; do
  box -c 'pip install -q bench-top 2>/dev/null'
  [ "$MS" -lt "$best" ] && best=$MS
done
check "install bench-top (3 dependencies), warm cache" test "$RC" = 0
echo "# pip install of a package with 3 dependencies, warm cache: $((best - base)) ms over an empty box (${best} ms in all, best of 5)"
