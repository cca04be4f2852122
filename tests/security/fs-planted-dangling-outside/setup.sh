ln -s "$O/does-not-exist.txt" "$W/dangling"
