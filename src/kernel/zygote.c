/* zygote.c - the box's zygote: a process forked from the kernel before the
** filesystem holds anything (so no guest inherits a copy of the box's
** files in its memory), that forks one guest process per spawn.
**
** Each spawn is a double fork: the zygote vforks an intermediate, which
** forks the guest, tells the kernel the guest's host pid, and exits. The
** guest is then an orphan and the kernel, a child subreaper, becomes its
** parent: the kernel alone reaps guests, gets their real exit statuses
** and signals, and a guest dies with the kernel (PR_SET_PDEATHSIG).
**
** A program with a prepared state (node's engine) has a zygote of its
** own, forked from this one on its first spawn: it makes the state once
** and keeps one process forked ahead from it (a spare, walled in and
** rehearsed), which the next spawn of the program becomes.
**
** The guest walls itself in before any program code runs: the exec
** walls (Landlock with no host directory, seccomp), and a filter of the
** box's own that refuses what a guest must ask the kernel for: fork
** (spawn goes through the kernel) and signals to any process but itself
** (kill goes through the kernel, which knows only the box's pids). */
#include "kernel.h"

#include "../base/base.h"
#include "../box/walls.h"
#include "../sys/sys.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <poll.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

extern char **environ;

/* The box's own filter, stacked on the exec one. It names the guest's
** own pid, so it is made for a stand-in pid (once, in the zygote: libseccomp
** took ~45 us a guest to generate it) and each guest writes its pid over
** the stand-in's comparisons. */
#define PID_STANDIN 0x5eedf00d

static scmp_filter_ctx box_rules(pid_t self)
{
  scmp_filter_ctx f = seccomp_init(SCMP_ACT_ALLOW);
  if (!f) return NULL;
  const uint32_t deny = SCMP_ACT_ERRNO(EPERM);
  int r = 0;
  /* a process of its own: clone without CLONE_VM (threads share memory) */
  r |= seccomp_rule_add(f, deny, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_VM, 0));
  r |= seccomp_rule_add(f, deny, SCMP_SYS(fork), 0);
  r |= seccomp_rule_add(f, deny, SCMP_SYS(vfork), 0);
  r |= seccomp_rule_add(f, deny, SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_NE, (uint64_t)self));
  r |= seccomp_rule_add(f, deny, SCMP_SYS(tkill), 0);
  r |= seccomp_rule_add(f, deny, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_NE, (uint64_t)self));
  r |= seccomp_rule_add(f, deny, SCMP_SYS(rt_sigqueueinfo), 1, SCMP_A0(SCMP_CMP_NE, (uint64_t)self));
  r |= seccomp_rule_add(f, deny, SCMP_SYS(rt_tgsigqueueinfo), 1, SCMP_A0(SCMP_CMP_NE, (uint64_t)self));
  r |= seccomp_rule_add(f, deny, SCMP_SYS(pidfd_open), 0);
  r |= seccomp_rule_add(f, deny, SCMP_SYS(pidfd_send_signal), 0);
  r |= seccomp_rule_add(f, deny, SCMP_SYS(setpgid), 0);
  r |= seccomp_rule_add(f, deny, SCMP_SYS(setsid), 0);
  /* no socket of the host's: the box's network is the kernel's calls
  ** (an abstract Unix socket or the host's loopback stays out of reach
  ** even for code that makes raw system calls) */
  r |= seccomp_rule_add(f, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket), 0);
  /* the box's terminal is a host pty: no typing into it behind the
  ** owner's back, no other line discipline, no console redirection, and it
  ** never becomes a host process's controlling terminal */
  static const unsigned long tty_ioctls[] = {TIOCSTI, TIOCSETD, TIOCCONS, TIOCSCTTY, TIOCLINUX,
                                             TIOCSPGRP, TIOCNOTTY};
  for (size_t i = 0; i < sizeof tty_ioctls / sizeof *tty_ioctls; i++)
    r |= seccomp_rule_add(f, deny, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_EQ, tty_ioctls[i]));
  r |= seccomp_attr_set(f, SCMP_FLTATR_CTL_NNP, 1);
  if (r) {
    seccomp_release(f);
    return NULL;
  }
  return f;
}

static struct sock_filter *box_bpf;
static unsigned short box_bpf_len;

static bool standin_site(const struct sock_filter *i)
{
  return BPF_CLASS(i->code) == BPF_JMP && BPF_SRC(i->code) == BPF_K && i->k == PID_STANDIN;
}

