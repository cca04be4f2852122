/* kbox.c - a box kernel inside a fuzzer (kbox.h): made, played and
** checked as kernel_fuzz.c and wasi_fuzz.c need it. */
#include "kbox.h"

#include "pkg/npmjob.h"
#include "pkg/pipjob.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

/* Host pids past Linux's pid_max (2^22): no real process has one. */
const char *kb_name = "fuzz";

/* --------------------------------------------------------- wrapped libc */

int __real_kill(pid_t pid, int sig);
int __wrap_kill(pid_t pid, int sig);
int __wrap_kill(pid_t pid, int sig)
{
  if (pid < FAKE_PID0 || pid >= FAKE_PID0 + 4096) {
    fprintf(stderr, "%s: kill(%d, %d) reached a host pid the box does not own\n", kb_name,
            (int)pid, sig);
    abort();
  }
  return 0;
}

pid_t __wrap_fork(void);
pid_t __wrap_fork(void)
{
  errno = EAGAIN;
  return -1;
}

/* ------------------------------------------------------------ the state */

acs__kernel K;
static acs__proc owner_p;
static int owner_end = -1, zygote_end = -1; /* the harness's ends */
int guest_end[4096];                /* by box pid: the program's end of its channel */
int victim_pid, attacker_pid;
bool input_has_secret;
bool armed; /* set-up done: the checks are on */
uint32_t seq;

/* the victim as it stood after set-up */
static acs__proc victim_before;
static acs__kfd victim_fds_before[ACS__K_MAX_FDS];
static acs__kfile victim_files_before[ACS__K_MAX_FDS];
static int64_t victim_offsets_before[ACS__K_MAX_FDS];

_Noreturn void breach(const char *what)
{
  fprintf(stderr, "%s: %s\n", kb_name, what);
  abort();
}

/* The open descriptors, as a set (the harness and libFuzzer stay under
** 1024). */
void open_fds(bool out[FD_SPAN])
{
  memset(out, 0, FD_SPAN);
  DIR *d = opendir("/proc/self/fd");
  if (!d) abort();
  int self = dirfd(d);
  for (struct dirent *e; (e = readdir(d));) {
    int fd = atoi(e->d_name);
    if (e->d_name[0] != '.' && fd != self && fd >= 0 && fd < FD_SPAN) out[fd] = true;
  }
  closedir(d);
}

static void fd_name(int fd, char *l, size_t cap)
{
  char p[64];
  snprintf(p, sizeof p, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(p, l, cap - 1);
  l[n > 0 ? n : 0] = 0;
}

/* The descriptors as they were in before, or a breach naming each that
** changed. */
void check_fds(const bool before[FD_SPAN])
{
  bool now[FD_SPAN];
  open_fds(now);
  if (!memcmp(now, before, sizeof now)) return;
  for (int fd = 0; fd < FD_SPAN; fd++)
    if (now[fd] != before[fd]) {
      char l[256];
      fd_name(fd, l, sizeof l);
      fprintf(stderr, "  fd %d %s %s\n", fd, now[fd] ? "left open:" : "closed (not ours):", l);
    }
  breach("a host descriptor was left open, or one not the kernel's was closed");
}

/* A descriptor that must never reach a guest: a kernel-side end. */
static bool kernel_private(const struct stat *st)
{
  int fds[4096 + 8];
  size_t n = 0;
  fds[n++] = K.owner;
  fds[n++] = K.zygote;
  for (int i = 2; i < K.nprocs && n < sizeof fds / sizeof *fds; i++)
    if (K.procs[i].state != ACS__P_FREE && K.procs[i].sock >= 0) fds[n++] = K.procs[i].sock;
  acs__proc *v = acs__proc_get(&K, victim_pid);
  for (int fd = 0; v && v->fds && fd < 3; fd++)
    if (v->fds[fd].f && v->fds[fd].f->host_fd >= 0) fds[n++] = v->fds[fd].f->host_fd;
  for (size_t i = 0; i < n; i++) {
    struct stat o;
    if (fds[i] >= 0 && fstat(fds[i], &o) == 0 && o.st_dev == st->st_dev && o.st_ino == st->st_ino)
      return true;
  }
  return false;
}

/* Every datagram waiting on sock, read and checked; fds passed are
** checked and closed. */
bool trace; /* KFUZZ_TRACE=1: each call and its result on stderr */

static void drain(int sock, bool guest)
{
  static unsigned char buf[ACS__SYS_MAX_MSG + 16];
  for (;;) {
    int fds[ACS__SYS_MAX_FDS], nfds = 0;
    struct iovec iov = {.iov_base = buf, .iov_len = sizeof buf};
    union {
      char b[CMSG_SPACE(sizeof(int) * ACS__SYS_MAX_FDS)];
      struct cmsghdr align;
    } ctl;
    struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.b,
                        .msg_controllen = sizeof ctl.b};
    ssize_t n = recvmsg(sock, &mh, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    if (n <= 0) return;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
      if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
        size_t k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < k && nfds < ACS__SYS_MAX_FDS; i++)
          memcpy(&fds[nfds++], CMSG_DATA(c) + i * sizeof(int), sizeof(int));
      }
    if (trace && n >= (ssize_t)sizeof(acs__sys_hdr) + 8) {
      int64_t r;
      memcpy(&r, buf + sizeof(acs__sys_hdr), 8);
      fprintf(stderr, "    -> %lld%s (%zd bytes, %d fds)\n", (long long)r,
              r < 0 && r > -4096 ? strerror((int)-r) : "", n, nfds);
    }
    if (guest && armed && !input_has_secret && memmem(buf, (size_t)n, SECRET, sizeof SECRET - 1))
      breach("a reply to the attacker holds the victim's secret");
    for (int i = 0; i < nfds; i++) {
      struct stat st;
      if (guest && armed && fstat(fds[i], &st) == 0 && kernel_private(&st))
        breach("a kernel-side descriptor was passed to a guest");
      close(fds[i]);
    }
  }
}

