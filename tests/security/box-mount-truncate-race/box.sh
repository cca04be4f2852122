# reads of a file the host truncates and replaces meanwhile: only its
# bytes, whole or cut short, never anything else; the readers go on
touch /work/go; SECONDS=0; bad=0
while [ $SECONDS -lt 2 ]; do
  tr -d a < /work/f | grep -q . && bad=$((bad+1)); wc -c < /work/f >/dev/null; cp /work/f /tmp/c 2>/dev/null; tr -d a < /tmp/c | grep -q . && bad=$((bad+1))
done
touch /work/stop; echo "foreign bytes $bad"; echo done
