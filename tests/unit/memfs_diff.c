/* memfs_diff.c - memfs against Linux itself. Each case is one line of
** steps; every step runs on a fresh temporary directory of the host (a
** forked child chrooted into it, acting as root or as another user with
** setresuid/setresgid/setgroups) and on a fresh memfs, and the two must
** give the same result or errno, step for step. Linux is the oracle: a
** case states what to do, not what should come out.
**
** Step language (steps separated by ';'):
**   @root @u1 @u2 @g1 @su   act as root; 1000:1000; 1001:1001; 1002:1002
**                           with supplementary group 1000; effective root
**                           with real ids 1000 (a setuid-root program)
**   mkdir P MODE | rmdir P | unlink P | creat P MODE | put P [TEXT] | cat P
**   open N P FLAGS [MODE] | close N | read N COUNT | pread N COUNT OFF
**   write N TEXT | pwrite N TEXT OFF | seek N OFF set|cur|end|data|hole
**   ftrunc N LEN | fstat N | fchmod N MODE | fchown N UID GID
**   stat P | lstat P | times P | access P F|RWX [e] | readlink P | realpath P
**   rename P Q | renamenr P Q | link P Q | linkf P Q | symlink T P
**   chmod P MODE | lchmod P MODE | chown P U G | lchown P U G | truncate P LEN
**   utimes P A M [nofollow]  (A, M: now, omit or seconds)
**   mknod P fifo|reg|chr|sock|dir MODE | ls P | cd P | umask MODE
**   sameino P Q | symchain PREFIX N TARGET (PREFIX1 -> TARGET, PREFIXk -> PREFIX(k-1))
**   mark P | changed P [MARK]  (which of atime/mtime/ctime moved since mark)
** FLAGS: r w rw creat excl trunc append dir nofollow noatime, joined by ','.
** "" is the empty string; {s*N} is s repeated N times. */
#include "kernel/memfs.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <grp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE 1
#endif

typedef struct dcase {
  const char *name;
  const char *script;
} dcase;

