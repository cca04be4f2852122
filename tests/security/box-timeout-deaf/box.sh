# programs deaf to SIGTERM, SIGINT and SIGHUP, in a busy loop and asleep:
# the box's time limit still ends them all (124), nothing outlives it
trap '' TERM INT HUP
node -e 'for (const s of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(s, () => {}); for (;;) {}' &
python3 -c 'import signal
for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP): signal.signal(s, signal.SIG_IGN)
while True: pass' &
sh -c 'trap "" TERM INT HUP; while :; do sleep 1; done' &
while :; do :; done
