# the box's npm against tarballs that climb out, are absolute, or plant
# links and devices: each refused or kept inside the package, nothing on the
# host, nothing outside node_modules in the box
cd /work && echo '{"name":"p","version":"1.0.0"}' > package.json
for p in evil-dotdot evil-dotdot-mid evil-absolute evil-backslash evil-symlink-etc evil-symlink-up evil-symlink-chain \
         evil-hardlink-etc evil-hardlink-up evil-symlink-write evil-replace-with-link evil-device evil-block evil-fifo \
         evil-pax-path evil-pax-linkpath evil-gnu-longname; do
  npm install --no-audit --no-fund "$p" >/dev/null 2>&1; echo "$p $?"
done
ls /tmp/acs-fx-* /acs-fx-* 2>/dev/null && echo PLANTED-IN-BOX
find / -xdev -name 'acs-fx-*' 2>/dev/null | grep -v '^/work/node_modules' && echo PLANTED-OUTSIDE-NODE_MODULES
grep -c root /etc/passwd; echo done
