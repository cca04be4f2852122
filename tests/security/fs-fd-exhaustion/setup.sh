echo "console.log(\"OUTSIDE-SECRET\")" > "$O/evil.mjs"