/* clang-format off */
static dcase cases[] = {
  /* files and open flags */
  {"create-read", "put /f hello; cat /f; stat /f; stat /; creat /g 0600; stat /g; mkdir /d 0777; stat /d; stat /"},
  {"open-excl", "put /f x; open 1 /f w,creat,excl 0644; open 1 /f w,creat 0644; close 1; cat /f; open 2 /g w,creat,excl 0600; close 2; stat /g"},
  {"open-trunc", "put /f hello; open 1 /f w,trunc; close 1; stat /f; open 2 /f r,trunc; close 2"},
  {"open-dir-flags", "put /f x; mkdir /d 0755; open 1 /f r,dir; open 1 /f/ r; open 1 /d w; open 1 /d rw; open 1 /d r,creat; open 1 /d r,trunc; open 1 /d/ r; close 1; open 2 /new/ w,creat; open 2 /d/. w,creat; open 2 / r,creat; stat /new"},
  {"open-nofollow", "put /f x; symlink /f /l; symlink /nope /dang; open 1 /l r,nofollow; open 1 /l w,creat,nofollow; open 1 /dang w,creat,excl; stat /nope; open 2 /dang w,creat 0600; close 2; stat /nope; open 3 /l r; close 3; open 4 /dang r,nofollow"},
  {"nofollow-trailing-slash", "mkdir /d 0755; symlink /d /ld; open 1 /ld/ r,nofollow; close 1; open 2 /ld r,nofollow,dir; open 3 /ld r,dir; close 3"},
  {"access-modes", "put /f abc; open 1 /f r; write 1 x; read 1 2; close 1; open 2 /f w; read 2 1; write 2 Z; close 2; cat /f; open 3 /f rw; read 3 1; write 3 Q; close 3; cat /f"},
  {"append", "put /f abc; open 1 /f w,append; seek 1 0 set; write 1 X; seek 1 0 cur; pwrite 1 Y 0; close 1; cat /f"},
  {"seek", "put /f hello; open 1 /f r; seek 1 -1 end; read 1 5; seek 1 -10 cur; seek 1 100 set; read 1 1; seek 1 0 data; seek 1 0 hole; seek 1 5 data; seek 1 -1 data; seek 1 0 nonsense; close 1"},
  {"sparse", "open 1 /s rw,creat 0644; pwrite 1 x 100000; stat /s; pread 1 4 99998; pread 1 4 4000; seek 1 0 data; seek 1 0 hole; seek 1 99000 data; seek 1 98304 hole; seek 1 100000 hole; close 1"},
  {"truncate", "put /f abcdef; truncate /f 3; cat /f; truncate /f 5; stat /f; open 1 /f r; read 1 9; close 1; truncate /f -1; truncate / 0; mkdir /d 0755; truncate /d 0; truncate /nope 0; mknod /p fifo 0644; truncate /p 0"},
  {"ftruncate-modes", "put /f abc; open 1 /f r; ftrunc 1 0; close 1; open 2 /f w; ftrunc 2 1; ftrunc 2 -1; close 2; stat /f; mkdir /d 0755; open 3 /d r; ftrunc 3 0; read 3 1; write 3 x; close 3"},
  {"unlink-open", "put /f data; open 1 /f r; unlink /f; stat /f; fstat 1; read 1 10; close 1; stat /f"},
  {"unlink-open-write", "open 1 /f rw,creat 0644; write 1 hello; unlink /f; pwrite 1 J 0; pread 1 5 0; fstat 1; close 1; stat /f"},
  {"negative-offsets", "open 1 /f rw,creat 0644; pwrite 1 x -1; pread 1 1 -1; seek 1 -1 set; close 1"},
  {"creat-ignores-own-mode", "mkdir /w 0777; chmod /w 0777; @u1; open 1 /w/f rw,creat,excl 0000; write 1 x; close 1; stat /w/f; open 2 /w/f r; @root; cat /w/f"},
  {"mode-bits", "umask 0; mkdir /a 07777; stat /a; creat /b 07777; stat /b; mknod /c fifo 07777; stat /c; umask 022; mkdir /e 07777; stat /e"},
  /* names */
  {"empty-path", "stat \"\"; lstat \"\"; mkdir \"\" 0755; unlink \"\"; open 1 \"\" r; creat \"\" 0644; symlink x \"\"; symlink \"\" /s; readlink \"\"; rename \"\" /x; chmod \"\" 0644"},
  {"dots-and-slashes", "mkdir /d 0755; mkdir /d/e 0755; stat /..; stat /../d/./e/..; stat //d//e//; put /f x; stat /f/; stat /f/.; lstat /f/; stat /nope/x; stat /f/x; stat /d/e/../../d/e; lstat /d/e/"},
  {"name-too-long", "put /{n*255} x; stat /{n*255}; put /{n*256} x; mkdir /{n*256} 0755; stat /{n*256}; symlink x /{n*256}; stat /nope/{n*256}; stat /{n*256}/x"},
  {"path-too-long", "stat /{./*2047}; stat /{./*2047}x; mkdir /d 0755; stat /d/{./*2046}; stat /d/{./*2046}.; symlink {a*4095} /l1; symlink {a*4096} /l2; lstat /l1"},
  {"mkdir-errors", "mkdir /d 0755; mkdir /d 0755; mkdir /d/. 0755; mkdir /d/.. 0755; mkdir / 0755; mkdir /e/ 0755; mkdir /x/y 0755; put /f x; mkdir /f 0755; mkdir /f/y 0755; stat /e; mkdir /e// 0755"},
  {"rmdir-errors", "mkdir /d 0755; put /d/x; rmdir /d; rmdir /d/.; rmdir /d/..; rmdir /; put /f; rmdir /f; rmdir /nope; symlink /d /ld; rmdir /ld; rmdir /ld/; rmdir /f/; unlink /d/x; rmdir /d/; stat /; rmdir /d"},
  {"unlink-errors", "mkdir /d 0755; put /f; unlink /d; unlink /d/; unlink /d/.; unlink /d/..; unlink /; unlink /f/; unlink /nope; unlink /nope/; symlink /d /ld; unlink /ld/; unlink /ld; stat /d; unlink /f; stat /f"},
  {"mknod", "mknod /p fifo 0644; stat /p; mknod /r reg 0600; stat /r; mknod /p2/ fifo 0644; mknod /c chr 0666; stat /c; mknod /dd dir 0755; mknod /s sock 0644; stat /s; open 1 /s r; @u1; mknod /u fifo 0644; @root; mkdir /t 0777; chmod /t 0777; @u1; mknod /t/c chr 0666; mknod /t/p fifo 0600; stat /t/p; mknod /t/p fifo 0600"},
  {"symlink-errors", "symlink \"\" /s; put /f; symlink x /f; symlink x /s/; symlink x /nope/s; symlink /f /s; readlink /s; readlink /f; readlink /s/; lstat /s; symlink x /f/s"},
  {"trailing-slash-create", "creat /f/ 0644; mknod /p/ fifo 0644; symlink x /s/; link /nope /l/; put /g x; link /g /l/; stat /l; stat /f"},
  /* symbolic links */
  {"symlink-resolution", "mkdir /etc 0755; put /etc/passwd box; mkdir /home 0755; symlink /etc/passwd /home/abs; symlink ../etc/passwd /home/rel; symlink ../../../../etc /home/up; symlink / /home/root; cat /home/abs; cat /home/rel; cat /home/up/passwd; cat /home/root/etc/passwd; stat /home/root/; lstat /home/root; cd /home; cat abs; realpath abs; realpath up; realpath /home/root; realpath root/home/../etc"},
  {"eloop-40-41", "put /f end; symchain /l 41 f; cat /l40; cat /l41; stat /l41; lstat /l41; realpath /l40; realpath /l41; open 1 /l41 w,creat; readlink /l41"},
  {"eloop-mid-path", "mkdir /d 0755; put /d/x; symchain /m 40 d; stat /m40/x; symlink x /d/lx; stat /m40/lx; lstat /m40/lx; symlink self /self; stat /self/x; open 1 /self w,creat; symlink /lb /la; symlink /la /lb; stat /la; lstat /la"},
  {"symlink-trailing-slash", "mkdir /d 0755; put /f; symlink /d /ld; symlink /f /lf; lstat /ld/; stat /lf/; lstat /lf/; open 1 /lf/ r; mkdir /ld/ 0755; symlink /nope /dang; mkdir /dang/ 0755; stat /nope; rename /lf/ /x; rename /ld/ /x; stat /x; lstat /ld"},
  {"dotdot-after-symlink", "mkdir /a 0755; mkdir /a/b 0755; symlink b /a/lb; put /a/x 1; cat /a/lb/../x; mkdir /c 0755; symlink /a/b /c/lb; cat /c/lb/../x; realpath /c/lb/.."},
  {"symlink-in-cwd", "mkdir /a 0755; mkdir /a/b 0755; put /a/b/f in-b; cd /a; symlink b/f rel; symlink /a/b/f abs; cat rel; cat abs; cd /; cat /a/rel; stat a/rel"},
  /* hard links */
  {"link-rules", "put /a data; mkdir /d 0755; link /a /d/b; stat /a; unlink /a; cat /d/b; link /d/b /d/b; link /d /d2; link /d/. /x; link /nope /x; link /d/b /x/; link /d/b/ /x; link /d/b /d/..; symlink /d/b /s; link /s /s2; lstat /s2; linkf /s /s3; stat /s3; sameino /s3 /d/b; stat /d/b"},
  {"protected-hardlinks", "put /secret s; chmod /secret 0600; put /pub p; chmod /pub 0666; mkdir /t 0777; chmod /t 01777; @u1; link /secret /t/s; link /pub /t/p; @root; chmod /pub 04666; @u1; link /pub /t/p2; @root; chmod /pub 02676; @u1; link /pub /t/p3; @root; chmod /pub 02666; @u1; link /pub /t/p4; @root; link /secret /t/rs"},
  {"link-perms", "mkdir /ro 0755; put /f; @u1; link /f /ro/x; @root; mkdir /w 0777; chmod /w 0777; chmod /f 0644; @u1; link /f /w/x; @root; chown /f 1000 1000; chmod /f 0600; @u1; link /f /w/y; stat /f"},
  /* rename */
  {"rename-over-file", "put /a A; put /b B; rename /a /b; stat /a; cat /b; stat /b"},
  {"rename-matrix", "put /b B; mkdir /d1 0755; mkdir /d2 0755; mkdir /full 0755; put /full/x; rename /d1 /d2; stat /d1; rename /d2 /full; rename /b /d2; rename /d2 /b; mkdir /d2/sub 0755; rename /d2 /d2/sub/x; rename /d2 /d2/x; rename /d2/sub /d2; rename /d2/. /x; rename /d2 /full/..; rename / /x; rename /nope /x; rename /b /nope/x; rename /b/ /c; rename /b /c/; rename /d2/ /d3/; rename /d3 /d3; stat /d3; rename /d3/sub /d3/sub/; ls /"},
  {"rename-noreplace", "put /b x; link /b /b2; rename /b /b2; stat /b; stat /b2; mkdir /full 0755; renamenr /b /full; renamenr /b /c; stat /c; renamenr /c /c; renamenr /c /full/..; renamenr /c/. /y"},
  {"rename-dir-links", "mkdir /a 0755; mkdir /b 0755; mkdir /a/x 0755; stat /a; stat /b; rename /a/x /b/x; stat /a; stat /b; stat /b/x/..; sameino /b/x/.. /b; mkdir /a/y 0755; mkdir /b/y 0755; rename /a/y /b/y; stat /a; stat /b; ls /b"},
  {"rename-types", "mkdir /d 0755; mkdir /e 0755; put /e/x; put /f; rename /d /e; rename /f /e; rename /e /f; rename /f /d; rename /d /f; symlink /d /ld; rename /ld /e; rename /ld /f; lstat /f; stat /d"},
  {"rename-ancestors", "mkdir /a 0755; mkdir /a/b 0755; mkdir /a/b/c 0755; rename /a /a/b/c/d; rename /a/b/c /a; rename /a/b/c /a/b; rename /a/b /a/b/c; rename /a/b/c/.. /x; rename /a/b /a/b/c/..; stat /a/b/c"},
  {"rename-perms", "mkdir /a 0777; chmod /a 0777; mkdir /b 0755; @u1; mkdir /a/d 0755; put /a/f x; rename /a/f /b/f; rename /a/f /a/g; mkdir /a/t 0777; chmod /a/d 0555; rename /a/d /a/e; rename /a/e /a/t/e; chmod /a/e 0755; rename /a/e /a/t/e; ls /a/t; @u2; rename /a/g /a/h; @root; chmod /b 0777; @u2; rename /a/g /b/g"},
  {"rename-open-file", "put /a one; put /g two; open 1 /g r; rename /a /g; pread 1 8 0; close 1; cat /g; stat /g"},
  {"rename-over-hardlink", "put /a; link /a /a2; put /b; rename /a /b; stat /b; stat /a2; sameino /b /a2"},
  /* permissions */
  {"read-perms", "put /f s; chmod /f 0600; @u1; cat /f; @root; cat /f; chown /f 0 1000; chmod /f 0640; @u1; cat /f; @g1; cat /f; @u2; cat /f; @root; chmod /f 0604; @u2; cat /f; @u1; cat /f"},
  {"owner-class-decides", "put /f o; chown /f 1000 1000; chmod /f 0066; @u1; cat /f; @u2; cat /f; @root; chmod /f 0606; chown /f 1001 1000; @u1; cat /f; @g1; cat /f; @u2; cat /f"},
  {"search-perms", "mkdir /l 0700; put /l/f x; chmod /l/f 0644; @u1; stat /l/f; stat /l/nothing; stat /l; @root; chmod /l 0711; @u1; stat /l/f; cat /l/f; ls /l; @root; chmod /l 0744; @u1; stat /l/f; ls /l; cd /l; realpath /l/f"},
  {"create-remove-perms", "mkdir /ro 0777; chmod /ro 0777; @u1; put /ro/f x; @root; chmod /ro 0555; @u1; put /ro/g x; unlink /ro/f; mkdir /ro/d 0755; rename /ro/f /ro/g; symlink x /ro/s; link /ro/f /ro/h; mknod /ro/p fifo 0644; @root; chmod /ro 0333; @u1; unlink /ro/f; @root; chmod /ro 0666; @u1; put /ro/h x; @root; put /ro/h x; ls /ro"},
  {"group-write-dir", "mkdir /shared 0775; chown /shared 0 1000; chmod /shared 0775; @g1; put /shared/x y; @u2; put /shared/z y; @u1; unlink /shared/x; put /shared/w 1; @g1; unlink /shared/w; ls /shared"},
  {"trunc-needs-write", "put /t keep; chmod /t 0644; @u1; open 1 /t r,trunc; truncate /t 0; cat /t; @root; chmod /t 0646; @u1; truncate /t 1; cat /t; open 2 /t w,trunc; close 2; stat /t"},
  {"root-exec", "put /plain; chmod /plain 0644; put /prog; chmod /prog 0100; access /plain X; access /prog X; access /plain RW; @u1; access /prog X; access /plain R; @root; mkdir /d 0000; access /d RWX; stat /d/../d; put /d/f; @u1; access /d R; stat /d/f; chmod /plain 0001; access /plain X"},
  {"access-real-ids", "put /secret s; chmod /secret 0600; @su; access /secret F; access /secret R; access /secret R e; cat /secret; @root; mkdir /h 0700; put /h/f; @su; access /h/f F; access /h/f F e; creat /su-made 0644; stat /su-made; @u1; access /nope F"},
  {"access-owner-ro", "put /ro; chown /ro 1000 1000; chmod /ro 0444; @u1; access /ro W; access /ro R; access /ro X; access /ro RX; @root; access /ro W; access /ro X"},
  {"chdir-perms", "mkdir /d 0700; put /f; @u1; cd /d; cd /f; cd /nope; @root; chmod /d 0711; @u1; cd /d; stat .; @root; chmod /d 0766; @u1; cd /d"},
  {"sticky-tmp", "mkdir /tmp 0777; chmod /tmp 01777; @u1; put /tmp/a mine; put /tmp/b mine; mkdir /tmp/dir 0777; @u2; unlink /tmp/a; rename /tmp/a /tmp/c; rmdir /tmp/dir; put /tmp/u2 theirs; rename /tmp/u2 /tmp/a; @u1; rename /tmp/a /tmp/u2; rename /tmp/a /tmp/a2; unlink /tmp/a2; @root; unlink /tmp/b; chown /tmp 1001 1001; @u2; rmdir /tmp/dir; ls /tmp"},
  {"sticky-others-files", "mkdir /tmp 0777; chmod /tmp 01777; @u1; put /tmp/s x; chmod /tmp/s 0666; @u2; put /tmp/s written; cat /tmp/s; open 1 /tmp/s w,creat; close 1; truncate /tmp/s 0; link /tmp/s /tmp/s2; @u1; symlink /tmp/s /tmp/l; @u2; cat /tmp/l; @root; cat /tmp/l"},
  {"sticky-dir-not-world", "mkdir /st 0770; chown /st 0 1000; chmod /st 01770; @u1; put /st/a 1; @g1; unlink /st/a; put /st/b 2; @u1; unlink /st/b; rename /st/a /st/c"},
  {"umask", "mkdir /w 0777; chmod /w 0777; @u1; umask 077; creat /w/p 0666; stat /w/p; mkdir /w/d 0777; stat /w/d; umask 0; mkdir /w/s 01777; stat /w/s; creat /w/x 04755; stat /w/x; umask 022; creat /w/y 0777; stat /w/y; symlink y /w/l; lstat /w/l; mknod /w/p2 fifo 0666; stat /w/p2"},
  {"setgid-dir", "mkdir /proj 0777; chown /proj 0 5000; chmod /proj 02777; @u1; creat /proj/f 0644; stat /proj/f; mkdir /proj/sub 0755; stat /proj/sub; umask 0; creat /proj/sgid 02755; stat /proj/sgid; creat /proj/sgid2 02745; stat /proj/sgid2; symlink f /proj/l; lstat /proj/l; mknod /proj/p fifo 0644; stat /proj/p; mkdir /proj/sub/deeper 0700; stat /proj/sub/deeper; @root; creat /proj/rsgid 02755; stat /proj/rsgid"},
  {"chmod-rules", "put /f; chown /f 1000 1000; @u2; chmod /f 0777; @u1; chmod /f 0600; stat /f; @root; chown /f 1000 5000; @u1; chmod /f 02755; stat /f; @root; chmod /f 02755; stat /f; @u1; chmod /f 01755; stat /f; chmod /f 07777; stat /f; @g1; chmod /f 0777"},
  {"chown-rules", "put /f; chown /f 1000 1000; @u1; chown /f 1001 -1; chown /f 1000 -1; chown /f -1 1000; chown /f -1 1001; @g1; chown /f -1 1002; @u2; chown /f -1 1001; chown /f -1 -1; chown /f 1001 -1; @root; chown /f 1001 1001; stat /f; chown /nope 1 1"},
  {"chown-kills-suid", "put /f; chmod /f 06755; chown /f 1000 -1; stat /f; chmod /f 02745; chown /f 1001 -1; stat /f; chmod /f 04755; chown /f -1 -1; stat /f; mkdir /d 0755; chmod /d 06755; chown /d 1000 1000; stat /d; @u1; chmod /d 06755; stat /d; @root; put /g; chown /g 1000 1000; @u1; chmod /g 06755; chown /g -1 1000; stat /g; chmod /g 02745; chown /g -1 1000; stat /g"},
  {"chown-nonowner-suid", "creat /s 04755; @u1; chown /s -1 -1; @root; stat /s; creat /p 0755; @u1; chown /p -1 -1; @root; chmod /p 02755; @u1; chown /p -1 -1; @root; chmod /p 02745; @u1; chown /p -1 -1; @root; stat /p; chown /p 1000 -1; @g1; chown /p -1 -1; @u1; chown /p -1 -1; stat /p"},
  {"write-kills-suid", "put /f; chmod /f 04777; @u1; open 1 /f w; write 1 x; close 1; stat /f; @root; chmod /f 06777; @u1; open 1 /f w; write 1 y; close 1; stat /f; @root; chmod /f 06767; open 1 /f w; write 1 z; close 1; stat /f; chmod /f 02767; @u1; open 1 /f w; write 1 q; close 1; stat /f; @root; chmod /f 04777; @u1; truncate /f 0; stat /f; @root; chmod /f 04777; @u1; open 2 /f w,trunc; close 2; stat /f"},
  {"chmod-symlink", "put /f; symlink /f /l; lchmod /l 0700; chmod /l 0700; stat /f; lchown /l 1000 1000; lstat /l; stat /f; lchmod /f 0600; stat /f"},
  {"fchmod-fchown", "put /f; open 1 /f r; fchmod 1 0600; fstat 1; @u1; fchmod 1 0644; fchown 1 1000 -1; @root; fchown 1 1000 1000; fstat 1; @u1; fchmod 1 04755; fstat 1; fchown 1 -1 1000; fstat 1; close 1"},
  {"utimes-rules", "put /f; chown /f 1000 1000; chmod /f 0666; @u1; utimes /f 100 200; times /f; @u2; utimes /f 100 200; utimes /f now now; times /f; utimes /f omit now; utimes /f now omit; utimes /f omit omit; @root; chmod /f 0644; @u2; utimes /f now now; utimes /f omit omit; @u1; utimes /f omit 300; times /f; utimes /f 400 omit; times /f; utimes /nope omit omit; utimes /nope now now"},
  {"utimes-nofollow", "put /f; symlink /f /l; utimes /l 100 200 nofollow; times /l; times /f; utimes /l 300 400; times /f; times /l"},
  /* timestamps */
  {"times-create-write-read", "mkdir /d 0755; mark /d; put /d/f x; changed /d; mark /d/f; open 1 /d/f rw; write 1 abc; changed /d/f; mark /d/f; pread 1 4 0; changed /d/f; mark /d/f; pread 1 4 0; changed /d/f; mark /d/f; read 1 10; changed /d/f; close 1"},
  {"times-attr", "put /f; mark /f; chmod /f 0600; changed /f; mark /f; chown /f 1 1; changed /f; mark /f; chown /f -1 -1; changed /f; mark /f; utimes /f 5 6; changed /f; mark /f; lchown /f 1 1; changed /f"},
  {"times-links", "mkdir /d 0755; put /d/f; mark /d; mark /d/f; link /d/f /d/g; changed /d; changed /d/f; mark /d; mark /d/f; unlink /d/g; changed /d; changed /d/f; mark /d; symlink f /d/s; changed /d"},
  {"times-rename", "mkdir /d 0755; mkdir /e 0755; put /d/f; mark /d; mark /e; mark /d/f; rename /d/f /e/f; changed /d; changed /e; changed /e/f /d/f; mark /e; mark /e/f; rename /e/f /e/g; changed /e; changed /e/g /e/f; put /e/h; mark /e/h; mark /e/g; rename /e/h /e/g; changed /e/g /e/h"},
  {"times-dirs", "mkdir /d 0755; mkdir /d/e 0755; mark /d; rmdir /d/e; changed /d; put /d/f; mark /d; unlink /d/f; changed /d; mark /d; ls /d; changed /d; mark /d; ls /d; changed /d; mark /d; mkdir /d/x 0755; changed /d; mark /d; rename /d/x /d/y; changed /d"},
  {"times-truncate", "put /f abc; mark /f; truncate /f 1; changed /f; mark /f; truncate /f 1; changed /f; mark /f; open 1 /f w,trunc; close 1; changed /f; mark /f; open 2 /f w,trunc; close 2; changed /f; mark /f; open 3 /f rw; ftrunc 3 0; changed /f; ftrunc 3 2; changed /f; close 3"},
  {"times-symlink-follow", "put /f; symlink /f /l; mark /l; cat /l; changed /l; mark /l; readlink /l; changed /l; mark /l; lstat /l; changed /l"},
  /* directories */
  {"readdir", "mkdir /d 0755; put /d/a; mkdir /d/b 0755; symlink a /d/c; mknod /d/p fifo 0644; ls /d; ls /d/a; ls /nope; @u1; ls /d; @root; chmod /d 0311; @u1; ls /d; stat /d/a"},
  {"dir-link-counts", "mkdir /a 0755; stat /a; mkdir /a/b 0755; stat /a; mkdir /a/c 0755; stat /a; put /a/f; stat /a; rmdir /a/b; stat /a; stat /"},
  {"cwd-relative", "mkdir /a 0755; mkdir /a/b 0755; cd /a/b; put f x; stat f; stat ../b/f; realpath ../b/f; cd ..; stat b/f; cd /; realpath a/b/../b/f; cd a/b/f"},
  {"cwd-removed", "mkdir /a 0755; mkdir /a/b 0755; cd /a/b; rmdir /a/b; stat .; creat new 0644; mkdir new 0755; stat ..; ls .; cd ..; stat b"},
  {"noatime", "put /f x; chmod /f 0644; mkdir /w 0777; chmod /w 0777; @u1; open 1 /f r,noatime; put /w/g y; open 2 /w/g r,noatime; close 2; @root; open 3 /f r,noatime; close 3"},
  {"creat-excl-dots", "mkdir /d 0755; open 1 /d/. rw,creat,excl; open 1 /d/ rw,creat,excl; open 1 / rw,creat,excl; open 1 /d/.. r,creat; open 1 /nope/ w,creat,excl; open 1 /d/.. r,creat,excl,dir; open 1 /x w,creat,dir; stat /x"},
  {"create-in-readonly-dir", "mkdir /ro 0755; put /ro/f x; chmod /ro/f 0666; @u1; open 1 /ro/f w,creat; close 1; open 2 /ro/f w,creat,excl; open 3 /ro/g w,creat; open 4 /ro/f/x w,creat; open 5 /ro/nope/x w,creat; symlink /ro/f /ro/l"},
  {"huge-offsets", "open 1 /s rw,creat 0644; pwrite 1 x 1073741824; stat /s; seek 1 0 data; seek 1 0 hole; pread 1 2 1073741823; pwrite 1 z 9223372036854775806; pwrite 1 z 9223372036854775807; stat /s; seek 1 9223372036854775807 set; seek 1 1 cur; seek 1 0 end; close 1"},
  {"rmdir-cwd-and-dots", "mkdir /a 0755; mkdir /a/b 0755; cd /a/b; rmdir .; rmdir ..; rmdir ../b; stat .; cd /; rmdir /a/./; rmdir a"},
  {"chown-same-owner", "put /f; chown /f 1000 1000; @u2; chown /f 1000 -1; chown /f -1 1000; @u1; chown /f 1000 1000; stat /f"},
  {"link-dir-trailing", "mkdir /d 0755; link /d/ /x; link /d /x/; put /f; link /f /d/; stat /d"},
  {"readlink-perms", "mkdir /h 0700; symlink target /h/l; @u1; readlink /h/l; @root; chmod /h 0711; @u1; readlink /h/l; lstat /h/l"},
  {"times-open-existing", "put /f; mark /; mark /f; open 1 /f w,creat; close 1; changed /; changed /f; open 2 /f r; close 2; changed /f"},
  {"times-chmod-dir", "mkdir /d 0755; mark /d; chmod /d 0700; changed /d; mark /d; cd /d; changed /d; mark /d; stat /d/.; changed /d"},
  {"sticky-rename-into", "mkdir /tmp 0777; chmod /tmp 01777; @u1; put /tmp/a x; mkdir /tmp/u1d 0777; @u2; put /tmp/b y; rename /tmp/b /tmp/a; rename /tmp/b /tmp/u1d/b; @u1; rename /tmp/u1d /tmp/u1e; @root; rename /tmp/b /tmp/a; ls /tmp"},
  {"rename-dir-write-on-self", "mkdir /p 0777; chmod /p 0777; mkdir /q 0777; chmod /q 0777; @u1; mkdir /p/d 0555; rename /p/d /p/e; rename /p/e /q/e; @root; rename /p/e /q/e; stat /q/e"},
  {"realpath", "mkdir /a 0755; mkdir /a/b 0755; put /a/b/f; symlink b /a/lb; symlink /a/lb/f /lf; realpath /lf; realpath /a/lb/../lb/.; realpath /; realpath /a/..; realpath /a/nope; realpath /lf/; realpath /a/nope/x; realpath //a//b//"},
};
/* clang-format on */

