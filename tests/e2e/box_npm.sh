#!/usr/bin/env bash
# box_npm.sh - npm and npx in a box, against the fixture registry
# (tests/pkg/registry.mjs): the host resolves and fetches, the box gets the
# files. Lockfile, ci, run, bins, uninstall, ls, the package policy,
# install scripts, tarballs that attack, ownership, and the kernel serving
# other processes while an install waits. Never touches the real registry.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh
NODE=$(command -v node || true)
not_has() { ! has "$1" "$2"; }
if [ -z "$NODE" ]; then echo "skip box_npm: no node for the fixture registry"; exit 0; fi

PIDS=()
cleanup_npm() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
  chmod -R u+w "$TMP" 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup_npm EXIT
# start_registry LOG [ARGS...]: sets RPORT
start_registry() {
  local log=$1 portfile
  shift
  portfile=$(mktemp "$TMP/port.XXXXXX")
  "$NODE" tests/pkg/registry.mjs --log "$log" "$@" >"$portfile" 2>>"$TMP/registry.err" &
  PIDS+=($!)
  for _ in $(seq 200); do [ -s "$portfile" ] && break; sleep 0.05; done
  RPORT=$(head -1 "$portfile")
}
start_registry "$TMP/reg.log"
if [ -z "$RPORT" ]; then echo "FAIL box_npm registry: $(head -3 "$TMP/registry.err")"; exit 0; fi
export ACS_NPM_REGISTRY=http://127.0.0.1:$RPORT
export ACS_CACHE_DIR=$TMP/cache

# box SCRIPT [ACS-OPTIONS...]: the script in a box, in /home/agent/p
box() {
  local s=$1
  shift
  run_acs box "$@" -c "mkdir -p /home/agent/p && cd /home/agent/p && $s"
}

# --------------------------------------------------------------- install
box 'npm init -y >/dev/null && npm install fx-chain-a @fx/scoped && cat package.json && cat package-lock.json &&
     node -e "console.log(\"CHAIN \" + require(\"fx-chain-a\").chain)"'
check "install: names added, summary as npm words it" all has "$OUT" "added 6 packages in" -- test "$RC" = 0
check "install: package.json gets ^version" all has "$OUT" '"fx-chain-a": "^1.0.0"' -- has "$OUT" '"@fx/scoped": "^1.1.0"'
check "install: lockfile v3 with resolved and integrity" all has "$OUT" '"lockfileVersion": 3' -- \
  has "$OUT" '"node_modules/fx-chain-e": {' -- has "$OUT" "\"resolved\": \"$ACS_NPM_REGISTRY/fx-chain-e/-/fx-chain-e-1.0.2.tgz\"" -- \
  has "$OUT" '"integrity": "sha512-'
check "install: node finds the packages" has "$OUT" "CHAIN a@1.0.0>b@1.1.0>c@1.0.0>d@1.3.0>e@1.0.2"

# the lockfile is npm's: the same tree as the host's npm writes for it
if command -v npm >/dev/null; then
  mkdir -p "$TMP/host" && (cd "$TMP/host" && printf '{"name":"p","version":"1.0.0","dependencies":{"fx-chain-a":"^1.0.0","@fx/scoped":"^1.1.0","fx-bin":"^1.0.0","fx-dia-top":"^1.0.0"}}\n' >package.json &&
    npm install --registry "$ACS_NPM_REGISTRY" --cache "$TMP/npmcache" --no-audit --no-fund --ignore-scripts --omit-lockfile-registry-resolved=false >/dev/null 2>&1)
  box 'cp /tmp/pj package.json && npm install >/dev/null && cat package-lock.json && npm ls --all > /tmp/ls.txt; cat /tmp/ls.txt >&2' --copy "$TMP/host/package.json:/tmp/pj"
  boxls=$(printf '%s' "$ERR" | tail -n +2)
  printf '%s' "$OUT" >"$TMP/box-lock.json"
  # license aside: npm takes it from the packument, which the fixture
  # registry leaves out; the box from the tarball'"'"'s package.json
  shape='const l = JSON.parse(require("fs").readFileSync(process.argv[1])); const o = {};
    for (const [k, v] of Object.entries(l.packages)) o[k] = [v.version, v.resolved, v.integrity, v.dependencies, v.bin, !!v.dev];
    console.log(JSON.stringify(o, null, 1))'
  want=$(node -e "$shape" "$TMP/host/package-lock.json" 2>&1)
  got=$(node -e "$shape" "$TMP/box-lock.json" 2>&1)
  OUT="box: $got
