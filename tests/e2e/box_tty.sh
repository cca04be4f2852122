# box_tty.sh - interactive `acs box` on a terminal, driven through tmux
# (send-keys to type, capture-pane to read the screen): job control
# against the host's bash at a prompt (the same keys, the same screen but
# for pids), the prompt's escapes, line editing, history, tab completion,
# ^C at the prompt and in a job, the window size and SIGWINCH, ^D and
# exit; and the box's programs start with every signal at its default
# when the caller ignores some (a test suite in the background ignores
# SIGINT and SIGQUIT).
source tests/e2e/lib.sh

# a box program sees SIGINT at its default even when acs box was started
# with it ignored
got=$( (trap '' INT QUIT; "$ACS" box -c 'trap "echo caught" INT; kill -INT $$; sh -c "kill -QUIT \$\$"; echo "status $?"') 2>&1 </dev/null)
if [ "$got" = "$(printf 'caught\nstatus 131')" ]; then echo "ok tty signals-at-default-in-the-box"
else echo "FAIL tty signals-at-default-in-the-box"; echo "  got: $got"; fi

if ! command -v tmux >/dev/null 2>&1; then
  echo "skip tty (tmux is not installed: scripts/deps.sh installs it)"
  exit 0
fi

S=acs-tty-$$
screen() { tmux capture-pane -p -t "$1" | sed 's/ *$//'; }
# wait_for PANE TEXT: until the screen shows TEXT (at most 15 s)
wait_for() {
  local i
  for i in $(seq 150); do
    screen "$1" | grep -qF -- "$2" && return 0
    sleep 0.1
  done
  return 1
}
# prompts PANE: how many prompt lines (PR, a regex) the screen has
PR='^\$'
prompts() { screen "$1" | grep -c -- "$PR"; }
# wait_line PANE LINE: until a whole line of the screen is LINE (not an echo of a typed one)
wait_line() {
  local i
  for i in $(seq 150); do
    screen "$1" | grep -qxF -- "$2" && return 0
    sleep 0.1
  done
  return 1
}
# key PANE KEYS...: type, then wait until a new prompt is drawn
key() {
  local p=$1 n; shift
  n=$(prompts "$p")
  tmux send-keys -t "$p" "$@"
  local i
  for i in $(seq 150); do [ "$(prompts "$p")" -gt "$n" ] && break; sleep 0.1; done
}
start() {
  tmux kill-session -t "$1" 2>/dev/null
  tmux new-session -d -s "$1" -x 80 -y 40 "$2; echo EXITED=\$?; sleep 30"
  local i
  for i in $(seq 150); do screen "$1" | grep -q '[$#]' && return 0; sleep 0.1; done
}

# as_bash NAME DRIVER MUST: DRIVER (a function of a pane) run on the host's
# bash at a prompt and on the box's; the screens must be the same and hold MUST
as_bash() {
  local name=$1 drv=$2 must=$3 exp got
  start "$S-bash" "env -i TERM=xterm PS1='\$ ' HOME=$TMP bash --norc --noprofile -i"
  exp=$("$drv" "$S-bash")
  tmux kill-session -t "$S-bash"
  start "$S-box" "$ACS box --env 'PS1=\$ '"
  got=$("$drv" "$S-box")
  tmux kill-session -t "$S-box"
  if [ "$exp" = "$got" ] && has "$got" "$must"; then echo "ok tty $name"
  else echo "FAIL tty $name"; diff <(printf '%s\n' "$exp") <(printf '%s\n' "$got") | head -30 | sed 's/^/  /'; fi
}

# ---- job control against bash at a prompt: the same keys, the same screen
drive() {
  local p=$1
  # the job says when it runs: ^Z then finds it the terminal's foreground
  tmux send-keys -t "$p" "sh -c 'echo started; sleep 40'" Enter
  wait_line "$p" 'started'
  key "$p" C-z
  key "$p" 'jobs' Enter
  key "$p" 'bg' Enter
  key "$p" 'jobs' Enter
  key "$p" 'kill %1; sleep 0.5' Enter
  key "$p" 'sleep 0.1 &' Enter
  sleep 1
  key "$p" Enter
  key "$p" 'echo end' Enter
  screen "$p" | sed '/^$/d; s/^\[1\] [0-9]*$/[1] PID/'
}
as_bash job-control-as-bash drive "Stopped                 sh -c 'echo started; sleep 40'"

