# A host process swaps $W/d between a real directory and a link to $O while
# the guest works under it (it starts when the guest creates $W/go, after
# the start-up link check, and stops at $W/stop or after 25 s).
mkdir -p "$W/d"; echo inside > "$W/d/secret.txt"; echo victim > "$O/only-outside.txt"
nohup timeout 25 bash -c '
  while [ ! -e "$W/go" ]; do sleep 0.005; done
  while [ ! -e "$W/stop" ] && [ -d "$W" ]; do
    mv -T "$W/d" "$W/d.real" 2>/dev/null
    ln -s "$O" "$W/d" 2>/dev/null
    rm -f "$W/d" 2>/dev/null
    mv -T "$W/d.real" "$W/d" 2>/dev/null
  done' >/dev/null 2>&1 &
