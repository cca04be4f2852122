# memory past the box's limit: the program is killed with a line naming the
# limit; the box's files and the rest of the script stay
echo kept > /tmp/k
s=x; while :; do s="$s$s"; done
