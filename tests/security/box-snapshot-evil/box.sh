# (the host side restores the crafted snapshots: see the expect lines)
echo ran
