mkdir -p "$O/keep/sub"; echo keep > "$O/keep/sub/file.txt"