# ---- the shell's own reads on the terminal against bash: ^C ends a read
# or a wait at once (it was retried until a line came), -n1 takes one key,
# -s does not echo, -p prompts only on a terminal
drive_read() {
  local p=$1
  tmux send-keys -t "$p" 'read x; echo "st=$?"' Enter
  sleep 0.5
  key "$p" C-c
  key "$p" 'echo after $?' Enter
  tmux send-keys -t "$p" 'read -n1 -p "ok? " k; echo "[$k]"' Enter
  sleep 0.5
  key "$p" y
  tmux send-keys -t "$p" 'read -s -p "pw: " pw; echo; echo "[$pw]"' Enter
  sleep 0.5
  key "$p" secret Enter
  key "$p" 'read -p "nope: " z < /dev/null; echo "z=$?"' Enter
  tmux send-keys -t "$p" 'sleep 30 & wait; echo "w=$?"' Enter
  sleep 0.5
  key "$p" C-c
  key "$p" 'kill %1; sleep 0.3' Enter
  key "$p" 'echo end' Enter
  screen "$p" | sed '/^$/d; s/^\[1\] [0-9]*$/[1] PID/'
}
as_bash read-and-wait-as-bash drive_read "[secret]"

# ---- ^C while the shell itself waits in the open of a fifo (no writer):
# the open gives up (the kernel answers it EINTR with the signal, and the
# shell's SIGINT handler has no SA_RESTART), the line ends silently, 130
drive_fifo() {
  local p=$1
  local f=/tmp/acs-tty-fifo.$$ # the same name on the host and in the box
  key "$p" "rm -f $f; mkfifo $f" Enter
  tmux send-keys -t "$p" "read x < $f; echo rc=\$?" Enter
  sleep 0.5
  key "$p" C-c
  key "$p" "echo after \$?; rm -f $f" Enter
  screen "$p" | sed '/^$/d'
}
as_bash fifo-open-interrupted-as-bash drive_fifo "after 130"

# ---- a background job that reads the terminal stops (SIGTTIN), one that
# writes under tostop too (SIGTTOU); fg gives it the terminal; a stopped
# job sent SIGTERM ends at once (the screen's words are bash's)
P=$S-ttin
start "$P" "$ACS box --env 'PS1=\$ '"
key "$P" 'cat &' Enter
sleep 0.5
key "$P" 'jobs -l' Enter
tt() { # tt NAME TEXT: the screen shows TEXT
  if screen "$P" | grep -qF -- "$2"; then echo "ok tty $1"
  else echo "FAIL tty $1"; echo "  wanted: $2"; screen "$P" | sed '/^$/d' | tail -15 | sed 's/^/  screen: /'; fi
}
tt bg-read-stops-ttin 'Stopped (tty input)     cat'
key "$P" 'stty tostop; echo bg-out &' Enter
sleep 0.5
key "$P" 'jobs -l %2; stty -tostop' Enter
tt bg-write-tostop-stops-ttou 'Stopped (tty output)    echo bg-out'
tmux send-keys -t "$P" 'fg %1' Enter
wait_line "$P" cat
tmux send-keys -t "$P" 'through-cat' Enter
wait_line "$P" through-cat
key "$P" C-d
key "$P" 'kill %2; sleep 0.3; jobs; echo "after $?"' Enter
tt stopped-job-terminated 'Terminated              echo bg-out'
# xargs -p asks on /dev/tty (the session's terminal), as GNU's
tmux send-keys -t "$P" 'echo a b | xargs -p -n1 echo' Enter
wait_for "$P" 'echo a ?...'
tmux send-keys -t "$P" y Enter
wait_for "$P" 'echo b ?...'
key "$P" n Enter
if [ "$(screen "$P" | grep -A2 -xF 'echo a ?...y')" = "$(printf '%s\n' 'echo a ?...y' a 'echo b ?...n')" ]; then echo "ok tty xargs-asks-on-dev-tty"
else echo "FAIL tty xargs-asks-on-dev-tty"; screen "$P" | sed '/^$/d' | tail -8 | sed 's/^/  screen: /'; fi
if screen "$P" | grep -c 'through-cat' | grep -qx 2; then echo "ok tty fg-gives-the-terminal"
else echo "FAIL tty fg-gives-the-terminal"; screen "$P" | sed '/^$/d' | tail -12 | sed 's/^/  screen: /'; fi
tmux kill-session -t "$P"

