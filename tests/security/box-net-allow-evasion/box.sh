# an allowed name as userinfo, Host header, proxy, --connect-to or
# --resolve of the guest's own: none reaches the trap on $PB
t() { "$@" 2>/dev/null | grep -q TRAPPED && echo "REACHED $*"; }
t curl -s -m 3 "http://allowed.test:$PA@127.0.0.1:$PB/"
t curl -s -m 3 -H "Host: allowed.test" "http://127.0.0.1:$PB/"
t curl -s -m 3 --resolve "allowed.test:$PB:127.0.0.1" "http://allowed.test:$PB/"
t curl -s -m 3 --connect-to "allowed.test:$PA:127.0.0.1:$PB" "http://allowed.test:$PA/"
t curl -s -m 3 -x "http://127.0.0.1:$PB" "http://allowed.test:$PA/"
t env http_proxy=http://127.0.0.1:$PB HTTP_PROXY=http://127.0.0.1:$PB ALL_PROXY=http://127.0.0.1:$PB curl -s -m 3 "http://allowed.test:$PA/"
t env http_proxy=http://127.0.0.1:$PB wget -q -T 3 -O - "http://allowed.test:$PA/"
t curl -s -m 3 "http://allowed.test.:$PB/"; t curl -s -m 3 "http://ALLOWED.TEST:$PB/"; t curl -s -m 3 "http://allowed.test%2f@127.0.0.1:$PB/"
t curl -s -m 3 "http://127.0.0.1:$PB#@allowed.test:$PA/"; t curl -s -m 3 "http://allowed.test:$PA\\@127.0.0.1:$PB/"
exec 3<>/dev/tcp/127.0.0.1/$PB 2>/dev/null && echo REACHED-devtcp
curl -s -m 3 "http://allowed.test:$PA/ok"; echo; echo done