/* ------------------------------------------------------------ identities */

typedef struct who {
  const char *name;
  uid_t ruid, euid;
  gid_t rgid, egid;
  int ngroups;
  gid_t groups[4];
} who;

static const who WHO[] = {
    {"root", 0, 0, 0, 0, 1, {0}},
    {"u1", 1000, 1000, 1000, 1000, 1, {1000}},
    {"u2", 1001, 1001, 1001, 1001, 1, {1001}},
    {"g1", 1002, 1002, 1002, 1002, 2, {1002, 1000}},
    {"su", 1000, 0, 1000, 1000, 1, {1000}},
};

static const who *find_who(const char *name)
{
  for (size_t i = 0; i < sizeof WHO / sizeof WHO[0]; i++)
    if (!strcmp(WHO[i].name, name)) return &WHO[i];
  return NULL;
}

/* ----------------------------------------------------------------- steps */

#define MAXTOK 8
#define MAXSTEP 96

typedef struct step {
  char *tok[MAXTOK];
  int n;
  char text[256]; /* the step as written, for messages */
} step;

/* "{s*N}" repeated; "" the empty string. */
static char *expand(const char *t)
{
  if (!strcmp(t, "\"\"")) return strdup("");
  size_t cap = 8192, n = 0;
  char *out = malloc(cap);
  for (const char *p = t; *p;) {
    const char *star, *close;
    if (*p == '{' && (star = strchr(p, '*')) && (close = strchr(star, '}'))) {
      int count = atoi(star + 1);
      size_t k = (size_t)(star - p - 1);
      for (int i = 0; i < count; i++) {
        if (n + k + 1 >= cap) out = realloc(out, cap *= 2);
        memcpy(out + n, p + 1, k);
        n += k;
      }
      p = close + 1;
    } else {
      if (n + 2 >= cap) out = realloc(out, cap *= 2);
      out[n++] = *p++;
    }
  }
  out[n] = '\0';
  return out;
}