# ---- a line longer than the window: moving and editing in it redraws it
# in place over its rows (it stacked a copy a keystroke), a line that ends
# at the right edge, ^A/^E across rows, Enter from the middle
P=$S-long
tmux kill-session -t "$P" 2>/dev/null
tmux new-session -d -s "$P" -x 40 -y 20 "$ACS box --env 'PS1=\$ '; sleep 30"
wait_for "$P" '$'
tmux send-keys -t "$P" 'echo aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd eeeeeeeeee'
sleep 0.3
tmux send-keys -t "$P" Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left Left X
sleep 0.3
tmux send-keys -t "$P" C-a Y C-e Z
sleep 0.3
long_screen=$(screen "$P" | sed '/^$/d')
tmux send-keys -t "$P" C-a Right BSpace Enter
wait_line "$P" 'dddd eeeeeeeeeeZ'
tmux send-keys -t "$P" 'echo 12345678901234567890123456789012AB' Left Left Left Q Enter
wait_line "$P" '1234567890123456789012345678901Q2AB'
if [ "$long_screen" = "$(printf '%s\n' '$ Yecho aaaaaaaaaa bbbbbbbbbb cXcccccccc' 'c dddddddddd eeeeeeeeeeZ')" ] &&
   [ "$(screen "$P" | sed '/^$/d' | sed -n 3,4p)" = "$(printf '%s\n' 'aaaaaaaaaa bbbbbbbbbb cXccccccccc dddddd' 'dddd eeeeeeeeeeZ')" ] &&
   screen "$P" | grep -qxF '1234567890123456789012345678901Q2AB'; then echo "ok tty long-line-editing"
else echo "FAIL tty long-line-editing"; printf '%s\n' "$long_screen" | sed 's/^/  then: /'; screen "$P" | sed '/^$/d' | tail -12 | sed 's/^/  screen: /'; fi
tmux kill-session -t "$P"

# ---- stty on the terminal against GNU's on a host pty: printing (stty,
# -a, -g, wrapped at the width), settings, combinations, -g's text read
# back, /dev/tty, and GNU's errors
drive_stty() {
  local p=$1 c
  tmux resize-window -t "$p" -x 80 -y 200 2>/dev/null
  while IFS= read -r c; do key "$p" "$c" Enter; done <<'CMDS'
stty foo; echo $?
stty intr; echo $?; stty min x; echo $?; stty intr 300; echo $?
stty intr 0x7f erase 010 kill A; stty; stty sane
stty cbreak; stty; stty sane; stty evenp; stty; stty sane
stty speed; stty 9600; stty speed; stty ispeed 1200; stty; stty 38400
stty intr undef quit ^- ; stty; stty sane
stty litout; stty -litout; stty; stty sane; stty -tabs; stty; stty sane
stty dec; stty; stty sane; stty line 3; stty; stty line 0
S=$(stty -g); stty -echo raw; stty "$S"; stty; stty -g
stty -a; COLUMNS=50 stty -a | cat
stty -F /dev/tty size; stty --file /dev/tty speed; stty -a -g; stty -a echo; stty -ek
stty cols 70 rows 20; stty size; stty rows 40 cols 80; stty tostop; stty; stty -tostop
CMDS
  tmux capture-pane -p -t "$p" -S -400 | sed 's/ *$//; /^$/d'
}
as_bash stty-as-gnu drive_stty "intr = ^?; erase = ^H; kill = A;"

