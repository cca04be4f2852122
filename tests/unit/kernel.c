/* kernel.c - the box's kernel through acs_box_*, with programs of this test
** in place of the commands (this file defines the program table, so the
** commands' table is not linked): a probe of the system calls on memfs, a
** probe of the walls around a guest, and hostile programs that send the
** kernel malformed messages. A hostile sender must be ended, the kernel
** and the box must go on. */
#include <acs.h>
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/shmcall.h"
#include "sys/sys.h"

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
  char b[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  acs_sys_write_all(1, b, (size_t)n);
}

/* The system calls on memfs, each result printed. */
static int probe_fs(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  say("mkdir %d\n", acs_sys_mkdir("/tmp/d", 0777));
  int fd = acs_sys_open("/tmp/d/f", O_WRONLY | O_CREAT | O_EXCL, 0666);
  say("open %d\n", fd);
  say("write %d\n", (int)acs_sys_write(fd, "hello", 5));
  say("close %d\n", acs_sys_close(fd));
  acs__sys_stat st;
  int rc = acs_sys_stat("/tmp/d/f", &st);
  say("stat %d size %d mode %o uid %u\n", rc, (int)st.size, st.mode, st.uid);
  say("excl %d\n", acs_sys_open("/tmp/d/f", O_WRONLY | O_CREAT | O_EXCL, 0666) == -EEXIST);
  fd = acs_sys_open("/tmp/d/f", O_RDONLY, 0);
  char buf[16] = {0};
  say("read %d %s\n", (int)acs_sys_read(fd, buf, sizeof buf - 1), buf);
  say("badwrite %d\n", acs_sys_write(fd, "x", 1) == -EBADF);
  acs_sys_close(fd);
  say("rename %d\n", acs_sys_rename("/tmp/d/f", "/tmp/d/g"));
  say("symlink %d\n", acs_sys_symlink("/tmp/d/g", "/tmp/l"));
  char t[64] = {0};
  say("readlink %d %s\n", (int)acs_sys_readlink("/tmp/l", t, sizeof t - 1), t);
  say("chdir %d\n", acs_sys_chdir("/tmp/d"));
  char cwd[64];
  say("getcwd %d %s\n", acs_sys_getcwd(cwd, sizeof cwd), cwd);
  say("rel-stat %d\n", acs_sys_stat("g", &st));
  say("rmdir-full %d\n", acs_sys_rmdir("/tmp/d") == -ENOTEMPTY);
  say("unlink %d\n", acs_sys_unlink("g"));
  say("rmdir %d\n", acs_sys_rmdir("/tmp/d"));
  say("gone %d\n", acs_sys_getcwd(cwd, sizeof cwd) == -ENOENT);
  say("root-only %d\n", acs_sys_open("/root/x", O_WRONLY | O_CREAT, 0600));
  say("devnull %d\n", (int)acs_sys_write(acs_sys_open("/dev/null", O_WRONLY, 0), "x", 1));
  return 0;
}

/* statfs and mknod: the box's filesystem figures, fifos made, devices
** refused. */
static int probe_fsinfo(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  acs_sys_statfs_info sf = {0};
  int rc = acs_sys_statfs("/tmp", &sf);
  say("statfs %d bsize %llu sane %d\n", rc, (unsigned long long)sf.bsize,
      sf.blocks > 0 && sf.bfree <= sf.blocks && sf.bavail == sf.bfree && sf.ffree <= sf.files &&
          sf.namelen == 255);
  say("statfs-missing %d\n", acs_sys_statfs("/nope/x", &sf) == -ENOENT);
  say("mkfifo %d\n", acs_sys_mknod("/tmp/ff", S_IFIFO | 0666, 0));
  acs__sys_stat st;
  rc = acs_sys_lstat("/tmp/ff", &st);
  say("fifo %d mode %o\n", rc, st.mode);
  say("again %d\n", acs_sys_mknod("/tmp/ff", S_IFIFO | 0666, 0) == -EEXIST);
  say("device %d\n", acs_sys_mknod("/tmp/dev", S_IFCHR | 0666, 0x103) == -EPERM);
  say("dir %d\n", acs_sys_mknod("/tmp/dd", S_IFDIR | 0777, 0) == -EPERM);
  return 0;
}

/* A guest's real system calls meet the walls. */
static int probe_walls(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  pid_t f = fork();
  if (f == 0) _exit(0);
  say("fork %s\n", f < 0 && errno == EPERM ? "refused" : "ALLOWED");
  say("kill-init %s\n", kill(1, 0) < 0 && errno == EPERM ? "refused" : "ALLOWED");
  say("kill-kernel %s\n", kill(getppid(), SIGKILL) < 0 && errno == EPERM ? "refused" : "ALLOWED");
  int h = open("/work", O_RDONLY | O_DIRECTORY);
  say("host-dir %s\n", h < 0 ? "refused" : "OPENED");
  h = open("/root", O_RDONLY | O_DIRECTORY);
  say("host-root %s\n", h < 0 ? "refused" : "OPENED");
  say("setsid %s\n", setsid() < 0 ? "refused" : "ALLOWED");
  return 0;
}

