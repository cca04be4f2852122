# A host process swaps $W/f between a regular file and a link to
# $O/secret.txt (from $W/go to $W/stop, at most 25 s).
echo inside > "$W/f"
nohup timeout 25 bash -c '
  while [ ! -e "$W/go" ]; do sleep 0.005; done
  while [ ! -e "$W/stop" ] && [ -d "$W" ]; do
    mv -T "$W/f" "$W/f.real" 2>/dev/null
    ln -s "$O/secret.txt" "$W/f" 2>/dev/null
    rm -f "$W/f" 2>/dev/null
    mv -T "$W/f.real" "$W/f" 2>/dev/null
  done' >/dev/null 2>&1 &
