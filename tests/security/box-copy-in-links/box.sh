# copied links keep their text and resolve in the box
cat /tree/own.txt; readlink /tree/abs
cat /tree/abs /tree/sub/rel /tree/dir/secret.txt 2>/dev/null && echo READ
echo x > /tree/dir/new 2>/dev/null; echo done
