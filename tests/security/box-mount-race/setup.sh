# A host process swaps, in the mount, $W/d between a real directory and a
# link to $O, and $W/l between links to sub, ../outside and $O (from $W/go
# to $W/stop, at most 25 s), while a program of the box works through them.
mkdir -p "$W/d" "$W/sub"; echo inside > "$W/d/secret.txt"; echo inside > "$W/sub/secret.txt"; ln -s sub "$W/l"
nohup timeout 25 bash -c '
  while [ ! -e "$W/go" ]; do sleep 0.005; done
  while [ ! -e "$W/stop" ] && [ -d "$W" ]; do
    mv -T "$W/d" "$W/d.real" 2>/dev/null; ln -s "$O" "$W/d" 2>/dev/null
    ln -sfn ../outside "$W/l.t" && mv -T "$W/l.t" "$W/l"
    rm -f "$W/d" 2>/dev/null; mv -T "$W/d.real" "$W/d" 2>/dev/null
    ln -sfn "$O" "$W/l.t" && mv -T "$W/l.t" "$W/l"; ln -sfn sub "$W/l.t" && mv -T "$W/l.t" "$W/l"
  done' >/dev/null 2>&1 &
