# box_shell.sh - the box's shell against the host's bash: each script runs
# as `acs box --exec bash -c SCRIPT` and as `bash -c SCRIPT` (in a fresh
# temp dir), and both must print the same stdout and exit with the same
# status. Scripts use only what the box has: cat, echo, true, false and
# the shell's builtins; files are relative to the current directory.
source tests/e2e/lib.sh

if ! "$ACS" box --exec sh -c 'exit 0' >/dev/null 2>&1; then
  echo "skip box_shell (acs box cannot run the shell here)"
  exit 0
fi

pass=0 fail=0
# t NAME SCRIPT
t() {
  local name=$1 script=$2 d exp got ers grs
  d=$(mktemp -d "$TMP/h.XXXXXX")
  exp=$(cd "$d" && env -i PATH=/usr/bin:/bin HOME="$d" bash -c "$script" 2>/dev/null </dev/null); ers=$?
  got=$("$ACS" box --exec bash -c "$script" 2>"$TMP/box.err" </dev/null); grs=$?
  if [ "$exp" == "$got" ] && [ "$ers" == "$grs" ]; then
    echo "ok shell $name"
  else
    echo "FAIL shell $name"
    echo "  bash: status $ers, stdout: $(printf '%s' "$exp" | head -c 400)"
    echo "  box:  status $grs, stdout: $(printf '%s' "$got" | head -c 400)"
    echo "  box stderr: $(head -c 400 "$TMP/box.err")"
  fi
  rm -rf "$d"
}

# ---- grammar ----
t simple 'echo hello world'
t semicolons 'echo a; echo b;echo c'
t and-or 'true && echo y; false && echo n; false || echo o; true || echo p; false && true || echo q'
t negation '! true; echo $?; ! false; echo $?'
t pipeline 'echo abc | cat | cat'
t pipeline-status 'true | false; echo $?; false | true; echo $?'
t pipefail 'set -o pipefail; false | true; echo $?; true | true; echo $?'
t pipeline-builtins 'echo x | while read l; do echo "got $l"; done'
t pipeline-subshell-vars 'x=1; echo | x=2; echo $x'
t brace-group '{ echo a; echo b; } | cat'
t subshell '( echo sub; x=2 ); echo ${x:-unset}'
t subshell-exit '( exit 7 ); echo $?'
t subshell-cd '(cd /; echo in); echo out'
t comments 'echo a # comment
# whole line
echo b'
t continuation 'echo a\
b; ec\
ho c'
t if-elif 'for x in 1 2 3; do if [ $x = 1 ]; then echo one; elif [ $x = 2 ]; then echo two; else echo other; fi; done'
t if-status 'if false; then :; fi; echo $?'
t while 'i=0; while [ $i -lt 5 ]; do i=$((i+1)); echo $i; done'
t until 'i=3; until [ $i -eq 0 ]; do echo $i; i=$((i-1)); done'
t for-in 'for x in a b "c d"; do echo "[$x]"; done'
t for-args 'set -- p q; for x; do echo $x; done'
t for-arith 'for ((i=0; i<3; i++)); do echo $i; done; for ((;;)); do break; done; echo done'
t break-continue 'for i in 1 2 3 4 5; do [ $i = 2 ] && continue; [ $i = 4 ] && break; echo $i; done'
t break-levels 'for a in 1 2; do for b in x y; do [ $b = y ] && break 2; echo $a$b; done; done; echo end'
t continue-levels 'for a in 1 2; do for b in x y; do [ $b = x ] && continue 2; echo $a$b; done; done; echo end'
t case 'for w in apple banana cherry 42 "a b"; do case $w in a*) echo A;; b*|c*) echo BC;; [0-9]*) echo num;; *" "*) echo space;; esac; done'
t case-fall 'case x in x) echo one;& y) echo two;; z) echo three;; esac; case x in x) echo a;;& *) echo b;; esac'
t case-quoted 'x="*"; case abc in "$x") echo lit;; $x) echo glob;; esac'
t function 'f() { echo "f $1 $2 $#"; }; f a b; function g { echo g; }; g'
t function-return 'f() { return 5; echo no; }; f; echo $?'
t function-local 'x=g; f() { local x=l; echo $x; h; }; h() { echo h:$x; }; f; echo $x'
t function-recursion 'fact() { if [ $1 -le 1 ]; then echo 1; else echo $(( $1 * $(fact $(($1-1))) )); fi; }; fact 6'
t function-args-restored 'set -- a b; f() { set -- x; echo $1; }; f; echo $1 $#'
t function-recursion-pipeline 'g() { echo "depth $1"; [ $1 -lt 3 ] && g $(( $1 + 1 )) | cat; }; g 0; echo $?'
t function-in-child-calls-function-in-pipeline 'h() { echo "h $1"; }; g() { h x | cat; echo in-g; }; g 0 | cat; (g 1; h 2 | cat)'
t case-empty-item-body 'case b in a) ;; *) echo x;; esac; case a in a) ;; esac; echo $?; case a in a) case b in *\"*) ;; *) echo nested ;; esac ;; esac'
t getopts-loop 'set -- -h -c foo -xq x y; while getopts "hc:xq" o; do echo "$o ${OPTARG-unset} $OPTIND"; done; shift $((OPTIND-1)); echo "$@"'
t getopts-errors 'getopts ":a:" o -a; echo $? $o $OPTARG; OPTIND=1; getopts ":a" o -z; echo $? $o $OPTARG; OPTIND=1; getopts a o -z 2>/dev/null; echo $? $o ${OPTARG-unset}; getopts a o; echo $? $o'
t shopt-globs 'echo > x; echo > .h; shopt -s nullglob; echo a *.none b; shopt -u nullglob; echo *.none; shopt -s dotglob; echo *; shopt -u dotglob; echo *; echo > Ab; shopt -s nocaseglob; echo a*; shopt -s failglob; echo *.none; echo st=$?'
# "[" and "b[" are no patterns: nullglob keeps them, failglob lets them be ("[ ... ]" works under both)
t shopt-globs-no-pattern 'shopt -s nullglob; echo [ a] b[ "x"; [ 1 = 1 ] && echo yes; shopt -s failglob; echo [ ok; [ -n x ] && echo st=$?'
# a redirection's target fd that was free is closed again after the command (the box left it open)
t redir-free-fd-closed-after 'echo hi > f; : 3<f; cat <&3 2>/dev/null; echo rc=$?; { cat <&4; } 4<f; cat <&4 2>/dev/null; echo rc=$?'
t shopt-query 'shopt -p nullglob; shopt -s nullglob; shopt -p nullglob; shopt -q nullglob failglob; echo $?; shopt nullglob bad 2>/dev/null; echo $?; shopt -s xpg_echo; echo "a\tb"; shopt -o errexit; echo $?'
t brace-expansion 'x=Q; x1=R; echo a{b,c}d {1..5} {05..1..2} {a..e} {-2..2} {$x,b}{1,2} {a,b{1,2}} {a} {} a{,b} x{,}y {,} z; echo "{a,b}" \{a,b} "x"{a,b} $(echo {p,q}); for i in {1..3}; do echo $i; done; HOME=/h; echo {foo~,~}/bar'
t quoted-empty-last-param 'set -- a "" b ""; printf "[%s]" "$@"; echo; x=; printf "[%s]" "$x" "$(true)" "${x:-}" $x; echo; set --; printf "[%s]" "$@" "$*"; echo'
t array-indexed 'a=(1 "2 3" x); echo $a "${a[1]}" ${#a[@]} "${a[@]}"; a[5]=y; a+=(z w); echo "${!a[@]}" : "${a[*]}"; printf "[%s]" "${a[@]}"; echo; printf "[%s]" ${a[@]}; echo; echo ${a[@]:1:2} ${a[-1]} ${#a[1]} ${a[@]/x/X}; i=2; a[i+1]=Q; echo ${a[3]} ${a[i+1]}; unset "a[0]"; echo "${a[@]}"; b=(); echo ${#b[@]} "[${b[@]}]"'
t array-assoc 'declare -A A=([k]=v [two]="2 2"); A[n]=3; echo ${A[k]} ${#A[@]} "${!A[@]}" "${A[@]}"; for k in a b c d e f g h aa bb; do A[$k]=1; done; echo ${!A[@]}; declare -p A; unset "A[k]"; echo ${#A[@]}'
t array-declare-local-indirect 'declare -a x=(1 2); declare -p x; f() { local -a l=(p q); local m=(r s); echo ${l[1]} ${m[0]}; }; f; echo "[${l[@]}]"; v=x; echo ${!v}; r="x[1]"; echo ${!r}; foo_1=1 foo_2=2; echo ${!foo_*}'
t array-arith-and-children 'a=(1 2 3); i=1; echo $(( a[i] + a[2] )); (( a[0] += 5 )); (( a[3]++ )); echo ${a[@]}; declare -A h=([x]=4); echo $(( h[x] * 2 )); (echo sub ${a[1]} ${h[x]}); echo "$(echo ${#a[@]})"; f() { echo "${a[@]}"; }; f | cat'
t array-compound-expansions 'x="p q"; set -- s t; a=($x "$x" "$@" [7]=seven {1..2} *.none); printf "[%s]" "${a[@]}"; echo; echo ${!a[@]}; a=("${a[@]:1}"); echo ${#a[@]}'
t regex-match 'x=a.c; [[ "foo123" =~ ([a-z]+)([0-9]+) ]]; echo $? ${BASH_REMATCH[@]}; [[ abc =~ $x ]] && echo y1; [[ abc =~ "$x" ]] || echo n2; [[ a.c =~ a\.c ]] && echo y3; [[ "a b" =~ (a b|c) ]] && echo y4; [[ x =~ ^(x|y)$ && 1 == 1 ]] && echo y5; [[ failed =~ ([0-9]+) ]]; echo $? "[${BASH_REMATCH[@]}]" ${#BASH_REMATCH[@]}'
t read-array-and-counts 'echo "a b  c d" | { read -a x; printf "[%s]" "${x[@]}"; echo ${#x[@]}; }; printf "abcdef" | { read -N 4 v; echo $v; }; printf "a\0b\0" | { read -r -d "" v; echo $v; }; echo "a x b x " | { IFS="x " read -a q; printf "[%s]" "${q[@]}"; echo; }; a=(); printf "[%s]" "${a[@]}" x "${a[@]}"; echo'
t pipestatus-lastpipe 'true | false | (exit 3); echo ${PIPESTATUS[@]}; false; echo $PIPESTATUS; shopt -s lastpipe; echo hi | read line; echo "line=$line"; i=0; printf "a\nb\n" | while read l; do i=$((i+1)); done; echo $i'
t trap-list-and-signals 'trap "echo bye" EXIT; trap; echo "$(trap)"; trap "echo got usr1" USR1; kill -USR1 $$; echo after; trap "" TERM; trap "echo t" 2; trap -p; trap - INT 0; trap; trap foo; echo $?; trap x NOSUCH; echo $?; kill -l 15; kill -l TERM'
t kill-a-child-just-started 'for i in 1 2 3 4 5; do sleep 5 & kill $!; wait $!; echo $?; done; sleep 5 & kill -9 $!; wait $!; echo $?'
t declaration-args-not-split 'x="a b c"; f() { local v=$x; echo "[$v]"; }; f; declare d=$x; echo "[$d]"; export e=$x; echo "[$e]"; echo > b; declare g=*; echo "$g"; declare -a arr=($x); echo ${#arr[@]}; HOME=/h; export h=~/x; echo $h'
t test-v-elements-and-at-ops 'a=(1 "" 3); declare -A h=([k]=); [[ -v a[1] ]]; echo $?; test -v "a[5]"; echo $?; [[ -v h[k] ]]; echo $?; [[ -v h[z] ]]; echo $?; i=0; [[ -v a[i+2] ]]; echo $?; x="a b'"'"'c"; echo ${x@Q}; y=$'"'"'t\tn\n'"'"'; echo ${y@Q}; b=(x "y z"); echo "${b[@]@Q}"; w=hello; echo ${w@U} ${w@u} ${w@L} ${b@a}'
t loop-control-errors 'for x in a b; do break 0; echo $x; done; echo $?; while true; do echo hi; break oops; done; echo after'
t compound-misplaced 'for x in a=(); do echo $x; done; echo after'
t default-word-splits-unquoted 'printf "[%s]" 1 ${undefined:-"2 3" "4 5"} 6; echo; printf "[%s]" ${u:-a b c} "${u:-a b c}" ${u:-"a b" c}; echo; IFS=x; v=; echo ${v:-AxBxC} ${v:-AxBxC}x ${v:-"AxBxC"}'
t printf-time-and-v-element 'TZ=UTC; printf "%(%Y-%m-%d)T\n" 1557978599; printf "[%10.5(%Y-%m-%d)T]\n" 1557978599; a=(a b c); printf -v "a[1]" %s foo; echo "${a[@]}"; printf -v "a[" %s x 2>/dev/null; echo $?'
t pipeline-in-redirected-group '{ echo a | cat; } > f; cat f; f() { echo b | cat; }; f > g; cat g; echo "echo x | cat; echo y" > s.sh; bash s.sh > out; cat out'
t function-redirect 'f() { echo in f; } > out; f; cat out'
t background 'echo bg > f & wait; cat f; true & echo "$! is set" | cat >/dev/null; echo ok'
t wait-status '(exit 3) & wait $!; echo $?'

