# A link to outside planted below a directory chain longer than PATH_MAX
# (the start-up check must still see it, or refuse the tree).
seg=$(printf 'd%.0s' $(seq 250))
mkdir -p "$W/a" && cd "$W/a" || exit 1
for i in $(seq 20); do mkdir "$seg" && cd "$seg" || exit 1; done
ln -s "$O" esc
