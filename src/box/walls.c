/* walls.c - Landlock and seccomp for the worker.
**
** Landlock: every filesystem right the kernel knows is "handled", then
** granted back beneath the mounts (read-write or read-only) and beneath the
** few system paths the runtime reads after this point (libraries it opens
** on first use, CA certificates, resolver files, time zones, its own
** /proc entry). TCP bind is handled and never granted. Seccomp: a
** default-allow filter that refuses what a JS runtime never needs and an
** escape would: exec, tracing, other processes' memory, namespaces,
** mounts, kernel modules, keyrings, BPF, perf, and exotic socket families.
** clone3 answers ENOSYS so that libc falls back to clone, whose flags a
** filter can see. */
#include "walls.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Rights newer than Debian 12's header. */
#define LL_TRUNCATE (1ULL << 14)  /* ABI 3 */
#define LL_IOCTL_DEV (1ULL << 15) /* ABI 5 */
#define LL_NET_BIND_TCP (1ULL << 0)
#define LL_SCOPE_ABSTRACT_UNIX (1ULL << 0) /* ABI 6 */
#define LL_SCOPE_SIGNAL (1ULL << 1)

/* The ruleset attribute as ABI 6 knows it; older kernels take a prefix. */
struct ll_ruleset_attr {
  uint64_t handled_access_fs;
  uint64_t handled_access_net;
  uint64_t scoped;
};

#define FS_READ (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR)
#define FS_FILE_RIGHTS                                                                    \
  (LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE | \
   LL_TRUNCATE | LL_IOCTL_DEV)

/* What the runtime may still read once locked (read-only). */
static const char *const system_paths[] = {
    "/usr", "/lib", "/lib64", "/etc/ld.so.cache", "/etc/ssl", "/etc/ca-certificates",
    "/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/host.conf", "/etc/gai.conf",
    "/etc/localtime", "/proc/self", "/proc/meminfo", "/sys/devices/system/cpu",
    "/sys/fs/cgroup", "/dev/urandom", "/dev/random",
};

bool acs__walls_disabled(void)
{
  const char *v = getenv("ACS_WALLS");
  return v && !strcmp(v, "off");
}

static uint64_t handled_fs(int abi)
{
  uint64_t all = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1; /* ABI 1: bits 0..12 */
  if (abi >= 2) all |= LANDLOCK_ACCESS_FS_REFER;
  if (abi >= 3) all |= LL_TRUNCATE;
  if (abi >= 5) all |= LL_IOCTL_DEV;
  return all;
}

static int add_path(int ruleset, const char *path, uint64_t rights)
{
  int fd = open(path, O_PATH | O_CLOEXEC);
  if (fd < 0) return errno == ENOENT || errno == ENOTDIR || errno == EACCES ? 0 : -1;
  struct stat st;
  if (fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) rights &= FS_FILE_RIGHTS;
  struct landlock_path_beneath_attr pb = {.allowed_access = rights, .parent_fd = fd};
  int rc = (int)syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
  close(fd);
  return rc;
}

/* A ruleset with the system paths in it, built ahead by a warm worker. */
static int ready_ruleset = -1;
static long ready_abi;

/* A ruleset holding the system paths, or -1 (errno set). */
static int system_ruleset(long abi)
{
  uint64_t fs = handled_fs((int)abi);
  struct ll_ruleset_attr attr = {.handled_access_fs = fs};
  size_t size = sizeof attr.handled_access_fs;
  if (abi >= 4) {
    attr.handled_access_net = LL_NET_BIND_TCP;
    size += sizeof attr.handled_access_net;
  }
  if (abi >= 6) {
    attr.scoped = LL_SCOPE_ABSTRACT_UNIX | LL_SCOPE_SIGNAL;
    size += sizeof attr.scoped;
  }
  int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
  if (ruleset < 0) return -1;
  int rc = 0;
  for (size_t i = 0; i < sizeof system_paths / sizeof *system_paths && !rc; i++)
    rc = add_path(ruleset, system_paths[i], FS_READ | LANDLOCK_ACCESS_FS_EXECUTE);
  if (!rc) rc = add_path(ruleset, "/dev/null", LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE);
  if (rc) {
    int e = errno;
    close(ruleset);
    errno = e;
    return -1;
  }
  return ruleset;
}

