# a box that leaves links to the host's paths, a fifo, a device-looking
# name and a huge sparse file, snapshotted and restored into a second box
# (a host line): the second box's reads stay inside it, nothing is made on
# the host
ln -s $HOSTROOT/secret.txt /tmp/abs; ln -s ../../../../../../$HOSTROOT/secret.txt /tmp/rel; ln -s /proc/1/root$HOSTROOT /tmp/proc
mkfifo /tmp/fifo; truncate -s 1T /tmp/sparse; mkdir -p /tmp/deep/a/b/c; echo inner > /tmp/deep/a/b/c/f; echo done