static void box_filter_prepare(void)
{
  scmp_filter_ctx f = box_rules(PID_STANDIN);
  if (!f) return;
  unsigned short len = 0;
  struct sock_filter *prog = acs__walls_export_bpf(f, &len);
  seccomp_release(f);
  if (!prog) return;
  /* the stand-in must be in the pid rules' comparisons (libseccomp shares
  ** one between rules alike) and nowhere else */
  int sites = 0, elsewhere = 0;
  for (unsigned short i = 0; i < len; i++) {
    if (standin_site(&prog[i])) sites++;
    else if (prog[i].k == PID_STANDIN) elsewhere++;
  }
  if (!sites || elsewhere) {
    free(prog);
    return;
  }
  box_bpf = prog;
  box_bpf_len = len;
}

static int box_filter(pid_t self)
{
  if (box_bpf) {
    /* our copy of the zygote's program (a fork's memory is our own) */
    for (unsigned short i = 0; i < box_bpf_len; i++)
      if (standin_site(&box_bpf[i])) box_bpf[i].k = (uint32_t)self;
    struct sock_fprog prog = {.len = box_bpf_len, .filter = box_bpf};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -errno;
    return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0 ? -errno : 0;
  }
  scmp_filter_ctx f = box_rules(self);
  if (!f) return -ENOMEM;
  int r = seccomp_load(f);
  seccomp_release(f);
  return r;
}

/* The fd a prepared zygote keeps its order socket at; the prepared state's
** own fds (the engine's event loop) are above it. */
#define PREPARED_CTL_FD (ACS__SYS_NULLFD + 1)

static void close_from(int first)
{
  if (syscall(SYS_close_range, first, ~0u, 0) != 0)
    for (int fd = first; fd < 4096; fd++) close(fd);
}

/* A zygote's children (the intermediates of spawns) are reaped by the
** system: nothing to wait for. */
static void reap_by_system(void)
{
  struct sigaction sa = {.sa_handler = SIG_DFL, .sa_flags = SA_NOCLDWAIT};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGCHLD, &sa, NULL);
}

/* A guest starts with Linux's default for every signal. */
static void default_signals(void)
{
  /* whatever the caller of the box ignored (a test suite run in the
  ** background ignores SIGINT and SIGQUIT) or the kernel ignores for
  ** itself */
  for (int s = 1; s < NSIG; s++)
    if (s != SIGKILL && s != SIGSTOP) signal(s, SIG_DFL);
}

/* the commands walk trees by recursion, and a box's paths allow ~2000
** levels (PATH_MAX): 64 MB of stack holds 32 kB a level, where Linux's
** default 8 MB ended cp -r, find or tar on such a tree with SIGSEGV.
** The zygote's mappings leave Linux's 128 MB gap below the stack. */
static void big_stack(void)
{
  struct rlimit stack;
  if (getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur != RLIM_INFINITY && stack.rlim_cur < (64u << 20)) {
    stack.rlim_cur = stack.rlim_max == RLIM_INFINITY || stack.rlim_max >= (64u << 20) ? (64u << 20) : stack.rlim_max;
    setrlimit(RLIMIT_STACK, &stack);
  }
}

/* A guest's start up to its channel: its own process group, the kernel
** as its parent, signals and stack as a new system's, and its walls.
** prepared: forked from a program's prepared zygote, whose signal
** handlers are the prepared state's. */
static void guest_setup(pid_t kernel, pid_t middle, bool prepared)
{
  /* A host process group of its own, in the kernel's session: a group
  ** whose members' parent (the kernel) is outside it is not orphaned,
  ** and Linux stops only those on SIGTSTP (^Z of the box's terminal);
  ** the box's own groups are the kernel's table. */
  setpgid(0, 0);
  /* Wait until the intermediate is gone, then die with the kernel. */
  while (getppid() == middle) sched_yield();
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != kernel) _exit(137);
  /* a box is a fresh system (a prepared zygote made its signals so before
  ** the prepared state set its own handlers; it reaped with SIGCHLD) */
  if (prepared) signal(SIGCHLD, SIG_DFL);
  else default_signals();
  /* the kernel blocks SIGCHLD (it reads it from a signalfd) and the mask
  ** is inherited: a program starts with none blocked, so the SIGCHLD the
  ** kernel sends when one of its children ends reaches it */
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  big_stack();

  acs__walls w;
  if (!acs__walls_disabled()) {
    if (acs__walls_apply(NULL, 0, NULL, 0, &w)) {
      dprintf(2, "acs: %s\n", w.note);
      _exit(71);
    }
    if (w.seccomp && box_filter(getpid())) {
      dprintf(2, "acs: the box's process filter could not be applied\n");
      _exit(71);
    }
  }
}