static void seccomp_prepare(void);

void acs__walls_prepare_filter(void) { seccomp_prepare(); }

void acs__walls_prepare(void)
{
  seccomp_prepare();
  long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (abi < 1 || ready_ruleset >= 0) return;
  ready_ruleset = system_ruleset(abi);
  ready_abi = abi;
}

static int landlock(const char *const *rw, size_t nrw, const char *const *ro, size_t nro,
                    acs__walls *st)
{
  long abi = ready_ruleset >= 0 ? ready_abi
                                : syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (abi < 1) {
    snprintf(st->note, sizeof st->note, "Landlock is not available (%s)", strerror(errno));
    return 0;
  }
  int ruleset = ready_ruleset >= 0 ? ready_ruleset : system_ruleset(abi);
  ready_ruleset = -1;
  if (ruleset < 0) {
    snprintf(st->note, sizeof st->note, "Landlock ruleset refused (%s)", strerror(errno));
    return 0;
  }
  uint64_t fs = handled_fs((int)abi);
  /* The work dir: everything but device nodes. */
  uint64_t rw_rights = fs & ~(uint64_t)(LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
                                        LANDLOCK_ACCESS_FS_EXECUTE);
  int rc = 0;
  for (size_t i = 0; i < nrw && !rc; i++) rc = add_path(ruleset, rw[i], rw_rights);
  for (size_t i = 0; i < nro && !rc; i++) rc = add_path(ruleset, ro[i], FS_READ);
  if (!rc) rc = (int)syscall(SYS_landlock_restrict_self, ruleset, 0);
  int e = errno;
  close(ruleset);
  if (rc) {
    snprintf(st->note, sizeof st->note, "Landlock could not be applied (%s)", strerror(e));
    return -1;
  }
  st->landlock_abi = (int)abi;
  st->landlock = true;
  st->landlock_net = abi >= 4;
  return 0;
}

/* The filter's rules, in a libseccomp context (NULL when there is none). */
static scmp_filter_ctx seccomp_rules(int *rc)
{
  scmp_filter_ctx f = seccomp_init(SCMP_ACT_ALLOW);
  *rc = 0;
  if (!f) return NULL;
  const uint32_t deny = SCMP_ACT_ERRNO(EPERM);
  static const char *const denied[] = {
      "execve", "execveat", "ptrace", "process_vm_readv", "process_vm_writev", "unshare", "setns",
      "mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsmount",
      "fsconfig", "fspick", "mount_setattr", "bpf", "perf_event_open", "add_key", "request_key",
      "keyctl", "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
      "userfaultfd", "personality", "acct", "swapon", "swapoff", "reboot", "settimeofday",
      "clock_settime", "clock_adjtime", "adjtimex", "syslog", "quotactl", "open_by_handle_at",
      "name_to_handle_at", "fanotify_init", "ioperm", "iopl", "vhangup", "kcmp", "pidfd_getfd",
      "process_madvise", "lookup_dcookie", "uselib", "sethostname", "setdomainname",
      "io_uring_setup", "io_uring_enter", "io_uring_register",
  };
  int r = 0;
  for (size_t i = 0; i < sizeof denied / sizeof *denied && !r; i++) {
    int nr = seccomp_syscall_resolve_name(denied[i]);
    if (nr == __NR_SCMP_ERROR) continue; /* not on this architecture */
    /* io_uring: libuv falls back to epoll when setup says ENOSYS */
    uint32_t act = !strncmp(denied[i], "io_uring", 8) ? SCMP_ACT_ERRNO(ENOSYS) : deny;
    r = seccomp_rule_add(f, act, nr, 0);
  }
  static const uint64_t ns[] = {CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET,
                                CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWCGROUP};
  for (size_t i = 0; i < sizeof ns / sizeof *ns && !r; i++)
    r = seccomp_rule_add(f, deny, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, ns[i], ns[i]));
  if (!r) r = seccomp_rule_add(f, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
  /* Sockets: local, IPv4, IPv6 and netlink (getaddrinfo's address check). */
  for (int fam = 3; fam <= 15 && !r; fam++)
    if (fam != AF_INET6) r = seccomp_rule_add(f, deny, SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_EQ, (uint64_t)fam));
  if (!r) r = seccomp_rule_add(f, deny, SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_GT, (uint64_t)AF_NETLINK));
  if (!r) r = seccomp_attr_set(f, SCMP_FLTATR_CTL_NNP, 1);
  /* A warm worker's engine threads exist already: they get the filter too. */
  if (!r) r = seccomp_attr_set(f, SCMP_FLTATR_CTL_TSYNC, 1);
  *rc = r;
  return f;
}

