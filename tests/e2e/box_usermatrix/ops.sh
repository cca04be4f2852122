# ops.sh - the matrix's operations through the commands (tests/e2e/box_usermatrix.sh).
# sh ops.sh OPS-FILE: run each line (ID OP PATH [PATH2]) in the cwd with the
# command a user would type and print "ID rc=STATUS STDERR" (GNU's words).
while read -r id op p q; do
  case $op in
    read) c=(cat "$p") ;;
    write) c=(tee -a "$p") ;;
    trunc) c=(truncate -s 0 "$p") ;;
    chmod) c=(chmod 700 "$p") ;;
    chown) c=(chown 1000 "$p") ;;
    chgrp) c=(chgrp 1000 "$p") ;;
    utimes) c=(touch -c -d @1000000000 "$p") ;;
    touch) c=(touch -c "$p") ;;
    exec) c=(env "./$p") ;;
    link) c=(ln "$p" "$q") ;;
    stat) c=(stat -c %s "$p") ;;
    create) c=(touch "$p") ;;
    excl) c=(mkfifo "$p") ;;
    unlink) c=(unlink "$p") ;;
    rename) c=(mv -T "$p" "$q") ;;
    mkdir) c=(mkdir "$p") ;;
    rmdir) c=(rmdir "$p") ;;
    symlink) c=(ln -s t "$p") ;;
    readdir) c=(ls "$p") ;;
    *) echo "ops.sh: unknown op $op" >&2; exit 2 ;;
  esac
  err=$("${c[@]}" </dev/null 2>&1 >/dev/null)
  echo "$id rc=$? $err"
done < "$1"
