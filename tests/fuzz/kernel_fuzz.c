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
#include "kbox.h"

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
    kb_name = "kernel_fuzz";
    trace = getenv("KFUZZ_TRACE") != NULL;
    signal(SIGPIPE, SIG_IGN);
    memset(name255, 'n', 255);
    for (size_t i = 0; i < 4095; i++) path4095[i] = i % 2 ? 'p' : '/';
    memcpy(path4096, path4095, 4095);
    path4096[4095] = 'p';
    for (size_t i = 0; i + 2 < sizeof deep; i += 2) memcpy(deep + i, "d/", 2);
  }
  bool base[FD_SPAN];
  begin_input(false, data, size, base);
  armed = true;
  if (trace) fprintf(stderr, "input of %zu bytes\n", size);
  in_t in = {data, size};
  for (int i = 0; i < 64 && in.left; i++) {
    record(&in);
    check_victim();
  }
  check_secret();
  teardown();
  check_fds(base);
  return 0;
}

