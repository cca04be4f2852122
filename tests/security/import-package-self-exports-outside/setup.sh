# Modules outside that shout the secret if they ever run or load.
echo 'console.log("OUTSIDE-SECRET evil.mjs ran"); export default "OUTSIDE-SECRET";' > "$O/evil.mjs"
echo 'console.log("OUTSIDE-SECRET evil.cjs ran"); module.exports = "OUTSIDE-SECRET";' > "$O/evil.cjs"
echo 'console.log("OUTSIDE-SECRET evil.js ran"); module.exports = "OUTSIDE-SECRET";' > "$O/evil.js"
echo '"OUTSIDE-SECRET"' > "$O/evil.json"
cat > "$W/package.json" <<JSON
{"name":"self","exports":{".":"./../outside/evil.mjs","./up":"./../outside/evil.mjs","./abs":"$O/evil.mjs","./url":"file://$O/evil.mjs","./*":"./*"}}
JSON
