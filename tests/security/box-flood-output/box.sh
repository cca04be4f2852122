yes | head -c 300000000; echo done >&2
