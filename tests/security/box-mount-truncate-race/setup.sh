# A host process rewrites $W/f (from $W/go to $W/stop, at most 25 s):
# truncated, refilled with 64 KiB of 'a', replaced by rename, while the
# box reads it through the mount
head -c 65536 /dev/zero | tr '\0' a > "$W/f"
nohup timeout 25 bash -c '
  while [ ! -e "$W/go" ]; do sleep 0.005; done
  while [ ! -e "$W/stop" ] && [ -d "$W" ]; do
    : > "$W/f"; head -c 65536 /dev/zero | tr "\0" a > "$W/f"
    head -c 1000 /dev/zero | tr "\0" a > "$W/f.new" && mv "$W/f.new" "$W/f"
  done' >/dev/null 2>&1 &