/* The channel at its fixed number, the kernel's hello, the program. */
static _Noreturn void guest_run(int chan)
{
  if (chan != ACS__SYS_FD) {
    if (dup3(chan, ACS__SYS_FD, O_CLOEXEC) < 0) _exit(71);
    close(chan);
  }
  acs_sys_start st;
  int rc = acs_sys_hello(&st);
  if (rc) {
    dprintf(2, "acs: the kernel did not start this process (%s)\n", strerror(-rc));
    _exit(71);
  }
  const acs__program *prog = acs__program_find(st.program);
  if (!prog) {
    dprintf(2, "acs: no program '%s' in this build\n", st.program);
    acs_sys_exit(127);
  }
  environ = st.envp;
  acs_sys_exit(prog->main(st.argc, st.argv));
}

static _Noreturn void guest(int chan, pid_t kernel, pid_t middle, bool prepared)
{
  /* the channel at its fixed number, /dev/null under stdio until the
  ** kernel hands the real ones, nothing else of the zygote's; a prepared
  ** zygote's fds above its order socket are the prepared state's */
  if (chan != ACS__SYS_FD) {
    if (dup3(chan, ACS__SYS_FD, O_CLOEXEC) < 0) _exit(71);
    close(chan);
  }
  if (prepared) {
    close(PREPARED_CTL_FD);
  } else {
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    for (int i = 0; i < 3; i++)
      if (null >= 0 && null != i) dup3(null, i, O_CLOEXEC);
    if (null >= 0 && null != ACS__SYS_NULLFD) dup3(null, ACS__SYS_NULLFD, O_CLOEXEC);
    if (null > 2 && null != ACS__SYS_NULLFD) close(null);
    close_from(ACS__SYS_NULLFD + 1);
  }
  guest_setup(kernel, middle, prepared);
  guest_run(ACS__SYS_FD);
}

static void report_pid(int zsock, int32_t boxpid, int32_t pid)
{
  unsigned char b[64];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, 1, 0);
  acs__msg_i32(&m, boxpid);
  acs__msg_i32(&m, pid);
  acs__msg_send(zsock, &m);
}

/* A process whose parent becomes the kernel (the subreaper): an
** intermediate forks it, runs told(its pid or -errno) and ends, and the
** new process runs child(arg, the intermediate's pid), which waits for
** that end. The intermediate is a vfork: it shares the zygote's memory
** while the zygote waits, so the zygote's pages are copied once (the new
** process's fork), not twice and torn down once more (a prepared node's
** zygote holds ~27 MB: the second copy and its teardown were ~1 ms a
** spawn). Returns 0 or -errno of the vfork. */
static int fork_orphan(void (*child)(void *arg, pid_t middle), void (*told)(void *arg, pid_t pid),
                       void *arg)
{
  /* no handler of the zygote's may run in the intermediate, on memory
  ** the zygote shares; the new process sets its own mask */
  sigset_t all, old;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, &old);
  pid_t middle = vfork();
  if (middle == 0) {
    pid_t me = getpid();
    pid_t g = fork();
    if (g == 0) {
      child(arg, me); /* does not return */
      _exit(71);
    }
    told(arg, g < 0 ? -errno : g);
    _exit(0);
  }
  int e = errno;
  sigprocmask(SIG_SETMASK, &old, NULL);
  return middle < 0 ? -e : 0;
}

typedef struct spawn_order {
  int zsock, chan;
  int32_t boxpid;
  pid_t kernel;
  bool prepared;
} spawn_order;

static _Noreturn void spawn_child(void *arg, pid_t middle)
{
  spawn_order *o = arg;
  close(o->zsock);
  guest(o->chan, o->kernel, middle, o->prepared);
}

/* sent before the intermediate ends, which the guest waits for: the
** kernel knows the pid before the guest can exit */
static void spawn_told(void *arg, pid_t pid)
{
  spawn_order *o = arg;
  report_pid(o->zsock, o->boxpid, pid);
}

