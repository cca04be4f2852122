ln -s b "$W/a"
ln -s c "$W/b"
ln -s ../outside/secret.txt "$W/c"
