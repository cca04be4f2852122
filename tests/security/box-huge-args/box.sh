# argv and environment past the box's limits: E2BIG for the caller, who goes on
big=$(head -c 3000000 /dev/zero | tr '\0' x)
/bin/echo "$big" >/dev/null; echo "echo $?"
X=$big env true; echo "env $?"
set -- $(seq 200000); /bin/true "$@"; echo "many $?"
mkdir -p $(printf 'd/%.0s' $(seq 3000)) 2>/dev/null; echo "deep $?"
echo done
