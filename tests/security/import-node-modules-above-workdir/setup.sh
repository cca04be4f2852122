# Modules outside that shout the secret if they ever run or load.
echo 'console.log("OUTSIDE-SECRET evil.mjs ran"); export default "OUTSIDE-SECRET";' > "$O/evil.mjs"
echo 'console.log("OUTSIDE-SECRET evil.cjs ran"); module.exports = "OUTSIDE-SECRET";' > "$O/evil.cjs"
echo 'console.log("OUTSIDE-SECRET evil.js ran"); module.exports = "OUTSIDE-SECRET";' > "$O/evil.js"
echo '"OUTSIDE-SECRET"' > "$O/evil.json"
# node_modules and a package.json in the work dir's parent and at /tmp level
mkdir -p "$W/../node_modules/evilpkg" "$O/node_modules/evilpkg2"
cp "$O/evil.cjs" "$W/../node_modules/evilpkg/index.js"
cp "$O/evil.cjs" "$O/node_modules/evilpkg2/index.js"
echo '{"name":"above","type":"commonjs","imports":{"#evil":"./outside/evil.mjs"}}' > "$W/../package.json"