# ---- redirections ----
t redir-out 'echo a > f; echo b >> f; cat f; cat < f'
t redir-err 'echo e 1>&2 2>/dev/null; { echo out; echo err >&2; } 2>&1 | cat'
t redir-order '{ echo out; echo err >&2; } > f 2>&1; cat f'
t redir-allout '{ echo o; echo e >&2; } &> f; cat f; { echo o2; } &>> f; cat f'
# a pipeline's own pipe is the shell's: a script's <&3 or >&4 in one of its
# commands must not find it (it read the pipe it wrote: a hang)
t redir-pipe-fds-are-hidden 'cat <&4 | cat; echo "${PIPESTATUS[*]}"; cat <&3 3<<EOF | cat
here
EOF
echo "${PIPESTATUS[*]}"; { echo a >&4; } 4>f | cat; cat f'
t redir-clobber 'set -C; echo a > f; echo b > f; echo $?; echo c >| f; cat f'
t redir-rdwr 'echo data > f; cat <> f'
t redir-close 'echo closed >&-; echo $?; true'
t redir-dup 'exec 3> f; echo three >&3; exec 3>&-; cat f'
t redir-fd-in 'echo in > f; exec 4< f; cat <&4'
t redir-missing 'cat < nofile; echo $?'
t heredoc 'x=world; cat <<EOF
hello $x
$(echo sub) $((1+1))
EOF'
t heredoc-quoted 'x=world; cat <<"EOF"
hello $x `no`
EOF
cat <<'"'"'E'"'"'
$x
E'
t heredoc-strip 'cat <<-EOF
		tabs gone
	EOF'
t heredoc-two 'cat <<A; cat <<B
a
A
b
B'
t heredoc-in-loop 'for i in 1 2; do cat <<EOF
line $i
EOF
done'
t herestring 'cat <<< "hi there"; x=val; cat <<<$x'

