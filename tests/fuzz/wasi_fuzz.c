/* wasi_fuzz.c - libFuzzer harness for the box's WASI host calls
** (src/wasi/call_*.c, fd.c) as a hostile module makes them: random call
** sequences with random pointers, lengths, fds and flags into a 64 KiB
** linear memory (malloc'd to its exact size, so ASan sees any byte the
** host touches past it).
**
** The calls run against a real kernel (kbox.h: a fresh one per input, a
** victim root process holding /root/secret): the WASI process is the
** attacker, agent in /home/agent, and its calls go through src/sys's
** client on its channel as in a box. The kernel is single-threaded here:
** acs__msg_recv is wrapped, and when the client waits for a reply the
** kernel first takes the calls waiting on its side of the channel.
**
** After every call: the result is a WASI errno; the memory holds no byte
** of the secret (unless the input wrote it); every WASI descriptor names a
** live box descriptor; the victim is untouched. After the input:
** /root/secret is unchanged and no host descriptor was left open. A call
** that would wait (a kernel call left without an answer, a poll with a
** timeout) is a finding for the first and an ENOMEM here for the second:
** ppoll is wrapped to never sleep. Build and run: `make fuzz-wasi`. */
#include "kbox.h"
#include "wasi/wasi.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MEM (64u << 10)

/* --------------------------------------------------------- wrapped libc */

/* Before the client reads its reply, the kernel takes every call waiting
** on its side of the WASI process's channel. */
ssize_t __real_acs__msg_recv(int sock, void *buf, size_t cap, int *fds, int *nfds);
ssize_t __wrap_acs__msg_recv(int sock, void *buf, size_t cap, int *fds, int *nfds);
static bool pumping;

static void pump(void)
{
  acs__proc *p = acs__proc_get(&K, attacker_pid);
  if (!p || p->sock < 0) breach("the WASI process's channel is gone");
  char c;
  while (recv(p->sock, &c, 1, MSG_PEEK | MSG_DONTWAIT) > 0) {
    int fds[ACS__SYS_MAX_FDS], nfds = 0;
    ssize_t n = __real_acs__msg_recv(p->sock, K.rbuf, ACS__SYS_MAX_MSG, fds, &nfds);
    if (n <= 0) breach("the WASI process's channel failed");
    if (trace) {
      uint16_t op;
      memcpy(&op, K.rbuf + offsetof(acs__sys_hdr, op), 2);
      fprintf(stderr, "    kernel call %u, %zd bytes\n", op, n);
    }
    if (!acs__kernel_guest_call(&K, p, K.rbuf, (size_t)n, nfds))
      breach("the WASI host sent a call the kernel refuses as malformed");
    drain_all();
    p = acs__proc_get(&K, attacker_pid);
    if (!p || p->sock < 0) breach("the kernel dropped the WASI process");
  }
  if (recv(ACS__SYS_FD, &c, 1, MSG_PEEK | MSG_DONTWAIT) <= 0)
    breach("a call of the WASI host waits in the kernel for ever (no other process runs here)");
}

ssize_t __wrap_acs__msg_recv(int sock, void *buf, size_t cap, int *fds, int *nfds)
{
  if (pumping && sock == ACS__SYS_FD) pump();
  return __real_acs__msg_recv(sock, buf, cap, fds, nfds);
}

/* poll_oneoff would sleep for the module's timeout: a wait that finds
** nothing ready at once fails (ENOMEM) instead. */
int __real_ppoll(struct pollfd *fds, nfds_t n, const struct timespec *tp, const sigset_t *mask);
int __wrap_ppoll(struct pollfd *fds, nfds_t n, const struct timespec *tp, const sigset_t *mask);
int __wrap_ppoll(struct pollfd *fds, nfds_t n, const struct timespec *tp, const sigset_t *mask)
{
  struct timespec zero = {0, 0};
  int r = __real_ppoll(fds, n, &zero, mask);
  if (r == 0 && (!tp || tp->tv_sec || tp->tv_nsec)) {
    errno = ENOMEM;
    return -1;
  }
  return r;
}

/* ------------------------------------------------------- the memory */

