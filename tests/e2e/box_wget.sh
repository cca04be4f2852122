# box_wget.sh - the box's wget against GNU Wget 1.21 on the host: the same
# command lines, the same server (tests/security/net_server.js) run by the
# host's node for the host's wget and by the box's node for the box's wget
# (reached as 127.0.0.1, the box's own loopback). stderr and stdout, the
# files made and the exit status must match once dates, speeds and the
# port are masked.
. "$(dirname "$0")/lib.sh"

if ! command -v wget >/dev/null; then
  echo "skip wget differential: no wget on the host (apt-get install wget)"
  exit 0
fi
cp tests/security/net_server.js "$TMP/net_server.js"
mkdir -p "$TMP/host"
exec 8< <(node "$TMP/net_server.js" "$TMP/hits" & echo "$!"; wait)
read -r NSRV <&8; read -r PA PB <&8
mask() {
  sed -E -e "s/:$1\b/:PORT/g" -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}/D/g' \
    -e 's/\([0-9.]+ [KMG]?B\/s\)/(S)/' -e 's/(100%)? +[0-9.]+[KMG]?=[0-9.]+s$/\1 S/' \
    -e 's/^Date: .*/Date: D/; s/^  Date: .*/  Date: D/' \
    -e 's/^Total wall clock time: .*/Total wall clock time: T/' -e 's/^(Downloaded: [0-9]+ files, [^ ]+ in ).*/\1T/'
}
n=0
while IFS= read -r args; do
  [ -n "$args" ] || continue
  n=$((n + 1))
  rm -rf "$TMP/host" && mkdir -p "$TMP/host"
  want=$(cd "$TMP/host" && LC_ALL=C bash -c "{ wget ${args//U/http://127.0.0.1:$PA}; } 2>&1; echo \"rc=\$?\"; ls" | mask "$PA")
  run_acs box --copy "$TMP/net_server.js:/srv/net_server.js" --env LC_ALL=C --env "ARGS=$args" -w /tmp -c '
    mkdir /tmp/w && cd /tmp/w
    node /srv/net_server.js /tmp/hits > /tmp/ports & i=0
    while [ ! -s /tmp/ports ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
    read -r PA PB < /tmp/ports; echo "PA=$PA"
    eval "wget ${ARGS//U/http://127.0.0.1:$PA}" 2>&1; echo "rc=$?"; ls; kill %1'
  bpa=$(printf '%s\n' "$OUT" | sed -n '1s/^PA=//p')
  got=$(printf '%s\n' "$OUT" | sed 1d | mask "${bpa:-0}")
  check "wget $args: as GNU Wget" [ "$got" = "$want" ]
  [ "$got" = "$want" ] || diff <(printf '%s\n' "$got") <(printf '%s\n' "$want") | head -20 | sed 's/^/     /'
done <<'CASES'
-q U/ok; cat ok
-qO- U/ok
-O - U/ok
U/ok
-nv U/ok
-nv U/nope
U/nope
-q U/nope
-S U/nope -O y
-q 'U/chain?n=2' -O -
'U/chain?n=1'
-nv 'U/chain?n=1'
--spider U/ok
-nv --post-data a=1 U/nope
-q -O f U/ok; wget -c U/ok -O f
-q -P sub/dir U/ok; cat sub/dir/ok
-q U/ok; wget -q U/ok; wget -nv U/ok
-nc -q U/ok; wget -nc U/ok
--max-redirect 1 -nv 'U/chain?n=3'
-Z
-q
--frob
-q -O - --header 'X-A: 1' --user-agent=agent --user u --password p U/ok
-q -O y http://127.0.0.1:1/; wc -c y
-nv -O all U/ok U/nope U/ok; cat all
-nv http://127.0.0.1:1/
http://127.0.0.1:1/
CASES
kill "$NSRV" 2>/dev/null

run_acs box -c 'wget -q http://example.com/; echo "rc=$?"; wget -nv http://example.com/'
check "wget in a box without a network: exit 4 and the reason" all has "$OUT" "rc=4" -- has "$OUT$ERR" "the box's network refused it"
run_acs box -c 'wget -r http://localhost/; echo "rc=$?"'
check "wget -r: refused with what to do instead" all has "$OUT" "rc=1" -- has "$OUT$ERR" "recursive retrieval is not in the box's wget"
