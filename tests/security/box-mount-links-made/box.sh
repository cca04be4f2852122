# links the box makes in a mount: an absolute target or one climbing out is
# refused (it would point at the host from the host's side); a relative one
# inside works
cd /work
ln -s $O/secret.txt abs 2>&1 | sed 's/^/ln: /'
ln -s ../outside/secret.txt up 2>&1 | sed 's/^/ln: /'
ln -s ../../../../../../$O/secret.txt far 2>&1 | sed 's/^/ln: /'
ln -s inside.txt ok && echo in > inside.txt && cat ok
ln $HOSTROOT/secret.txt hard 2>&1 | sed 's/^/ln: /'
cat abs up far hard 2>/dev/null
echo done