/* One spawn: the guest's channel, its box pid, and the kernel told of its
** host pid (or of -errno). */
static void spawn_one(int zsock, int32_t boxpid, int chan, pid_t kernel, bool prepared)
{
  spawn_order o = {zsock, chan, boxpid, kernel, prepared};
  int rc = fork_orphan(spawn_child, spawn_told, &o);
  if (rc < 0) report_pid(zsock, boxpid, rc);
  close(chan);
}

/* ------------------------------------------------------------ prepared */

/* A program's zygote: forked from the box's on the program's first spawn,
** it makes the program's prepared state once (node: ~10 ms of engine,
** context and bootstrap) and forks each of the program's processes from it
** as the box's zygote does. It holds nothing of the box but that state,
** made before any guest code exists, and it runs no guest code. */
typedef struct prepared_zygote {
  const acs__program *prog;
  int ctl;     /* orders to it; -1 when there is none */
  pid_t pid;
  bool ready;  /* it said its state is made */
  bool failed; /* its state could not be made: the program starts plain */
} prepared_zygote;

#define MAX_PREPARED 4
static prepared_zygote prepared_z[MAX_PREPARED];

static bool wait_byte(int fd, char *c)
{
  struct pollfd pf = {.fd = fd, .events = POLLIN};
  int k;
  do k = poll(&pf, 1, 10000);
  while (k < 0 && errno == EINTR);
  return k > 0 && read(fd, c, 1) == 1;
}

/* A zygote keeps processes forked ahead: walled in, waiting for their
** order (the channel of the spawn each becomes). A spawn then waits for no
** fork and no walls (~1 ms of node's start). A spare is not yet a process
** of the box: the kernel learns its pid with the order, and its memory is
** counted from then on. The box's zygote keeps one, a prepared zygote two
** (prepared_main says when it makes them). Oldest first. */
#define MAX_SPARES 2
static struct {
  pid_t pid;
  int sock;
} spares[MAX_SPARES];
static int nspares;

static _Noreturn void spare_main(int sock, int zygote_end, pid_t kernel, pid_t middle,
                                 const acs__program *prog)
{
  close(zygote_end);
  if (!prog) {
    /* the box's zygote's spare: fds as a plain guest's (guest()), its
    ** order socket kept above them */
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null < 0 || (null != ACS__SYS_NULLFD && dup3(null, ACS__SYS_NULLFD, O_CLOEXEC) < 0)) _exit(0);
    if (null != ACS__SYS_NULLFD) close(null);
    if (sock != PREPARED_CTL_FD) {
      if (dup3(sock, PREPARED_CTL_FD, O_CLOEXEC) < 0) _exit(0);
      close(sock);
      sock = PREPARED_CTL_FD;
    }
    close_from(PREPARED_CTL_FD + 1);
  }
  /* the kernel's socket to the zygotes and the orders, each replaced by
  ** /dev/null until the rehearsal is done: an fd it opens (its own event
  ** loop) must not take the channel's number */
  dup3(ACS__SYS_NULLFD, ACS__SYS_FD, O_CLOEXEC);
  if (prog) dup3(ACS__SYS_NULLFD, PREPARED_CTL_FD, O_CLOEXEC);
  guest_setup(kernel, middle, prog != NULL);
  /* a rehearsal saves time, nothing more: the spawn runs without it */
  if (prog) {
    (void)prog->prepare(true);
    close(PREPARED_CTL_FD);
  }
  unsigned char buf[64];
  int fds[ACS__SYS_MAX_FDS], nfds = 0;
  ssize_t n = acs__msg_recv(sock, buf, sizeof buf, fds, &nfds);
  if (n <= 0 || nfds != 1) _exit(0); /* its zygote is gone */
  close(sock);
  guest_run(fds[0]);
}

/* the oldest is handed on, or dead */
static void spare_drop_oldest(void)
{
  if (!nspares) return;
  close(spares[0].sock);
  memmove(spares, spares + 1, sizeof *spares * (size_t)--nspares);
}

typedef struct spare_order {
  int sock, zygote_end;
  pid_t kernel;
  const acs__program *prog;
  volatile pid_t made; /* written by the intermediate, which shares this memory */
} spare_order;

static _Noreturn void spare_child(void *arg, pid_t middle)
{
  spare_order *o = arg;
  spare_main(o->sock, o->zygote_end, o->kernel, middle, o->prog);
}

static void spare_told(void *arg, pid_t pid)
{
  ((spare_order *)arg)->made = pid;
}