# ---- the prompt, editing, history, completion, ^C, the window, exit
P=$S-i
PR='^\(agent@devbox:\|\[agent \)'
start "$P" "$ACS box --hostname devbox --user agent -w /tmp"
t() { # t NAME TEXT: the screen shows TEXT
  if screen "$P" | grep -qF -- "$2"; then echo "ok tty $1"
  else echo "FAIL tty $1"; echo "  wanted: $2"; screen "$P" | sed '/^$/d' | tail -15 | sed 's/^/  screen: /'; fi
}
t prompt-user-host-dir 'agent@devbox:/tmp$'
key "$P" 'cd; mkdir -p proj/src; touch proj/src/main.c proj/src/mod.c' Enter
t prompt-home-as-tilde 'agent@devbox:~$'
key "$P" 'PS1="[\u \W]\$ "' Enter
tmux send-keys -t "$P" 'echo wrld' Left Left Left 'o' C-e ' X' C-a C-f C-f C-f C-f C-k ' again' Home 'x' Delete End Enter
wait_for "$P" 'again'
t edit-keys 'xcho again'
key "$P" 'echo one' Enter
key "$P" 'echo two' Enter
key "$P" Up Up Enter
t history-up "$(printf '[agent ~]$ echo one\none\n[agent ~]$ echo two\ntwo\n[agent ~]$ echo one\none')"
tmux send-keys -t "$P" 'ech' Tab 'T' C-w 'ok' Enter
wait_for "$P" 'echo ok'
t complete-command "[agent ~]\$ echo ok"
tmux send-keys -t "$P" 'ls proj/s' Tab
wait_for "$P" 'ls proj/src/'
t complete-dir "[agent ~]\$ ls proj/src/"
tmux send-keys -t "$P" Tab
sleep 0.5
tmux send-keys -t "$P" Tab
wait_for "$P" 'main.c  mod.c'
t complete-list-files 'main.c  mod.c'
tmux send-keys -t "$P" 'a' Tab Enter
wait_for "$P" 'proj/src/main.c'
t complete-file "[agent ~]\$ ls proj/src/main.c"
tmux send-keys -t "$P" 'echo never' C-c
wait_for "$P" 'never^C'
key "$P" 'echo $?' Enter
t ctrl-c-gives-up-the-line "$(printf 'never^C\n[agent ~]$ echo $?\n130')"
tmux send-keys -t "$P" "sh -c 'echo started; sleep 30'; echo not-reached" Enter
wait_line "$P" 'started'
key "$P" C-c
key "$P" 'echo st=$?' Enter
t ctrl-c-stops-the-job "st=130"
if screen "$P" | grep -qx not-reached; then echo "FAIL tty ctrl-c-gives-up-the-rest"; else echo "ok tty ctrl-c-gives-up-the-rest"; fi
key "$P" "trap 'echo got-winch' WINCH; echo \$COLUMNS \$LINES" Enter
t window-size "80 40"
tmux resize-window -t "$P" -x 100 -y 30 2>/dev/null || tmux resize-pane -t "$P" -x 100 -y 30
sleep 1
key "$P" 'echo $COLUMNS $LINES' Enter
t window-resized "100 30"
key "$P" 'stty size' Enter
t stty-size "30 100"
t sigwinch-trap "got-winch"
key "$P" 'test -t 0 && test -t 1 && echo on-a-tty' Enter
t isatty "on-a-tty"
key "$P" 'f() { return 3; }; f' Enter
tmux send-keys -t "$P" C-d
wait_for "$P" 'EXITED='
t ctrl-d-exits "$(printf 'exit\nEXITED=3')"
tmux kill-session -t "$P"

PR='^root@box:'
start "$P" "$ACS box"
tmux send-keys -t "$P" 'exit 5' Enter
wait_for "$P" 'EXITED='
t exit-status "EXITED=5"
tmux kill-session -t "$P"