/* Hostile messages on the channel; the kernel must end the sender. */
static int hostile(int argc, char **argv)
{
  int which = argc > 1 ? atoi(argv[1]) : 0;
  unsigned char b[256];
  memset(b, 0, sizeof b);
  acs__sys_hdr h = {.magic = ACS__SYS_MAGIC, .version = ACS__SYS_VERSION, .op = ACS__SYS_OPEN, .seq = 7};
  size_t n = sizeof h;
  switch (which) {
  case 0: n = 3; break;                               /* shorter than a header */
  case 1: h.magic = 0x1234; break;                    /* wrong magic */
  case 2: h.version = 99; break;                      /* a version we do not speak */
  case 3: h.len = 1000; break;                        /* len says more than sent */
  case 4: h.op = 9999; break;                         /* no such call */
  case 5: { /* a string whose length runs past the end */
    uint32_t len = 0xfffffff0u;
    int32_t at = AT_FDCWD;
    memcpy(b + n, &at, 4);
    memcpy(b + n + 4, &len, 4);
    n += 8;
    h.len = 8;
    break;
  }
  case 6: { /* a path with a NUL inside */
    int32_t at = AT_FDCWD, flags = 0;
    uint32_t len = 5, mode = 0;
    memcpy(b + n, &at, 4);
    memcpy(b + n + 4, &len, 4);
    memcpy(b + n + 8, "/e\0tc", 5);
    memcpy(b + n + 13, &flags, 4);
    memcpy(b + n + 17, &mode, 4);
    n += 21;
    h.len = 21;
    break;
  }
  case 7: h.op = ACS__BOX_SPAWN; break;              /* an owner's call */
  case 8: { /* trailing bytes after a valid close */
    h.op = ACS__SYS_CLOSE;
    int32_t fd = 0;
    memcpy(b + n, &fd, 4);
    n += 5;
    h.len = 5;
    break;
  }
  case 9: { /* a real fd passed along */
    h.op = ACS__SYS_GETIDS;
    memcpy(b, &h, sizeof h);
    int fds[1] = {1};
    struct iovec iov = {.iov_base = b, .iov_len = n};
    char ctl[CMSG_SPACE(sizeof(int))];
    struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl};
    struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(c), fds, sizeof(int));
    sendmsg(ACS__SYS_FD, &mh, 0);
    break;
  }
  case 10: { /* a second HELLO is fine; a huge spawn argc is not */
    h.op = ACS__SYS_SPAWN;
    uint32_t len = 1, argc2 = 0x7fffffff;
    memcpy(b + n, &len, 4);
    memcpy(b + n + 4, "x", 1);
    memcpy(b + n + 5, &argc2, 4);
    n += 9;
    h.len = 9;
    break;
  }
  case 11: { /* npm's call with its request missing */
    h.op = ACS__SYS_PKG_INSTALL;
    uint32_t len = 2;
    memcpy(b + n, &len, 4);
    memcpy(b + n + 4, "/p", 2);
    n += 6;
    break;
  }
  }
  if (which != 9) {
    if (which != 3 && which != 5 && which != 6 && which != 8 && which != 10) h.len = (uint32_t)(n > sizeof h ? n - sizeof h : 0);
    if (which == 3) h.len = 1000;
    memcpy(b, &h, n < sizeof h ? n : sizeof h);
    send(ACS__SYS_FD, b, n, 0);
  }
  /* wait for the end: a reply means the kernel let it through */
  unsigned char r[64];
  ssize_t k = recv(ACS__SYS_FD, r, sizeof r, 0);
  say("survived %zd\n", k);
  return 0;
}

/* npm's call: a relative project is EINVAL; an empty request goes to the
** host-side worker and back (no registry needed for no packages). */
static int p_pkg(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  char *a = NULL;
  ssize_t r = acs_sys_pkg_install("rel", "{}", 2, &a);
  say("relative %zd\n", r);
  free(a);
  a = NULL;
  r = acs_sys_pkg_install("/tmp", "{\"wants\": []}", 13, &a);
  say("empty %s\n", r > 0 ? a : "failed");
  free(a);
  return 0;
}

/* Writes its arguments to fd 1 forever when argv[1] is "forever". */
static int p_writer(int argc, char **argv)
{
  if (argc > 1 && !strcmp(argv[1], "forever"))
    for (;;)
      if (acs_sys_write(1, "y\n", 2) < 0) return 3;
  for (int i = 1; i < argc; i++) acs_sys_write_all(1, argv[i], strlen(argv[i]));
  return 7;
}

