mkdir -p "$W/a/b"; echo "nested read-only" > "$W/a/b/data.txt"
