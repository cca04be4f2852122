# Modules outside that shout the secret if they ever run or load.
echo 'console.log("OUTSIDE-SECRET evil.mjs ran"); export default "OUTSIDE-SECRET";' > "$O/evil.mjs"
echo 'console.log("OUTSIDE-SECRET evil.cjs ran"); module.exports = "OUTSIDE-SECRET";' > "$O/evil.cjs"
echo 'console.log("OUTSIDE-SECRET evil.js ran"); module.exports = "OUTSIDE-SECRET";' > "$O/evil.js"
echo '"OUTSIDE-SECRET"' > "$O/evil.json"
cat > "$W/package.json" <<JSON
{"name":"app","imports":{"#rel":"../outside/evil.mjs","#dotrel":"./../outside/evil.mjs","#abs":"$O/evil.mjs","#url":"file://$O/evil.mjs",
 "#mid":"./x/../../outside/evil.mjs","#star/*":"./../outside/*","#cond":{"import":"./../outside/evil.mjs","require":"./../outside/evil.cjs"},
 "#enc":"./%2e%2e/outside/evil.mjs","#etc":"/etc/passwd"}}
JSON