/* A pipeline by hand: a child writes into a pipe, we read to EOF. */
static int p_pipe(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  int fds[2];
  say("pipe %d\n", acs_sys_pipe(fds, 0));
  char *cargv[] = {"writer", "through ", "the pipe", NULL};
  char *cenv[] = {NULL};
  const int acts[2][2] = {{1, fds[1]}, {fds[0], -1}};
  int pid = acs_sys_spawn("/usr/bin/writer", cargv, cenv, acts, 2);
  say("spawn %d\n", pid > 1);
  acs_sys_close(fds[1]);
  char buf[64];
  size_t got = 0;
  ssize_t n;
  while ((n = acs_sys_read(fds[0], buf + got, sizeof buf - 1 - got)) > 0) got += (size_t)n;
  buf[got] = 0;
  say("read %s (eof %d)\n", buf, (int)n);
  int st = 0;
  int w = acs_sys_wait(pid, &st, 0);
  say("wait %d status %d\n", w == pid, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  say("again %d\n", acs_sys_wait(-1, &st, 0) == -ECHILD);
  /* a writer whose reader is gone dies of SIGPIPE, as on Linux */
  int q[2];
  acs_sys_pipe(q, 0);
  char *fargv[] = {"writer", "forever", NULL};
  const int acts2[2][2] = {{1, q[1]}, {q[0], -1}};
  pid = acs_sys_spawn("/usr/bin/writer", fargv, cenv, acts2, 2);
  acs_sys_close(q[1]);
  acs_sys_read(q[0], buf, 2);
  acs_sys_close(q[0]);
  acs_sys_wait(pid, &st, 0);
  say("sigpipe %d\n", WIFSIGNALED(st) && WTERMSIG(st) == SIGPIPE);
  /* dup2 of a direct fd onto stdout, then write there */
  int d[2];
  acs_sys_pipe(d, 0);
  say("dup2 %d\n", acs_sys_dup2(d[1], 5) == 5);
  acs_sys_write_all(5, "dup", 3);
  acs_sys_close(5);
  acs_sys_close(d[1]);
  n = acs_sys_read(d[0], buf, sizeof buf);
  say("dup-read %d\n", (int)n);
  n = acs_sys_read(d[0], buf, sizeof buf);
  say("dup-eof %d\n", (int)n);
  return 0;
}

/* READ and WRITE of its own pipe asked of the kernel, past the client's
** direct path (what only a program that speaks the protocol itself can
** send): the kernel answers at once, EAGAIN when nothing is ready, and
** never waits on the pipe (it would freeze the box). */
static int64_t raw_io(uint16_t op, int32_t fd, const void *data, uint32_t n, char *out)
{
  static unsigned char b[1024], r[1024];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, op, 900);
  acs__msg_i32(&m, fd);
  if (op == ACS__SYS_WRITE) acs__msg_bytes(&m, data, n);
  else acs__msg_u32(&m, n);
  if (acs__msg_send(ACS__SYS_FD, &m)) return -9999;
  int fds[ACS__SYS_MAX_FDS], nfds = 0;
  ssize_t k = acs__msg_recv(ACS__SYS_FD, r, sizeof r, fds, &nfds);
  acs__sys_hdr h;
  acs__rd rd;
  int64_t res = -9999;
  if (k <= 0 || !acs__msg_parse(r, (size_t)k, &h, &rd) || !acs__rd_i64(&rd, &res)) return -9998;
  const unsigned char *p;
  size_t len;
  if (out && res > 0 && acs__rd_bytes(&rd, &p, &len) && len < 64) {
    memcpy(out, p, len);
    out[len] = 0;
  }
  return res;
}

static int p_rawpipe(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  int fds[2];
  if (acs_sys_pipe(fds, 0)) return 1;
  char got[64] = "";
  say("empty %d\n", (int)raw_io(ACS__SYS_READ, fds[0], NULL, 16, NULL));
  if (write(acs_sys_direct_fd(fds[1]), "hi", 2) != 2) return 1;
  say("read %d %s\n", (int)raw_io(ACS__SYS_READ, fds[0], NULL, 16, got), got);
  int w = acs_sys_direct_fd(fds[1]);
  fcntl(w, F_SETFL, O_NONBLOCK);
  static char fill[4096];
  while (write(w, fill, sizeof fill) > 0) {}
  fcntl(w, F_SETFL, 0); /* the guest's own descriptor blocks again */
  say("full %d\n", (int)raw_io(ACS__SYS_WRITE, fds[1], "x", 1, NULL));
  say("still-blocking %d\n", !(fcntl(w, F_GETFL) & O_NONBLOCK));
  return 0;
}

