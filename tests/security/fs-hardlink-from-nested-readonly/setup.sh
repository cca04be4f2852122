mkdir -p "$W/a/b/deeper"; echo "nested read-only" > "$W/a/b/data.txt"
