# nothing of the host's environment or identity shows: its variables
# (ACS_TEST_HOST_SECRET is set for acs), host name, kernel, users, mounts
env; cat /proc/self/environ /proc/1/environ 2>/dev/null | tr '\0' '\n'; set
hostname; uname -a; cat /proc/version /etc/hostname /proc/mounts /etc/passwd; nproc; id; who; uptime
cat /proc/cpuinfo | grep -m1 'model name'
echo done
