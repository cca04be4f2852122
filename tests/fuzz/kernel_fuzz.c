/* kernel_fuzz.c - libFuzzer harness for the box kernel's protocol: the
** calls a hostile guest sends on its channel (src/kernel/calls.c and what
** it reaches: memfs, procfs, net, tty, pkgcall, proc).
**
** Each input gets a fresh kernel (acs__kernel_init, acs__kernel_boot_fs:
** the booted tree a box has) with two processes spawned by the owner as a
** box spawns them: a victim, root in /root with /root/secret (mode 600)
** open as fd 3 and the secret in its environment; and the attacker, agent
** (uid 1000) in /home/agent. The input is a sequence of records, each one
** datagram from the attacker or from a process it spawned (their channels
** come out of the zygote's socket, which the harness plays), or one event
** of the zygote (a fork that worked, under a fake host pid, or failed: the
** process ends). After every record the harness reads every reply and
** checks, then aborts on any breach:
**   - the victim's process entry, descriptor table, file descriptions and
**     file offsets are exactly as before (agent may touch none of it);
**   - no reply carries the secret (unless the input itself holds it), and
**     no descriptor passed to a guest is a kernel's own (the owner's or
**     zygote's socket, a channel's kernel end, the victim's pipes);
**   - kill(2) reaches only fake host pids of the box (never 0, -1, a
**     group or a real process); fork(2) is refused (npm's worker), so a
**     refused fork is fuzzed too;
** and after the input: /root/secret is unchanged, no host descriptor is
** left open once the kernel is freed, and LeakSanitizer sees no lost
** file description. Build and run: `make fuzz-kernel`. */
#include "kernel/kernel.h"
#include "pkg/npmjob.h"
#include "pkg/pipjob.h"
#include "sys/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Host pids past Linux's pid_max (2^22): no real process has one. */
#define FAKE_PID0 5000000

static const char SECRET[] = "k7Qz-SECRET-9fXw-2b1e";

/* --------------------------------------------------------- wrapped libc */