static int parse(const char *script, step *steps)
{
  int ns = 0;
  char *copy = strdup(script), *save = NULL;
  for (char *s = strtok_r(copy, ";", &save); s; s = strtok_r(NULL, ";", &save)) {
    while (*s == ' ') s++;
    if (!*s) continue;
    cr_assert_lt(ns, MAXSTEP);
    step *st = &steps[ns++];
    memset(st, 0, sizeof *st);
    snprintf(st->text, sizeof st->text, "%s", s);
    char *save2 = NULL;
    for (char *t = strtok_r(s, " ", &save2); t; t = strtok_r(NULL, " ", &save2)) {
      cr_assert_lt(st->n, MAXTOK);
      st->tok[st->n++] = expand(t);
    }
  }
  free(copy);
  return ns;
}

static void free_steps(step *steps, int n)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < steps[i].n; j++) free(steps[i].tok[j]);
}

static int oflags(const char *s)
{
  int f = 0, acc = O_RDONLY;
  char *copy = strdup(s), *save = NULL;
  for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    if (!strcmp(t, "r")) acc = O_RDONLY;
    else if (!strcmp(t, "w")) acc = O_WRONLY;
    else if (!strcmp(t, "rw")) acc = O_RDWR;
    else if (!strcmp(t, "creat")) f |= O_CREAT;
    else if (!strcmp(t, "excl")) f |= O_EXCL;
    else if (!strcmp(t, "trunc")) f |= O_TRUNC;
    else if (!strcmp(t, "append")) f |= O_APPEND;
    else if (!strcmp(t, "dir")) f |= O_DIRECTORY;
    else if (!strcmp(t, "nofollow")) f |= O_NOFOLLOW;
    else if (!strcmp(t, "noatime")) f |= O_NOATIME;
    else cr_assert_fail("flag %s", t);
  }
  free(copy);
  return f | acc;
}

static int amode(const char *s)
{
  int m = 0;
  for (; *s; s++) m |= *s == 'R' ? R_OK : *s == 'W' ? W_OK : *s == 'X' ? X_OK : 0;
  return m;
}

static int whence(const char *s)
{
  if (!strcmp(s, "set")) return SEEK_SET;
  if (!strcmp(s, "cur")) return SEEK_CUR;
  if (!strcmp(s, "end")) return SEEK_END;
  if (!strcmp(s, "data")) return SEEK_DATA;
  if (!strcmp(s, "hole")) return SEEK_HOLE;
  return 77;
}

static uint32_t mode_of(const char *s) { return (uint32_t)strtoul(s, NULL, 8); }
static uint32_t id_of(const char *s) { return (uint32_t)strtol(s, NULL, 10); }

static void timespec_of(const char *s, struct timespec *t)
{
  t->tv_sec = 0;
  if (!strcmp(s, "now")) t->tv_nsec = UTIME_NOW;
  else if (!strcmp(s, "omit")) t->tv_nsec = UTIME_OMIT;
  else {
    t->tv_sec = atol(s);
    t->tv_nsec = 0;
  }
}

static uint32_t node_type(const char *s)
{
  if (!strcmp(s, "fifo")) return S_IFIFO;
  if (!strcmp(s, "reg")) return S_IFREG;
  if (!strcmp(s, "chr")) return S_IFCHR;
  if (!strcmp(s, "sock")) return S_IFSOCK;
  if (!strcmp(s, "dir")) return S_IFDIR;
  return 0;
}

/* --------------------------------------------------------------- results */

static void rc_str(char *out, size_t cap, long rc)
{
  if (rc < 0) {
    const char *n = strerrorname_np((int)-rc);
    snprintf(out, cap, "-%s", n ? n : "E?");
  } else {
    snprintf(out, cap, "%ld", rc);
  }
}

static void data_str(char *out, size_t cap, const char *d, long n)
{
  size_t k = (size_t)snprintf(out, cap, "=");
  for (long i = 0; i < n && k + 5 < cap; i++) {
    unsigned char c = (unsigned char)d[i];
    if (c >= 32 && c < 127) out[k++] = (char)c;
    else k += (size_t)snprintf(out + k, cap - k, "\\%02x", c);
  }
  out[k] = '\0';
}

static void stat_str(char *out, size_t cap, uint32_t mode, uint32_t uid, uint32_t gid,
                     uint64_t nlink, uint64_t size, uint64_t rdev)
{
  int k = snprintf(out, cap, "mode=%o uid=%u gid=%u nlink=%llu size=%llu", mode, uid, gid,
                   (unsigned long long)nlink, (unsigned long long)size);
  if (S_ISCHR(mode)) snprintf(out + k, cap - (size_t)k, " rdev=%llx", (unsigned long long)rdev);
}