/* /proc through the calls: the caller's own entries, links, listing,
** and the changes refused with Linux's errors. */
static int probe_proc(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  int pid = acs_sys_getpid();
  char path[64], buf[512] = {0}, t[64] = {0};
  snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
  int fd = acs_sys_open(path, O_RDONLY, 0);
  ssize_t n = acs_sys_read(fd, buf, sizeof buf - 1);
  say("cmdline %d %s\n", (int)n, buf);
  say("badwrite %d\n", acs_sys_write(fd, "x", 1) == -EBADF);
  acs_sys_close(fd);
  n = acs_sys_readlink("/proc/self", t, sizeof t - 1);
  say("self %d\n", n > 0 && atoi(t) == pid);
  memset(t, 0, sizeof t);
  acs_sys_readlink("/proc/self/cwd", t, sizeof t - 1);
  say("cwd %s\n", t);
  acs__sys_stat st;
  int src = acs_sys_lstat("/proc/self", &st);
  say("lstat-self %d link %d\n", src, (st.mode & S_IFMT) == S_IFLNK);
  src = acs_sys_stat("/proc/self", &st);
  say("stat-self %d dir %d\n", src, (st.mode & S_IFMT) == S_IFDIR);
  src = acs_sys_stat("/proc/self/environ", &st);
  say("environ-mode %o\n", src ? 0 : st.mode & 07777);
  int trc = acs_sys_stat("/proc/self/root/etc/passwd", &st);
  say("through-root %d %d\n", trc, trc == 0 && st.size > 0);
  fd = acs_sys_open("/proc", O_RDONLY | O_DIRECTORY, 0);
  n = acs_sys_getdents(fd, buf, sizeof buf);
  bool self = false;
  for (ssize_t i = 0; i + 11 <= n;) {
    uint16_t len;
    memcpy(&len, buf + i + 9, 2);
    if (len == 4 && !memcmp(buf + i + 11, "self", 4)) self = true;
    i += 11 + len;
  }
  say("readdir %d\n", self);
  int sub = acs_sys_openat(fd, "self/comm", O_RDONLY, 0);
  memset(buf, 0, sizeof buf);
  acs_sys_read(sub, buf, sizeof buf - 1);
  say("openat %s", buf);
  acs_sys_close(sub);
  acs_sys_close(fd);
  say("mkdir %d\n", acs_sys_mkdir("/proc/x", 0777));
  say("unlink %d\n", acs_sys_unlink("/proc/uptime"));
  say("chmod %d\n", acs_sys_chmod("/proc/uptime", 0777));
  say("creat %d\n", acs_sys_open("/proc/new", O_WRONLY | O_CREAT, 0666));
  say("missing %d\n", acs_sys_open("/proc/99999/status", O_RDONLY, 0));
  return 0;
}

static int p_cwd(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  char cwd[64];
  say("%s\n", acs_sys_getcwd(cwd, sizeof cwd) ? "?" : cwd);
  return 0;
}

/* SPAWNAT's directories, and the SIGCHLD a parent gets when a child
** ends (a guest starts with none blocked: it blocks it here to take it
** with sigtimedwait). */
static int p_spawnat(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  sigset_t now, chld;
  sigprocmask(SIG_SETMASK, NULL, &now);
  say("chld blocked at start %d\n", sigismember(&now, SIGCHLD));
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  acs_sys_mkdir("/tmp/sd", 0777);
  acs_sys_chdir("/tmp");
  int fd = acs_sys_open("/tmp/file", O_WRONLY | O_CREAT, 0666);
  acs_sys_close(fd);
  char *cargv[] = {"cwd", NULL};
  char *cenv[] = {NULL};
  int st = 0;
  int pid = acs_sys_spawnat("sd", "/usr/bin/cwd", cargv, cenv, NULL, 0);
  acs_sys_wait(pid, &st, 0);
  pid = acs_sys_spawnat("/", "/usr/bin/cwd", cargv, cenv, NULL, 0);
  acs_sys_wait(pid, &st, 0);
  say("missing %d\n", acs_sys_spawnat("/no/such", "/usr/bin/cwd", cargv, cenv, NULL, 0) == -ENOENT);
  say("file %d\n", acs_sys_spawnat("/tmp/file", "/usr/bin/cwd", cargv, cenv, NULL, 0) == -ENOTDIR);
  char cwd[64];
  say("caller's cwd %s\n", acs_sys_getcwd(cwd, sizeof cwd) ? "?" : cwd);
  /* the signals of the children above are one pending SIGCHLD */
  struct timespec ten = {10, 0};
  say("sigchld %d\n", sigtimedwait(&chld, NULL, &ten) == SIGCHLD);
  char *targv[] = {"true", NULL};
  pid = acs_sys_spawn("/usr/bin/true", targv, cenv, NULL, 0);
  say("sigchld again %d\n", sigtimedwait(&chld, NULL, &ten) == SIGCHLD);
  say("reaped %d\n", acs_sys_wait(-1, &st, WNOHANG) == pid);
  return 0;
}

