# programs that crash themselves (SIGSEGV, SIGABRT, SIGBUS, a wasm trap):
# the box reports 128+N as Linux does, and its kernel and shell go on
(kill -SEGV $BASHPID); echo "segv $?"; (kill -ABRT $BASHPID); echo "abrt $?"; (kill -BUS $BASHPID); echo "bus $?"
node -e 'process.abort()'; echo "node abort $?"; node -e 'process.kill(process.pid, "SIGILL")'; echo "node ill $?"
python3 -c 'import os; os.abort()' 2>/dev/null; echo "python abort $?"
sh -c 'kill -KILL $$'; echo "kill $?"; echo ok > /tmp/after; cat /tmp/after; echo done
