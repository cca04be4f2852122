# as agent: a root-owned setuid/setgid script runs with the agent's ids (as
# Linux ignores the bits on scripts), whatever starts it
ls -l /usr/local/bin/suid | cut -c1-10
/usr/local/bin/suid; suid; sh -c suid; env suid; suidnode; exec 3</dev/null; nohup suid 2>/dev/null; cat nohup.out 2>/dev/null; echo done