/* A signal while an open of a fifo waits (no writer yet), as Linux's:
** argv[1] "restart": a handler with SA_RESTART, the open goes on waiting
** and gets the writer that comes later; "eintr": one without, EINTR. The
** poker child sends SIGUSR1, then opens to write (without waiting). */
static volatile sig_atomic_t usr1s;
static void on_usr1(int sig)
{
  (void)sig;
  usr1s++;
}

static int p_poker(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  usleep(1000000); /* the parent is in its open long before (a wide margin) */
  acs_sys_kill(acs_sys_getppid(), SIGUSR1);
  usleep(300000);
  int fd = acs_sys_open("/tmp/fi", O_WRONLY | O_NONBLOCK, 0);
  if (fd >= 0) {
    acs_sys_write(fd, "x", 1);
    acs_sys_close(fd);
  }
  return 0;
}

static int p_fifo_intr(int argc, char **argv)
{
  bool restart = argc > 1 && !strcmp(argv[1], "restart");
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_usr1;
  sa.sa_flags = restart ? SA_RESTART : 0;
  sigaction(SIGUSR1, &sa, NULL);
  acs_sys_mknod("/tmp/fi", S_IFIFO | 0600, 0);
  char *pargv[] = {"poker", NULL}, *penv[] = {NULL};
  int pid = acs_sys_spawn("/usr/bin/poker", pargv, penv, NULL, 0);
  int fd = acs_sys_open("/tmp/fi", O_RDONLY, 0);
  char c = 0;
  if (fd >= 0) acs_sys_read(fd, &c, 1);
  say("open %s handler %d read %c\n", fd >= 0 ? "ok" : fd == -EINTR ? "EINTR" : "other", (int)usr1s, c ? c : '-');
  int st;
  acs_sys_wait(pid, &st, 0);
  return 0;
}

/* The shared call area (src/sys/shmcall.h). "use": many calls, and 3 MB
** written and read back through it in 1 MB calls. "raw N": an area asked
** for by hand, then abused: 0 a call posted as longer than the area, 1 a
** call whose header says another seq, 2 a call the kernel has not, 3 a
** good call (answered there). Before any: shrinking the area fails. */
static acs__shmcall *raw_area(void)
{
  unsigned char b[64], r[256];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, ACS__SYS_SHMCALL, 1000);
  if (acs__msg_send(ACS__SYS_FD, &m)) return NULL;
  int fds[ACS__SYS_MAX_FDS], nfds = 0;
  ssize_t n = acs__msg_recv(ACS__SYS_FD, r, sizeof r, fds, &nfds);
  if (n <= 0 || nfds != 1) return NULL;
  say("shrink %s\n", ftruncate(fds[0], 4096) == 0 ? "worked" : "refused");
  void *a = mmap(NULL, ACS__SHM_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fds[0], 0);
  close(fds[0]);
  return a == MAP_FAILED ? NULL : a;
}