/* The filter as BPF, made once by acs__walls_prepare (libseccomp takes
** ~150 us to generate it; a zygote's workers inherit it). */
static struct sock_filter *ready_bpf;
static unsigned short ready_bpf_len;

struct sock_filter *acs__walls_export_bpf(void *ctx, unsigned short *len)
{
  struct sock_filter *prog = NULL;
  int fd = memfd_create("acs-seccomp", MFD_CLOEXEC);
  if (fd >= 0 && seccomp_export_bpf((scmp_filter_ctx)ctx, fd) == 0) {
    off_t n = lseek(fd, 0, SEEK_END);
    if (n > 0 && n % (off_t)sizeof(struct sock_filter) == 0 && n / (off_t)sizeof(struct sock_filter) <= BPF_MAXINSNS) {
      prog = malloc((size_t)n);
      if (prog && pread(fd, prog, (size_t)n, 0) == n) {
        *len = (unsigned short)(n / (off_t)sizeof(struct sock_filter));
      } else {
        free(prog);
        prog = NULL;
      }
    }
  }
  if (fd >= 0) close(fd);
  return prog;
}

static void seccomp_prepare(void)
{
  if (ready_bpf) return;
  int rc;
  scmp_filter_ctx f = seccomp_rules(&rc);
  if (!f) return;
  if (!rc) ready_bpf = acs__walls_export_bpf(f, &ready_bpf_len);
  seccomp_release(f);
}

static int seccomp(acs__walls *st)
{
  int rc = 0;
  if (ready_bpf) {
    /* the prepared program: what seccomp_load would install (no_new_privs
    ** is set already, and TSYNC as the context asks) */
    struct sock_fprog prog = {.len = ready_bpf_len, .filter = ready_bpf};
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &prog) != 0) rc = -errno;
  } else {
    scmp_filter_ctx f = seccomp_rules(&rc);
    if (!f) {
      snprintf(st->note, sizeof st->note, "seccomp is not available");
      return 0;
    }
    if (!rc) rc = seccomp_load(f);
    seccomp_release(f);
  }
  if (rc) {
    snprintf(st->note, sizeof st->note, "seccomp could not be applied (%s)", strerror(rc < 0 ? -rc : rc));
    return -1;
  }
  st->seccomp = true;
  return 0;
}

int acs__walls_apply(const char *const *rw, size_t nrw, const char *const *ro, size_t nro,
                     acs__walls *st)
{
  memset(st, 0, sizeof *st);
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    snprintf(st->note, sizeof st->note, "no_new_privs refused (%s)", strerror(errno));
    return 0;
  }
  st->no_new_privs = true;
  if (landlock(rw, nrw, ro, nro, st)) return -1;
  if (seccomp(st)) return -1;
  return 0;
}
