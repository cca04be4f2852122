# A host process swaps an intermediate directory $W/a/b between a real
# directory and links that climb out ("../.." and "/"), from $W/go to
# $W/stop, at most 25 s.
mkdir -p "$W/a/b/c"; echo inside > "$W/a/b/c/secret.txt"
nohup timeout 25 bash -c '
  i=0
  while [ ! -e "$W/go" ]; do sleep 0.005; done
  while [ ! -e "$W/stop" ] && [ -d "$W" ]; do
    i=$((i+1))
    if [ $((i % 2)) = 0 ]; then t="../../.."; else t="/"; fi
    mv -T "$W/a/b" "$W/a/b.real" 2>/dev/null
    ln -s "$t" "$W/a/b" 2>/dev/null
    rm -f "$W/a/b" 2>/dev/null
    mv -T "$W/a/b.real" "$W/a/b" 2>/dev/null
  done' >/dev/null 2>&1 &