static int p_area(int argc, char **argv)
{
  if (argc > 2 && !strcmp(argv[1], "raw")) {
    acs__shmcall *s = raw_area();
    if (!s) return 3;
    int which = atoi(argv[2]);
    acs__msg m;
    unsigned char b[64];
    acs__msg_init(&m, b, sizeof b, which == 2 ? 9999 : ACS__SYS_GETIDS, which == 1 ? 77 : 1001);
    ssize_t n = acs__msg_flatten(&m, acs__shm_req_buf(s), ACS__SHM_MSG);
    s->req_len = which == 0 ? ACS__SHM_MSG + 1 : (uint32_t)n;
    atomic_store(&s->req, 1001u);
    acs__shm_ring(ACS__SYS_FD);
    for (int i = 0; i < 400 && atomic_load(&s->rep) != 1001u; i++) usleep(5000);
    say("%s\n", atomic_load(&s->rep) == 1001u ? "answered" : "no answer");
    return 0;
  }
  acs__sys_stat sb;
  for (int i = 0; i < 50; i++) acs_sys_stat("/etc/passwd", &sb);
  size_t big = 3u << 20;
  unsigned char *w = malloc(big), *r = malloc(big);
  for (size_t i = 0; i < big; i++) w[i] = (unsigned char)(i * 7 + i / 4099);
  int fd = acs_sys_open("/tmp/area", O_CREAT | O_TRUNC | O_RDWR, 0600);
  ssize_t wrote = acs_sys_write(fd, w, big), total = 0, k;
  if (wrote > 0) acs_sys_write_all(fd, w + wrote, big - (size_t)wrote);
  acs_sys_lseek(fd, 0, SEEK_SET);
  size_t firstread = 0;
  while ((k = acs_sys_read(fd, r + total, big - (size_t)total)) > 0) {
    if (!firstread) firstread = (size_t)k;
    total += k;
  }
  acs_sys_close(fd);
  say("area %s, one write %zd, one read %zu, back %zd %s\n", acs_sys_uses_area() ? "yes" : "no", wrote,
      firstread, total, total == (ssize_t)big && !memcmp(w, r, big) ? "same" : "DIFFERENT");
  /* an answer with descriptors (a pipe's ends) comes as a datagram; a
  ** WAIT parked until a child ends is answered in the area later */
  int pf[2];
  char got[4] = {0};
  int prc = acs_sys_pipe(pf, 0);
  if (prc == 0) {
    acs_sys_write(pf[1], "abc", 3);
    acs_sys_read(pf[0], got, 3);
  }
  char *cargv[] = {"liar", NULL}, *cenv[] = {NULL}; /* says it ends with 5, a few ms in */
  const int quiet[1][2] = {{1, -1}}; /* its stdout closed: it prints its host pid */
  int pid = acs_sys_spawn("/usr/bin/liar", cargv, cenv, quiet, 1), st = -1;
  int wrc = pid > 0 ? acs_sys_wait(pid, &st, 0) : pid;
  say("pipe %d %s, wait %s status %d, area %s\n", prc, got, wrc == pid ? "ok" : "failed",
      WIFEXITED(st) ? WEXITSTATUS(st) : -1,
      acs_sys_uses_area() ? "yes" : "no");
  free(w);
  free(r);
  return 0;
}

/* EXITING, then going on as if it had not said so (argv[1]: the status
** it says, "bad" for one out of range) */
static int p_liar(int argc, char **argv)
{
  say("host %d\n", (int)getpid());
  unsigned char b[64];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, ACS__SYS_EXITING, 901);
  acs__msg_i32(&m, argc > 1 && !strcmp(argv[1], "bad") ? 300 : 5);
  acs__msg_send(ACS__SYS_FD, &m);
  for (int i = 0; i < 200; i++) {
    usleep(50000);
    say("still %d\n", i);
  }
  return 0;
}

static int p_true(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  return 0;
}

const acs__program acs__programs[] = {
    {"area", p_area, NULL},
    {"cwd", p_cwd, NULL},
    {"fifo-intr", p_fifo_intr, NULL},
    {"hostile", hostile, NULL},
    {"liar", p_liar, NULL},
    {"pipe", p_pipe, NULL},
    {"pkg", p_pkg, NULL},
    {"poker", p_poker, NULL},
    {"probe-fs", probe_fs, NULL},
    {"probe-fsinfo", probe_fsinfo, NULL},
    {"probe-proc", probe_proc, NULL},
    {"probe-walls", probe_walls, NULL},
    {"raw-pipe", p_rawpipe, NULL},
    {"spawnat", p_spawnat, NULL},
    {"true", p_true, NULL},
    {"writer", p_writer, NULL},
};
const size_t acs__program_count = sizeof acs__programs / sizeof *acs__programs;

static acs_box *box;

static void setup(void)
{
  acs_err err = {0};
  cr_assert_eq(acs_box_new(NULL, &box, &err), 0, "%s", err.message ? err.message : "?");
}

static void teardown(void) { acs_box_free(box); }

TestSuite(kernel, .init = setup, .fini = teardown, .timeout = 60);

static acs_exec_result *spawn(const char *user, const char *const *argv, size_t argc)
{
  acs_box_spawn_options o = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = argc,
                             .user = user, .timeout_ms = 20000};
  acs_exec_result *r = NULL;
  acs_err err = {0};
  int rc = acs_box_spawn(box, &o, &r, &err);
  cr_assert_eq(rc, 0, "spawn: %s", err.message ? err.message : "?");
  return r;
}

Test(kernel, files_through_the_protocol)
{
  const char *argv[] = {"probe-fs"};
  acs_exec_result *r = spawn(NULL, argv, 1);
  cr_assert_str_eq(r->stdout_data,
                   "mkdir 0\nopen 3\nwrite 5\nclose 0\nstat 0 size 5 mode 100644 uid 0\nexcl 1\n"
                   "read 5 hello\nbadwrite 1\nrename 0\nsymlink 0\nreadlink 8 /tmp/d/g\nchdir 0\n"
                   "getcwd 0 /tmp/d\nrel-stat 0\nrmdir-full 1\nunlink 0\nrmdir 0\ngone 1\n"
                   "root-only 3\ndevnull 1\n");
  cr_assert_eq(r->exit_code, 0);
  acs_exec_result_free(r);
}

