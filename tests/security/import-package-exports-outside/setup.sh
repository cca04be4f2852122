# Modules outside that shout the secret if they ever run or load.
echo 'console.log("OUTSIDE-SECRET evil.mjs ran"); export default "OUTSIDE-SECRET";' > "$O/evil.mjs"
echo 'console.log("OUTSIDE-SECRET evil.cjs ran"); module.exports = "OUTSIDE-SECRET";' > "$O/evil.cjs"
echo 'console.log("OUTSIDE-SECRET evil.js ran"); module.exports = "OUTSIDE-SECRET";' > "$O/evil.js"
echo '"OUTSIDE-SECRET"' > "$O/evil.json"
mkdir -p "$W/node_modules/pkg"
cat > "$W/node_modules/pkg/package.json" <<JSON
{"name":"pkg","exports":{".":"../../../outside/evil.mjs","./dot":"./../../../outside/evil.mjs","./abs":"$O/evil.mjs",
 "./url":"file://$O/evil.mjs","./cond":{"import":"./../../../outside/evil.mjs","require":"./../../../outside/evil.cjs","default":"$O/evil.js"},
 "./arr":["./nope.mjs","./../../../outside/evil.mjs"],"./enc":"./%2e%2e/%2e%2e/%2e%2e/outside/evil.mjs","./star/*":"./../../../outside/*","./*":"./*"}}
JSON