/* The zygote's mail: a spawn (or an exec) hands over the new program's
** end of its channel. */
static void zygote_mail(void)
{
  unsigned char buf[256];
  for (;;) {
    int fds[ACS__SYS_MAX_FDS], nfds = 0;
    ssize_t n = recv(zygote_end, buf, 0, MSG_PEEK | MSG_DONTWAIT);
    if (n < 0) return;
    n = acs__msg_recv(zygote_end, buf, sizeof buf, fds, &nfds);
    if (n <= 0) return;
    acs__sys_hdr h;
    acs__rd rd;
    int32_t pid;
    if (acs__msg_parse(buf, (size_t)n, &h, &rd) && acs__rd_i32(&rd, &pid) && pid > 1 &&
        pid < 4096 && nfds == 1) {
      if (guest_end[pid] >= 0) close(guest_end[pid]); /* an exec: the old program is gone */
      guest_end[pid] = fds[0];
      nfds = 0;
    }
    for (int i = 0; i < nfds; i++) close(fds[i]);
  }
}

void drain_all(void)
{
  zygote_mail();
  drain(owner_end, false);
  for (int pid = 2; pid < K.nprocs; pid++)
    if (guest_end[pid] >= 0) drain(guest_end[pid], pid != victim_pid);
}

/* One datagram from process pid, as the kernel's loop hands it over. */
void deliver(int32_t pid, const unsigned char *msg, size_t n)
{
  acs__proc *p = acs__proc_get(&K, pid);
  if (!p || p->sock < 0 || n > ACS__SYS_MAX_MSG) return;
  if (trace) {
    uint16_t op;
    memcpy(&op, msg + offsetof(acs__sys_hdr, op), 2);
    fprintf(stderr, "  pid %d op %u, %zu bytes\n", pid, op, n);
  }
  memcpy(K.rbuf, msg, n);
  if (!acs__kernel_guest_call(&K, p, K.rbuf, n, 0)) acs__proc_drop(&K, p, "malformed message");
  drain_all();
}

/* The zygote's answer for a spawn: its host pid, or a failed fork. */
void zygote_says(int32_t pid, bool forked)
{
  unsigned char b[64];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, 2, 0);
  acs__msg_i32(&m, pid);
  acs__msg_i32(&m, forked ? FAKE_PID0 + pid : -1);
  if (acs__msg_send(zygote_end, &m)) abort();
  acs__proc_zygote_msg(&K, K.zygote);
  drain_all();
}

