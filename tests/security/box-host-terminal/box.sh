# as agent, the host's terminals and consoles: /dev/tty without a terminal
# is ENXIO, the rest do not exist in the box (root could make them as
# files of its own /dev: the box's /dev is memfs)
for d in /dev/tty /dev/console /dev/tty0 /dev/tty1 /dev/pts/0 /dev/ptmx /dev/ttyS0 /dev/vcs /dev/input/event0; do
  echo INJECTED > $d 2>/dev/null && echo "WROTE $d"; head -c 1 $d >/dev/null 2>&1 && echo "READ $d"
done
tty; stty -a 2>&1 | head -1; echo done
