# the box's /tmp, /var/tmp, /dev/shm and $TMPDIR are the box's: files made
# there by name or by mktemp never appear on the host (the runner fails a
# case that leaves /tmp/acs-fx-* on the host)
echo x > /tmp/acs-fx-box-sh; mkdir /tmp/acs-fx-box-dir; mktemp /tmp/acs-fx-box-XXXXXX >/dev/null; mktemp -d -t acs-fx-box-XXXX >/dev/null
echo x > /var/tmp/acs-fx-box; echo x > /dev/shm/acs-fx-box 2>/dev/null; TMPDIR=/tmp mktemp -t acs-fx-b.XXX >/dev/null
ls -d /tmp/acs-fx-* | wc -l; ls /tmp | grep -v acs-fx | grep -q . && echo "OTHER FILES IN /tmp"; echo done