# ---- expansions ----
t tilde 'HOME=/h; echo ~ ~/x "~" ~nouser_zz; x=~; echo $x'
t params 'set -- a b c d e f g h i j k; echo $1 $9 ${10} ${11} $#'
t special 'echo $? ; false; echo $?; f() { echo $#; }; f 1 2 3'
t dollar-star 'set -- "a b" c; for x in "$*"; do echo "[$x]"; done; IFS=:; echo "$*"'
t dollar-at 'set -- "a b" "" c; for x in "$@"; do echo "[$x]"; done; for x in $@; do echo "<$x>"; done'
t dollar-at-empty 'set --; for x in "$@"; do echo "[$x]"; done; echo n; for x in "x$@"; do echo "[$x]"; done'
t dollar-at-join 'set -- a b; x="pre $@ post"; echo "$x"; for w in "<$@>"; do echo $w; done'
t default-ops 'u=; echo "${n:-d1} ${u:-d2} ${u-d3} ${n-d4} ${s:-x}"; s=set; echo "${s:+alt} ${u:+alt} ${u+alt2} ${n+alt3}"'
t assign-op 'echo ${v:=new} $v; u=; echo ${u=no}[$u] ${u:=yes}'
t error-op 'x=1; echo ${x:?bad}; echo ${y:?missing}; echo after'
t length 'x=hello; echo ${#x}; e=; echo ${#e}; set -- a b c; echo ${#}'
t strip 'p=/usr/local/bin/file.tar.gz; echo ${p#*/} ${p##*/} ${p%.*} ${p%%.*} ${p#nomatch}'
t strip-quoted 'x="a*b*c"; echo ${x#"a*"} ${x#a*}'
t substitute 'x=banana; echo ${x/a/A} ${x//a/A} ${x/#b/B} ${x/%a/A} ${x//an/} ${x/x/y}'
t slice 'x=abcdef; echo ${x:2} ${x:1:3} ${x: -2} ${x:0:-1}'
t case-mod 'x=hello; echo ${x^} ${x^^}; y=WORLD; echo ${y,} ${y,,}'
t cmdsub 'echo $(echo a) "$(echo b c)" `echo d`; x=$(printf "l1\nl2\n\n"); echo "$x"'
t cmdsub-nested 'echo $(echo $(echo deep) `echo bq`)'
t cmdsub-status 'x=$(exit 4); echo $?; echo "$(false)$?"'
t cmdsub-case 'x=$(case a in a) echo matched;; esac); echo $x'
t cmdsub-vars 'f() { echo "in f $1"; }; y=5; echo $(f arg; echo $y)'
t arith 'echo $((1+2*3)) $(( (1+2)*3 )) $((7/2)) $((7%3)) $((-7/2)) $((2**10)) $((1<<4)) $((255>>4))'
t arith-ops 'echo $((5&3)) $((5|3)) $((5^3)) $((~0)) $((!0)) $((3>2)) $((2>=3)) $((1==1)) $((1!=1)) $((1&&0)) $((0||2))'
t arith-assign 'x=5; echo $((x+=2)) $x $((x++)) $x $((--x)) $((y=3, y*2)) $((x>6?10:20))'
t arith-bases 'echo $((0x1f)) $((010)) $((2#101)) $((16#ff)) $((36#z))'
t arith-vars 'a=3; b=a; echo $((a*2)) $((b+1)) $((unset_var+1))'
t arith-divzero 'echo $((1/0)); echo after'
t arith-cmd '((x=3+4)); echo $x; ((0)); echo $?; ((5)); echo $?'
t split-ifs 'x="a  b	c"; for w in $x; do echo "[$w]"; done; IFS=:; y="p::q:"; for w in $y; do echo "<$w>"; done'
t split-ifs-mixed 'IFS=" :"; x=" a : b  c:"; for w in $x; do echo "[$w]"; done'
t split-empty-ifs 'IFS=; x="a b"; for w in $x; do echo "[$w]"; done'
t split-quoted 'x="a b"; for w in "$x" $x"c d"; do echo "[$w]"; done'
t empty-words 'e=; for w in $e "" "$e" x$e; do echo "[$w]"; done'
t glob 'echo a > f1; echo b > f2; echo c > g1; echo f*; echo ?1; echo [fg]2; echo "f*"; echo no*match; echo f[!1]'
t glob-dot 'echo > .hidden; echo > vis; echo *; echo .h*'
t glob-noglob 'echo > a1; set -f; echo a*; set +f; echo a*'
t glob-abs 'echo /et? /etc/pass?d'
t extglob 'shopt -s extglob
for f in foo.c bar.h baz.txt foo; do case $f in @(*.c|*.h)) echo "src $f";; !(*.*)) echo "bare $f";; *) echo "other $f";; esac; done
x=aaabbb; echo ${x##+(a)} ${x%%*(b)} ${x//?(a)b/X}; p="foo()"; [[ $p == *(foo|bar)"()" ]] && echo group
echo > a.c; echo > b.h; echo > c.txt; echo @(a|b).*; echo !(*.txt); echo +([a-c]).txt'
t extglob-dbracket '[[ abc == @(x|a)bc ]]; echo $?; [[ abc == !(abc) ]]; echo $?; y="+(a)"; [[ aaa == $y ]]; echo $?'
t globstar 'shopt -s globstar; mkdir -p a/b/c; echo > a/x.c; echo > a/b/y.c; echo > a/b/c/z.c; echo > top.c; echo > .h.c
echo **; echo **/; echo **/*.c; echo a/**/*.c; echo a/**; shopt -u globstar; echo **/*.c'
t pattern-utf8 'export LC_ALL=C.UTF-8; s="_μ_ and _μ_"; echo ${s//_?_/x}; case μ in ?) echo one;; esac; v=μ-; echo ${v#?} ${#v}; [[ é == [[:alpha:]] ]] && echo alpha
export LC_ALL=C; echo ${s//_?_/x} ${#v}'
t procsub 'printf "1\n2\n3\n" > f; cat <(echo a) <(echo b); while read l; do echo "l=$l"; done < <(printf "x\ny\n")
diff <(echo a) <(echo b); echo $?; echo $(<f); cat < <(<f); { echo 2; echo 1; } > >(sort); wait $!; echo <(true) | cut -c1-8'
t procsub-stdout-end 'echo last > >(cat)'
t dev-stderr 'echo to-err > /dev/stderr; echo to-out > /dev/stdout; [ -e /dev/stdin ] && echo e; exec 3> g; echo via3 > /dev/fd/3; cat g'
t alias 'shopt -s expand_aliases
alias ll="echo long" e=export z="{ echo 1; echo 2; }" sp="echo " w=world
alias; alias ll; alias nope; echo $?
ll x; e A="a b"; echo "$A"; z | cat; sp w; X=1 ll y
alias echo="echo E"; echo hi; \echo raw
f() { ll infunc; }; f; (ll sub); echo $(ll cs); type ll; command -v ll; unalias ll; ll; echo $?'
t alias-off 'alias ll="echo long"; ll x; echo $?'
t dollar-bracket 'echo $[1+2] $[3 * 4]; a=(5 6); i=1; echo $[a[i]+1]'
t bad-substitution 'echo a
echo ${x&}; echo not-run
echo after $?; if false; then echo ${%}; fi; echo ok'
t tilde-words 'HOME=/h; echo x=~ y=~/a:~/b "q=~"; echo ${u:-~} ${HOME:+~/z} "${u:-~}"; x=~:${u-~:~}; echo $x'
t builtin-builtin 'for i in 1 2; do builtin break; done; echo $i; builtin echo hi; builtin nosuch; echo $?; command builtin exit 4'
t set-plus-minus 'set a b; set +; echo "$@"; set - ; echo "$@"; set - x; echo "$@"; eval -- echo ev; x=$'"'"'a\tb'"'"'; set | grep ^x='
t nameref 'x=1; declare -n r=x; echo $r; r=5; echo $x; declare -p r x; f() { local -n a=$1; a+=(z); echo ${#a[@]}; }; arr=(p q); f arr; echo ${arr[@]}
g() { local -n out=$1; out="set by g"; }; g res; echo "$res"; unset -n r; echo ${r-unset} $x; declare -pn'
t declare-attrs 'declare y; declare -p y; h() { local z; declare -p z; }; h; export e=E; typeset +x e; declare -p e; readonly ro=1; typeset +r ro; declare -p ro
f1() { :; }; f2() { :; }; declare -F; declare -F f2; declare -F nope; echo $?'
t jobs 'sleep 2 & sleep 2 | cat & jobs | wc -l; jobs -p | wc -w; jobs; kill %1 %2; wait %1; echo k=$?; wait %9; echo $?; wait zz; echo $?; fg; echo fg=$?'
t wait-n '{ sleep 1.5; exit 9; } & { sleep 0.1; exit 3; } & wait -n; echo "first=$?"; wait -n; echo "second=$?"; wait -n; echo "none=$?"; false & p=$!; true & wait $p $!; echo both=$?'
t named-fd 'exec {fd}> f.txt; echo named >& $fd; cat f.txt; exec {fd}>&-; exec {r}< <(echo procin); read -u $r l; echo $l; echo one 1>&g; cat g; set -- "a b" c; echo x 1>& "$@"; echo $?'
t set-arrays 'declare -a __a=(1 2 "3 4"); declare -A __m=([a]=b ["k e y"]="v a l"); set | grep "^__"'
t sh-O 'bash -O nullglob -c "echo foo *.none bar"; bash +O nullglob -c "echo foo *.none bar"'
t subshell-loop-control 'for i in 1 2; do (break; echo in); echo $i; done; for i in 1; do echo x | { break; echo piped; }; echo after; done; return; echo r=$?'
t env-binding-order 'FOO=foo BAR="[$FOO][$BAZ]" BAZ=baz sh -c "echo \$FOO \$BAR \$BAZ"; echo "[${FOO-unset}]"; foo=old; export -n foo=new; echo $foo; for i.j in a; do echo no; done; echo st=$?'
t mapfile 'printf "a\nb b\n\nc" > f; mapfile A < f; declare -p A; mapfile -t B < f; declare -p B; readarray -t -n 2 -s 1 C < f; declare -p C; mapfile -O 5 -t C < f; declare -p C
printf "x\0y\0" | { mapfile -d "" -t D; declare -p D; }; seq 3 | { mapfile -n 1 E; read rest; declare -p E; echo $rest; }; cb() { echo "cb $1 $2"; }; mapfile -t -C cb -c 2 F < f; mkdir dd; mapfile G < dd; echo $?'
t source-dashdash 'echo "echo sourced \$1" > s.sh; source -- s.sh a; . -- ./s.sh b; eval -z; echo $?'
t call-stack 'printf "echo \"top: \${BASH_SOURCE[@]} | \${FUNCNAME[@]} | \${BASH_LINENO[@]}\"\nf() { echo \"f: \${BASH_SOURCE[@]} | \${FUNCNAME[@]} | \${BASH_LINENO[@]}\"; caller 0; }\nf\n. ./lib.sh\n" > main.sh
printf "echo \"lib: \${BASH_SOURCE[@]} | \${FUNCNAME[@]}\"\ng() { echo \"g: \${FUNCNAME[@]}\"; f; }\ng\n" > lib.sh; bash main.sh; f() { echo "${FUNCNAME[@]}"; }; f; echo "[${FUNCNAME[@]}]"'
t shell-vars 'echo $UID $EUID $HOSTTYPE $OSTYPE $MACHTYPE ${BASH_VERSINFO[0]} ${BASH_VERSINFO[1]}; (echo $UID); echo s=$SECONDS; SECONDS=10; echo $SECONDS; (echo $SECONDS); echo ${#EPOCHSECONDS}; [ $BASHPID = $$ ] && echo same; (test $BASHPID != $$ && echo differ); bash -c "echo \$SHLVL"
readonly r=1
r=2
echo after $?; eval "r=3"; echo ev=$?'
t dir-stack 'mkdir -p a b; HOME=$PWD; pushd a; pushd ../b; dirs; dirs -v; dirs -p; pushd; pushd +1; popd; popd; popd; echo $?; dirs -c; dirs'
t type-hash 'type -a echo; type -p cat; type -P echo; type -t cat; type -t nosuch; echo $?; hash -r; hash cat; hash nosuch; echo $?; ulimit -c 0; ulimit -c; times | wc -l'
t time-keyword 'time true 2>/dev/null; echo st=$?; time false; echo st=$?; TIMEFORMAT="took %0R"; { time sleep 0.1; } 2>&1; time -p echo x 2>/dev/null | cat'
t ifs-lists 'set -- one "" two; IFS=zx; for i in $*; do echo "-$i-"; done; for i in $@; do echo "<$i>"; done; IFS=:; set -- x "y z"; s=$*; echo "$s"; s=$@; echo "$s"
set -- "" ""; IFS=; echo "[${*:-minus}]" "[${*:+plus}]"; a=(v1 v2); for k in ${!a[*]}; do echo "k=$k"; done; IFS=x; set -- "" "" ""; for i in $*; do echo "e=[$i]"; done'
t arith-corners 'a=(1 2 3); echo ${a[a[0]]} ${a[a[a[0]]]}; s=abcd; echo ${s: 0 < 1 ? 2 : 0 : 1}; b=" "; echo $(( b )); a[]=42; echo st=$?; echo ${a[@]}'
t arith-nounset 'set -u; echo $(( 1 + 1 )); x=$(( y + 5 )); echo not here'
t echo-unicode 'export LC_ALL=C.UTF-8; echo -e "a\u00e9b \U0001F600 \u6x" | od -An -tx1; printf "%x %d\n" "'"'"'é" "'"'"'a"'
t quotes 'echo "a\"b" '"'"'c"d'"'"' \$x "\$y" "a\\b" "\q" a\ b'
t ansi-c 'echo $'"'"'a\tb\nc'"'"' $'"'"'\x41\101'"'"''
t assignment-words 'x=a y="b c" z=$x$y; echo "$z"; a=1 b=2; echo $a$b'
t assignment-prefix 'x=outer; x=inner true; echo $x; f() { echo $x; }; x=tmp f; echo $x'
t append-assign 'x=a; x+=b; echo $x'
t lineno 'echo $LINENO
echo $LINENO'

# ---- builtins ----
t echo 'echo -n a; echo b; echo -e "t\tt\\n"; echo -E "x\ty"; echo -ne "q\n"; echo -x; echo --; echo -e "a\cb"'
t printf 'printf "%s|%5s|%-5s|%.2s\n" a b c defg; printf "%d %i %5d %-3d| %05d\n" 1 2 3 4 5; printf "%x %X %o %#x\n" 255 255 8 255'
t printf-reuse 'printf "%s=%s\n" a 1 b 2 c; printf "[%s]\n"; printf "x\n"'
t printf-misc 'printf "%c%c\n" hello world; printf "%b\n" "a\tb\\n"; printf "%q %q %q\n" "a b" "" "it'"'"'s"; printf "%%\n"; printf "%d\n" "'"'"'A"'
t printf-v 'printf -v v "%03d" 7; echo $v'
t printf-error 'printf "%d\n" abc; echo $?'
t cd-pwd 'cd /; pwd; cd /tmp; pwd; cd -; echo $OLDPWD; cd ..; pwd; cd /tmp/../; echo $PWD'
t cd-missing 'cd /nonexistent_dir_zz; echo $?'
t export 'export A=1; B=2; export B; sh -c "echo \$A \$B"; export -n B; sh -c "echo [\$B]"'
t unset 'x=1; unset x; echo ${x-gone}; f() { echo f; }; unset -f f; f 2>/dev/null; echo $?'
t set-positional 'set -- a b c; echo $# $2; shift; echo $1; shift 2; echo $#; set -- x; echo $1'
t set-e 'set -e; true; false; echo no'
t set-e-exempt 'set -e; false || true; if false; then :; fi; false && true; ! true; echo survived'
t set-e-subshell 'set -e; (false); echo no'
t set-u 'set -u; x=1; echo $x; echo $nope; echo after'
t set-x 'set -x; echo traced 2>/dev/null'
t exit-status 'exit 3'
t exit-in-function 'f() { exit 4; }; f; echo no'
t exit-in-subshell '(exit 5); echo $?; (echo in; exit 1) | cat; echo $?'
t return-value 'f() { false; return; }; f; echo $?; g() { return 300; }; g; echo $?'
t true-false ': ; echo $?; true; echo $?; false; echo $?'
t test-strings '[ a = a ]; echo $?; [ a != a ]; echo $?; [ -z "" ]; echo $?; [ -n "" ]; echo $?; [ abc ]; echo $?; [ "" ]; echo $?'
t test-ints 'test 1 -lt 2; echo $?; test 3 -ge 4; echo $?; [ 5 -eq 5 -a 1 -ne 2 ]; echo $?; [ 1 -gt 2 -o 2 -gt 1 ]; echo $?'
t test-not-paren '[ ! -z x ]; echo $?; [ \( a = a \) -a \( b = c \) ]; echo $?; [ ! a = b ]; echo $?'
t test-files 'echo > f; [ -f f ]; echo $?; [ -d /tmp ]; echo $?; [ -d f ]; echo $?; [ -e nope ]; echo $?; [ -s f ]; echo $?; : > e; [ -s e ]; echo $?'
t test-error '[ 1 -eq x ]; echo $?; [ a b c ]; echo $?'
t dbracket '[[ abc == a* ]]; echo $?; [[ abc == "a*" ]]; echo $?; [[ x != y ]]; echo $?; [[ -n x && ! -z y ]]; echo $?; [[ a < b ]]; echo $?'
t dbracket-more '[[ 3 -lt 10 ]]; echo $?; [[ 1+2 -eq 3 ]]; echo $?; x="a b"; [[ $x == "a b" ]]; echo $?; [[ ( a == b ) || c == c ]]; echo $?'
t dbracket-regex '[[ abc123 =~ ^[a-z]+[0-9]+$ ]]; echo $?; [[ abc =~ ^[0-9] ]]; echo $?'
t read 'echo "a b c" > f; read x y < f; echo "$x|$y"; read -r line < f; echo "$line"; read < f; echo "$REPLY"'
t read-ifs 'echo "a:b:c" | { IFS=: read x y z; echo "$x $y $z"; }; echo "  lead  trail  " | { read v; echo "[$v]"; }'
t read-backslash 'printf "a\\\\b c\n" | { read x; echo "$x"; }; printf "a\\\\b c\n" | { read -r x; echo "$x"; }'
t read-eof 'printf "no newline" | { read x; echo $? "$x"; }; read x < /dev/null; echo $?'
t read-loop 'printf "1\n2\n3\n" > f; while read n; do echo "n=$n"; done < f'
t local 'f() { local a=1 b; b=2; echo $a $b; }; f; echo "[${a-u}${b-u}]"'
t eval 'x=1; eval "x=2; echo \$x"; eval echo "\$x"; cmd="echo evaled"; eval $cmd'
t source 'echo "echo sourced \$1; y=from_source" > s.sh; . ./s.sh arg; echo $y; source ./s.sh'
t command 'echo() { printf "fn\n"; }; echo x; command echo real; command -v echo; command -v cat'
t type 'type echo; type if; type cat; f() { :; }; type -t f; type nosuch_zz; echo $?'
t not-found 'nosuch_cmd_zz; echo $?; ./nope; echo $?'
t not-executable 'echo x > f; ./f; echo $?'
t exec-redirect 'exec > f; echo into file; exec >&2; cat f >&2; true'
t trap-exit 'trap "echo bye" EXIT; echo hi'
# exec: the program takes the shell's place and pid (execve), as the last
# command of bash -c does when nothing is left for the shell to do
t exec-same-pid 'a=$$; exec bash -c "[ \$\$ = $a ] && echo same pid"'
t exec-c-last 'bash -c "echo \$\$ > p; sh -c \"echo \\\$\\\$ > q\""; [ "$(cat p)" = "$(cat q)" ] && echo last execd'
t exec-c-not-last 'bash -c "sh -c \"echo \\\$\\\$ > q\"; echo \$\$ > p"; [ "$(cat p)" != "$(cat q)" ] && echo not last'
t exec-keeps 'mkdir d; cd d; umask 027; export X=1; exec 3>f3; exec sh -c "pwd | sed s,.*/,,; umask; echo \$X; echo via3 >&3; cat f3"'
t exec-kill 'sh -c "exec sleep 30" & p=$!; sleep 0.2; kill $p; wait $p; echo $?'
t exec-not-found 'exec nosuch_cmd_zz; echo never'
t exec-builtin 'exec echo builtin; echo never'
t wait 'true & false & wait; echo waited'
t script-file 'printf "echo script \$1 \$0\nexit 3\n" > s.sh; sh s.sh arg; echo $?'
t sh-c 'sh -c "echo nested \$0 \$1" zero one'
t shell-script-noexec 'printf "echo from script\n" > s; sh ./s'
t syntax-error 'echo before; if then fi'
t syntax-error-status 'eval "if then"; echo $?'
t unclosed-quote 'echo "abc'
# read's last variable: one field and its delimiter give the field, else the
# rest less trailing IFS white space; -N fills only the first variable
t read-last-field 'for s in "a:b:" "a:b::" "a:b: " "a:b :" "a::"; do IFS=: read x y <<< "$s"; echo "[$x] [$y]"; done; IFS="x "; for s in "a ax  x  " "a ax x" "a a x"; do read x y <<< "$s"; echo "[$x] [$y]"; done'
t read-N-others-empty 'echo "a b c" > f; B=old; read -N 5 A B C < f; echo "[$A] [$B] [$C]"'
t pwd-removed-dir 'mkdir -p d/e; cd d/e; rmdir ../e; pwd | sed "s,.*/d/,,"; echo status=$?; pwd -P; echo $?'
# array indices at 2^63 wrap as bash's (the sh fuzzer's signed overflow)
t array-index-int64-max 'a[9223372036854775807]=x; a+=(y); echo "${!a[@]}"; b=([9223372036854775807]=x [-1]=z); echo "${!b[@]} ${b[@]}"; echo "${a[-1]}" "${a[-9223372036854775807]}"; c[9223372036854775807]=x; c+=y; echo "${c[@]}"'
# arithmetic nesting: 500 parentheses or unary minuses as bash; past 1024
# the shell says so and exits 1 as bash does for an expansion error (the
# fuzzer's 1743 overflowed the stack; bash itself dies near 50 000), with
# the reason after the whole expression
t arith-nested-500 'p=; q=; for i in $(seq 500); do p="$p("; q="$q)"; done; echo $(( ${p}7${q} )) $(( $(printf -- "- %.0s" $(seq 500)) 3 ))'
p=$(printf '(%.0s' $(seq 3000)); q=$(printf ')%.0s' $(seq 3000))
run_acs box -c "echo \$(( ${p}1${q} )); echo after \$?"
if [ "$RC" = 1 ] && [ -z "$OUT" ] && [[ "$ERR" == "sh: line 1: $p""1$q : expression recursion level exceeded (error token is \"("*"1$q \")" ]]; then
  echo "ok shell arith-nested-3000 (a clean error)"
else
  echo "FAIL shell arith-nested-3000: status $RC, stdout '$OUT', stderr $(printf '%s' "$ERR" | tail -c 200)"
fi
# builtins' output whole past 1 KB (pwd deep in a tree, declare -p, alias)
t builtin-output-long 'b=$PWD; mkdir deep && cd deep && for i in $(seq 150); do mkdir dddddddddddddddddddd && cd dddddddddddddddddddd || break; done; p=$(pwd); echo $(( ${#p} - ${#b} )); x=$(printf "y%.0s" $(seq 3000)); declare -p x | wc -c; shopt -s expand_aliases; alias a="$x"; alias a | wc -c'
# a number before < or > is a descriptor when it fits an int, as bash
# reads it (leading zeros too), else a word; one past the limit is EBADF
t fd-number-words 'exec 00000000003>f; echo hi >&3; cat f; echo x 99999999999999999999>g; cat g; exec 2147483647>h; echo "after $?"; exec 2147483648>h; echo never'
# a binary the box cannot run (a Linux ELF, say) is not read as a script:
# bash's words and 126, run directly, by `bash FILE` and by exec
t binary-not-a-script 'printf "\177ELF\002\001\001\000\000garbage\n" > fake; chmod +x fake; ./fake; echo "rc $?"; bash ./fake; echo "rc $?"; exec ./fake; echo never'
# ---- error messages: stderr as bash's too (the model reads it) ----
# te NAME SCRIPT: stdout, stderr and status the same
te() {
  local name=$1 script=$2 d exp got ers grs eerr gerr
  d=$(mktemp -d "$TMP/h.XXXXXX")
  exp=$(cd "$d" && env -i PATH=/usr/bin:/bin HOME="$d" bash -c "$script" 2>"$TMP/bash.err" </dev/null); ers=$?
  got=$("$ACS" box --exec bash -c "$script" 2>"$TMP/box.err" </dev/null); grs=$?
  eerr=$(cat "$TMP/bash.err"); gerr=$(cat "$TMP/box.err")
  if [ "$exp" == "$got" ] && [ "$ers" == "$grs" ] && [ "$eerr" == "$gerr" ]; then
    echo "ok shell $name (stderr too)"
  else
    echo "FAIL shell $name"
    echo "  bash: status $ers, stdout: $(printf '%s' "$exp" | head -c 300), stderr: $(printf '%s' "$eerr" | head -c 300)"
    echo "  box:  status $grs, stdout: $(printf '%s' "$got" | head -c 300), stderr: $(printf '%s' "$gerr" | head -c 300)"
  fi
  rm -rf "$d"
}
# a syntax error names the -c line and quotes the line with the token
te syntax-token-quoted 'echo a; echo )'
te syntax-token-line2 'echo a
  echo ) b
echo c'
te syntax-token-done 'for i in 1 2; do echo $i; done; done'
# the text's end reads as a newline: `echo >` wants a word before it, and
# an unfinished compound ends on the line after the last
te syntax-newline-token 'echo >'
te syntax-eof-line 'if true; then echo'
te syntax-eof-line-nl 'if true; then
'
te syntax-eval 'eval "echo )"; echo "rc $?"'
# errors at run time name their line, as bash -c's do
te error-line-not-found 'echo a
nonexistent_cmd_x
echo "rc $?"'
te error-line-cd 'cd /nonexistent_dir_x; echo "rc $?"'
te error-line-unbound 'set -u; echo $undefined_x'
te error-line-readonly 'readonly r=1; r=2; echo "rc $?"'
# arithmetic: the operator that wanted an operand is the error token
te arith-token-end 'echo $((1+)); echo $(( 2 * )); a=1; echo $((a=))'
te arith-token-mid 'echo $((1 + * 2))'
# a here-document cut by the end: bash's warning, the last line's newline
te heredoc-eof-warning 'cat <<E
x'
te heredoc-eof-second 'echo a
cat <<E; cat <<F
x
E
y'
te heredoc-eof-empty 'cat <<E'
# read: a file is read a block at a time, the rest left where a reader
# after it starts; -u; -t on a pipe (the writer far slower than the limit)
t read-file-rest 'printf "a b\nc d\ne\nf\n" > f; { read x y; read z; cat; } < f; echo "$x|$y|$z"; exec 3< f; read -u 3 p; read -u 3 q; cat <&3; echo "$p $q"'
t read-file-loop 'for i in $(seq 300); do echo "line $i of the file"; done > f; n=0; while read -r a b c; do n=$((n+b)); done < f; echo $n'
t read-file-forms 'printf "a\\\\\nb\nc" > f; while read l; do echo "[$l]"; done < f; echo "[$l]"; printf "a:b:c\0d:e\0" > g; while IFS=: read -d "" -r x y; do echo "$x-$y"; done < g; printf abcdef > h; { read -n 2 x; read -N 3 y; read z; } < h; echo "$x $y $z"'
t read-timeout-pipe '(sleep 3; echo late) | { read -t 0.2 x; echo "st $? [$x]"; }; (printf part; sleep 3; echo rest) | { read -t 0.2 x; echo "st $? [$x]"; }; echo now | { read -t 30 x; echo "st $? [$x]"; }'
t read-timeout-zero 'read -t 0 < /dev/null; echo "st $?"; echo x > f; read -t 0 < f; echo "st $?"'
te read-bad-options 'read -t abc x; echo "rc $?"; read -t -1 x; echo "rc $?"; read -u abc x; echo "rc $?"; read -z; echo "rc $?"'
te builtin-usage-bare 'kill; getopts; printf; trap x; shopt -z; unset -x y; ulimit -z; echo "rc $?"'
te test-bracket-name '[ 1 -eq a ]; [ a = ]; [ a b c d e ]; test 1 -eq b; echo done'
te break-outside-loop 'break; continue; echo "rc $?"'
te arith-context '((1/0)); let 1/0; for ((i=1/0;;)); do :; done; [[ 1/0 -eq 1 ]]; echo "rc $?"; [[ 1 -eq 1/0 ]] || echo no'
# set: -o inside a cluster takes the next word (set -euo pipefail), and
# every option name of bash's is accepted and listed in bash's order
t set-cluster-o 'set -euo pipefail; false | true; echo ok; set -o | grep -E "^(errexit|nounset|pipefail)"'
t set-cluster-o-exits 'set -eo pipefail; false | true; echo never'
t set-o-list 'set -o; set +o'
t set-o-accepted 'set -o posix -o errtrace -T; set -o | grep -E "posix|errtrace|functrace"; (set -o | grep -w posix); set +E; set -o | grep errtrace'
t set-o-editor 'set -o vi; set -o | grep -E "^(vi|emacs)"; set -o emacs; set -o | grep -E "^(vi|emacs)"'
te set-o-bad 'set -o nonsense; echo "rc $?"; set -Z; echo "rc $?"'
# the same clusters on the shell's own command line (bash -euo pipefail -c)
for opts in "-euo pipefail" "-o pipefail" "-e -o pipefail -u" "-eo pipefail"; do
  s='true | true; echo x; set -o | grep -E "^(errexit|pipefail|nounset)"; false | true; echo never'
  exp=$(bash $opts -c "$s" 2>/dev/null </dev/null); ers=$?
  got=$("$ACS" box --exec bash $opts -c "$s" 2>/dev/null </dev/null); grs=$?
  if [ "$exp" == "$got" ] && [ "$ers" == "$grs" ]; then echo "ok shell invocation bash $opts -c"
  else echo "FAIL shell invocation bash $opts -c: bash $ers '$exp', box $grs '$got'"; fi
done
# trap ERR: run where set -e would end the shell (not in conditions, &&/||
# lists but the last, !), $? the failed status; functions and child shells
# have it only under set -E
t trap-err-basic 'trap '"'"'echo "err $? at $LINENO"'"'"' ERR; false; echo next; sh -c "exit 3"; echo "st $?"'
t trap-err-conditions 'trap "echo T" ERR; false || true; ! false; if false; then :; fi; while false; do :; done; false && true; false | true; true | false; echo end'
t trap-err-functions 'trap "echo T \$?" ERR; f() { false; echo in; }; f; g() { false; }; g; echo out'
t trap-err-errtrace 'set -E; trap "echo T" ERR; f() { false; echo in; }; f; (false); x=$(false); echo "x $?"'
t trap-err-errexit 'set -eE; trap "echo trapped" ERR; f() { false; }; f; echo never'
t trap-err-no-recursion 'trap "echo T; false" ERR; false; echo after; trap - ERR; false; echo none'
# $BASH_SUBSHELL counts subshells as bash does; ${x@A} is the assignment
t bash-subshell 'echo $BASH_SUBSHELL; (echo $BASH_SUBSHELL; (echo $BASH_SUBSHELL)); echo $(echo $BASH_SUBSHELL); echo $BASH_SUBSHELL | cat; { echo $BASH_SUBSHELL; } | cat; echo $BASH_SUBSHELL & wait; (echo $BASH_SUBSHELL) | cat; (echo $BASH_SUBSHELL) & wait'
t param-at-A 'x=abc; echo ${x@A}; export y="a b'"'"'c"; echo ${y@A}; declare -ri z=5; echo ${z@A}; echo "[${nosuch@A}]"'
# named pipes (mkfifo): an open waits for the other side, O_RDWR does not,
# readers see the end when the last writer closes
t fifo-basic 'mkfifo p; [ -p p ] && echo is-fifo; (echo hi > p &); cat p; cat p > out & echo one > p; wait; cat out'
t fifo-rdwr 'mkfifo p; exec 8<> p; echo first >&8; echo second >&8; read a <&8; read b <&8; exec 8<&-; echo $a $b'
t fifo-reader-waits 'mkfifo p; (sleep 0.3; echo late > p) & read x < p; echo "got $x"; wait'
t fifo-eof-after-writers 'mkfifo p; { echo a; echo b; } > p & while read l; do echo "[$l]"; done < p; wait; echo end'
t fifo-several-writers 'mkfifo p; cat p > out & exec 3>p; echo x >&3; echo y > p; exec 3>&-; wait; cat out'
# each round's writer is waited for: one still open when the next reader
# opens would meet it instead of its own writer, and that writer would then
# wait for a reader forever (seen once with the host's bash under load)
t fifo-reused 'mkfifo p; for i in 1 2 3; do echo "round $i" > p & read l < p; wait; echo "$l"; done'
# a pipeline's command whose words change something (inside double quotes
# too) runs them once, in its own subshell
t pipeline-word-effects-once 'echo "$(echo x >> cnt)" | cat; cat cnt | wc -l; i=0; echo "$((i+=1))" | cat; echo $i; echo "${y:=set}" | cat; echo "[$y]"; a=(1 2 3); i=0; echo "${a[i++]}" | cat; echo $i'
# set -x as bash traces: PS4 expanded, its first character repeated per
# eval, source or command substitution, and the compound commands' lines
te xtrace-forms 'set -x; x=1; echo "a $x"; f() { echo in; }; f; [[ $x == 1 ]] && echo y; (( x++ )); for i in 1 2; do :; done; case "$x" in *) :;; esac; [[ ! -z $x && $x -gt 1 ]]; for ((i=0;i<1;i++)); do :; done; a=( 1 "2 3" ); a+=(4)'
# (not a pipeline: its elements trace from processes of their own, in
# either order, in bash too)
te xtrace-levels 'set -x; eval "echo ev"; y=$(echo sub); echo $(echo $(echo deep)); x=$(eval "echo f"); (echo same)'
te xtrace-ps4 'PS4='"'"'+ ${LINENO}: '"'"'; set -x; echo one
echo two; set +x; echo off'
# ++ and -- wrap at the ends of 64 bits, as bash's (the fuzzer found the overflow)
t arith-incdec-wrap 'x=-9223372036854775808; echo $((x--)) $x; y=9223372036854775807; echo $((++y)) $((y++)) $y'
# ---- more expansions, builtins and options (one per item of the issue) ----
t param-default-forms 'u=; unset n; echo "[${u-d}] [${n-d}] [${u:-d}] [${n:-d}]"; echo "[${u+a}] [${n+a}] [${u:+a}] [${n:+a}]"'
t param-assign-forms 'u=; unset n m; echo "[${u=x}] [${n=y}] [$n]"; echo "[${u:=z}] [$u] [${m:=w}] [$m]"'
t param-error-forms 'x=set; echo ${x?no} ${x:?no}; (unset y; echo ${y?gone}; echo never); echo "sub $?"; (z=; echo ${z:?empty}); echo "sub $?"; (z=; echo "[${z?}]")'
t param-case-forms 'x="hello World"; echo ${x^} ${x^^} ${x,} ${x,,}; y=ABC; echo ${y,} ${y,,}; a=(ab cd); echo ${a[@]^} ${a[@]^^}'
t param-case-pattern 'x=banana; echo ${x^^a} ${x^[nb]}; y=BANANA; echo ${y,,A}'
t param-indirect 'a=b; b=c; echo ${!a}; arr=(x y z); echo ${!arr[@]}; pre_1=1; pre_2=2; echo ${!pre_*}; for v in "${!pre_@}"; do echo "<$v>"; done; n=arr[1]; echo ${!n}'
t dollar-underscore 'echo a b; echo $_; true x y; echo $_; : "last arg"; echo "$_"'
t dollar-dash 'case $- in *h*) echo h;; esac; set -f; case $- in *f*) echo f;; esac; set -u; case $- in *u*) echo u;; esac'
t random-range 'a=$RANDOM; b=$RANDOM; [ "$a" -ge 0 ] && [ "$a" -le 32767 ] && echo inrange; RANDOM=42; x=$RANDOM; y=$RANDOM; RANDOM=42; [ $RANDOM = $x ] && [ $RANDOM = $y ] && echo seeded'
t ppid-stable 'x=$PPID; y=$(echo $PPID); z=$( (echo $PPID) ); [ "$x" = "$y" ] && [ "$y" = "$z" ] && [ "$x" -gt 0 ] && echo same'
t bash-version 'case $BASH_VERSION in [0-9]*.[0-9]*) echo ok;; esac; echo ${BASH_VERSINFO[0]} ${#BASH_VERSINFO[@]}'
t ansi-c-quotes 'echo $'"'"'a\tb'"'"' | cat -A; echo $'"'"'\x41\101'"'"'; echo $'"'"'it\'"'"'s'"'"'; echo $'"'"'a\0b'"'"'; echo $'"'"'\cA'"'"' | cat -A'
t locale-quotes 'x=w; echo $"hi $x"; echo "$"; echo $"a""b"'
t pipe-stderr '{ echo out; echo err >&2; } |& cat; f() { echo fo; echo fe >&2; }; f |& cat'
t cdpath 'mkdir -p p/q r; CDPATH=p; cd q >/dev/null; echo "${PWD##*/}"; cd ../..; CDPATH=:p; cd r; echo "${PWD##*/}"; cd ..; CDPATH=p; out=$(cd q); echo "[${out##*/}]"'
t cd-physical 'mkdir real; ln -s real link; cd link; echo "${PWD##*/}"; p=$(pwd -P); echo "${p##*/}"; cd -P .; echo "${PWD##*/}"; cd ..; cd -P link; echo "${PWD##*/}"; cd ..; cd -L link/..; echo "${PWD##*/}" | grep -c real'
t cd-dash 'mkdir a b; cd a; cd ../b; cd - >/dev/null; echo "${PWD##*/}"; cd - >/dev/null; echo "${PWD##*/}"; cd; echo "[${PWD}]" | grep -c "^\[$HOME\]"'
t disown 'sleep 0.2 & disown; jobs; echo "jobs $?"; disown %3 2>/dev/null; echo "bad $?"; sleep 0.1 & disown -h %1; jobs | wc -l; wait; echo done'
t read-silent 'printf "secret\nnext\n" | { read -s x; read -p "prompt: " y; echo "[$x] [$y]"; }'
t set-allexport 'set -a; x=1; f=2; bash -c "echo \${x:-no} \${f:-no}"; set +a; y=2; bash -c "echo \${y:-no}"'
t set-verbose 'exec 2>&1; set -v
echo a
set +v
echo b'
t set-noclobber 'set -C; echo a > f; echo b > f 2>/dev/null; echo "st $?"; cat f; echo c >| f; cat f; set +C; echo d > f; cat f'
t declare-int 'declare -i n=3+4; echo $n; n+=2; echo $n; n="2*5"; echo $n; declare -i m; m=abc; echo "[$m]"'
t declare-export 'declare -x E=1; bash -c "echo \$E"; declare +x E; bash -c "echo [\$E]"; export F=2; export -n F; bash -c "echo [\$F]"'
t declare-functions 'f() { echo hi; }; declare -f f >/dev/null; echo "st $?"; declare -F f; declare -F | grep -c f; g() { :; }; declare -F'
t export-list 'export AAA_X=1 AAA_Y="a b"; export -p | grep AAA_'
t unset-forms 'x=1; f() { echo f; }; unset -v x; echo "[${x-unset}]"; unset -f f; type f >/dev/null 2>&1 || echo nof; y=2; y() { echo fy; }; unset y; echo "[${y-gone}]"; y'
t umask-symbolic 'umask 027; umask; umask -S; umask u=rwx,g=rx,o=; umask; umask -S; (umask 077; : > g); ls -l g | cut -c1-10'
t command-V 'f() { :; }; alias ll=ls; command -V f | head -1; command -V echo; command -V cat; command -V nosuch; echo "st $?"'
t printf-floats 'printf "%e %E %g %G %f\n" 1234.5 0.00012 1234567 0.0001 3.14159; printf "%.2e %10.3f %-8.1f| %g\n" 99999 2.5 -1.25 100000'
t printf-chars 'printf "%c%c\n" abc d; printf "%5s|%-5s|%.2s\n" ab cd efg; printf "%x %X %o %#x %#o\n" 255 255 8 255 8; printf "%d %i %u\n" -3 "'"'"'A" 7'
t printf-reuse 'printf "%s=%s\n" a 1 b 2 c; printf "[%b]\n" "x\ty" "\101"; printf -v out "%03d" 7; echo $out'
t type-forms 'f() { :; }; alias al=echo; type -t f echo cat al if; type -a echo | head -2; type nosuch 2>/dev/null; echo "st $?"'
t hash-builtin 'hash -r; cat /dev/null; hash | grep -c cat; hash -t cat | grep -c /cat; hash -d cat; hash -t cat 2>/dev/null; echo "st $?"'
t wait-forms '(exit 3) & p=$!; wait $p; echo "st $?"; (sleep 0.5; exit 4) & (exit 5) & wait -n; echo "first $?"; wait; echo "all $?"; wait 99999 2>/dev/null; echo "none $?"'
t kill-forms 'sleep 10 & kill %1; wait; echo "st $?"; kill -l 9 15; kill -l TERM; kill -s KILL %9 2>/dev/null; echo "nojob $?"'
t trap-reset 'trap "echo t" USR1; kill -USR1 $$; trap - USR1; trap -p USR1; trap "" USR2; kill -USR2 $$; echo alive; trap -p USR2'
t ulimit-forms 'ulimit -n 100; ulimit -n; ulimit -Sn; (ulimit -n 50; ulimit -n); ulimit -n'
t local-scoping 'x=g; f() { local x=l; g; echo "f $x"; }; g() { echo "g $x"; x=changed; }; f; echo "top $x"; h() { local -i n=2+2; echo $n; n+=1; echo $n; }; h'
t readonly-forms 'readonly r=1; r=2 2>/dev/null; echo "st $? $r"; readonly -p | grep -c "r=\"1\""; f() { local r=3; echo $r; }; f 2>/dev/null; echo "f $?"'
t getopts-forms 'set -- -a -b val -c x y; while getopts ab:c o; do echo "$o ${OPTARG-}"; done; shift $((OPTIND-1)); echo "$@"; OPTIND=1; set -- -z; getopts :a o; echo "$o $OPTARG"'
t mapfile-forms 'printf "a\nb\nc\n" > f; mapfile -t arr < f; echo ${#arr[@]} ${arr[2]}; mapfile -s 1 -n 1 b < f; echo "${b[@]}"; readarray -t -d , c <<< "x,y,z"; echo ${#c[@]} "${c[0]}"'
t times-builtin 'times | wc -l'
t caller-in-child 'f() { g; }; g() { echo ${FUNCNAME[0]} ${FUNCNAME[1]}; caller 0 | cut -d" " -f2; x=$(caller 0); echo "${x#* }"; }; f; caller; echo "st $?"'
t local-dash 'f() { local -; set -e; set -o pipefail; echo "in ${-//[^e]/}"; }; f; echo "out ${-//[^e]/}"; shopt -po pipefail; g() { set -u; }; g; case $- in *u*) echo u-stays;; esac'
t time-keyword '{ time true; } 2>&1 | grep -c "^real"; TIMEFORMAT="took %0R"; { time -p true; } 2>&1 | grep -c "^real 0"; { time true; } 2>&1'
t pipestatus-array 'true | false | true; echo ${PIPESTATUS[@]}; false; echo ${PIPESTATUS[@]}; (exit 3) | (exit 4); echo ${PIPESTATUS[1]}'
t bash-rematch '[[ "ab12cd" =~ ([a-z]+)([0-9]+) ]] && echo ${BASH_REMATCH[@]} ${#BASH_REMATCH[@]}; [[ x =~ y ]]; echo "${#BASH_REMATCH[@]} $?"'
t nameref-local 'f() { local -n r=$1; r=changed; }; v=orig; f v; echo $v; declare -n p=v; p=again; echo $v ${!p}'
# errors as bash words them, stderr compared too: one per builtin and expansion that can fail
te err-cmd-nf 'foo; echo $?'
te err-syntax 'if then fi'
te err-unbound 'set -u; echo $nope; echo after'
te err-badsub 'echo ${x!}; echo after'
te err-div0 'echo $((1/0)); echo after'
te err-readonly 'readonly a=1; a=2; echo after $?'
te err-cd 'cd /nonexist; echo $?; cd; cd nosuchdir 2>&1; echo $?'
te err-notdir 'touch f; cd f; echo $?'
te err-exec-dir 'mkdir d; ./d; echo $?'
te err-perm 'echo "echo hi" > s; ./s; echo $?; chmod +x s; ./s; echo $?'
te err-shift 'set -- a; shift 2; echo $?; shift; echo $#'
te err-return 'return 2>&1; echo $?'
te err-local 'local x=1; echo $?'
te err-badopt 'set -q; echo $?'
te err-arr 'declare -A m; m=([a]=1 b); echo ${m[a]}'
te err-redir 'echo x > /nonexist/f; echo $?; cat < nofile; echo $?'
te err-ambig 'x="a b"; echo hi > $x; echo $?'
te err-noclobber 'set -C; echo a > f; echo b > f; echo $?'
te err-test '[ 1 -eq a ]; echo $?; [ a = ]; echo $?; [[ 1 -eq a ]]; echo $?'
te err-printf 'printf "%d\n" abc; echo $?; printf "%d\n" 3.5; echo $?'
te err-read-ro 'readonly r; echo x | read r; echo $?; read r <<< x; echo $?'
te err-kill 'kill 999999; echo $?; kill -9; echo $?; kill -XYZ $$; echo $?'
te err-wait 'wait %3; echo $?'
te err-fg 'fg; echo $?; bg; echo $?; jobs %2; echo $?'
te err-eval 'eval "if"; echo $?'
te err-source '. ./nofile; echo $?'
te err-func-name 'function 1a { :; }; echo $?'
te err-brk 'break; echo $?; continue 2>&1; echo $?'
te err-ulimit 'ulimit -n abc; echo $?'
te err-umask 'umask 999; echo $?; umask u=q; echo $?'
te err-getopts 'getopts; echo $?'
te err-declare 'declare -Z x; echo $?; declare 1x=2; echo $?'
te err-trap 'trap "echo x" NOSIG; echo $?'
te err-exit-arg 'exit abc'
te err-arith-syntax 'echo $((1 +)); echo after'
# a child shell's own traps run; the parent's are only listed there
t subshell-own-traps 'trap "echo parent-exit" EXIT; (trap "echo sub-exit" EXIT; echo in-sub; trap); echo back; (trap -p; trap "" INT; trap); trap "" USR1; (trap "echo u2" USR2; trap)'
t dirstack-in-child 'mkdir -p x/y; pushd x >/dev/null; pushd y >/dev/null; dirs | wc -w; echo "${#DIRSTACK[@]}"; (dirs -v | wc -l); popd >/dev/null; echo ${PWD##*/}'
t export-functions 'f() { echo in-f $1; }; export -f f; bash -c "f arg"; env | grep -c BASH_FUNC_f; bash -c "bash -c \"f deep\""; function g { echo g; }; export -f g; bash -c g; export -nf f; bash -c "f x" 2>&1 | grep -c "not found"; export -f nosuch; echo "st $?"'
# an exported function's value that goes on past its body defines nothing
# and runs nothing (bash's old hole)
t export-function-import-strict 'for v in "() { echo h; }" "() { echo h; }; echo PWNED" "() { echo h; } & echo PWNED" "x; echo PWNED" "() { echo h; }; h() { echo other; }"; do env "BASH_FUNC_h%%=$v" bash -c "h; echo st \$?" 2>/dev/null; done'
t case-toggle 's=hello; echo ${s^^[lo]} ${s~} ${s~~}; t=HeLLo; echo ${t~~} ${t~} ${t~~[lL]}; a=(ab Cd); echo ${a[@]~~}'
t enable-builtins 'enable -n test; enable -n | head; type -t test; enable test; type -t test; enable nosuch 2>/dev/null; echo $?; enable -n echo; type -t echo; echo via-program; enable echo; type -t echo'
te hash-runs-the-found-path 'cd "$(mktemp -d)"; PATH="one:two:$PATH"; mkdir -p one two; echo "echo two" > two/c; chmod +x two/c; c; echo "echo one" > one/c; chmod +x one/c; c; type c; command -v c; command -V c; type -P c; type -t c; type -a c; hash -t c; (c); rm two/c; c; echo "st $?"; echo x | c; hash -r; c; PATH=$PATH; c'
te hash-dot-entry-looked-for-again 'cd "$(mktemp -d)"; mkdir A B C; echo "echo A" > A/c; echo "echo B" > B/c; chmod +x A/c B/c; PATH=.:$PATH; cd A; c; hash; type c; hash -t c; command -v c; cd ../B; c; cd ../C; c; echo "st $?"'
t set-a-exports-locals 'set -a; f() { local Z=zzz; local -i N=3; printenv Z N; }; f; set +a; g() { local Y=y; printenv Y || echo none; }; g'
t unset-assoc-key-expanded 'declare -A a=([K]=v [L]=w ["x y"]=z); k=L; unset -v "a[\"K\"]" "a[\$k]" "a['"'"'x y'"'"']"; echo ${#a[@]}; declare -A d=(); key="1],a[1"; d["$key"]=foo; unset -v "d[\"\$key\"]"; echo ${#d[@]} "${!d[@]}"'
t dq-brace-single-quotes 'h=H; echo "${v-'"'"'}'"'"'}" "${v-'"'"'a}b'"'"'}" "${v-'"'"'$h'"'"'}" "${v-}}" "${v-\}}"; x=abc; echo "${x#'"'"'a'"'"'}" "${x+'"'"'}'"'"'}"'
t subscript-text-expanded 'declare -A A=([K]=val); ref="A[\"K\"]"; echo ${!ref}; key=K; ref="A[\$key]"; echo ${!ref}; printf -v "A[\"K\"]" "/%s/" v2; echo ${A[@]}; printf -v "A[\$key]" "/%s/" v3; echo ${A[@]}; declare -A s=([e]="" [k]=v); key=e; test -v "s[\$key]"; echo e=$?; key=no; test -v "s[\$key]"; echo no=$?; a=(x y z); i=1; test -v "a[\$i]"; echo $?; r="a[\$i]"; echo ${!r}; printf -v "a[\$i]" Q; echo ${a[@]}'
te unset-whole-array-subscript 'a=(x y z); unset "a[@]"; echo ${#a[@]}; declare -p a; c=(1 2); unset "c[*]"; declare -p c; declare -A M=([a]=1 [@]=2); unset "M[@]"; echo ${#M[@]} ${!M[@]}; x=5; unset "x[@]"; echo $? $x; unset "nope[@]"; echo $?'
te trap-options 'trap "echo x" EXIT; trap -1 EXIT; echo "st $?"; trap -x; echo "st $?"; trap -p1; echo "st $?"; trap -lp | head -1; trap "echo y" INT; trap -p -- INT; trap - INT; trap -- - EXIT; trap -p; echo end'
t array-at-alternative-fields 'empty=(); a1=(""); a2=("" x); pr() { printf "<%s>" "$@"; echo " n=$#"; }; pr "${empty[@]-}"; pr "${empty[@]+}"; pr "${a2[@]+}"; pr "${a1[@]:+}"; pr "${empty[@]:+x}"; pr "${a2[@]:+x}"; pr "${empty[@]+plus}"; pr "${a1[@]:+p}"; pr x"${empty[@]+plus}"; set --; pr "${@+a}"; pr "${@:+a}"; set -- ""; pr "${@:+a}"; pr "${@+a}"; set -- a b; pr "${@+x}" "${@:+y}"'
t slice-empty-parts 'a=(1 2 3); s=123; echo "[${a[@]::}]" "[${a[@]:0:}]" "[${a[@]:1:}]" "[${s::}]" "[${s:1:}]" "[${s: }]"; set -- x y; echo "[${@::}]" "[${@:0:}]" "[${@:0:1}]" "[${@:0:0}]"'
te slice-empty-offset-is-bad 's=123; echo "${s:}"; echo not-here'
te slice-empty-offset-array 'a=(1 2); echo ${a[@]:}; echo not-here'
te readonly-options 'readonly -a r=(1 2) s t=3; declare -p r s t; readonly -A m=([k]=v); declare -p m; readonly -- z=1; echo $z; readonly -x y; echo "st $?"; readonly -ap; readonly -Ap; readonly -p | grep -c "declare -r s"; r[0]=5; echo not-here'
# declare -f, type and set print a function in bash's layout, not as typed
t declare-f-layout 'f1() { echo hi; }
f2() { echo a; echo b; }
f3() { if true; then echo a; elif false; then echo c; else echo b; fi; }
f4() { while read -r x; do echo "$x"; done < /dev/null; }
f5() { for i in a "b c" $d; do echo $i; done; }
f6() { for ((i=0; i<3; i++)); do echo $i; done; }
f7() { case $1 in a|b) echo ab;; c) echo c;& d) ;; *) echo other;;& esac; }
f8() { [[ -n $x && $y == z* ]] || (( x += 2 )); }
f9() { a | b |& c; ! d && e || f & g; }
f10() { ( cd /; ls ) > /dev/null 2>&1; { echo x; } >> f; }
f11() { local x=1 y; x=$(echo hi) y=`date`; cat <<EOF
body $x
EOF
echo after; }
function f12 { echo kw; }
function f13() { echo both; }
f14() ( echo sub )
f15() { until false; do break; done; for x; do :; done; }
f16() { g() { echo inner; }; g; }
f17() { echo a # comment
  echo b
}
f18() { time sleep 0; time -p true; }
f19() { arr=(1 2 "3 4"); declare -A m=([a]=1); echo ${arr[@]} >&2 2>/dev/null <in; }
f20() { if [[ ! -f x ]]; then :; fi; [[ a < b ]]; [[ ( a ) ]]; }
declare -f'
t declare-f-redirections 'g1() { sleep 1 & wait; a=1 b=2 cmd x; echo $(( 1+2 )) $((x)); }
g2() { echo x; } > out 2>&1
g3() { [[ $x =~ ^a(b)$ ]] && [[ -z "$y" || $z != q ]]; (( i++ )); ((j=1,k=2)); }
g4() { diff <(ls) >(cat) ; exec {fd}>file; exec 3<&-; cat <<<"str" <<-EOF
	tabbed
	EOF
}
g5() { echo a &> f; echo b &>> f; echo c >| f; cat <> f; echo d 2>&-; }
g6() { if a; b; then c; fi; while a && b; do :; done; if ! x; then y; fi; }
g7() { case "$x" in "a b") ;; '"'"'c'"'"'|d\ e) echo q;; esac; }
g8() { x+=(1 2); local -a y=(); echo "${x[@]:1}" ${#y[@]}; }
g9() { { a; b; } | c; (a | b) && { c; }; }
g10() { echo a; echo b & }
g11() { for i in 1 2; do for j in 3; do echo $i$j; done; done; }
g12() { echo "multi
line"; echo '"'"'q
r'"'"'; }
g13() { echo a \
  b; }
g14() { [[ a ]]; [[ ! a && ( b || c ) ]]; [[ $a -eq 1 ]]; }
g15() { echo ${x:-def} ${#x} "${x//a/b}"; x=`echo \`echo hi\``; }
g16() { f() ( echo s ); }
g17() { return 3; }
declare -f; type g17; declare -f g17 g10'
t declare-f-heredocs-cases 'h1() { cat <<'"'"'EOF'"'"'
a $x
EOF
cat <<"E2" ; cat <<\E3
b
E2
c
E3
}
h2() { for ((i=0;i<3;i++)); do :; done; for ((;;)); do break; done; for (( i = 0 ; i < 2 ; i++ )); do :; done; }
h3() { case x in a) echo a; echo b;; esac; case y in (z) ;; esac; }
h4() { > file; < in cat; 2>err; x=1; }
h5() { ! a | b; time a | b; if a | b; then :; fi; }
h6() { if a; then b; fi > out; while :; do :; done 2>/dev/null & }
h7() { echo a && if b; then c; fi || { d; }; }
h8() { [[ $a == "b" ]]; [[ x =~ "a"b ]]; [[ -f $f ]] && echo; }
h9() {
  # only a comment
  :
}
h10() { echo ${a[0]} "${b[@]}" ${!c} ${d@Q}; }
h11() { ll x; }
h12() { a; } 
h13() { echo a; echo b; } 2>/dev/null
h14() { while read l; do echo $l; done <<EOF
x
EOF
}
declare -f'
t declare-f-heredoc-quirks 'm1() { if a; then cat <<E
x
E
fi; while cat <<F; do :; done
y
F
}
m2() { case a in a) cat <<G
z
G
;; esac; ( cat <<H )
w
H
}
m3() { { echo a; } 2>&1 <<I
i
I
}
m4() { echo a & echo b & }
declare -f'
t declare-f-heredoc-semicolons 'n1() { cat <<E
x
E
echo a; echo b; echo c; }
n2() { echo 0; cat <<E > f
x
E
echo a > g; echo b; }
n3() { x=(a   b
 c); }
