# box_node_symlinks.sh - the box's node keys modules by their real path, as
# Node 22 does without --preserve-symlinks: a main module run through a
# link, a package linked into node_modules, a .bin link. The same tree runs
# under Node 22 on the host and must print the same (paths from its root).
. "$(dirname "$0")/lib.sh"
NODE22=${NODE22:-$PWD/tests/.node22/node_modules/.bin/node}
if [ ! -x "$NODE22" ]; then
  echo "skip node symlinks: Node 22 is not installed (tests/.node22)"
  exit 0
fi
T=$TMP/t
mkdir -p "$T/real" "$T/app/node_modules/.bin" "$T/app/node_modules/pkg"
cat > "$T/real/main.js" <<'JS'
const root = process.argv[2];
const rel = (p) => p.split(root).join("ROOT");
console.log("dep", require("./dep"), rel(__filename), rel(require.main.filename), rel(__dirname));
JS
echo 'module.exports = 42;' > "$T/real/dep.js"
ln -s real/main.js "$T/link.js"
ln -s ../../real "$T/app/node_modules/linked"
printf '{"name":"pkg","bin":{"pkg":"cli.js"}}\n' > "$T/app/node_modules/pkg/package.json"
cat > "$T/app/node_modules/pkg/cli.js" <<'JS'
const root = process.argv[2];
console.log("cli", require("./lib"), __filename.split(root).join("ROOT"));
JS
echo 'module.exports = "lib";' > "$T/app/node_modules/pkg/lib.js"
ln -s ../pkg/cli.js "$T/app/node_modules/.bin/pkg"
cat > "$T/app/main.js" <<'JS'
const root = process.argv[2];
const rel = (p) => p.split(root).join("ROOT");
console.log("resolve", rel(require.resolve("linked/dep.js")), require("linked/dep.js"));
console.log("same module", require("linked/dep.js") === require("../real/dep.js"));
import("linked/dep.js").then((m) => console.log("import", m.default));
JS
script='node link.js "$R"; node app/node_modules/.bin/pkg "$R"; cd app && node main.js "$R"'
want=$(cd "$T" && R=$T PATH="$(dirname "$NODE22"):$PATH" bash -c "$script" 2>&1)
run_acs box --copy "$T:/t" -w /t --env R=/t -c "$script"
check "node through symbolic links: as Node 22" [ "$OUT" = "$want" ]
[ "$OUT" = "$want" ] || diff <(printf '%s\n' "$OUT") <(printf '%s\n' "$want") | head -20 | sed 's/^/     /'
