# as agent, in the sticky /tmp: root's file and directory can be neither
# changed, removed, renamed over nor read where their modes say no
cd /tmp; echo mine > mine
echo x > rootfile 2>/dev/null && echo DID-write; echo x >> rootfile 2>/dev/null && echo DID-append
rm -f rootfile 2>/dev/null; [ -e rootfile ] || echo DID-unlink
mv rootfile r2 2>/dev/null && echo DID-rename; mv -f mine rootfile 2>/dev/null && echo DID-rename-over
chmod 666 rootfile 2>/dev/null && echo DID-chmod; chown agent rootfile 2>/dev/null && echo DID-chown
chgrp agent rootfile 2>/dev/null && echo DID-chgrp; touch -d @0 rootfile 2>/dev/null && echo DID-utimes
touch rootfile 2>/dev/null && echo DID-touch-now; truncate -s 0 rootfile 2>/dev/null && echo DID-truncate
ls private 2>/dev/null && echo DID-list; cat private/inner 2>/dev/null && echo DID-read
echo x > private/new 2>/dev/null && echo DID-create; rm -rf private 2>/dev/null; [ -d private ] || echo DID-rmdir
sed -i s/root/X/ rootfile 2>/dev/null; grep -q X rootfile && echo DID-sed
cp mine rootfile 2>/dev/null && echo DID-cp; dd if=mine of=rootfile conv=notrunc 2>/dev/null && echo DID-dd
ls -l rootfile; cat rootfile; echo done