static void times_str(char *out, size_t cap, struct timespec a, struct timespec m)
{
  /* explicit times in the cases are small; "now" is a real date */
  char as[32], ms[32];
  if (a.tv_sec < 1000000) snprintf(as, sizeof as, "%ld.%09ld", (long)a.tv_sec, a.tv_nsec);
  else snprintf(as, sizeof as, "now");
  if (m.tv_sec < 1000000) snprintf(ms, sizeof ms, "%ld.%09ld", (long)m.tv_sec, m.tv_nsec);
  else snprintf(ms, sizeof ms, "now");
  snprintf(out, cap, "a=%s m=%s", as, ms);
}

static int ts_eq(struct timespec a, struct timespec b)
{
  return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

static void moved_str(char *out, struct timespec a0, struct timespec m0, struct timespec c0,
                      struct timespec a1, struct timespec m1, struct timespec c1)
{
  out[0] = ts_eq(a0, a1) ? '-' : 'a';
  out[1] = ts_eq(m0, m1) ? '-' : 'm';
  out[2] = ts_eq(c0, c1) ? '-' : 'c';
  out[3] = '\0';
}

static int cmp_names(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted names (no dots) joined by ','. Takes ownership of names. */
static void names_str(char *out, size_t cap, char **names, int n)
{
  qsort(names, (size_t)n, sizeof *names, cmp_names);
  size_t k = (size_t)snprintf(out, cap, "[");
  for (int i = 0; i < n; i++) {
    k += (size_t)snprintf(out + k, k < cap ? cap - k : 0, "%s%s", i ? "," : "", names[i]);
    free(names[i]);
  }
  if (k + 2 < cap) strcat(out, "]");
}

#define RES 512

/* ------------------------------------------------------------ host side */

typedef struct mark {
  char path[64];
  struct timespec a, m, c;
} mark;

typedef struct hside {
  int fd[10];
  mark marks[8];
  int nmarks;
} hside;

static void host_become(const who *w)
{
  /* The saved uid stays 0, so that the next step can come back. */
  if (setresuid(0, 0, 0) || setgroups((size_t)w->ngroups, w->groups) ||
      setresgid(w->rgid, w->egid, 0) || setresuid(w->ruid, w->euid, 0)) {
    perror("become");
    _exit(90);
  }
}

static long H(long r) { return r < 0 ? -errno : r; }

static void host_stat(char *out, size_t cap, int r, const struct stat *st)
{
  if (r < 0) rc_str(out, cap, -errno);
  else stat_str(out, cap, st->st_mode, st->st_uid, st->st_gid, st->st_nlink, (uint64_t)st->st_size,
                st->st_rdev);
}

static mark *find_mark(mark *marks, int *n, const char *path, bool create)
{
  for (int i = 0; i < *n; i++)
    if (!strcmp(marks[i].path, path)) return &marks[i];
  if (!create || *n == 8) return NULL;
  mark *m = &marks[(*n)++];
  snprintf(m->path, sizeof m->path, "%s", path);
  return m;
}

static void host_step(hside *h, step *s, char *out)
{
  char **t = s->tok, buf[8192];
  const char *op = t[0];
  struct stat st;
  long r = 0;
  out[0] = '\0';
#define A(i) (s->n > (i) ? t[i] : "")
  if (!strcmp(op, "mkdir")) r = H(mkdir(A(1), mode_of(A(2))));
  else if (!strcmp(op, "rmdir")) r = H(rmdir(A(1)));
  else if (!strcmp(op, "unlink")) r = H(unlink(A(1)));
  else if (!strcmp(op, "creat")) {
    int fd = open(A(1), O_CREAT | O_WRONLY | O_TRUNC, mode_of(A(2)));
    r = H(fd);
    if (fd >= 0) close(fd), r = 0;
  } else if (!strcmp(op, "put")) {
    int fd = open(A(1), O_CREAT | O_WRONLY | O_TRUNC, 0666);
    r = H(fd);
    if (fd >= 0) {
      r = H(write(fd, A(2), strlen(A(2))));
      close(fd);
    }
  } else if (!strcmp(op, "cat")) {
    int fd = open(A(1), O_RDONLY);
    if (fd < 0) r = -errno;
    else {
      long n = H(read(fd, buf, sizeof buf));
      close(fd);
      if (n < 0) r = n;
      else {
        data_str(out, RES, buf, n);
        return;
      }
    }
  } else if (!strcmp(op, "open")) {
    int i = atoi(A(1));
    int fd = open(A(2), oflags(A(3)), s->n > 4 ? mode_of(A(4)) : 0644);
    r = H(fd);
    if (fd >= 0) {
      if (h->fd[i] >= 0) close(h->fd[i]);
      h->fd[i] = fd;
      r = 0;
    }
  } else if (!strcmp(op, "close")) {
    int i = atoi(A(1));
    r = H(close(h->fd[i]));
    h->fd[i] = -1;
  } else if (!strcmp(op, "read") || !strcmp(op, "pread")) {
    int fd = h->fd[atoi(A(1))];
    size_t n = (size_t)atoi(A(2));
    long k = op[0] == 'p' ? H(pread(fd, buf, n, atol(A(3)))) : H(read(fd, buf, n));
    if (k < 0) r = k;
    else {
      data_str(out, RES, buf, k);
      return;
    }
  } else if (!strcmp(op, "write")) r = H(write(h->fd[atoi(A(1))], A(2), strlen(A(2))));
  else if (!strcmp(op, "pwrite")) r = H(pwrite(h->fd[atoi(A(1))], A(2), strlen(A(2)), atol(A(3))));
  else if (!strcmp(op, "seek")) r = H(lseek(h->fd[atoi(A(1))], atol(A(2)), whence(A(3))));
  else if (!strcmp(op, "ftrunc")) r = H(ftruncate(h->fd[atoi(A(1))], atol(A(2))));
  else if (!strcmp(op, "fstat")) {
    host_stat(out, RES, fstat(h->fd[atoi(A(1))], &st), &st);
    return;
  } else if (!strcmp(op, "fchmod")) r = H(fchmod(h->fd[atoi(A(1))], mode_of(A(2))));
  else if (!strcmp(op, "fchown")) r = H(fchown(h->fd[atoi(A(1))], id_of(A(2)), id_of(A(3))));
  else if (!strcmp(op, "stat") || !strcmp(op, "lstat")) {
    host_stat(out, RES, op[0] == 'l' ? lstat(A(1), &st) : stat(A(1), &st), &st);
    return;
  } else if (!strcmp(op, "times")) {
    if (lstat(A(1), &st)) r = -errno;
    else {
      times_str(out, RES, st.st_atim, st.st_mtim);
      return;
    }
  } else if (!strcmp(op, "access")) {
    int m = !strcmp(A(2), "F") ? F_OK : amode(A(2));
    r = H(faccessat(AT_FDCWD, A(1), m, !strcmp(A(3), "e") ? AT_EACCESS : 0));
  } else if (!strcmp(op, "readlink")) {
    long n = H(readlink(A(1), buf, sizeof buf));
    if (n < 0) r = n;
    else {
      data_str(out, RES, buf, n);
      return;
    }
  } else if (!strcmp(op, "realpath")) {
    char *p = realpath(A(1), NULL);
    if (!p) r = -errno;
    else {
      snprintf(out, RES, "=%s", p);
      free(p);
      return;
    }
  } else if (!strcmp(op, "rename")) r = H(rename(A(1), A(2)));
  else if (!strcmp(op, "renamenr"))
    r = H(syscall(SYS_renameat2, AT_FDCWD, A(1), AT_FDCWD, A(2), RENAME_NOREPLACE));
  else if (!strcmp(op, "link")) r = H(link(A(1), A(2)));
  else if (!strcmp(op, "linkf")) r = H(linkat(AT_FDCWD, A(1), AT_FDCWD, A(2), AT_SYMLINK_FOLLOW));
  else if (!strcmp(op, "symlink")) r = H(symlink(A(1), A(2)));
  else if (!strcmp(op, "chmod")) r = H(chmod(A(1), mode_of(A(2))));
  else if (!strcmp(op, "lchmod")) {
#ifndef SYS_fchmodat2
#define SYS_fchmodat2 452
#endif
    r = H(syscall(SYS_fchmodat2, AT_FDCWD, A(1), mode_of(A(2)), AT_SYMLINK_NOFOLLOW));
  } else if (!strcmp(op, "chown")) r = H(chown(A(1), id_of(A(2)), id_of(A(3))));
  else if (!strcmp(op, "lchown")) r = H(lchown(A(1), id_of(A(2)), id_of(A(3))));
  else if (!strcmp(op, "truncate")) r = H(truncate(A(1), atol(A(2))));
  else if (!strcmp(op, "utimes")) {
    struct timespec ts[2];
    timespec_of(A(2), &ts[0]);
    timespec_of(A(3), &ts[1]);
    r = H(utimensat(AT_FDCWD, A(1), ts, !strcmp(A(4), "nofollow") ? AT_SYMLINK_NOFOLLOW : 0));
  } else if (!strcmp(op, "mknod")) {
    uint32_t type = node_type(A(2));
    r = H(mknod(A(1), type | mode_of(A(3)), type == S_IFCHR ? makedev(1, 3) : 0));
  } else if (!strcmp(op, "ls")) {
    DIR *d = opendir(A(1));
    if (!d) r = -errno;
    else {
      char *names[512];
      int n = 0;
      struct dirent *e;
      errno = 0;
      while ((e = readdir(d)) && n < 512)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) names[n++] = strdup(e->d_name);
      int err = errno;
      closedir(d);
      if (err) {
        for (int i = 0; i < n; i++) free(names[i]);
        r = -err;
      } else {
        names_str(out, RES, names, n);
        return;
      }
    }
  } else if (!strcmp(op, "cd")) r = H(chdir(A(1)));
  else if (!strcmp(op, "umask")) umask(mode_of(A(1)));
  else if (!strcmp(op, "sameino")) {
    struct stat st2;
    if (lstat(A(1), &st) || lstat(A(2), &st2)) r = -errno;
    else {
      snprintf(out, RES, st.st_ino == st2.st_ino ? "same" : "different");
      return;
    }
  } else if (!strcmp(op, "symchain")) {
    int n = atoi(A(2));
    for (int i = 1; i <= n && r == 0; i++) {
      char a[300], b[300];
      snprintf(a, sizeof a, "%s%d", A(1), i);
      const char *base = strrchr(A(1), '/') ? strrchr(A(1), '/') + 1 : A(1);
      if (i == 1) snprintf(b, sizeof b, "%s", A(3));
      else snprintf(b, sizeof b, "%s%d", base, i - 1);
      r = H(symlink(b, a));
    }
  } else if (!strcmp(op, "mark")) {
    if (lstat(A(1), &st)) r = -errno;
    else {
      mark *m = find_mark(h->marks, &h->nmarks, A(1), true);
      m->a = st.st_atim, m->m = st.st_mtim, m->c = st.st_ctim;
      /* the next change must land on a later tick of the coarse clock */
      nanosleep(&(struct timespec){0, 12 * 1000 * 1000}, NULL);
    }
  } else if (!strcmp(op, "changed")) {
    mark *m = find_mark(h->marks, &h->nmarks, s->n > 2 ? A(2) : A(1), false);
    if (!m) r = -ENOENT;
    else if (lstat(A(1), &st)) r = -errno;
    else {
      moved_str(out, m->a, m->m, m->c, st.st_atim, st.st_mtim, st.st_ctim);
      return;
    }
  } else {
    snprintf(out, RES, "?op");
    return;
  }
#undef A
  rc_str(out, RES, r);
}

/* The host side runs on tmpfs, the filesystem memfs is modelled on
** (directory sizes, SEEK_HOLE, timestamps): without one, skip. */
static void need_host(void)
{
  if (geteuid() != 0) cr_skip_test("needs root (chroot, setresuid)");
  struct statfs sf;
  if (statfs("/dev/shm", &sf) || sf.f_type != TMPFS_MAGIC) cr_skip_test("needs a tmpfs at /dev/shm");
}

/* Run the steps in a chrooted child; one result line per step. */
static void run_host(step *steps, int n, char results[][RES])
{
  char dir[] = "/dev/shm/acs-memfs-diff-XXXXXX";
  cr_assert_not_null(mkdtemp(dir));
  chmod(dir, 0755);
  int pfd[2];
  cr_assert_eq(pipe(pfd), 0);
  pid_t pid = fork();
  cr_assert_geq(pid, 0);
  if (pid == 0) {
    close(pfd[0]);
    alarm(30); /* a step that blocks (a fifo with no peer) fails the case, not the suite */
    if (chroot(dir) || chdir("/")) _exit(91);
    umask(022);
    hside h;
    memset(&h, 0, sizeof h);
    for (int i = 0; i < 10; i++) h.fd[i] = -1;
    host_become(&WHO[0]);
    char out[RES];
    for (int i = 0; i < n; i++) {
      step *s = &steps[i];
      int first = 0;
      if (s->tok[0][0] == '@') {
        host_become(find_who(s->tok[0] + 1));
        first = 1;
      }
      if (first == s->n) snprintf(out, sizeof out, "ok");
      else {
        step sub = *s;
        memmove(sub.tok, s->tok + first, sizeof(char *) * (size_t)(s->n - first));
        sub.n = s->n - first;
        host_step(&h, &sub, out);
      }
      dprintf(pfd[1], "%s\n", out);
    }
    _exit(0);
  }
  close(pfd[1]);
  FILE *in = fdopen(pfd[0], "r");
  char line[RES + 8];
  int i = 0;
  while (i < n && fgets(line, sizeof line, in)) {
    line[strcspn(line, "\n")] = '\0';
    line[RES - 1] = '\0';
    memcpy(results[i++], line, RES);
  }
  fclose(in);
  int status;
  waitpid(pid, &status, 0);
  cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "host child: status %d", status);
  cr_assert_eq(i, n);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  cr_assert_eq(system(cmd), 0);
}

