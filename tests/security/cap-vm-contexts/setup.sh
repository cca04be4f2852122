echo "console.log(\"OUTSIDE-SECRET imported\")" > "$O/evil.mjs"
