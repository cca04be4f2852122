# Each link alone looks inside: d -> the read-only dir, a -> d/../outside/...
# Read lexically, a is $W/outside/secret.txt; followed, it is $O/secret.txt.
ln -s "$R" "$W/d"
ln -s d/../outside/secret.txt "$W/a"
ln -s d/.. "$W/up"