static bool spare_make(pid_t kernel, const acs__program *prog, int want)
{
  if (nspares >= want) return true;
  if (acs__thread_count() != 1) return false;
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) return false;
  spare_order o = {sv[1], sv[0], kernel, prog, -1};
  int rc = fork_orphan(spare_child, spare_told, &o);
  close(sv[1]);
  if (rc < 0 || o.made <= 0) {
    close(sv[0]);
    return false;
  }
  spares[nspares].pid = o.made;
  spares[nspares++].sock = sv[0];
  return true;
}

/* The spare becomes the spawn of boxpid: false when there is none yet
** (the caller forks one as the box's zygote would). */
static bool spare_use(int zsock, int32_t boxpid, int chan)
{
  /* one that died waiting (its socket hung up) is not handed a spawn */
  for (;;) {
    if (!nspares) return false;
    struct pollfd pf = {.fd = spares[0].sock, .events = POLLIN};
    if (poll(&pf, 1, 0) == 0) break;
    spare_drop_oldest();
  }
  /* the pid first: the kernel reads it before it reaps the process */
  report_pid(zsock, boxpid, spares[0].pid);
  unsigned char b[64];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, 1, 0);
  acs__msg_fd(&m, chan);
  /* if it died since, the kernel reaps it as a killed program */
  if (acs__msg_send(spares[0].sock, &m) != 0) kill(spares[0].pid, SIGKILL);
  close(chan);
  spare_drop_oldest();
  return true;
}

/* The slim zygote hands its spare to the kernel (pid -1: its host pid,
** its order socket as SCM_RIGHTS; host pid 0 and no socket when none
** could be made), which then gives it a spawn's channel itself: one
** process less woken on the way to a program's start. Every attempt is
** answered so; the kernel asks for more with an order of pid -1. */
static void spare_hand(int zsock)
{
  unsigned char b[64];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, 1, 0);
  acs__msg_i32(&m, -1);
  if (!nspares) {
    /* none could be made (the host refused a fork): the kernel must not
    ** wait for it */
    acs__msg_i32(&m, 0);
    acs__msg_send(zsock, &m);
    return;
  }
  acs__msg_i32(&m, spares[0].pid);
  acs__msg_fd(&m, spares[0].sock);
  if (acs__msg_send(zsock, &m) != 0) kill(spares[0].pid, SIGKILL);
  spare_drop_oldest();
}

/* a quiet this long after an order: the program it started has likely
** ended (node -e is ~2-3 ms in a warm box) */
#define SPARE_QUIET_MS 3
/* when a spare cannot be made (the host refused a fork), the next try
** waits this long (or for an order), not a tight loop */
#define SPARE_RETRY_MS 100

/* Tasks runnable on the machine now, from /proc/loadavg's "R/T"; -1
** when it cannot be read. */
static int runnable_now(void)
{
  int fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char b[128];
  ssize_t n = read(fd, b, sizeof b - 1);
  close(fd);
  if (n <= 0) return -1;
  b[n] = 0;
  int running = -1;
  if (sscanf(b, "%*s %*s %*s %d/", &running) != 1) return -1;
  return running;
}

enum { IDLE_LOOK_MS = 2, IDLE_WAIT_MAX_MS = 2000 };

/* A prepared state (node's: ~80 ms of CPU) is for the program's later
** processes, so it is made where it slows no one: on a 2-CPU machine,
** made beside the box's kernel and the program's first process that
** makes calls, it took their CPUs (they wait for each other awake) and
** made that process 2-5x slower. So: at the lowest priority where this
** process may take its priority back after (root, CAP_SYS_NICE), else
** once a CPU is idle (a look every 2 ms, for at most 2 s). Returns the
** priority to go back to, or INT_MIN when it stayed. */
static int before_prepare(void)
{
  errno = 0;
  int was = getpriority(PRIO_PROCESS, 0);
  if (errno == 0 && setpriority(PRIO_PROCESS, 0, was - 1) == 0) {
    setpriority(PRIO_PROCESS, 0, 19);
    return was;
  }
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  for (int waited = 0; cpus > 0 && waited < IDLE_WAIT_MAX_MS; waited += IDLE_LOOK_MS) {
    int r = runnable_now();
    if (r < 0 || r - 1 < cpus) break; /* ourselves not counted */
    struct timespec ts = {0, IDLE_LOOK_MS * 1000000L};
    nanosleep(&ts, NULL);
  }
  return INT_MIN;
}

