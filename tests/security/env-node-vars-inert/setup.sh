echo 'console.log("OUTSIDE-SECRET preloaded")' > "$O/evil.cjs"
echo 'console.log("OUTSIDE-SECRET preloaded")' > "$W/preload.cjs"