/* ----------------------------------------------------------- memfs side */

typedef struct mside {
  acs_memfs *fs;
  acs_memfs_inode *cwd;
  acs_memfs_file *fd[10];
  acs_memfs_cred cr;
  uint32_t groups[4];
  mark marks[8];
  int nmarks;
} mside;

static void mem_become(mside *m, const who *w)
{
  m->cr.uid = w->euid;
  m->cr.gid = w->egid;
  m->cr.ruid = w->ruid;
  m->cr.rgid = w->rgid;
  for (int i = 0; i < w->ngroups; i++) m->groups[i] = w->groups[i];
  m->cr.groups = m->groups;
  m->cr.ngroups = (uint32_t)w->ngroups;
}

static void mem_stat(char *out, int r, const acs_memfs_stat *st)
{
  if (r) rc_str(out, RES, r);
  else stat_str(out, RES, st->mode, st->uid, st->gid, st->nlink, st->size, st->rdev);
}

typedef struct namelist {
  char *names[512];
  int n;
} namelist;

static int add_name(void *user, const acs_memfs_dirent *e)
{
  namelist *l = user;
  if (strcmp(e->name, ".") && strcmp(e->name, "..") && l->n < 512) l->names[l->n++] = strdup(e->name);
  return 0;
}

static void mem_step(mside *m, step *s, char *out)
{
  char **t = s->tok, buf[8192];
  const char *op = t[0];
  acs_memfs *fs = m->fs;
  const acs_memfs_cred *cr = &m->cr;
  acs_memfs_inode *at = m->cwd;
  acs_memfs_stat st;
  acs_memfs_file *f;
  long r = 0;
  out[0] = '\0';
#define A(i) (s->n > (i) ? t[i] : "")
  static const char *fd_ops[] = {"read", "pread", "write", "pwrite", "seek", "ftrunc",
                                 "fstat", "fchmod", "fchown"};
  for (size_t i = 0; i < sizeof fd_ops / sizeof fd_ops[0]; i++) {
    if (!strcmp(op, fd_ops[i]) && !m->fd[atoi(A(1))]) {
      rc_str(out, RES, -EBADF);
      return;
    }
  }
  if (!strcmp(op, "mkdir")) r = acs_memfs_mkdir(fs, cr, at, A(1), mode_of(A(2)));
  else if (!strcmp(op, "rmdir")) r = acs_memfs_rmdir(fs, cr, at, A(1));
  else if (!strcmp(op, "unlink")) r = acs_memfs_unlink(fs, cr, at, A(1));
  else if (!strcmp(op, "creat")) {
    r = acs_memfs_open(fs, cr, at, A(1), O_CREAT | O_WRONLY | O_TRUNC, mode_of(A(2)), &f);
    if (!r) acs_memfs_close(fs, f);
  } else if (!strcmp(op, "put")) {
    r = acs_memfs_open(fs, cr, at, A(1), O_CREAT | O_WRONLY | O_TRUNC, 0666, &f);
    if (!r) {
      r = acs_memfs_write(fs, cr, f, A(2), strlen(A(2)));
      acs_memfs_close(fs, f);
    }
  } else if (!strcmp(op, "cat")) {
    r = acs_memfs_open(fs, cr, at, A(1), O_RDONLY, 0, &f);
    if (!r) {
      long n = acs_memfs_read(fs, f, buf, sizeof buf);
      acs_memfs_close(fs, f);
      if (n < 0) r = n;
      else {
        data_str(out, RES, buf, n);
        return;
      }
    }
  } else if (!strcmp(op, "open")) {
    int i = atoi(A(1));
    r = acs_memfs_open(fs, cr, at, A(2), oflags(A(3)), s->n > 4 ? mode_of(A(4)) : 0644, &f);
    if (!r) {
      acs_memfs_close(fs, m->fd[i]);
      m->fd[i] = f;
    }
  } else if (!strcmp(op, "close")) {
    int i = atoi(A(1));
    r = m->fd[i] ? 0 : -EBADF;
    acs_memfs_close(fs, m->fd[i]);
    m->fd[i] = NULL;
  } else if (!strcmp(op, "read") || !strcmp(op, "pread")) {
    f = m->fd[atoi(A(1))];
    size_t n = (size_t)atoi(A(2));
    long k = op[0] == 'p' ? acs_memfs_pread(fs, f, buf, n, atol(A(3))) : acs_memfs_read(fs, f, buf, n);
    if (k < 0) r = k;
    else {
      data_str(out, RES, buf, k);
      return;
    }
  } else if (!strcmp(op, "write")) r = acs_memfs_write(fs, cr, m->fd[atoi(A(1))], A(2), strlen(A(2)));
  else if (!strcmp(op, "pwrite"))
    r = acs_memfs_pwrite(fs, cr, m->fd[atoi(A(1))], A(2), strlen(A(2)), atol(A(3)));
  else if (!strcmp(op, "seek")) r = acs_memfs_lseek(fs, m->fd[atoi(A(1))], atol(A(2)), whence(A(3)));
  else if (!strcmp(op, "ftrunc")) r = acs_memfs_ftruncate(fs, cr, m->fd[atoi(A(1))], atol(A(2)));
  else if (!strcmp(op, "fstat")) {
    mem_stat(out, acs_memfs_fstat(fs, m->fd[atoi(A(1))], &st), &st);
    return;
  } else if (!strcmp(op, "fchmod")) r = acs_memfs_fchmod(fs, cr, m->fd[atoi(A(1))], mode_of(A(2)));
  else if (!strcmp(op, "fchown"))
    r = acs_memfs_fchown(fs, cr, m->fd[atoi(A(1))], id_of(A(2)), id_of(A(3)));
  else if (!strcmp(op, "stat") || !strcmp(op, "lstat")) {
    mem_stat(out, acs_memfs_fstatat(fs, cr, at, A(1), op[0] == 'l' ? AT_SYMLINK_NOFOLLOW : 0, &st), &st);
    return;
  } else if (!strcmp(op, "times")) {
    r = acs_memfs_fstatat(fs, cr, at, A(1), AT_SYMLINK_NOFOLLOW, &st);
    if (!r) {
      times_str(out, RES, st.atime, st.mtime);
      return;
    }
  } else if (!strcmp(op, "access")) {
    int md = !strcmp(A(2), "F") ? F_OK : amode(A(2));
    r = acs_memfs_access(fs, cr, at, A(1), md, !strcmp(A(3), "e") ? AT_EACCESS : 0);
  } else if (!strcmp(op, "readlink")) {
    long n = acs_memfs_readlink(fs, cr, at, A(1), buf, sizeof buf);
    if (n < 0) r = n;
    else {
      data_str(out, RES, buf, n);
      return;
    }
  } else if (!strcmp(op, "realpath")) {
    char *p;
    r = acs_memfs_realpath(fs, cr, at, A(1), &p);
    if (!r) {
      snprintf(out, RES, "=%s", p);
      free(p);
      return;
    }
  } else if (!strcmp(op, "rename")) r = acs_memfs_rename(fs, cr, at, A(1), at, A(2), 0);
  else if (!strcmp(op, "renamenr")) r = acs_memfs_rename(fs, cr, at, A(1), at, A(2), RENAME_NOREPLACE);
  else if (!strcmp(op, "link")) r = acs_memfs_link(fs, cr, at, A(1), at, A(2), 0);
  else if (!strcmp(op, "linkf")) r = acs_memfs_link(fs, cr, at, A(1), at, A(2), AT_SYMLINK_FOLLOW);
  else if (!strcmp(op, "symlink")) r = acs_memfs_symlink(fs, cr, A(1), at, A(2));
  else if (!strcmp(op, "chmod")) r = acs_memfs_chmod(fs, cr, at, A(1), mode_of(A(2)), 0);
  else if (!strcmp(op, "lchmod")) r = acs_memfs_chmod(fs, cr, at, A(1), mode_of(A(2)), AT_SYMLINK_NOFOLLOW);
  else if (!strcmp(op, "chown")) r = acs_memfs_chown(fs, cr, at, A(1), id_of(A(2)), id_of(A(3)), 0);
  else if (!strcmp(op, "lchown"))
    r = acs_memfs_chown(fs, cr, at, A(1), id_of(A(2)), id_of(A(3)), AT_SYMLINK_NOFOLLOW);
  else if (!strcmp(op, "truncate")) r = acs_memfs_truncate(fs, cr, at, A(1), atol(A(2)));
  else if (!strcmp(op, "utimes")) {
    struct timespec ts[2];
    timespec_of(A(2), &ts[0]);
    timespec_of(A(3), &ts[1]);
    r = acs_memfs_utimens(fs, cr, at, A(1), ts, !strcmp(A(4), "nofollow") ? AT_SYMLINK_NOFOLLOW : 0);
  } else if (!strcmp(op, "mknod")) {
    uint32_t type = node_type(A(2));
    r = acs_memfs_mknod(fs, cr, at, A(1), type | mode_of(A(3)), type == S_IFCHR ? makedev(1, 3) : 0);
  } else if (!strcmp(op, "ls")) {
    r = acs_memfs_open(fs, cr, at, A(1), O_RDONLY | O_DIRECTORY, 0, &f);
    if (!r) {
      namelist l = {.n = 0};
      int k;
      while ((k = acs_memfs_readdir(fs, f, add_name, &l)) > 0) {
      }
      acs_memfs_close(fs, f);
      /* glibc's readdir reads getdents' ENOENT (a removed directory) as
      ** the end, as POSIX wants; the host side sees an empty listing. */
      if (k == -ENOENT) k = 0;
      if (k < 0) {
        for (int i = 0; i < l.n; i++) free(l.names[i]);
        r = k;
      } else {
        names_str(out, RES, l.names, l.n);
        return;
      }
    }
  } else if (!strcmp(op, "cd")) {
    acs_memfs_inode *d;
    r = acs_memfs_chdir(fs, cr, at, A(1), &d);
    if (!r) {
      acs_memfs_inode_release(fs, m->cwd);
      m->cwd = d;
    }
  } else if (!strcmp(op, "umask")) m->cr.umask = mode_of(A(1));
  else if (!strcmp(op, "sameino")) {
    acs_memfs_stat st2;
    r = acs_memfs_fstatat(fs, cr, at, A(1), AT_SYMLINK_NOFOLLOW, &st);
    if (!r) r = acs_memfs_fstatat(fs, cr, at, A(2), AT_SYMLINK_NOFOLLOW, &st2);
    if (!r) {
      snprintf(out, RES, st.ino == st2.ino ? "same" : "different");
      return;
    }
  } else if (!strcmp(op, "symchain")) {
    int n = atoi(A(2));
    for (int i = 1; i <= n && r == 0; i++) {
      char a[300], b[300];
      snprintf(a, sizeof a, "%s%d", A(1), i);
      const char *base = strrchr(A(1), '/') ? strrchr(A(1), '/') + 1 : A(1);
      if (i == 1) snprintf(b, sizeof b, "%s", A(3));
      else snprintf(b, sizeof b, "%s%d", base, i - 1);
      r = acs_memfs_symlink(fs, cr, b, at, a);
    }
  } else if (!strcmp(op, "mark")) {
    r = acs_memfs_fstatat(fs, cr, at, A(1), AT_SYMLINK_NOFOLLOW, &st);
    if (!r) {
      mark *mk = find_mark(m->marks, &m->nmarks, A(1), true);
      mk->a = st.atime, mk->m = st.mtime, mk->c = st.ctime;
    }
  } else if (!strcmp(op, "changed")) {
    mark *mk = find_mark(m->marks, &m->nmarks, s->n > 2 ? A(2) : A(1), false);
    if (!mk) r = -ENOENT;
    else if ((r = acs_memfs_fstatat(fs, cr, at, A(1), AT_SYMLINK_NOFOLLOW, &st)) == 0) {
      moved_str(out, mk->a, mk->m, mk->c, st.atime, st.mtime, st.ctime);
      return;
    }
  } else {
    snprintf(out, RES, "?op");
    return;
  }
#undef A
  rc_str(out, RES, r);
}