void call(int32_t pid, uint16_t op, const char *fmt, ...)
{
  static unsigned char b[8192];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, op, ++seq);
  va_list ap;
  va_start(ap, fmt);
  for (const char *f = fmt; *f; f++) switch (*f) {
    case 'i': acs__msg_i32(&m, va_arg(ap, int32_t)); break;
    case 'u': acs__msg_u32(&m, va_arg(ap, uint32_t)); break;
    case 's': acs__msg_str(&m, va_arg(ap, const char *)); break;
    case 'b': {
      const char *s = va_arg(ap, const char *);
      acs__msg_bytes(&m, s, strlen(s));
      break;
    }
    }
  va_end(ap);
  uint32_t plen = (uint32_t)(m.len - sizeof(acs__sys_hdr));
  memcpy(m.buf + offsetof(acs__sys_hdr, len), &plen, 4);
  deliver(pid, m.buf, m.len);
}

/* A process spawned by the owner, its fork reported: stdio host pipes
** (direct descriptors, as a box's programs get them), or the box's own
** /dev/null (kept in the kernel, so its HELLO hands over no real fd).
** hello: the harness says its HELLO for it. */
static int32_t spawn(const char *cwd, uint32_t uid, char **envp, bool memfs_stdio, bool hello)
{
  static acs__kfd table[ACS__K_MAX_FDS];
  memset(table, 0, sizeof table);
  acs_memfs_cred root = {.umask = 022};
  for (int i = 0; i < 3; i++) {
    if (memfs_stdio) {
      acs_memfs_file *mf = NULL;
      if (acs_memfs_open(K.fs, &root, acs_memfs_root(K.fs), "/dev/null", O_RDWR, 0, &mf)) abort();
      table[i].f = acs__kfile_new(mf, -1);
    } else {
      int pp[2];
      if (pipe2(pp, O_CLOEXEC)) abort();
      close(i == 0 ? pp[1] : pp[0]);
      table[i].f = acs__kfile_new(NULL, i == 0 ? pp[0] : pp[1]);
    }
    if (!table[i].f) abort();
  }
  char *argv[] = {"sh", NULL};
  int32_t pid = acs__proc_spawn(&K, NULL, "/bin/sh", argv, envp, table, cwd, uid, uid);
  for (int i = 0; i < 3; i++) acs__kfile_put(&K, table[i].f);
  if (pid <= 1 || pid >= 4096) abort();
  zygote_mail();
  if (guest_end[pid] < 0) abort();
  zygote_says(pid, true);
  if (hello) call(pid, ACS__SYS_HELLO, "");
  return pid;
}

void setup(bool attacker_wasi)
{
  for (size_t i = 0; i < sizeof guest_end / sizeof *guest_end; i++) guest_end[i] = -1;
  acs__kernel_opts o = {.max_fs_bytes = 16u << 20, .max_inodes = 8000, .max_procs = 24,
                        .no_packages = true};
  snprintf(o.hostname, sizeof o.hostname, "box");
  int ow[2], zy[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ow) ||
      socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, zy))
    abort();
  if (acs__kernel_init(&K, &o, ow[0])) abort();
  owner_end = ow[1];
  K.zygote = zy[0];
  zygote_end = zy[1];
  if (acs__kernel_boot_fs(&K, &owner_p)) abort();

  char env[128];
  snprintf(env, sizeof env, "TOKEN=%s", SECRET);
  char *venv[] = {env, "HOME=/root", NULL};
  victim_pid = spawn("/root", 0, venv, false, true);
  call(victim_pid, ACS__SYS_WRITEFILE, "isiub", AT_FDCWD, "/root/secret",
       O_WRONLY | O_CREAT | O_TRUNC, 0600u, SECRET);
  call(victim_pid, ACS__SYS_OPEN, "isiu", AT_FDCWD, "/root/secret", O_RDWR, 0u);
  call(victim_pid, ACS__SYS_LISTEN, "suii", "127.0.0.1", 8080u, 4, 0);
  char *aenv[] = {"HOME=/home/agent", "USER=agent", NULL};
  attacker_pid = spawn("/home/agent", 1000, aenv, attacker_wasi, !attacker_wasi);

  acs__proc *v = acs__proc_get(&K, victim_pid);
  if (!v || !v->fds[3].f || !v->fds[3].f->mf || !v->fds[4].f) abort();
  memcpy(&victim_before, v, sizeof victim_before);
  memcpy(victim_fds_before, v->fds, sizeof victim_fds_before);
  for (int fd = 0; fd < ACS__K_MAX_FDS; fd++) {
    acs__kfile *f = v->fds[fd].f;
    if (!f) continue;
    memcpy(&victim_files_before[fd], f, sizeof *f);
    victim_offsets_before[fd] = f->mf ? acs_memfs_lseek(K.fs, f->mf, 0, SEEK_CUR) : 0;
  }
}