static _Noreturn void prepared_main(int ctl, int zsock, pid_t kernel, pid_t zygote,
                                    const acs__program *prog)
{
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != zygote) _exit(0);
  /* the box's zygote's spare is its own (its socket is closed below) */
  nspares = 0;
  /* a guest's start (signals, stack) made before the state is, so that
  ** the state's own signal handlers and stack bounds are what its
  ** processes get; middles are reaped by the system */
  default_signals();
  reap_by_system();
  big_stack();
  /* fds: stdio and 4 on /dev/null and 3 the kernel's socket as in the
  ** box's zygote, the orders at 5, nothing else of the zygote's (another
  ** program's order socket); the state's own fds come above */
  if (ctl != PREPARED_CTL_FD) {
    if (dup3(ctl, PREPARED_CTL_FD, O_CLOEXEC) < 0) _exit(0);
    close(ctl);
  }
  close_from(PREPARED_CTL_FD + 1);
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null < 0 || (null != ACS__SYS_NULLFD && dup3(null, ACS__SYS_NULLFD, O_CLOEXEC) < 0)) _exit(0);
  if (null != ACS__SYS_NULLFD) close(null);
  ctl = PREPARED_CTL_FD;
  int priority = before_prepare();
  if (prog->prepare(false) != 0 || acs__thread_count() != 1) _exit(0);
  if (priority != INT_MIN && setpriority(PRIO_PROCESS, 0, priority) != 0) _exit(0);
  char ready = 'Z';
  if (write(ctl, &ready, 1) != 1) _exit(0);
  unsigned char buf[64];
  bool refused = false;
  for (;;) {
    /* Spares are made while no order comes: the first at once, the
    ** second after a quiet SPARE_QUIET_MS. Made right after an order, a
    ** spare's fork and rehearsal (~3 ms of CPU) ran beside the program
    ** just started and slowed it on a 2-CPU machine; the second one is
    ** what a spawn right after another takes meanwhile. */
    if (nspares < MAX_SPARES) {
      struct pollfd pf = {.fd = ctl, .events = POLLIN};
      int r = poll(&pf, 1, refused ? SPARE_RETRY_MS : nspares ? SPARE_QUIET_MS : 0);
      if (r == 0) {
        refused = !spare_make(kernel, prog, MAX_SPARES);
        continue;
      }
    }
    int fds[ACS__SYS_MAX_FDS], nfds = 0;
    ssize_t n = acs__msg_recv(ctl, buf, sizeof buf, fds, &nfds);
    if (n <= 0) _exit(0); /* the box's zygote is gone */
    acs__sys_hdr h;
    acs__rd rd;
    int32_t boxpid;
    bool order = acs__msg_parse(buf, (size_t)n, &h, &rd) && acs__rd_i32(&rd, &boxpid) &&
                 acs__rd_done(&rd) && nfds == 1;
    /* a thread of the state's own would be missing in a child, with any
    ** lock it held: refuse, and the box's zygote forks the program plain */
    bool single = order && acs__thread_count() == 1;

    char reply = single ? 'F' : 'N';
    if (single && !spare_use(zsock, boxpid, fds[0])) spawn_one(zsock, boxpid, fds[0], kernel, true);
    else if (!single) for (int i = 0; i < nfds; i++) close(fds[i]);
    if (write(ctl, &reply, 1) != 1 || !single) _exit(0);
  }
}

static void prepared_stop(prepared_zygote *z)
{
  if (z->ctl >= 0) close(z->ctl);
  if (z->pid > 0) kill(z->pid, SIGKILL);
  z->ctl = -1;
  z->pid = 0;
  z->ready = false;
}

