# an allowed server redirecting to a name that is not allowed (which would
# reach the trap): the hop is refused
for code in 301 302 307 308; do
  curl -s -L -m 5 "http://allowed.test:$PA/redirect?to=http://trap.test:$PB/&code=$code" | grep -q TRAPPED && echo FOLLOWED
done
wget -q -T 5 -O - "http://allowed.test:$PA/redirect?to=http://trap.test:$PB/&code=302" 2>/dev/null | grep -q TRAPPED && echo FOLLOWED-wget
curl -s -m 5 "http://allowed.test:$PA/ok"; echo; echo done