static unsigned char *mem;
static acs__wasi_host host;
static acs__wasi_config cfg;

/* What a module would lay out: paths, iovec arrays, poll subscriptions;
** 0x0000-0x0fff is zeroed scratch for results, 0x8000 on data. */
enum { PATHS_AT = 0x1000, IOVS_AT = 0x3000, SUBS_AT = 0x4000, DATA_AT = 0x8000 };
static const char *const PATHS[] = {
    "/", ".", "..", "../..", "/root/secret", "/root", "root/secret", "secret", "/proc/2/fd/3",
    "/proc/2/environ", "/proc/self/fd/3", "/proc/2/cwd/secret", "/proc/2/root/root/secret",
    "/dev/fd/3", "/dev/stdin", "/dev/null", "/dev/zero", "/dev/full", "/dev/tty", "/tmp", "/tmp/a",
    "/tmp/a/b", "tmp/l", "a", "b", "a/b", "l", "x/..", "/etc/passwd", "/home/agent/f",
    "/home/agent", "home", "/proc", "/proc/self", "/usr/bin/sh", "", "//root//secret",
    "/tmp/../root/secret", "../../../../root/secret", NULL,
};
static uint32_t path_at[48], path_len[48], npaths; /* 48: the selectors 0x40-0x6f */

static void iov(uint32_t at, uint32_t buf, uint32_t len)
{
  acs__wasi_put32(mem + at, buf);
  acs__wasi_put32(mem + at + 4, len);
}

static void sub(uint32_t at, uint8_t tag, uint32_t fd_or_clock, uint64_t timeout, uint16_t flags)
{
  acs__wasi_put64(mem + at, 0x1234 + at); /* userdata */
  mem[at + 8] = tag;
  acs__wasi_put32(mem + at + 16, fd_or_clock);
  acs__wasi_put64(mem + at + 24, timeout);
  mem[at + 40] = (unsigned char)flags;
  mem[at + 41] = (unsigned char)(flags >> 8);
}

static void layout(void)
{
  memset(mem, 0, MEM);
  uint32_t at = PATHS_AT;
  for (npaths = 0; PATHS[npaths] && npaths < 47; npaths++) {
    size_t len = strlen(PATHS[npaths]);
    memcpy(mem + at, PATHS[npaths], len);
    path_at[npaths] = at;
    path_len[npaths] = (uint32_t)len;
    at += (uint32_t)len + 1;
  }
  /* the path with a NUL inside: "a\0b" written by hand */
  memcpy(mem + at, "a\0b", 3);
  path_at[npaths] = at;
  path_len[npaths++] = 3;
  /* iovec arrays: good ones, an empty buffer, one at the end of memory,
  ** one across it, a huge length, one past it */
  iov(IOVS_AT + 0x00, DATA_AT, 16);
  iov(IOVS_AT + 0x08, DATA_AT + 0x10, 1);
  iov(IOVS_AT + 0x10, DATA_AT + 0x100, 4096);
  iov(IOVS_AT + 0x18, DATA_AT + 0x2000, 0);
  iov(IOVS_AT + 0x20, MEM - 16, 16);
  iov(IOVS_AT + 0x28, MEM - 16, 17);
  iov(IOVS_AT + 0x30, DATA_AT, 0xffffffffu);
  iov(IOVS_AT + 0x38, MEM, 1);
  iov(IOVS_AT + 0x40, DATA_AT + 0x3000, 0x4000);
  iov(IOVS_AT + 0x48, IOVS_AT, 0x50); /* reads land on the iovecs themselves */
  /* poll subscriptions: a zero relative clock, reads of 0 and 3, a
  ** write of 1, an unknown tag, an absolute clock in the past, a bad clock */
  sub(SUBS_AT + 0 * 48, 0, 1, 0, 0);
  sub(SUBS_AT + 1 * 48, 1, 0, 0, 0);
  sub(SUBS_AT + 2 * 48, 1, 3, 0, 0);
  sub(SUBS_AT + 3 * 48, 2, 1, 0, 0);
  sub(SUBS_AT + 4 * 48, 9, 0, 0, 0);
  sub(SUBS_AT + 5 * 48, 0, 0, 1, 1);
  sub(SUBS_AT + 6 * 48, 0, 77, 0, 0);
  sub(SUBS_AT + 7 * 48, 0, 1, 1000000000000ull, 0);
  memset(mem + DATA_AT, 'D', 0x100);
}

