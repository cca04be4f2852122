# A directory chain longer than PATH_MAX, with a file at the bottom.
seg=$(printf 'd%.0s' $(seq 250))
mkdir -p "$W/deep" && cd "$W/deep" || exit 1
for i in $(seq 24); do mkdir "$seg" && cd "$seg" || exit 1; done
echo "deep file" > f.txt
