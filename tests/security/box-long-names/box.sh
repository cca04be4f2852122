# names and paths at and past Linux's limits: 255-byte names work, 256 is
# ENAMETOOLONG, a 4096-byte path too; a tree deeper than PATH_MAX is made
# and removed through relative steps, and the box goes on
n255=$(printf 'n%.0s' $(seq 255)); n256=${n255}x
cd /tmp && : >"$n255" && echo "255 ok"
: >"$n256" 2>&1 | sed 's/.*: //'
p=$(printf '/aaaaaaa%.0s' $(seq 512)); ls "$p" 2>&1 | sed 's/.*: //'
mkdir deep && cd deep && for i in $(seq 300); do mkdir dddddddddddddddddddd && cd dddddddddddddddddddd || break; done
pwd | wc -c
cd /tmp && rm -rf deep && [ ! -e deep ] && echo "deep removed"
echo done
