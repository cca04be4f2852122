# nesting past every parser's depth: deep JSON to jq, recursion in the
# shell, nested command substitutions, deep awk recursion; each ends in an
# error of its program, and the shell goes on
head -c 1000000 /dev/zero | tr '\0' '[' > /tmp/deep.json
jq . /tmp/deep.json >/dev/null 2>&1; echo "jq $?"
f() { f; }; (f) 2>/dev/null; echo "recursion $?"
s='echo x'; i=0; while [ $i -lt 300 ]; do s="echo \$($s)"; i=$((i+1)); done; (eval "$s") >/dev/null 2>&1; echo "nested $?"
awk 'function f(n) { return f(n + 1) } BEGIN { f(0) }' 2>/dev/null; echo "awk $?"
(echo "$(( $(printf '(%.0s' $(seq 5000))1$(printf ')%.0s' $(seq 5000)) ))") 2>/dev/null; echo "arith $?"
echo '{"a":1}' | jq -c .; echo done
