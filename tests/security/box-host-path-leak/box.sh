# every way a program may ask where /work lives: the answers are box paths,
# never the host directory behind the mount
exec 2>&1
echo x > /work/f; exec 3</work/f
realpath /work /work/f; readlink -f /work/f; readlink /proc/self/fd/3 /dev/fd/3 /proc/self/cwd
cd /work && pwd -P && /bin/pwd
cat /proc/self/mountinfo /proc/self/mounts /proc/mounts 2>/dev/null; df /work; df -a 2>/dev/null
stat /work /work/f; stat -f /work 2>/dev/null; ls -la /proc/self/fd
cat /work/nope; cd /nope; mv /work/f /etc/; ln /work/f /ro/h; cp /ro/nope /work/
find /work -maxdepth 1 -printf '%p %h\n'; du -a /work
echo "${PWD} ${OLDPWD} ${0} ${BASH_SOURCE}"; set | grep -F /tmp; env | grep -F /tmp
echo done