/* ------------------------------------------------------- the input */

typedef struct {
  const uint8_t *p;
  size_t left;
  uint32_t last_len; /* the length of the last path given */
} in_t;

static int byte(in_t *in)
{
  if (!in->left) return -1;
  in->left--;
  return *in->p++;
}

static const uint64_t EDGES[] = {
    MEM - 1, MEM, MEM - 4, MEM - 8, MEM - 24, MEM - 32, MEM - 48, MEM - 64, 0xffffffffu,
    0x80000000u, 0x7fffffffu, 0xfffffff0u, 0x10000000u, UINT64_MAX, 1ull << 32, 1ull << 63,
    INT64_MAX, (uint64_t)-4096, 1ull << 40, 4096, 65535, 1u << 20, 1000000000ull, 0x1fffffffu,
};
static const uint64_t FLAGS[] = {
    /* rights: all, read+seek, write, path ones, none of fd_read */
    0x1fffffffu, 0x2 | 0x4, 0x40, 0x2000 | 0x4000 | 0x40000, ~0x2ull & 0x1fffffff,
    /* oflags */ 1, 2, 4, 8, 1 | 4, 1 | 8, 2 | 1, 1 | 2 | 4 | 8,
    /* fdflags */ 1, 4, 2 | 8 | 16, 31,
    /* fstflags */ 3, 5, 12, 15, 10,
    /* whence */ 0, 1, 2, 3,
};

/* One argument: small numbers, paths and their lengths, pointers to the
** layout's parts, edge values, flag sets, or raw bytes. */
static uint64_t arg(in_t *in)
{
  int c = byte(in);
  if (c < 0) return 0;
  if (c < 0x40) return (uint64_t)c;
  if (c < 0x70) {
    uint32_t k = (uint32_t)(c - 0x40) % npaths;
    in->last_len = path_len[k];
    return path_at[k];
  }
  if (c == 0x70) return in->last_len;
  if (c == 0x71) return in->last_len + 1;
  if (c == 0x72) return in->last_len ? in->last_len - 1 : 0;
  if (c < 0x80) return IOVS_AT + 8u * (uint32_t)(c - 0x73);
  if (c < 0x90) return 0x100u * (uint32_t)(c - 0x80); /* scratch for results */
  if (c < 0x98) return SUBS_AT + 48u * (uint32_t)(c - 0x90);
  if (c < 0xb0) return EDGES[(size_t)(c - 0x98) % (sizeof EDGES / sizeof *EDGES)];
  if (c < 0xd0) return FLAGS[(size_t)(c - 0xb0) % (sizeof FLAGS / sizeof *FLAGS)];
  if (c < 0xff) return (uint64_t)(c - 0xd0 + 0x40);
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) {
    int b = byte(in);
    v |= (uint64_t)(b < 0 ? 0 : b) << (8 * i);
  }
  return v;
}

/* The imports a module may call and that return (proc_exit and
** proc_raise end the process). */
static const acs__wasi_import *imports[64];
static size_t nimports;

static void check_table(void)
{
  acs__proc *p = acs__proc_get(&K, attacker_pid);
  if (!p) breach("the WASI process is gone");
  for (int fd = 0; fd < ACS__WASI_MAX_FDS; fd++) {
    const acs__wasi_fd *f = &host.fds[fd];
    if (!f->used) continue;
    if (f->box < 0 || f->box >= ACS__K_MAX_FDS || !p->fds[f->box].f)
      breach("a WASI descriptor names a box descriptor that is not open");
  }
}

