mkdir -p "$W/node_modules/.pkg/lib/a/b/c/d/e/f"
ln -s "$O/secret.txt" "$W/node_modules/.pkg/lib/a/b/c/d/e/f/.hidden"
