# environments a kernel would not take: an empty name, a value past
# 128 KiB, more variables than a spawn carries (4096, docs/box-proc.md):
# each child is refused (E2BIG, 126), and the shell goes on
env '=x' true 2>/dev/null; echo "empty-name $?"; env 'a=b=c' sh -c 'echo "a is $a"'
big=$(head -c 1000000 /dev/zero | tr '\0' v); BIG=$big sh -c 'echo ${#BIG}' 2>/dev/null; echo "big $?"
for i in $(seq 20000); do export "V$i=x"; done; /bin/true 2>/dev/null; echo "many $?"
i=1; while [ $i -le 20000 ]; do unset "V$i"; i=$((i+1)); done; /bin/true; echo "recovered $?"; echo done