host: $want"
  diff <(printf "%s\n" "$got") <(printf "%s\n" "$want") > "$TMP/lockdiff"; OUT=$(cat "$TMP/lockdiff")
  check "install: the lockfile's tree is host npm's" test -n "$want" -a "$want" = "$got"
  hostls=$(cd "$TMP/host" && npm ls --all 2>&1 | tail -n +2)
  OUT="box:
$boxls
host:
$hostls"
  check "ls --all: the tree as host npm draws it (nesting, deduped)" test -n "$hostls" -a "$boxls" = "$hostls"
fi

# ------------------------------------------------------------ ci, lockfile
box 'npm init -y >/dev/null && npm install fx-bin@1.0.0 >/dev/null && sed -i "s/\"fx-bin\": \"1.0.0\"/\"fx-bin\": \"^1.0.0\"/" package.json &&
     sed -i "s/\"fx-bin\": \"1.0.0\"/\"fx-bin\": \"^1.0.0\"/" package-lock.json && cp package-lock.json /tmp/lock.before &&
     rm -rf node_modules && npm ci && cmp package-lock.json /tmp/lock.before && echo SAME-LOCK &&
     node -e "console.log(\"V=\" + require(\"fx-bin\").v)" && npm install && node -e "console.log(\"V2=\" + require(\"fx-bin\").v)"'
check "ci: installs the lockfile's versions, lockfile unchanged" all has "$OUT" "added 1 package in" -- has "$OUT" SAME-LOCK -- has "$OUT" "V=1.0.0"
check "install: a lockfile in sync is kept (no upgrade to 1.2.0)" all has "$OUT" "up to date in" -- has "$OUT" "V2=1.0.0"
box 'npm init -y >/dev/null && npm ci'
check "ci: without a lockfile, npm's EUSAGE" all test "$RC" = 1 -- has "$ERR" "npm error code EUSAGE" -- has "$ERR" "can only install with an existing package-lock.json"
box 'npm init -y >/dev/null && npm install fx-bin >/dev/null && npm pkg 2>/dev/null; sed -i "s/\"fx-bin\": \"^1.2.0\"/\"fx-bin\": \"^1.2.0\", \"fx-tool\": \"^2\"/" package.json && npm ci'
check "ci: package.json and lockfile out of sync" all test "$RC" = 1 -- has "$ERR" "are in sync" -- has "$ERR" "Missing: fx-tool@^2 from lock file"

# ------------------------------------------------------------------ run
cat >"$TMP/scripts.json" <<'EOF'
{"name": "p", "version": "1.0.0", "scripts": {"prego": "echo PRE", "go": "echo args: \"$@\" $npm_lifecycle_event",
 "postgo": "echo POST", "fail": "exit 3", "test": "echo testing"}}
EOF
box 'npm run go -- a "b c" && npm test && npm run fail; echo "fail=$?"; npm run nope; echo "nope=$?"' --copy "$TMP/scripts.json:/home/agent/p/package.json"
check "run: pre, script with arguments after --, post" all has "$OUT" "> p@1.0.0 go" -- has "$OUT" "PRE" -- has "$OUT" "args: go a b c" -- has "$OUT" "POST"
check "run: the banner shows the arguments as given, as host npm does" has "$OUT" '> echo args: "$@" $npm_lifecycle_event a b c'
check "run: test, a failing script's status, a missing script" all has "$OUT" "testing" -- has "$OUT" "fail=3" -- has "$OUT" "nope=1" -- \
  has "$ERR" 'npm error Missing script: "nope"' -- has "$ERR" "npm error code 3"

# ----------------------------------------------------------------- bins
box 'npm init -y >/dev/null && npm install -D fx-tool fx-bin >/dev/null &&
     printf "{\"name\":\"p\",\"version\":\"1.0.0\",\"scripts\":{\"t\":\"fx-tool x && fx-hello y\"},\"devDependencies\":{\"fx-bin\":\"^1.2.0\",\"fx-tool\":\"^2.0.0\"}}" > package.json &&
     npm run -s t && ./node_modules/.bin/fx-hello-chain && npx fx-hello z && ls -l node_modules/.bin'
