# python deaf to SIGTERM, SIGINT and SIGHUP, busy: the time limit ends it
import signal
for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP): signal.signal(s, signal.SIG_IGN)
while True: pass
