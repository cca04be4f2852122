# a package installed into the mount, then rewritten, hard-linked and
# replaced by the box: the host's package cache keeps its bytes, so the
# next box to install it gets the real package (checked on the host)
cd /work && echo '{"name":"p","version":"1.0.0"}' > package.json
npm install --no-audit --no-fund fx-cjs >/dev/null 2>&1; echo "install $?"
f=$(ls node_modules/fx-cjs/*.js | head -1); echo "module.exports = 'POISONED';" > "$f"; echo POISON >> node_modules/fx-cjs/package.json
ln -f "$f" /work/hl 2>/dev/null; rm -rf node_modules/fx-cjs; mkdir -p node_modules/fx-cjs; echo POISON > node_modules/fx-cjs/index.js
cd /tmp && echo '{"name":"q","version":"1.0.0"}' > package.json && npm install --no-audit --no-fund fx-cjs >/dev/null 2>&1
grep -rl POISON /tmp/node_modules && echo POISONED-IN-BOX; echo done
