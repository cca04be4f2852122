# a tree copied into the box (acs box --copy) holding links to the host
mkdir -p "$W/tree/sub"
echo mine > "$W/tree/own.txt"
ln -s "$O/secret.txt" "$W/tree/abs"
ln -s ../../../outside/secret.txt "$W/tree/sub/rel"
ln -s "$O" "$W/tree/dir"
