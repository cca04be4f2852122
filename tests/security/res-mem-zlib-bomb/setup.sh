# 100 MB of zeros in a 0.4 MB gzip file
head -c 100M /dev/zero | gzip -1 > "$W/bomb.gz"