/* The program's zygote when it is ready, else NULL: the first spawn of
** the program starts it and is forked plain, as are those that come while
** it makes its state (~10-15 ms for node), so that a box that runs node
** once waits for none of it. */
static prepared_zygote *prepared_get(int zsock, pid_t kernel, const acs__program *prog)
{
  prepared_zygote *z = NULL;
  for (int i = 0; i < MAX_PREPARED && !z; i++)
    if (prepared_z[i].prog == prog || !prepared_z[i].prog) z = &prepared_z[i];
  if (!z || z->failed) return NULL;
  if (z->prog && z->ctl >= 0) {
    if (z->ready) return z;
    struct pollfd pf = {.fd = z->ctl, .events = POLLIN};
    if (poll(&pf, 1, 0) == 0) return NULL; /* still making its state */
    char c = 0;
    if (read(z->ctl, &c, 1) == 1 && c == 'Z') {
      z->ready = true;
      return z;
    }
    /* the state cannot be made here (an engine without the allocator's
    ** symbols, a thread it starts): the program starts plain from now on */
    prepared_stop(z);
    z->failed = true;
    return NULL;
  }
  /* none yet, or the last one was stopped: a new one */
  z->prog = prog;
  z->ctl = -1;
  z->ready = false;
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) return NULL;
  pid_t me = getpid();
  pid_t pid = fork();
  if (pid == 0) {
    close(sv[0]);
    prepared_main(sv[1], zsock, kernel, me, prog);
  }
  close(sv[1]);
  if (pid < 0) {
    close(sv[0]);
    return NULL;
  }
  z->ctl = sv[0];
  z->pid = pid;
  return NULL;
}

/* Hand the order to the program's zygote; false when it could not take
** it (the caller then forks the program plain). */
static bool spawn_prepared(int zsock, pid_t kernel, const acs__program *prog, int32_t boxpid, int chan)
{
  prepared_zygote *z = prepared_get(zsock, kernel, prog);
  if (!z) return false;
  unsigned char b[64];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, 1, 0);
  acs__msg_i32(&m, boxpid);
  acs__msg_fd(&m, chan);
  char c = 0;
  if (acs__msg_send(z->ctl, &m) == 0 && wait_byte(z->ctl, &c) && c == 'F') return true;
  prepared_stop(z); /* a new one is made at the next spawn */
  return false;
}

static _Noreturn void zygote_main(int zsock, pid_t kernel, bool hand_spares)
{
  reap_by_system();
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != kernel) _exit(0);
  /* the filters' programs, made once for every guest (libseccomp took
  ** ~200 us a guest to make them). Not the Landlock ruleset: its
  ** /proc/self would be the zygote's directory */
  if (!acs__walls_disabled()) {
    acs__walls_prepare_filter();
    box_filter_prepare();
  }
  unsigned char buf[256];
  for (;;) {
    int fds[ACS__SYS_MAX_FDS], nfds = 0;
    ssize_t n = acs__msg_recv(zsock, buf, sizeof buf, fds, &nfds);
    if (n == 0 || (n < 0 && n != -EMSGSIZE)) _exit(0);
    acs__sys_hdr h;
    acs__rd rd;
    int32_t boxpid;
    char name[64];
    bool parsed = n > 0 && acs__msg_parse(buf, (size_t)n, &h, &rd) && acs__rd_i32(&rd, &boxpid) &&
                  acs__rd_str(&rd, name, sizeof name) && acs__rd_done(&rd);
    if (parsed && boxpid == -1 && nfds == 0 && hand_spares) {
      /* the kernel used the spare it held: the next one */
      spare_make(kernel, NULL, 1);
      spare_hand(zsock);
      continue;
    }
    if (parsed && nfds == 1) {
      const acs__program *prog = acs__program_find(name);
      if (prog && prog->prepare && spawn_prepared(zsock, kernel, prog, boxpid, fds[0])) {
        close(fds[0]);
        continue;
      }
      if (!spare_use(zsock, boxpid, fds[0])) spawn_one(zsock, boxpid, fds[0], kernel, false);
      /* the next plain spawn's process, walled in while this one runs: a
      ** box that never spawns a second program keeps none */
      spare_make(kernel, NULL, 1);
      if (hand_spares) spare_hand(zsock);
      continue;
    }
    for (int i = 0; i < nfds; i++) close(fds[i]);
  }
}

/* ------------------------------------------------------------ the slim zygote */

/* A child with a socket to us: in the parent *mine is our end and the
** child's pid is returned; in the child (0) *theirs is its end; -errno. */
static pid_t fork_paired(int *mine, int *theirs)
{
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) return -errno;
  pid_t z = fork();
  if (z < 0) {
    int e = errno;
    close(sv[0]);
    close(sv[1]);
    return -e;
  }
  close(sv[z == 0 ? 0 : 1]);
  if (z == 0) *theirs = sv[1];
  else *mine = sv[0];
  return z;
}

