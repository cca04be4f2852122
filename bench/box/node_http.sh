#!/usr/bin/env bash
# bench/box/node_http.sh - an Express server in a box, requested from the
# host through an exposed port (acs box -p), side by side with the same app
# on the host's Node 22: sequential keep-alive latency (p50, p99) and
# requests/s with 50 keep-alive connections. Goals (issue 22): p50 <= 1 ms,
# >= 5000 requests/s.
set -eu
cd "$(dirname "$0")/../.."
ROOT=$PWD
ACS=$ROOT/${BUILD:-build}/acs
NODE22=$ROOT/tests/.node22/node_modules/.bin/node
APPS=$ROOT/bench/box/.apps
[ -x "$NODE22" ] || (mkdir -p tests/.node22 && cd tests/.node22 && npm install --silent --no-audit --no-fund --no-save node@22 >/dev/null)
[ -d "$APPS/node_modules/express" ] || (mkdir -p "$APPS" && cd "$APPS" && printf '{"private":true}\n' >package.json &&
  npm install --silent --no-audit --no-fund express@4.22.3 >/dev/null)
cp bench/box/express_app.js "$APPS/app.js"
free_port() { "$NODE22" -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
wait_up() { for _ in $(seq 300); do curl -s -m 1 "$1" >/dev/null 2>&1 && return 0; sleep 0.1; done; echo "server did not come up" >&2; return 1; }
N=${N:-2000} C=${C:-50} S=${S:-5}

p=$(free_port)
"$ACS" box --timeout-ms 600000 -p "3000:$p" --copy "$APPS:/app" -w /app --exec node app.js 3000 >/dev/null 2>&1 &
box=$!
wait_up "http://127.0.0.1:$p/api"
read -r b50 b99 brps < <("$NODE22" bench/box/http_load.mjs "http://127.0.0.1:$p/api" "$N" "$C" "$S")
kill "$box" 2>/dev/null; wait "$box" 2>/dev/null || true

h=$(free_port)
(cd "$APPS" && exec "$NODE22" app.js "$h") >/dev/null 2>&1 &
hn=$!
wait_up "http://127.0.0.1:$h/api"
read -r h50 h99 hrps < <("$NODE22" bench/box/http_load.mjs "http://127.0.0.1:$h/api" "$N" "$C" "$S")
kill "$hn" 2>/dev/null; wait "$hn" 2>/dev/null || true

echo "== Express /api from the host, keep-alive ($N sequential; $C connections for $S s)"
printf '%-22s %8s %8s %10s\n' "" "p50 ms" "p99 ms" "req/s"
printf '%-22s %8s %8s %10s\n' "box (acs box -p)" "$b50" "$b99" "$brps" "host Node 22" "$h50" "$h99" "$hrps"
awk -v a="$brps" -v b="$hrps" 'BEGIN { printf "box/host throughput %.2f (goal: >= 5000 req/s)\n", a / b }'
