# programs that try to outlive the box: nohup, setsid, double forks,
# disowned jobs, SIGTERM and SIGHUP ignored; the box's end ends them all
nohup sleep 300 >/dev/null 2>&1 &
setsid sleep 301 >/dev/null 2>&1 &
(sleep 302 >/dev/null 2>&1 &)
sleep 303 >/dev/null 2>&1 & disown
(trap '' HUP TERM INT; exec sleep 304) >/dev/null 2>&1 &
sh -c 'trap "" HUP TERM INT; while :; do sleep 1; done' >/dev/null 2>&1 &
node -e 'process.on("SIGTERM", () => {}); process.on("SIGHUP", () => {}); setInterval(() => {}, 1000)' >/dev/null 2>&1 &
echo started; exit 0