declare -f'
t declare-f-attributes 'f(){ :; }; g(){ :; }; export -f f; declare -f; declare -pf f; declare -F; declare -F f; declare -f f g; declare -fx; declare -fxF; set | sed -n "/^f ()/,\$p"; type f; type -t f'
t export-f-environment-form 'f(){ a; b; if x; then y; fi; }; export -f f; env | sed -n "/^BASH_FUNC_f/,/^}/p"; bash -c "declare -f f"'
t declare-f-command-substitutions 'q1() { x=$(if a;  then b; fi); y=$(a|b  &&  c); z=$(for i in 1 2; do echo $i; done); }
q2() { x=$(
  echo a
  echo b   # c
); y="$(cat <<E
hd
E
)"; z=$( (echo sub) ); w=$(case a in a) echo;; esac); v=`echo   bq`; u=$(f() { echo; }; f); }
q3() { echo "$(  ls  -l )" ${x:-$(echo  d)} $(( $(echo 1) + 2 )); echo $(echo a & echo b); }
declare -f'
t declare-f-substitution-quoting 'r1() { x=$(a; cat <<E
hd
E
b); y=$(); z=$( ); w=$(
); v=$(echo $(echo  in)  out); u=$'"'"'a\'"'"'b $(x  y)'"'"'; t='"'"'$(a  b)'"'"'; s="$(a  \
b)"; }
r2() { cat <<E
$(echo   raw)
E
case $(echo  x) in $(echo  y)) :;; esac; for i in $(seq  3); do :; done; [[ $(a  b) == x ]]; }
r3() { x=$(a &&
b || c | d); y=$({ a; b; }); z=$(f() { :; }); w=$(while a; do b; done; until c; do :; done) ; }
r4() { x=$(if a; then b; elif c; then d; else e; fi); y=$(cat <<'"'"'Q'"'"' | wc
a
Q
); }
r5() { echo "${x:-$(echo  d)}" "${y/$(a  b)/c}" `echo  $(a  b)`; echo $(( 1 + $(echo  2) )); }
declare -f'
t declare-f-substitution-heredocs 's1() { x=$(cat <<E; b
hd
E
); y=$(cat <<E
hd
E
b; c); z=$(cat <<E && d
hd
E
) ; }
declare -f'
t declare-f-substitution-newlines 's2() { y=$(cat <<E
hd
E
b
c); }
declare -f'
t declare-f-procsub-and-empty-array 'f() { a=( ); b=(   x    y ); mapfile -t v < <(ls  -l 2>/dev/null;  echo  x); diff <(a) >(b  c); }; declare -f f'
# an extglob group in [[ ]] is read to its ) whole, newlines included (bash-completion's perf file)
t extglob-group-over-lines 'x=data; if [[ $x == @(kvm|mem|
	|data|help) ]]; then echo yes; fi; [[ "a b" == @(a b|c) ]] && echo sp; shopt -s extglob; case "a;b" in @(a;b|c)) echo semi;; esac'
