# A host process swaps $W/d between a directory and a link to the read-only
# dir (from $W/go to $W/stop, at most 25 s).
mkdir -p "$W/d"; echo "work copy" > "$W/d/data.txt"
nohup timeout 25 bash -c '
  while [ ! -e "$W/go" ]; do sleep 0.005; done
  while [ ! -e "$W/stop" ] && [ -d "$W" ]; do
    mv -T "$W/d" "$W/d.real" 2>/dev/null
    ln -s "$R" "$W/d" 2>/dev/null
    rm -f "$W/d" 2>/dev/null
    mv -T "$W/d.real" "$W/d" 2>/dev/null
  done' >/dev/null 2>&1 &