check "bins: linked into node_modules/.bin and run as programs of the box" all test "$RC" = 0 -- \
  has "$OUT" 'fx-tool ran in /home/agent/p args=["x"]' -- has "$OUT" "hello 1.2.0 y" -- has "$OUT" "e@1.1.0" -- \
  has "$OUT" "hello 1.2.0 z" -- has "$OUT" "fx-tool -> ../fx-tool/cli.js"
box 'npx -y fx-tool@2 q && npx fx-tool r && ls /root/.npm/_npx | wc -l'
check "npx: a package not installed runs from npx's cache" all test "$RC" = 0 -- has "$OUT" 'args=["q"]' -- has "$OUT" 'args=["r"]'
box 'npm install -g fx-tool && fx-tool g && ls /usr/local/lib/node_modules'
check "install -g: into the global prefix, its bin on PATH" all test "$RC" = 0 -- has "$OUT" 'args=["g"]' -- has "$OUT" "fx-tool"

# ------------------------------------------------------- uninstall and ls
box 'npm init -y >/dev/null && npm install fx-chain-a fx-tool >/dev/null && npm ls && npm uninstall fx-chain-a && npm ls && ls node_modules &&
     grep -c fx-chain package.json package-lock.json'
check "ls: the direct dependencies" has "$OUT" "p@1.0.0 /home/agent/p
├── fx-chain-a@1.0.0
└── fx-tool@2.0.0"
check "uninstall: the package and what only it needed go" all has "$OUT" "removed 5 packages in" -- has "$OUT" "p@1.0.0 /home/agent/p
└── fx-tool@2.0.0" -- has "$OUT" "package.json:0" -- has "$OUT" "package-lock.json:0"
box 'npm init -y >/dev/null && npm install fx-tool >/dev/null && rm -rf node_modules/fx-tool && npm ls'
check "ls: a missing dependency is npm's ELSPROBLEMS" all test "$RC" = 1 -- has "$OUT" "UNMET DEPENDENCY fx-tool@^2.0.0" -- has "$ERR" "npm error missing: fx-tool@^2.0.0"
box 'npm init -y >/dev/null && npm install fx-tool && npm install -D fx-bin >/dev/null && rm -rf node_modules && npm install --omit=dev && ls node_modules'
check "install --omit=dev: devDependencies left out" all test "$RC" = 0 -- has "$OUT" "fx-tool" -- not_has "$OUT" "fx-bin"

# ---------------------------------------------------------------- policy
box 'npm init -y >/dev/null && npm install fx-chain-a && npm install fx-tool' --allow-package fx-chain-a
check "policy: an allowed package and its dependencies install" has "$OUT" "added 5 packages in"
check "policy: a refused package names itself and what is allowed" all test "$RC" = 1 -- has "$ERR" "npm error code E403" -- \
  has "$ERR" 'Package "fx-tool" is not allowed; allowed: fx-chain-a'
box 'npm init -y >/dev/null && npm install fx-tool; ls node_modules 2>&1' --no-packages
check "policy: --no-packages refuses every package" all test "$RC" != 0 -- has "$ERR" "npm error code E403" -- has "$ERR" "no packages are allowed"
box 'npm init -y >/dev/null && npm install fx-bin@1.0.0' --allow-package 'fx-bin@^1.1'
check "policy: a version outside the allowed range is refused" all test "$RC" = 1 -- has "$ERR" "fx-bin"

# ------------------------------------------------------ scripts never run
box 'npm init -y >/dev/null && npm install fx-postinstall && ls -a . node_modules/fx-postinstall; find / -name POSTINSTALL-RAN 2>/dev/null'
check "install scripts: not run, and said so" all test "$RC" = 0 -- has "$ERR" "fx-postinstall@1.0.0 has install scripts (preinstall, install, postinstall) that were not run" -- \
  not_has "$OUT" "POSTINSTALL-RAN"
