# programs started with stdin, stdout and stderr closed: the first file
# each opens is its descriptor 0, as on Linux, and no descriptor of the
# host fills the gap
node -e 'const fs = require("fs"); fs.writeSync(fs.openSync("/tmp/n", "w"), "node fd " + fs.openSync("/tmp/n2", "w"))' <&- >&- 2>&-; cat /tmp/n; echo
python3 -c 'import os; fd = os.open("/tmp/p", os.O_WRONLY | os.O_CREAT); os.write(fd, b"python ok")' <&- >&- 2>&-; cat /tmp/p; echo
sh -c 'exec 3>/tmp/s; ls -l /proc/self/fd >&3 2>&3' <&- >&- 2>&-; grep -c ' -> ' /tmp/s
sh -c 'cat /etc/hostname > /tmp/h; echo "$(ls /proc/self/fd | wc -l)" >> /tmp/h' <&- >&- 2>&-; cat /tmp/h; echo done