int __real_kill(pid_t pid, int sig);
int __wrap_kill(pid_t pid, int sig);
int __wrap_kill(pid_t pid, int sig)
{
  if (pid < FAKE_PID0 || pid >= FAKE_PID0 + 4096) {
    fprintf(stderr, "kernel_fuzz: kill(%d, %d) reached a host pid the box does not own\n", (int)pid,
            sig);
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

static acs__kernel K;
static acs__proc owner_p;
static int owner_end = -1, zygote_end = -1; /* the harness's ends */
static int guest_end[4096];                /* by box pid: the program's end of its channel */
static int victim_pid, attacker_pid;
static bool input_has_secret;
static bool armed; /* set-up done: the checks are on */
static uint32_t seq;

/* the victim as it stood after set-up */
static acs__proc victim_before;
static acs__kfd victim_fds_before[ACS__K_MAX_FDS];
static acs__kfile victim_files_before[ACS__K_MAX_FDS];
static int64_t victim_offsets_before[ACS__K_MAX_FDS];

static void breach(const char *what)
{
  fprintf(stderr, "kernel_fuzz: %s\n", what);
  abort();
}

/* The open descriptors, as a set (the harness and libFuzzer stay under
** 1024). */
#define FD_SPAN 1024
static void open_fds(bool out[FD_SPAN])
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
static bool trace; /* KFUZZ_TRACE=1: each call and its result on stderr */

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

static void drain_all(void)
{
  zygote_mail();
  drain(owner_end, false);
  for (int pid = 2; pid < K.nprocs; pid++)
    if (guest_end[pid] >= 0) drain(guest_end[pid], pid != victim_pid);
}

/* One datagram from process pid, as the kernel's loop hands it over. */
static void deliver(int32_t pid, const unsigned char *msg, size_t n)
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
static void zygote_says(int32_t pid, bool forked)
{
  unsigned char b[64];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, 2, 0);
  acs__msg_i32(&m, pid);
  acs__msg_i32(&m, forked ? FAKE_PID0 + pid : -1);
  if (acs__msg_send(zygote_end, &m)) abort();
  acs__proc_zygote_msg(&K);
  drain_all();
}

/* A well-formed call, built here for set-up. */
static void call(int32_t pid, uint16_t op, const char *fmt, ...);

#include <stdarg.h>
static void call(int32_t pid, uint16_t op, const char *fmt, ...)
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

static int32_t spawn(const char *cwd, uint32_t uid, char **envp)
{
  static acs__kfd table[ACS__K_MAX_FDS];
  memset(table, 0, sizeof table);
  for (int i = 0; i < 3; i++) {
    int pp[2];
    if (pipe2(pp, O_CLOEXEC)) abort();
    close(i == 0 ? pp[1] : pp[0]);
    table[i].f = acs__kfile_new(NULL, i == 0 ? pp[0] : pp[1]);
    if (!table[i].f) abort();
  }
  char *argv[] = {"sh", NULL};
  int32_t pid = acs__proc_spawn(&K, NULL, "/bin/sh", argv, envp, table, cwd, uid, uid);
  for (int i = 0; i < 3; i++) acs__kfile_put(&K, table[i].f);
  if (pid <= 1 || pid >= 4096) abort();
  zygote_mail();
  if (guest_end[pid] < 0) abort();
  zygote_says(pid, true);
  call(pid, ACS__SYS_HELLO, "");
  return pid;
}

static void setup(void)
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
  victim_pid = spawn("/root", 0, venv);
  call(victim_pid, ACS__SYS_WRITEFILE, "isiub", AT_FDCWD, "/root/secret",
       O_WRONLY | O_CREAT | O_TRUNC, 0600u, SECRET);
  call(victim_pid, ACS__SYS_OPEN, "isiu", AT_FDCWD, "/root/secret", O_RDWR, 0u);
  call(victim_pid, ACS__SYS_LISTEN, "suii", "127.0.0.1", 8080u, 4, 0);
  char *aenv[] = {"HOME=/home/agent", "USER=agent", NULL};
  attacker_pid = spawn("/home/agent", 1000, aenv);

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

static void check_victim(void)
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
static void check_secret(void)
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

static void teardown(void)
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

/* ------------------------------------------------------- the input */

typedef struct {
  const uint8_t *p;
  size_t left;
} in_t;

static int byte(in_t *in)
{
  if (!in->left) return -1;
  in->left--;
  return *in->p++;
}

static void raw(in_t *in, void *out, size_t n)
{
  memset(out, 0, n);
  size_t k = n < in->left ? n : in->left;
  memcpy(out, in->p, k);
  in->p += k;
  in->left -= k;
}

static const int32_t I32S[] = {
    AT_FDCWD, INT32_MIN, INT32_MAX, 1023, 1024, 4096, 65535, 65536,
    AT_SYMLINK_NOFOLLOW, AT_REMOVEDIR, AT_SYMLINK_FOLLOW, AT_EMPTY_PATH,
    O_RDWR | O_CREAT | O_TRUNC, O_WRONLY | O_CREAT | O_EXCL, O_RDONLY | O_DIRECTORY,
    O_WRONLY | O_APPEND | O_CREAT, O_RDONLY | O_NOFOLLOW, O_PATH, O_TMPFILE | O_RDWR,
    O_RDWR | O_CREAT | O_CLOEXEC, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, O_RDWR | O_NONBLOCK,
    F_DUPFD_CLOEXEC, F_GETLK, F_SETLK, F_SETPIPE_SZ, -FAKE_PID0, -2, -3, 2, 3, SIGKILL,
};
static const uint32_t U32S[] = {
    0777, 0666, 0600, 0644, 04755, 02755, 06777, 01777, S_IFIFO | 0644, S_IFREG | 0644,
    S_IFCHR | 0666, S_IFDIR | 0755, S_IFSOCK | 0777, S_IFLNK | 0777, UINT32_MAX, 0x7fffffffu,
    65536, 65537, 70000, 160u << 10, 1000, 1001, 65534, 8080, 80, 443, 0xffffu, 0x10000u,
};
static const int64_t I64S[] = {
    INT64_MIN, INT64_MAX, 1ll << 31, 1ll << 32, 1ll << 40, 1ll << 62, -4096, 4ll << 30,
    (1ll << 30) - 1, (1ll << 30) - 2, 1000000000, -1000000000, 16ll << 20, (16ll << 20) + 1,
    INT64_MAX - 4095, -(1ll << 40),
};

static int32_t get_i32(in_t *in)
{
  int c = byte(in);
  if (c < 0) return 0;
  if (c < 0xe0) return c - 8;
  if (c < 0xff) return I32S[(c - 0xe0) % (sizeof I32S / sizeof *I32S)];
  int32_t v;
  raw(in, &v, 4);
  return v;
}

static uint32_t get_u32(in_t *in)
{
  int c = byte(in);
  if (c < 0) return 0;
  if (c < 0xe0) return (uint32_t)c;
  if (c < 0xff) return U32S[(c - 0xe0) % (sizeof U32S / sizeof *U32S)];
  uint32_t v;
  raw(in, &v, 4);
  return v;
}

static int64_t get_i64(in_t *in)
{
  int c = byte(in);
  if (c < 0) return 0;
  if (c < 0xe0) return c - 8;
  if (c < 0xff) return I64S[(c - 0xe0) % (sizeof I64S / sizeof *I64S)];
  int64_t v;
  raw(in, &v, 8);
  return v;
}

/* Paths and hosts a hostile program tries first; long ones made once. */
static const char *const PATHS[] = {
    "/", "/root/secret", "/root", "/root/", "/tmp", "/tmp/a", "/tmp/a/b", "/tmp/l", "a", "b",
    "a/b", "..", "../..", "../../../..", ".", "", "/proc/2/environ", "/proc/2/fd/3",
    "/proc/2/fd/4", "/proc/2/cwd", "/proc/2/cwd/secret", "/proc/2/root/root/secret",
    "/proc/self/fd/3", "/proc/self/fd/0", "/proc/self/environ", "/proc/self/cwd", "/proc/self",
    "/proc/1/root", "/proc/1/environ", "/proc/2/status", "/proc/2/cmdline", "/proc/3/fd",
    "/proc/2/fd", "/proc", "/proc/self/exe", "/dev/fd/3", "/dev/fd/0", "/dev/stdin",
    "/dev/null", "/dev/zero", "/dev/full", "/dev/tty", "/dev/random", "/dev/urandom", "/dev",
    "/etc/passwd", "/etc/shadow", "/etc/hostname", "/etc", "/home/agent", "/home/agent/x",
    "/home/agent/x/y", "/home", "/bin/sh", "/usr/bin/cat", "/usr/bin", "/bin", "/var/tmp",
    "/tmp/f", "/tmp/p", "x", "x/", "x/.", "x/..", "/tmp/a/../..", "/root/../root/secret",
    "//root//secret", "/tmp/./a", "localhost", "127.0.0.1", "::1", "0.0.0.0", "box",
    "169.254.169.254", "10.0.0.1", "example.com", "[::1]", "127.1", "0x7f000001", "2130706433",
    "localhost.", "LOCALHOST", "TOKEN", "PATH=/bin", "sh", "-c", "/usr/bin/env",
    "#!/bin/sh\necho hi\n", "\x7f" "ELF", "\0asm", "/tmp/s.sh", "/tmp/m.wasm", "npm", "node",
    "{\"pkgs\":[]}", "{", "*", "/tmp/*", "/proc/2/task", "/proc/sys/kernel/hostname",
    "/proc/mounts", "/proc/cpuinfo", "/proc/uptime", "/proc/2/exe", "/proc/2/stat", NULL,
};
static char name255[256], path4095[4096], path4096[4097], deep[4096];

static size_t npaths(void)
{
  static size_t n;
  if (!n)
    while (PATHS[n]) n++;
  return n;
}

static void put_str(acs__msg *m, in_t *in)
{
  int c = byte(in);
  if (c < 0) c = 0;
  if (c < 0xc0) {
    size_t n = npaths() + 4;
    size_t i = (size_t)c % n;
    const char *s = i < npaths() ? PATHS[i]
                    : i == npaths()     ? name255
                    : i == npaths() + 1 ? path4095
                    : i == npaths() + 2 ? path4096
                                        : deep;
    acs__msg_str(m, s);
    return;
  }
  size_t len = c < 0xff ? (size_t)(c - 0xc0) : (size_t)(byte(in) & 0xff);
  char b[256];
  if (len > in->left) len = in->left;
  raw(in, b, len);
  acs__msg_bytes(m, b, len); /* NULs and all: the kernel must refuse them */
}

static void put_bytes(acs__msg *m, in_t *in)
{
  static unsigned char big[(64u << 10) + 2];
  int c = byte(in);
  if (c < 0) c = 0;
  if (c == 0xf0 || c == 0xf1) {
    memset(big, 'A', sizeof big);
    acs__msg_bytes(m, big, c == 0xf0 ? 64u << 10 : (64u << 10) + 1);
    return;
  }
  if (c == 0xf2) {
    memcpy(big, SECRET, sizeof SECRET - 1);
    acs__msg_bytes(m, big, 0); /* an empty write */
    return;
  }
  size_t len = c < 0xf0 ? (size_t)c : c == 0xff ? (size_t)(byte(in) & 0xff) * 16 : (size_t)c;
  if (len > in->left) len = in->left;
  unsigned char b[4096];
  if (len > sizeof b) len = sizeof b;
  raw(in, b, len);
  acs__msg_bytes(m, b, len);
}

static void put_strv(acs__msg *m, in_t *in)
{
  int c = byte(in);
  if (c == 0xff) {
    acs__msg_u32(m, UINT32_MAX); /* a count the payload cannot hold */
    return;
  }
  int n = c < 0 ? 0 : c % 6;
  acs__msg_u32(m, (uint32_t)n);
  for (int i = 0; i < n; i++) put_str(m, in);
}

static void put_fdmap(acs__msg *m, in_t *in)
{
  int c = byte(in);
  if (c == 0xff) {
    acs__msg_u32(m, 5000);
    return;
  }
  int n = c < 0 ? 0 : c % 5;
  acs__msg_u32(m, (uint32_t)n);
  for (int i = 0; i < 2 * n; i++) acs__msg_i32(m, get_i32(in));
}

/* The calls and their fields (proto.h): i i32, u u32, I i64, s string,
** b bytes, v a string list, F a descriptor map. */
static const struct op {
  uint16_t op;
  const char *sig;
} OPS[] = {
    {ACS__SYS_OPEN, "isiu"},      {ACS__SYS_CLOSE, "i"},         {ACS__SYS_READ, "iu"},
    {ACS__SYS_WRITE, "ib"},       {ACS__SYS_PREAD, "iuI"},       {ACS__SYS_PWRITE, "ibI"},
    {ACS__SYS_LSEEK, "iIi"},      {ACS__SYS_STAT, "isi"},        {ACS__SYS_FSTAT, "i"},
    {ACS__SYS_ACCESS, "isii"},    {ACS__SYS_GETDENTS, "iu"},     {ACS__SYS_MKDIR, "isu"},
    {ACS__SYS_UNLINK, "isi"},     {ACS__SYS_RENAME, "isisu"},    {ACS__SYS_LINK, "isisi"},
    {ACS__SYS_SYMLINK, "sis"},    {ACS__SYS_READLINK, "is"},     {ACS__SYS_REALPATH, "is"},
    {ACS__SYS_CHMOD, "isui"},     {ACS__SYS_CHOWN, "isuui"},     {ACS__SYS_UTIMENS, "isIIIIi"},
    {ACS__SYS_TRUNCATE, "isI"},   {ACS__SYS_FTRUNCATE, "iI"},    {ACS__SYS_CHDIR, "s"},
    {ACS__SYS_GETCWD, ""},        {ACS__SYS_UMASK, "u"},         {ACS__SYS_DUP, "i"},
    {ACS__SYS_DUP2, "ii"},        {ACS__SYS_SPAWN, "svvF"},      {ACS__SYS_WAIT, "ii"},
    {ACS__SYS_KILL, "ii"},        {ACS__SYS_GETIDS, ""},         {ACS__SYS_FCNTL, "iii"},
    {ACS__SYS_HELLO, ""},         {ACS__SYS_PIPE, "i"},          {ACS__SYS_READFILE, "isu"},
    {ACS__SYS_WRITEFILE, "isiub"}, {ACS__SYS_STATFS, "is"},      {ACS__SYS_MKNOD, "isuI"},
    {ACS__SYS_SPAWNAT, "ssvvF"},  {ACS__SYS_EXEC, "svvF"},       {ACS__SYS_LISTEN, "suii"},
    {ACS__SYS_ACCEPT, "ii"},      {ACS__SYS_CONNECT, "sui"},     {ACS__SYS_SOCKNAME, "i"},
    {ACS__SYS_PKG_INSTALL, "sb"}, {ACS__SYS_PKG_RESULT, "I"},    {ACS__SYS_SETPGID, "ii"},
    {ACS__SYS_SETSID, ""},        {ACS__SYS_TCGETPGRP, "i"},     {ACS__SYS_TCSETPGRP, "ii"},
    {ACS__SYS_TCGETATTR, "i"},    {ACS__SYS_TCSETATTR, "iib"},   {ACS__SYS_GETWINSZ, "i"},
    {ACS__SYS_SETWINSZ, "iuu"},   {ACS__SYS_SPAWN_PGRP, "ii"},   {ACS__SYS_HOSTCMD, "s"},
};
#define NOPS (sizeof OPS / sizeof *OPS)

/* The processes the attacker speaks for: itself and what it spawned. */
static int32_t sender(int sel)
{
  int32_t fam[4096];
  int n = 0;
  for (int pid = 2; pid < K.nprocs; pid++)
    if (pid != victim_pid && guest_end[pid] >= 0 && K.procs[pid].state != ACS__P_FREE &&
        K.procs[pid].sock >= 0)
      fam[n++] = pid;
  return n ? fam[sel % n] : -1;
}

static void record(in_t *in)
{
  static unsigned char b[ACS__SYS_MAX_MSG];
  int sel = byte(in);
  if (sel < 0) return;
  int kind = sel >> 6;
  if (kind == 3 && (sel & 1)) {
    /* the zygote answers for a process of the attacker's still starting */
    int32_t pid = sender(byte(in) & 0xff);
    int how = byte(in);
    acs__proc *p = pid > 0 ? acs__proc_get(&K, pid) : NULL;
    if (p && p->state == ACS__P_STARTING) zygote_says(pid, how & 1);
    return;
  }
  int32_t pid = sender(sel & 0x3f);
  if (pid < 0) return;
  int o = byte(in);
  if (o < 0) return;
  acs__msg m;
  uint16_t op = o < 0xf8 ? OPS[(size_t)o % NOPS].op : (uint16_t)get_u32(in);
  acs__msg_init(&m, b, sizeof b, op, ++seq);
  if (kind == 2) {
    /* a valid header over fields the input wrote itself */
    size_t len = (size_t)(byte(in) & 0xff);
    if (len > in->left) len = in->left;
    raw(in, b + m.len, len);
    m.len += len;
  } else {
    const char *sig = "";
    for (size_t i = 0; i < NOPS; i++)
      if (OPS[i].op == op) sig = OPS[i].sig;
    for (const char *f = sig; *f && !m.bad; f++) switch (*f) {
      case 'i': acs__msg_i32(&m, get_i32(in)); break;
      case 'u': acs__msg_u32(&m, get_u32(in)); break;
      case 'I': acs__msg_i64(&m, get_i64(in)); break;
      case 's': put_str(&m, in); break;
      case 'b': put_bytes(&m, in); break;
      case 'v': put_strv(&m, in); break;
      case 'F': put_fdmap(&m, in); break;
      }
    if (kind == 3 && m.len > sizeof(acs__sys_hdr)) {
      /* cut short, or with bytes past its fields */
      int cut = byte(in) & 0xff;
      if (cut & 0x80) {
        size_t extra = (size_t)(cut & 7) + 1;
        if (m.len + extra <= sizeof b) {
          memset(b + m.len, 0x41, extra);
          m.len += extra;
        }
      } else {
        size_t drop = (size_t)(cut % 8) + 1;
        if (drop > m.len - sizeof(acs__sys_hdr)) drop = m.len - sizeof(acs__sys_hdr);
        m.len -= drop;
      }
    }
  }
  if (m.bad) return;
  uint32_t plen = (uint32_t)(m.len - sizeof(acs__sys_hdr));
  memcpy(b + offsetof(acs__sys_hdr, len), &plen, 4);
  deliver(pid, b, m.len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static bool done_once;
  if (!done_once) {
    done_once = true;
    trace = getenv("KFUZZ_TRACE") != NULL;
    signal(SIGPIPE, SIG_IGN);
    memset(name255, 'n', 255);
    for (size_t i = 0; i < 4095; i++) path4095[i] = i % 2 ? 'p' : '/';
    memcpy(path4096, path4095, 4095);
    path4096[4095] = 'p';
    for (size_t i = 0; i + 2 < sizeof deep; i += 2) memcpy(deep + i, "d/", 2);
    /* one kernel made and freed first, so that what the libraries open
    ** once (urandom, say) is open before any input */
    setup();
    teardown();
  }
  /* the set before this input, not a baseline: between inputs libFuzzer
  ** may start the sanitizers' symbolizer, on two pipes of its own */
  bool base[FD_SPAN];
  open_fds(base);
  input_has_secret = memmem(data, size, SECRET, sizeof SECRET - 1) != NULL;
  armed = false;
  setup();
  armed = true;
  if (trace) fprintf(stderr, "input of %zu bytes\n", size);
  in_t in = {data, size};
  for (int i = 0; i < 64 && in.left; i++) {
    record(&in);
    check_victim();
  }
  check_secret();
  teardown();
  bool now[FD_SPAN];
  open_fds(now);
  if (memcmp(now, base, sizeof now)) {
    for (int fd = 0; fd < FD_SPAN; fd++)
      if (now[fd] != base[fd]) {
        char l[256];
        fd_name(fd, l, sizeof l);
        fprintf(stderr, "  fd %d %s %s\n", fd, now[fd] ? "left open:" : "closed (not ours):", l);
      }
    breach("a host descriptor was left open, or one not the kernel's was closed");
  }
  return 0;
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
    {"bash", no_main}, {"cat", no_main}, {"env", no_main}, {"ls", no_main},
    {"node", no_main}, {"npm", no_main}, {"sh", no_main},  {"wasi", no_main},
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