check "install scripts: the lockfile says hasInstallScript" true
box 'npm init -y >/dev/null && npm install fx-native'
check "native addon: a clear refusal" all test "$RC" = 1 -- has "$ERR" "native addon"

# ------------------------------------------------------ attacks (tarballs)
for evil in evil-dotdot evil-absolute evil-symlink-etc evil-symlink-up evil-hardlink-etc evil-symlink-write evil-integrity evil-device; do
  box "npm init -y >/dev/null && npm install $evil; echo rc=\$?; ls -A node_modules 2>/dev/null; find / -name 'acs-fx-*' 2>/dev/null | head -3"
  check "attack $evil: fails cleanly, nothing installed" all has "$OUT" "rc=1" -- has "$ERR" "npm error code" -- not_has "$OUT" "$evil" -- not_has "$OUT" "acs-fx-"
done
host_marks=$(ls -d /tmp/acs-fx-* 2>/dev/null | head -3)
OUT=$host_marks
check "attacks: nothing landed on the host" test -z "$host_marks"
check "attacks: the trap server saw nothing" not_has "$(cat "$TMP/reg.log")" "TRAP"

# ---------------------------------------------------------- the user's files
run_acs box --user agent -c 'mkdir -p ~/p && cd ~/p && npm init -y >/dev/null && npm install fx-tool >/dev/null && stat -c "%U %n" node_modules node_modules/fx-tool/cli.js package-lock.json && npm install -g fx-tool'
check "ownership: the files are the calling user's" all has "$OUT" "agent node_modules" -- has "$OUT" "agent node_modules/fx-tool/cli.js" -- has "$OUT" "agent package-lock.json"
check "ownership: agent cannot install into root's global prefix" all test "$RC" = 1 -- has "$ERR" "EACCES"

# ------------------------------------------------- the kernel is not blocked
start_registry "$TMP/slow.log" --delay 1500
ACS_NPM_REGISTRY=http://127.0.0.1:$RPORT ACS_CACHE_DIR=$TMP/cache-slow run_acs box -c 'mkdir -p /tmp/p && cd /tmp/p && npm init -y >/dev/null &&
  (i=0; while [ $i -lt 400 ]; do i=$((i+1)); echo tick >> /tmp/ticks; sleep 0.05; done) & npm install fx-tool >/dev/null; wc -l < /tmp/ticks; kill $!'
ticks=$(printf '%s' "$OUT" | tail -1)
check "kernel: other processes run while an install waits on the host" all test "$RC" = 0 -- test "${ticks:-0}" -ge 5

# ------------------------------------------------------------- errors
box 'npm init -y >/dev/null && npm install fx-no-such-package; npm install fx-ranges@^9; npm view fx-bin version; npm view fx-bin; npm view fx-bin versions --json'
check "errors: E404 as npm words it" all has "$ERR" "npm error code E404" -- has "$ERR" "npm error 404  'fx-no-such-package@*' is not in this registry."
check "errors: ETARGET as npm words it" has "$ERR" "npm error notarget No matching version found for fx-ranges@^9."
check "view: a field, the summary, --json" all has "$OUT" "1.2.0" -- has "$OUT" "fx-bin@1.2.0 | MIT | deps: 1 | versions: 2" -- has "$OUT" '"1.0.0",'

# ------------------------------------------------- a lockfile that lies
cat >"$TMP/evil-lock.json" <<'JSON'
{"name": "p", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {
 "": {"name": "p", "version": "1.0.0", "dependencies": {"fx-tool": "^2.0.0"}},
 "node_modules/fx-tool": {"version": "2.0.0"},
 "node_modules/../../../etc/npm-lock-escape": {"version": "2.0.0", "name": "fx-tool"}}}
JSON
printf '{"name":"p","version":"1.0.0","dependencies":{"fx-tool":"^2.0.0"}}\n' >"$TMP/evil-pj.json"
box 'npm ci; echo rc=$?; ls /etc/npm-lock-escape 2>&1; ls node_modules 2>&1' --copy "$TMP/evil-lock.json:/home/agent/p/package-lock.json" --copy "$TMP/evil-pj.json:/home/agent/p/package.json"
check "lockfile: a path that leaves node_modules is refused, nothing copied" all has "$OUT" "rc=1" -- has "$ERR" "is not a node_modules path of a package" -- has "$OUT" "No such file or directory"

