# Links that stay inside the mounts are fine: the run starts.
ln -s "$R/data.txt" "$W/to-ro-file"
ln -s ../ro "$W/to-ro-dir"
ln -s . "$W/self"
ln -s loop2 "$W/loop1"
ln -s loop1 "$W/loop2"
ln -s "$W" "$R/to-work"