_Noreturn void acs__zygote_exec_main(void)
{
  /* exec'd by the kernel's child: the socket to the kernel at its fixed
  ** number, stdio on /dev/null, nothing else; the kernel is our parent */
  pid_t kernel = getppid();
  unsigned char b[64];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, 1, 0);
  acs__msg_i32(&m, 0); /* box pid 0: ready */
  acs__msg_i32(&m, getpid());
  if (acs__msg_send(ACS__SYS_FD, &m) != 0) _exit(0);
  zygote_main(ACS__SYS_FD, kernel, true);
}

/* The slim zygote's binary: ACS_ZYGOTE_BIN, else acs-zygote beside the
** running program (the acs CLI's build or install directory); NULL when
** there is none (every program then comes from the box's zygote). */
static const char *slim_binary(char *buf, size_t cap)
{
  const char *e = getenv("ACS_ZYGOTE_BIN");
  if (e && *e) return access(e, X_OK) == 0 ? e : NULL;
  ssize_t n = readlink("/proc/self/exe", buf, cap - 16);
  if (n <= 0) return NULL;
  buf[n] = 0;
  char *slash = strrchr(buf, '/');
  if (!slash) return NULL;
  strcpy(slash + 1, "acs-zygote");
  return access(buf, X_OK) == 0 ? buf : NULL;
}

/* The slim zygote's process: a vfork (the kernel's pages are not copied
** for a child that only execs) with its socket at fd 3; no handler of
** the kernel's may run in it meanwhile. Returns its pid or -errno. */
static __attribute__((noinline)) pid_t exec_slim(const char *bin, int theirs)
{
  /* named for the program that made the box, so that ps (and a test
  ** that no process outlived its box) can tell whose processes these are */
  static char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  exe[n > 0 ? n : 0] = 0;
  static char *argv[] = {"acs-zygote", "for", exe, NULL}, *envp[] = {NULL};
  static sigset_t old;
  sigset_t all;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, &old);
  pid_t z = vfork();
  if (z == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    /* kept across the exec: a dup2 copy is not close-on-exec */
    if (theirs == ACS__SYS_FD) fcntl(theirs, F_SETFD, 0);
    else if (dup2(theirs, ACS__SYS_FD) < 0) _exit(0);
    int null = open("/dev/null", O_RDWR);
    for (int i = 0; i < 3; i++)
      if (null >= 0 && null != i) dup2(null, i);
    close_from(ACS__SYS_FD + 1);
    sigprocmask(SIG_SETMASK, &old, NULL);
    execve(bin, argv, envp);
    _exit(0);
  }
  int e = z < 0 ? -errno : 0;
  sigprocmask(SIG_SETMASK, &old, NULL);
  return z < 0 ? e : z;
}

/* A zygote exec'd from a binary without the engine's libraries: its
** process has ~40 mappings where the box's has ~200 (the engine, GLib,
** ICU), and a fork and an exit cost about their number (fork, exit and
** wait of such a process: 130-200 us against 510-615 us here). It runs
** every program but node and the WASI host. Optional: without it (no
** binary, a failed exec) the box's zygote runs everything. */
int acs__kernel_zygote_slim_start(acs__kernel *k)
{
  char buf[4096];
  const char *bin = slim_binary(buf, sizeof buf);
  k->slim = -1;
  k->slim_pid = 0;
  k->slim_ready = false;
  if (!bin) return 0;
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) return -errno;
  pid_t z = exec_slim(bin, sv[1]);
  close(sv[1]);
  if (z < 0) {
    close(sv[0]);
    return z;
  }
  k->slim = sv[0];
  k->slim_pid = z;
  return 0;
}

int acs__kernel_zygote_start(acs__kernel *k)
{
  pid_t kernel = getpid();
  int mine = -1, theirs = -1;
  pid_t z = fork_paired(&mine, &theirs);
  if (z < 0) return z;
  if (z == 0) {
    /* nothing of the kernel's but the socket to it */
    if (theirs != ACS__SYS_FD) {
      dup3(theirs, ACS__SYS_FD, O_CLOEXEC);
      close(theirs);
    }
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    for (int i = 0; i < 3; i++)
      if (null >= 0 && null != i) dup3(null, i, O_CLOEXEC);
    if (null > 2) close(null);
    if (syscall(SYS_close_range, ACS__SYS_FD + 1, ~0u, 0) != 0)
      for (int fd = ACS__SYS_FD + 1; fd < 4096; fd++) close(fd);
    zygote_main(ACS__SYS_FD, kernel, false);
  }
  k->zygote = mine;
  k->zygote_pid = z;
  return 0;
}
