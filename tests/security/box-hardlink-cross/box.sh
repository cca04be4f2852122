# hard links never cross a mount (EXDEV): no link from the box's files into
# the host's, or from the read-only mount into the writable one
echo x > /work/f
ln /work/f /tmp/x 2>&1; ln /etc/passwd /work/p 2>&1; ln /ro/data.txt /work/d 2>&1; ln /work/f /ro/f 2>&1
echo done
