ln -s "$O/secret.txt" "$W/abs"
ln -s ../outside/secret.txt "$W/rel"
ln -s "$O" "$W/dir"