static void one_call(in_t *in)
{
  int r = byte(in);
  if (r < 0) return;
  if (r >= 0xf8) {
    /* the module writes its memory: offset, length, bytes */
    int lo = byte(in), hi = byte(in), n = byte(in);
    uint32_t off = (uint32_t)(lo < 0 ? 0 : lo) | (uint32_t)(hi < 0 ? 0 : hi) << 8;
    size_t len = n < 0 ? 0 : (size_t)n;
    if (len > in->left) len = in->left;
    if (off + len > MEM) len = MEM - off;
    memcpy(mem + off, in->p, len);
    in->p += len;
    in->left -= len;
    return;
  }
  const acs__wasi_import *imp = imports[(size_t)r % nimports];
  uint64_t a[16] = {0};
  size_t n = strlen(imp->sig);
  for (size_t i = 0; i < n && i < 16; i++) {
    a[i] = arg(in);
    if (imp->sig[i] == 'i') a[i] &= 0xffffffffu; /* an i32, zero-extended */
  }
  if (trace) fprintf(stderr, "  %s(%llx, %llx, %llx, %llx)\n", imp->name, (unsigned long long)a[0],
                     (unsigned long long)a[1], (unsigned long long)a[2], (unsigned long long)a[3]);
  uint32_t e = imp->fn(&host, a);
  if (trace) fprintf(stderr, "    -> %u\n", e);
  if (e > ACS__WASI_ENOTCAPABLE) breach("a call returned a number that is no WASI errno");
  if (!input_has_secret && memmem(mem, MEM, SECRET, sizeof SECRET - 1))
    breach("the module's memory holds the victim's secret");
  check_table();
  check_victim();
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc, (void)argv;
  kb_name = "wasi_fuzz";
  trace = getenv("KFUZZ_TRACE") != NULL;
  signal(SIGPIPE, SIG_IGN);
  /* the client's fixed descriptors: the channel (3) and /dev/null (4) */
  for (int fd = ACS__SYS_FD; fd <= ACS__SYS_NULLFD; fd++) {
    int n = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (n < 0 || (n != fd && dup3(n, fd, O_CLOEXEC) < 0)) abort();
    if (n != fd) close(n);
  }
  for (size_t i = 0; acs__wasi_import_at(i); i++) {
    const acs__wasi_import *imp = acs__wasi_import_at(i);
    if (strcmp(imp->name, "proc_exit") && strcmp(imp->name, "proc_raise") &&
        nimports < sizeof imports / sizeof *imports)
      imports[nimports++] = imp;
  }
  mem = malloc(MEM);
  if (!mem) abort();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  bool base[FD_SPAN];
  begin_input(true, data, size, base);
  /* the WASI process's end of its channel becomes the client's fd */
  if (dup3(guest_end[attacker_pid], ACS__SYS_FD, O_CLOEXEC) < 0) abort();
  close(guest_end[attacker_pid]);
  guest_end[attacker_pid] = -1;
  pumping = true;
  acs_sys_start st;
  if (acs_sys_hello(&st)) breach("HELLO failed");
  acs__strv_free(st.argv);
  acs__strv_free(st.envp);

  in_t in = {data, size, 0};
  static const char *const argv[] = {"prog", "arg one"};
  static const char *const env[] = {"HOME=/home/agent", "PATH=/usr/bin"};
  cfg = (acs__wasi_config){.path = "/tmp/m.wasm", .argv = argv, .argc = 2, .env = env, .envc = 2,
                           .root_paths = size && (data[0] & 1)};
  memset(&host, 0, sizeof host);
  host.cfg = &cfg;
  host.root_paths = cfg.root_paths;
  host.mem = (acs__wasi_mem){mem, MEM};
  if (acs__wasi_fds_init(&host)) breach("the WASI descriptor table could not be made");
  layout();
  armed = true;
  if (size) byte(&in);
  for (int i = 0; i < 64 && in.left; i++) one_call(&in);

  for (int fd = 0; fd < ACS__WASI_MAX_FDS; fd++)
    if (host.fds[fd].used) acs__wasi_fd_free(&host.fds[fd]);
  pumping = false;
  check_secret();
  teardown();
  /* the channel's end back to the placeholder */
  if (dup3(ACS__SYS_NULLFD, ACS__SYS_FD, O_CLOEXEC) < 0) abort();
  check_fds(base);
  return 0;
}
