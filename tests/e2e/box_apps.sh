# box_apps.sh - Express, Koa, Fastify and Hono apps, unmodified, in a box:
# each app (tests/e2e/box_apps/*.js) starts its server in the box's node,
# requests it over the box's network with fetch and prints what came back;
# the same app under Node 22 on the host must print the same. The
# frameworks come from the npm registry into tests/.apps (like Node 22
# itself; npm in the box is not there yet), pinned versions.
. "$(dirname "$0")/lib.sh"
NODE22=${NODE22:-$PWD/tests/.node22/node_modules/.bin/node}
APPS=$PWD/tests/.apps
if [ ! -f "$APPS/.installed" ]; then
  mkdir -p "$APPS"
  (cd "$APPS" && printf '{"name":"apps","private":true}\n' >package.json &&
    npm install --silent --no-audit --no-fund express@4.22.3 koa@2.16.4 fastify@4.29.1 hono@4.13.19 \
      @hono/node-server@1.19.19 >/dev/null 2>&1) && touch "$APPS/.installed"
fi
if [ ! -x "$NODE22" ] || [ ! -f "$APPS/.installed" ]; then
  echo "skip box apps: Node 22 or the frameworks could not be installed from npm"
else
  for f in "$PWD"/tests/e2e/box_apps/*.js; do
    b=$(basename "$f")
    cp "$f" "$APPS/$b"
    run_acs box --timeout-ms 60000 --copy "$APPS:/app" -w /app --exec node "$b"
    want=$(cd "$APPS" && "$NODE22" "$b" 2>&1)
    check "app ${b%.js} in a box answers as under Node 22" all [ "$RC" = 0 ] -- [ "$OUT$ERR" = "$want" ]
    [ "$OUT$ERR" = "$want" ] || diff <(printf '%s\n' "$OUT$ERR") <(printf '%s\n' "$want") | head -20 | sed 's/^/     /'
  done
fi