Test(kernel, statfs_and_mknod)
{
  const char *argv[] = {"probe-fsinfo"};
  acs_exec_result *r = spawn(NULL, argv, 1);
  cr_assert_str_eq(r->stdout_data, "statfs 0 bsize 4096 sane 1\nstatfs-missing 1\nmkfifo 0\n"
                                   "fifo 0 mode 10644\nagain 1\ndevice 1\ndir 1\n");
  acs_exec_result_free(r);
}

Test(kernel, the_agent_user_is_checked)
{
  const char *argv[] = {"probe-fs"};
  acs_exec_result *r = spawn("agent", argv, 1);
  /* /tmp is 1777: agent may work there; /root is 0700 */
  cr_assert(strstr(r->stdout_data, "stat 0 size 5 mode 100644 uid 1000\n"), "%s", r->stdout_data);
  cr_assert(strstr(r->stdout_data, "root-only -13\n"), "%s", r->stdout_data);
  acs_exec_result_free(r);
}

Test(kernel, proc_is_the_box_s_process_table)
{
  const char *argv[] = {"probe-proc", "arg"};
  acs_exec_result *r = spawn(NULL, argv, 2);
  cr_assert_str_eq(r->stdout_data,
                   "cmdline 15 probe-proc\nbadwrite 1\nself 1\ncwd /root\nlstat-self 0 link 1\n"
                   "stat-self 0 dir 1\nenviron-mode 400\nthrough-root 0 1\nreaddir 1\nopenat probe-proc\n"
                   "mkdir -2\nunlink -1\nchmod -1\ncreat -2\nmissing -2\n",
                   "%s", r->stdout_data);
  acs_exec_result_free(r);
}

Test(kernel, a_guest_is_walled_in)
{
  const char *argv[] = {"probe-walls"};
  acs_exec_result *r = spawn(NULL, argv, 1);
  cr_assert_str_eq(r->stdout_data, "fork refused\nkill-init refused\nkill-kernel refused\n"
                                   "host-dir refused\nhost-root refused\nsetsid refused\n",
                   "%s", r->stdout_data);
  acs_exec_result_free(r);
}

Test(kernel, malformed_messages_end_their_sender_not_the_kernel)
{
  for (int i = 0; i <= 11; i++) {
    char n[16];
    snprintf(n, sizeof n, "%d", i);
    const char *argv[] = {"hostile", n};
    acs_exec_result *r = spawn(NULL, argv, 2);
    cr_assert(!strstr(r->stdout_data, "survived"), "case %d got an answer: %s", i, r->stdout_data);
    cr_assert_eq(r->exit_code, 128 + SIGKILL, "case %d: exit %d", i, r->exit_code);
    acs_exec_result_free(r);
    const char *t[] = {"true"};
    r = spawn(NULL, t, 1);
    cr_assert_eq(r->exit_code, 0, "the box after case %d", i);
    acs_exec_result_free(r);
  }
}

Test(kernel, a_read_or_write_of_a_pipe_asked_of_the_kernel_never_waits)
{
  const char *argv[] = {"raw-pipe"};
  acs_exec_result *r = spawn(NULL, argv, 1);
  cr_assert_str_eq(r->stdout_data, "empty -11\nread 2 hi\nfull -11\nstill-blocking 1\n", "%s",
                   r->stdout_data);
  cr_assert_eq(r->exit_code, 0, "exit %d: %s", r->exit_code, r->stderr_data);
  acs_exec_result_free(r);
  const char *t[] = {"true"};
  r = spawn(NULL, t, 1);
  cr_assert_eq(r->exit_code, 0, "the box goes on");
  acs_exec_result_free(r);
}

Test(kernel, npm_calls_answer_and_never_block)
{
  const char *argv[] = {"pkg"};
  acs_exec_result *r = spawn(NULL, argv, 1);
  cr_assert_eq(r->exit_code, 0, "exit %d: %s", r->exit_code, r->stderr_data);
  cr_assert(strstr(r->stdout_data, "relative -22\n"), "%s", r->stdout_data);
  cr_assert(strstr(r->stdout_data, "empty {\"ok\": true") || strstr(r->stdout_data, "empty {\"ok\":true"), "%s", r->stdout_data);
  cr_assert(strstr(r->stdout_data, "\"pkgs\":[]"), "%s", r->stdout_data);
  acs_exec_result_free(r);
}

Test(kernel, pipes_spawn_wait_and_sigpipe)
{
  const char *argv[] = {"pipe"};
  acs_exec_result *r = spawn(NULL, argv, 1);
  cr_assert_str_eq(r->stdout_data,
                   "pipe 0\nspawn 1\nread through the pipe (eof 0)\nwait 1 status 7\nagain 1\n"
                   "sigpipe 1\ndup2 1\ndup-read 3\ndup-eof 0\n",
                   "%s%s", r->stdout_data, r->stderr_data);
  acs_exec_result_free(r);
}

