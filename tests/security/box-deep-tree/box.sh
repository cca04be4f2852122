# very deep trees in memfs and in the mount: the box keeps working and
# removes them
cd /tmp; i=0; while [ $i -lt 1500 ]; do mkdir d && cd d || break; i=$((i+1)); done; echo "memfs depth $i"
cd /work; i=0; while [ $i -lt 600 ]; do mkdir d 2>/dev/null && cd d 2>/dev/null || break; i=$((i+1)); done; echo "mount depth stopped"
cd /; rm -rf /tmp/d /work/d; echo "removed $?"; ls /tmp /work | wc -l; echo done
