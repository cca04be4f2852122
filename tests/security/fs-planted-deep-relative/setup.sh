mkdir -p "$W/x/y/z"
ln -s ../../../../outside/secret.txt "$W/x/y/z/l"