Test(kernel, spawnat_and_sigchld)
{
  const char *argv[] = {"spawnat"};
  acs_exec_result *r = spawn(NULL, argv, 1);
  cr_assert_str_eq(r->stdout_data,
                   "chld blocked at start 0\n/tmp/sd\n/\nmissing 1\nfile 1\ncaller's cwd /tmp\n"
                   "sigchld 1\nsigchld again 1\nreaped 1\n",
                   "%s%s", r->stdout_data, r->stderr_data);
  acs_exec_result_free(r);
}

Test(kernel, many_programs_one_after_another)
{
  for (int i = 0; i < 200; i++) {
    const char *t[] = {"true"};
    acs_exec_result *r = spawn(NULL, t, 1);
    cr_assert_eq(r->exit_code, 0, "run %d", i);
    acs_exec_result_free(r);
  }
}

/* A process that says it ends (EXITING) is done for the box at once, with
** the status it said; one that goes on after saying so is ended all the
** same (it must not outlive its slot and the box's limits), and one that
** says a status no exit has is a malformed message. */
static void host_gone(const char *out)
{
  int host = 0;
  cr_assert_eq(sscanf(out, "host %d", &host), 1, "%s", out);
  int i = 0;
  while (kill(host, 0) == 0 && i++ < 500) usleep(10000);
  cr_assert(kill(host, 0) < 0 && errno == ESRCH, "host process %d still there", host);
}

Test(kernel, a_process_that_says_it_ends_ends)
{
  const char *argv[] = {"liar"};
  acs_exec_result *r = spawn(NULL, argv, 1);
  cr_assert_eq(r->exit_code, 5, "exit %d: %s%s", r->exit_code, r->stdout_data, r->stderr_data);
  host_gone(r->stdout_data);
  acs_exec_result_free(r);
  const char *bad[] = {"liar", "bad"};
  r = spawn(NULL, bad, 2);
  cr_assert_eq(r->exit_code, 128 + SIGKILL, "exit %d", r->exit_code);
  cr_assert(!strstr(r->stdout_data, "still"), "%s", r->stdout_data);
  host_gone(r->stdout_data);
  acs_exec_result_free(r);
  const char *t[] = {"true"};
  r = spawn(NULL, t, 1);
  cr_assert_eq(r->exit_code, 0);
  acs_exec_result_free(r);
}

/* a signal to a process waiting in a fifo's open interrupts it as on Linux */
Test(kernel, a_fifo_open_that_waits_and_a_signal)
{
  const char *eintr[] = {"fifo-intr", "eintr"};
  acs_exec_result *r = spawn(NULL, eintr, 2);
  cr_assert_str_eq(r->stdout_data, "open EINTR handler 1 read -\n", "%s%s", r->stdout_data, r->stderr_data);
  acs_exec_result_free(r);
  const char *restart[] = {"fifo-intr", "restart"};
  r = spawn(NULL, restart, 2);
  cr_assert_str_eq(r->stdout_data, "open ok handler 1 read x\n", "%s%s", r->stdout_data, r->stderr_data);
  acs_exec_result_free(r);
}

/* A process's calls go through its shared call area once it made a few,
** 1 MB at a time; an area abused ends its process, never the kernel, and
** cannot be shrunk under the kernel. */
Test(kernel, the_shared_call_area)
{
  const char *use[] = {"area", "use"};
  acs_exec_result *r = spawn(NULL, use, 2);
  cr_assert_str_eq(r->stdout_data,
                   "area yes, one write 1048576, one read 1048576, back 3145728 same\n"
                   "pipe 0 abc, wait ok status 5, area yes\n",
                   "%s%s", r->stdout_data, r->stderr_data);
  acs_exec_result_free(r);
  for (int i = 0; i <= 3; i++) {
    char n[16];
    snprintf(n, sizeof n, "%d", i);
    const char *raw[] = {"area", "raw", n};
    r = spawn(NULL, raw, 3);
    if (i < 3) {
      cr_assert_str_eq(r->stdout_data, "shrink refused\n", "case %d: %s", i, r->stdout_data);
      cr_assert_eq(r->exit_code, 128 + SIGKILL, "case %d: exit %d", i, r->exit_code);
    } else {
      cr_assert_str_eq(r->stdout_data, "shrink refused\nanswered\n", "%s%s", r->stdout_data, r->stderr_data);
      cr_assert_eq(r->exit_code, 0);
    }
    acs_exec_result_free(r);
    const char *t[] = {"true"};
    r = spawn(NULL, t, 1);
    cr_assert_eq(r->exit_code, 0, "the box after case %d", i);
    acs_exec_result_free(r);
  }
}
