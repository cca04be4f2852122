ln -s /proc/self/root "$W/proc-root"
