# a port free on the host, for the box's server; a host loop that dials it
# on the host's loopback while the box listens (until $W/stop): anything
# it reaches is written to ../reached
node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })' > "$W/port"
nohup timeout 40 bash -c '
  p=$(cat "$0/port")
  while [ -d "$0" ] && [ ! -e "$0/stop" ]; do
    if [ -e "$0/ready" ]; then
      for h in 127.0.0.1 ::1; do (exec 3<>"/dev/tcp/$h/$p") 2>/dev/null && echo "$h $p" >> "$0/../reached"; done
      touch "$0/tried"
    fi
    sleep 0.05
  done' "$W" >/dev/null 2>&1 &