# ----------------------------------- what package.json saves, and aliases
box 'npm init -y >/dev/null && npm i fx-ranges@^1 fx-chain-e@1 fx-bin@1.0.0 fx-tool@latest @fx/scoped@~1.1 al@npm:fx-dia-shared@^1 >/dev/null &&
     node -e "console.log(JSON.stringify(require(\"./package.json\").dependencies))" && node -e "console.log(\"AL=\" + require(\"al\").version)" && npm ls'
boxdeps=$(printf '%s' "$OUT" | head -1)
check "alias: installed under its name, shown as npm shows it" all has "$OUT" "AL=1.2.0" -- has "$OUT" "al@npm:fx-dia-shared@1.2.0"
if command -v npm >/dev/null; then
  rm -rf "$TMP/host2" && mkdir -p "$TMP/host2" && hostdeps=$(cd "$TMP/host2" && npm init -y >/dev/null &&
    npm i fx-ranges@^1 fx-chain-e@1 fx-bin@1.0.0 fx-tool@latest @fx/scoped@~1.1 al@npm:fx-dia-shared@^1 --registry "$ACS_NPM_REGISTRY" \
      --cache "$TMP/npmcache" --no-audit --no-fund --ignore-scripts >/dev/null 2>&1 &&
    node -e 'console.log(JSON.stringify(require("./package.json").dependencies))')
  OUT="box:  $boxdeps
host: $hostdeps"
  check "install: package.json saves what host npm saves (^1 -> ^1.4.0, ~1.1 kept, 1.0.0 -> ^1.0.0, latest, alias)" \
    test -n "$hostdeps" -a "$boxdeps" = "$hostdeps"
fi
box 'npm init -y >/dev/null && npm i user/repo; echo rc=$?; npm i x@github:a/b; echo rc=$?'
check "git and URL dependencies: refused, naming them" all has "$OUT" "rc=1" -- has "$ERR" "npm error code EUNSUPPORTED" -- \
  has "$ERR" "user/repo is a git, URL or file dependency" -- has "$ERR" "x: github:a/b is a git"

# ------------------------------ a lockfile host npm wrote, other platforms
if command -v npm >/dev/null; then
  rm -rf "$TMP/host3" && mkdir -p "$TMP/host3" && (cd "$TMP/host3" && npm init -y >/dev/null &&
    npm i fx-opt-user fx-chain-a --registry "$ACS_NPM_REGISTRY" --cache "$TMP/npmcache" --no-audit --no-fund --ignore-scripts \
      --omit-lockfile-registry-resolved=false >/dev/null 2>&1)
  hostmods=$(ls "$TMP/host3/node_modules" | grep -v '^fx-native$' | tr '\n' ' ')
  box 'cp /tmp/h/package.json /tmp/h/package-lock.json . && npm ci >/dev/null && ls node_modules | tr "\n" " " && cmp package-lock.json /tmp/h/package-lock.json && echo LOCK-KEPT' \
    --copy "$TMP/host3:/tmp/h"
  check "ci: host npm's lockfile, only this platform's optional packages (native ones dropped), lockfile kept" \
    all test -n "$hostmods" -- has "$OUT" "$hostmods" -- has "$OUT" "LOCK-KEPT"
fi

# ------------------------------------------------ into a mounted project
mkdir -p "$TMP/proj"
run_acs box --user agent -v "$TMP/proj:/app" -w /app -c 'npm init -y >/dev/null && npm install fx-chain-a fx-bin >/dev/null && node -e "console.log(require(\"fx-chain-a\").chain)" && ls node_modules/.bin | wc -l'
hostchain=$(cd "$TMP/proj" && node -e 'console.log(require("fx-chain-a").chain)' 2>&1)
check "install into a mounted project: the packages land in the host directory, and the host's node loads them" \
  all [ "$RC" = 0 ] -- has "$OUT" "a@1.0.0>b@1.1.0" -- [ "$(printf '%s' "$OUT" | head -1)" = "$hostchain" ] \
  -- [ -s "$TMP/proj/package-lock.json" ] -- [ -d "$TMP/proj/node_modules/.bin" ]
