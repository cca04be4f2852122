# root's file and private directory, copied into the box's sticky /tmp
mkdir -p "$W/seed/private"
echo "root data" > "$W/seed/rootfile"; chmod 644 "$W/seed/rootfile"
echo "root private" > "$W/seed/private/inner"; chmod 600 "$W/seed/private/inner"; chmod 700 "$W/seed/private"
