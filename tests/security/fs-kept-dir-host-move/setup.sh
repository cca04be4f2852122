# While the guest waits on a timer, a host process moves $W/sub, whose fd
# the sandbox kept from the guest's last calls, out of the work dir (next to
# it, at $O/../moved). It starts when the guest creates $W/go and says so
# with $W/moved.
mkdir -p "$W/sub"
nohup timeout 25 bash -c '
  while [ ! -e "$W/go" ]; do sleep 0.005; done
  mv -T "$W/sub" "$O/../moved" && : > "$W/moved"' >/dev/null 2>&1 &
