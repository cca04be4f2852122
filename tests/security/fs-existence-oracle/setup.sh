mkdir -p "$O/dir"
echo 'module.exports = "OUTSIDE-SECRET";' > "$O/mod.cjs"
