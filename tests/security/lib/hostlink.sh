#!/usr/bin/env bash
# lib/hostlink.sh W PID - the host side of hostlink.mjs, started by run.sh
# for a case with a `hostlinks` file. The guest may not make a symbolic
# link that points outside the mounts; the cases that test FOLLOWING such
# links ask this loop to make them mid-run. A request is a file
# W/.hostlink/ID.req holding "TARGET\0NAME\0" (taken once its last NUL is
# there); the loop makes the link as symlink(2) would, NAME relative to W,
# and answers in W/.hostlink/ID.ans with one line: "ok", or "CODE message"
# (EEXIST, ENOENT, ...); the guest removes both files and the directory.
# It only makes links in directories under W. It ends when run.sh kills
# it, when W or process PID is gone, or after 60 s; it never creates
# .hostlink. (Only `ln` is forked per request: the guest waits on it.)
W=$1 parent=$2
export LC_ALL=C
WP=$(cd -P -- "$W" 2>/dev/null && pwd) || exit 0
D=$W/.hostlink
shopt -s nullglob
# a short sleep without forking: read from a pipe nobody writes to
if exec {nap_fd}<> <(:) 2>/dev/null; then nap() { read -r -t 0.001 -u "$nap_fd" _ 2>/dev/null; :; }
else nap() { sleep 0.001; }; fi
code_of() { # ln's message -> $code
  case "$1" in
    *"File exists") code=EEXIST ;; *"No such file or directory") code=ENOENT ;;
    *"Not a directory") code=ENOTDIR ;; *"Permission denied") code=EACCES ;;
    *"File name too long") code=ENAMETOOLONG ;; *"Read-only file system") code=EROFS ;;
    *"Too many levels of symbolic links") code=ELOOP ;; *"No space left on device") code=ENOSPC ;;
    *"Invalid argument") code=EINVAL ;; *) code=EIO ;;
  esac
}
make_link() { # target name -> $answer
  local target=$1 name=$2 path dir base err
  case $name in /*) path=$name ;; *) path=$W/$name ;; esac
  dir=${path%/*} base=${path##*/}
  [ -n "$dir" ] || dir=/
  if [ -n "$base" ] && cd -P -- "$dir" 2>/dev/null; then
    if [[ $PWD/ != "$WP"/* ]]; then answer="EHOSTLINK '$name' is not in the work dir: the host makes links only there"; cd /; return; fi
    err=$(exec ln -sT -- "$target" "$base" 2>&1)
    cd /
  else
    # a missing or too long directory: let symlink(2) say why
    err=$(cd -- "$W" && exec ln -sT -- "$target" "$name" 2>&1)
  fi
  if [ -z "$err" ]; then answer=ok; else code_of "$err"; answer="$code $err"; fi
}
declare -A done=()
cd /
while [ -d "$W" ] && kill -0 "$parent" 2>/dev/null && [ "$SECONDS" -lt 60 ]; do
  reqs=("$D"/*.req)
  new=0
  for req in "${reqs[@]}"; do
    [ -n "${done[$req]:-}" ] && continue
    target="" name=""
    { IFS= read -r -d '' target && IFS= read -r -d '' name; } < "$req" 2>/dev/null || continue
    new=1 done[$req]=1
    make_link "$target" "$name"
    answer=${answer//$'\n'/ }
    printf '%s\n' "$answer" 2>/dev/null > "${req%.req}.ans"
  done
  [ "$new" = 1 ] || nap
done