static int host_sysctl(const char *name)
{
  char path[128];
  snprintf(path, sizeof path, "/proc/sys/fs/%s", name);
  FILE *f = fopen(path, "r");
  int v = 0;
  if (f) {
    if (fscanf(f, "%d", &v) != 1) v = 0;
    fclose(f);
  }
  return v;
}

static void run_memfs(step *steps, int n, char results[][RES])
{
  mside m;
  memset(&m, 0, sizeof m);
  acs_memfs_options o = {.version = ACS_MEMFS_OPTIONS_VERSION,
                         .protected_hardlinks = host_sysctl("protected_hardlinks") != 0,
                         .protected_symlinks = host_sysctl("protected_symlinks") != 0,
                         .protected_regular = (uint8_t)host_sysctl("protected_regular"),
                         .protected_fifos = (uint8_t)host_sysctl("protected_fifos")};
  cr_assert_eq(acs_memfs_new(&o, &m.fs), 0);
  m.cr.umask = 022;
  mem_become(&m, &WHO[0]);
  for (int i = 0; i < n; i++) {
    step *s = &steps[i];
    int first = 0;
    if (s->tok[0][0] == '@') {
      mem_become(&m, find_who(s->tok[0] + 1));
      first = 1;
    }
    if (first == s->n) snprintf(results[i], RES, "ok");
    else {
      step sub = *s;
      memmove(sub.tok, s->tok + first, sizeof(char *) * (size_t)(s->n - first));
      sub.n = s->n - first;
      mem_step(&m, &sub, results[i]);
    }
  }
  for (int i = 0; i < 10; i++) acs_memfs_close(m.fs, m.fd[i]);
  acs_memfs_inode_release(m.fs, m.cwd);
  acs_memfs_free(m.fs);
}