# read's prompt is shown only when input is a terminal (bash's); it was always written
te read-prompt-only-on-a-terminal 'read -p "P: " x < /dev/null; echo "[$x] $?"; echo hi | { read -p "Q: " -s y; echo "[$y]"; }; read -p "R: " -n 1 z <<< "abc"; echo "[$z]"'
# the DEBUG trap runs before each command as bash's (not in functions without set -T, nor in subshells); $BASH_COMMAND names the command (kept inside a trap)
t debug-trap-and-bash-command 'trap '"'"'echo "D[$BASH_COMMAND]"'"'"' DEBUG; x=1; echo  "$x"; for i in 1 2; do :; done; case a in a) true;; esac; (( x++ )); [[ -n a ]]; if true; then :; fi; f() { echo inf; }; f; y=$(echo sub); echo a | cat; { echo g; }; (echo s); while false; do :; done; for ((i=0;i<1;i++)); do :; done; echo a > /dev/null; set -T; g() { echo in-g; }; g; trap - DEBUG; echo "[$BASH_COMMAND]"'
t err-trap-bash-command 'set -E; trap '"'"'echo "E[$BASH_COMMAND] $?"'"'"' ERR; false; x=$(false); f() { false  "a b"; }; f; (( 0 )); [[ a == b ]]; ! false; false || true; echo end; trap '"'"'echo "T[$BASH_COMMAND]"'"'"' USR1; kill -USR1 $$; echo after'
# the RETURN trap: a function starts without the caller's (unless set -T), one it sets runs as it returns and stays; a sourced file's end runs it; $? is what it was before return
t return-trap 'trap '"'"'echo R1 $FUNCNAME'"'"' RETURN; f() { echo in-f; }; f; echo "echo sourced" > s.sh; . ./s.sh; g() { trap '"'"'echo R2 $FUNCNAME $?'"'"' RETURN; echo in-g; return 3; }; g; echo "st $?"; f; h() { g; echo in-h; }; h; trap -p RETURN; trap - RETURN; k() { local t=tmpfile; trap '"'"'echo cleanup $t; trap - RETURN'"'"' RETURN; echo work; }; k; k; set -T; trap '"'"'echo R3 ${FUNCNAME:-top}'"'"' RETURN; f; . ./s.sh'
# a login shell (-l, --login) reads /etc/profile and the first of ~/.bash_profile, ~/.bash_login, ~/.profile (not with --noprofile); login_shell says so
t login-shell-profile-files 'cd "$(mktemp -d)"; echo '"'"'echo from-bash_profile; X=bp'"'"' > .bash_profile; echo '"'"'echo from-profile'"'"' > .profile; echo '"'"'echo from-bashrc'"'"' > .bashrc
HOME=$PWD bash -lc '"'"'echo "X=$X"; shopt login_shell'"'"' | grep -v '"'"'^$'"'"' | grep -v -i '"'"'mesg\|/etc/profile'"'"'
HOME=$PWD bash --login -c '"'"'echo "X=$X"'"'"'
HOME=$PWD bash --noprofile -l -c '"'"'echo "X=$X"; shopt -q login_shell && echo login'"'"'
rm .bash_profile; HOME=$PWD bash -lc '"'"'echo "X=$X"'"'"'
HOME=$PWD bash -c '"'"'echo "X=$X"; shopt login_shell'"'"''