void check_victim(void)
{
  acs__proc *v = acs__proc_get(&K, victim_pid);
  if (!v) breach("the victim's process is gone");
  if (memcmp(v, &victim_before, sizeof *v)) breach("the victim's process entry changed");
  if (memcmp(v->fds, victim_fds_before, sizeof victim_fds_before))
    breach("the victim's descriptor table changed");
  for (int fd = 0; fd < ACS__K_MAX_FDS; fd++) {
    acs__kfile *f = v->fds[fd].f;
    if (!f) continue;
    if (memcmp(f, &victim_files_before[fd], sizeof *f))
      breach("a file description of the victim changed");
    if (f->mf && acs_memfs_lseek(K.fs, f->mf, 0, SEEK_CUR) != victim_offsets_before[fd])
      breach("the victim's file offset moved");
  }
}

/* /root/secret as root reads it: the secret, mode 600, root's. */
void check_secret(void)
{
  acs_memfs_cred root = {.umask = 022};
  acs_memfs_stat st;
  if (acs_memfs_fstatat(K.fs, &root, acs_memfs_root(K.fs), "/root/secret", AT_SYMLINK_NOFOLLOW, &st))
    breach("/root/secret is gone");
  if ((st.mode & 07777) != 0600 || st.uid != 0 || st.size != sizeof SECRET - 1)
    breach("/root/secret's mode, owner or size changed");
  acs_memfs_file *mf = NULL;
  char buf[64] = "";
  if (acs_memfs_open(K.fs, &root, acs_memfs_root(K.fs), "/root/secret", O_RDONLY, 0, &mf))
    breach("/root/secret cannot be opened");
  ssize_t n = acs_memfs_pread(K.fs, mf, buf, sizeof buf, 0);
  acs_memfs_close(K.fs, mf);
  if (n != (ssize_t)sizeof SECRET - 1 || memcmp(buf, SECRET, sizeof SECRET - 1))
    breach("/root/secret's bytes changed");
}

void teardown(void)
{
  acs__proc_free_all(&K);
  if (K.listeners) breach("a listener outlived every descriptor of it");
  close(K.owner);
  close(K.zygote);
  acs__kernel_free(&K, &owner_p);
  for (size_t i = 0; i < sizeof guest_end / sizeof *guest_end; i++)
    if (guest_end[i] >= 0) {
      close(guest_end[i]);
      guest_end[i] = -1;
    }
  close(owner_end);
  close(zygote_end);
  owner_end = zygote_end = -1;
}

/* ------------------------------------------------- what is not linked */

/* The programs /usr/bin gets at boot (the kernel reads only the names;
** the commands themselves are not linked). */
static int no_main(int argc, char **argv)
{
  (void)argc, (void)argv;
  abort();
}
const acs__program acs__programs[] = {
    {"bash", no_main, NULL}, {"cat", no_main, NULL}, {"env", no_main, NULL}, {"ls", no_main, NULL},
    {"node", no_main, NULL}, {"npm", no_main, NULL}, {"sh", no_main, NULL},  {"wasi", no_main, NULL},
};
const size_t acs__program_count = sizeof acs__programs / sizeof *acs__programs;

/* npm's and pip's jobs run in a forked worker, and fork is refused here */
char *acs__npm_job(const char *req, size_t len, const acs__npm_policy *pol)
{
  (void)req, (void)len, (void)pol;
  abort();
}
char *acs__pip_job(json_t *req, const acs__npm_policy *pol)
{
  (void)req, (void)pol;
  abort();
}

void begin_input(bool attacker_wasi, const uint8_t *data, size_t size, bool base[FD_SPAN])
{
  static bool done_once;
  if (!done_once) {
    /* one kernel made and freed first, so that what the libraries open
    ** once (urandom, say) is open before any input */
    done_once = true;
    setup(attacker_wasi);
    teardown();
  }
  /* the set before this input, not a baseline: between inputs libFuzzer
  ** may start the sanitizers' symbolizer, on two pipes of its own */
  open_fds(base);
  input_has_secret = memmem(data, size, SECRET, sizeof SECRET - 1) != NULL;
  armed = false;
  setup(attacker_wasi);
}