/* ------------------------------------------------------------------ tests */

/* Criterion copies parameters into a fresh process, where pointers into
** this one mean nothing: each test gets the index of its case. */
#define NCASES (sizeof cases / sizeof cases[0])
static int case_index[NCASES];

ParameterizedTestParameters(memfs_diff, linux)
{
  for (size_t i = 0; i < NCASES; i++) case_index[i] = (int)i;
  return cr_make_param_array(int, case_index, NCASES);
}

ParameterizedTest(int *index, memfs_diff, linux)
{
  const dcase *c = &cases[*index];
  need_host();
  static step steps[MAXSTEP];
  static char host[MAXSTEP][RES], mem[MAXSTEP][RES];
  int n = parse(c->script, steps);
  for (int i = 0; i < n; i++)
    if (steps[i].tok[0][0] == '@' && !find_who(steps[i].tok[0] + 1))
      cr_assert_fail("%s: unknown identity in '%s'", c->name, steps[i].text);
  run_host(steps, n, host);
  run_memfs(steps, n, mem);
  char report[16384];
  size_t k = 0;
  int bad = 0;
  for (int i = 0; i < n; i++) {
    bool same = strcmp(host[i], mem[i]) == 0;
    if (!same) bad++;
    if (k < sizeof report - 600)
      k += (size_t)snprintf(report + k, sizeof report - k, "  %s %-40s linux %s%s%s\n",
                            same ? "  " : "!!", steps[i].text, host[i], same ? "" : "  memfs ",
                            same ? "" : mem[i]);
  }
  free_steps(steps, n);
  cr_assert_eq(bad, 0, "%s: %d step(s) differ from Linux\n%s", c->name, bad, report);
}

/* ------------------------------------------------ random sequences, seeded */

/* Scripts drawn from small pools of paths, users, modes and operations, so
** that names collide, permissions bite and errors come in every order.
** Deterministic: the same seeds every run. */
static uint64_t rng_state;
static uint32_t rnd(uint32_t n)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state % n);
}
#define PICK(a) (a)[rnd(sizeof(a) / sizeof((a)[0]))]

static void random_script(uint64_t seed, char *out, size_t cap)
{
  static const char *paths[] = {"/a", "/b", "/d", "/d/a", "/d/e", "/d/e/f", "/t", "/t/x", "/t/y",
                                "/l", "/d/l", "/d/", "/d/e/", "/d/..", "/t/.", "a", "e", "../a",
                                "e/f", "/d/e/../a", "/l/a", "/a/"};
  static const char *targets[] = {"/a", "/d", "/d/e", "a", "../a", "e", "/nope", "/t", "l", "/l"};
  static const char *modes[] = {"0755", "0700", "0644", "0600", "0777", "01777", "02775", "0000",
                                "04755", "0555", "0311", "0666"};
  static const char *whos[] = {"@root", "@u1", "@u2", "@g1", "@su"};
  static const char *ids[] = {"0", "1000", "1001", "1002", "-1"};
  static const char *flags[] = {"r", "w", "rw", "w,creat", "rw,creat,excl", "w,trunc", "r,dir",
                                "w,append", "r,nofollow", "rw,creat,trunc"};
  static const char *dirs[] = {"/", "/d", "/d/e", "/t", "/l", "/nope"};
  static const char *access_modes[] = {"F", "R", "W", "X", "RW", "RWX"};
  rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
  size_t k = (size_t)snprintf(out, cap, "mkdir /t 0777; chmod /t 01777");
  for (int i = 0; i < 70 && k + 128 < cap; i++) {
    char st[128];
    switch (rnd(32)) {
    case 0: case 1: snprintf(st, sizeof st, "%s", PICK(whos)); break;
    case 2: snprintf(st, sizeof st, "mkdir %s %s", PICK(paths), PICK(modes)); break;
    case 3: snprintf(st, sizeof st, "rmdir %s", PICK(paths)); break;
    case 4: snprintf(st, sizeof st, "unlink %s", PICK(paths)); break;
    case 5: snprintf(st, sizeof st, "creat %s %s", PICK(paths), PICK(modes)); break;
    case 6: snprintf(st, sizeof st, "put %s data%d", PICK(paths), i); break;
    case 7: snprintf(st, sizeof st, "cat %s", PICK(paths)); break;
    case 8: snprintf(st, sizeof st, "rename %s %s", PICK(paths), PICK(paths)); break;
    case 9: snprintf(st, sizeof st, "link %s %s", PICK(paths), PICK(paths)); break;
    case 10: snprintf(st, sizeof st, "symlink %s %s", PICK(targets), PICK(paths)); break;
    case 11: snprintf(st, sizeof st, "chmod %s %s", PICK(paths), PICK(modes)); break;
    case 12: snprintf(st, sizeof st, "chown %s %s %s", PICK(paths), PICK(ids), PICK(ids)); break;
    case 13: snprintf(st, sizeof st, "stat %s", PICK(paths)); break;
    case 14: snprintf(st, sizeof st, "lstat %s", PICK(paths)); break;
    case 15: snprintf(st, sizeof st, "access %s %s", PICK(paths), PICK(access_modes)); break;
    case 16: snprintf(st, sizeof st, "truncate %s %u", PICK(paths), rnd(9)); break;
    case 17: snprintf(st, sizeof st, "ls %s", PICK(paths)); break;
    case 18: snprintf(st, sizeof st, "readlink %s", PICK(paths)); break;
    case 19: snprintf(st, sizeof st, "open %u %s %s %s", rnd(3) + 1, PICK(paths), PICK(flags), PICK(modes)); break;
    case 20: {
      uint32_t fd = rnd(3) + 1;
      switch (rnd(6)) {
      case 0: snprintf(st, sizeof st, "close %u", fd); break;
      case 1: snprintf(st, sizeof st, "read %u 8", fd); break;
      case 2: snprintf(st, sizeof st, "write %u w%d", fd, i); break;
      case 3: snprintf(st, sizeof st, "fstat %u", fd); break;
      case 4: snprintf(st, sizeof st, "ftrunc %u %u", fd, rnd(5)); break;
      default: snprintf(st, sizeof st, "fchmod %u %s", fd, PICK(modes)); break;
      }
      break;
    }
    case 21: snprintf(st, sizeof st, "cd %s", PICK(dirs)); break;
    /* no fifos: opening one on the host would wait for a peer */
    case 22: snprintf(st, sizeof st, "mknod %s reg %s", PICK(paths), PICK(modes)); break;
    case 23: snprintf(st, sizeof st, "renamenr %s %s", PICK(paths), PICK(paths)); break;
    case 24: snprintf(st, sizeof st, "linkf %s %s", PICK(paths), PICK(paths)); break;
    case 25: snprintf(st, sizeof st, "lchown %s %s %s", PICK(paths), PICK(ids), PICK(ids)); break;
    case 26: snprintf(st, sizeof st, "utimes %s %u %s", PICK(paths), rnd(1000), rnd(2) ? "omit" : "now"); break;
    case 27: snprintf(st, sizeof st, "access %s %s e", PICK(paths), PICK(access_modes)); break;
    case 28: snprintf(st, sizeof st, "umask %s", rnd(2) ? "022" : "077"); break;
    case 29: snprintf(st, sizeof st, "seek %u %u %s", rnd(3) + 1, rnd(20), rnd(2) ? "set" : "end"); break;
    case 30: snprintf(st, sizeof st, "lchmod %s %s", PICK(paths), PICK(modes)); break;
    default: snprintf(st, sizeof st, "realpath %s", PICK(paths)); break;
    }
    k += (size_t)snprintf(out + k, cap - k, "; %s", st);
  }
}

/* 60 seeds in the suite; ACS_MEMFS_SEEDS=N (up to 5000) to search longer. */
#define MAXSEEDS 5000
static int seed_index[MAXSEEDS];

ParameterizedTestParameters(memfs_diff, random)
{
  const char *env = getenv("ACS_MEMFS_SEEDS");
  int n = env ? atoi(env) : 60;
  if (n < 1 || n > MAXSEEDS) n = 60;
  for (int i = 0; i < n; i++) seed_index[i] = i + 1;
  return cr_make_param_array(int, seed_index, (size_t)n);
}

ParameterizedTest(int *seed, memfs_diff, random)
{
  need_host();
  static char script[16384];
  random_script((uint64_t)*seed, script, sizeof script);
  static step steps[MAXSTEP];
  static char host[MAXSTEP][RES], mem[MAXSTEP][RES];
  int n = parse(script, steps);
  run_host(steps, n, host);
  run_memfs(steps, n, mem);
  char report[32768];
  size_t k = 0;
  int bad = 0;
  for (int i = 0; i < n; i++) {
    bool same = strcmp(host[i], mem[i]) == 0;
    if (!same) bad++;
    if (k < sizeof report - 600)
      k += (size_t)snprintf(report + k, sizeof report - k, "  %s %-40s linux %s%s%s\n",
                            same ? "  " : "!!", steps[i].text, host[i], same ? "" : "  memfs ",
                            same ? "" : mem[i]);
  }
  free_steps(steps, n);
  cr_assert_eq(bad, 0, "seed %d: %d step(s) differ from Linux\n%s", *seed, bad, report);
}
