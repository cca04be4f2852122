/* zygote.c - the box's zygote: a process forked from the kernel before the
** filesystem holds anything (so no guest inherits a copy of the box's
** files in its memory), that forks one guest process per spawn.
**
** Each spawn is a double fork: the zygote forks an intermediate, which
** forks the guest, tells the kernel the guest's host pid, and exits. The
** guest is then an orphan and the kernel, a child subreaper, becomes its
** parent: the kernel alone reaps guests, gets their real exit statuses
** and signals, and a guest dies with the kernel (PR_SET_PDEATHSIG).
**
** The guest walls itself in before any program code runs: the exec
** walls (Landlock with no host directory, seccomp), and a filter of the
** box's own that refuses what a guest must ask the kernel for: fork
** (spawn goes through the kernel) and signals to any process but itself
** (kill goes through the kernel, which knows only the box's pids). */
#include "kernel.h"

#include "../box/walls.h"
#include "../sys/sys.h"

#include <errno.h>
#include <fcntl.h>
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

static _Noreturn void guest(int chan, pid_t kernel, pid_t middle)
{
  /* the channel at its fixed number, /dev/null under stdio until the
  ** kernel hands the real ones, nothing else of the zygote's */
  if (chan != ACS__SYS_FD) {
    if (dup3(chan, ACS__SYS_FD, O_CLOEXEC) < 0) _exit(71);
    close(chan);
  }
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  for (int i = 0; i < 3; i++)
    if (null >= 0 && null != i) dup3(null, i, O_CLOEXEC);
  if (null >= 0 && null != ACS__SYS_NULLFD) dup3(null, ACS__SYS_NULLFD, O_CLOEXEC);
  if (null > 2 && null != ACS__SYS_NULLFD) close(null);
  if (syscall(SYS_close_range, ACS__SYS_NULLFD + 1, ~0u, 0) != 0)
    for (int fd = ACS__SYS_NULLFD + 1; fd < 4096; fd++) close(fd);

  /* A host process group of its own, in the kernel's session: a group
  ** whose members' parent (the kernel) is outside it is not orphaned,
  ** and Linux stops only those on SIGTSTP (^Z of the box's terminal);
  ** the box's own groups are the kernel's table. */
  setpgid(0, 0);
  /* Wait until the intermediate is gone, then die with the kernel. */
  while (getppid() == middle) sched_yield();
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != kernel) _exit(137);
  /* a box is a fresh system: a program starts with Linux's default for
  ** every signal, whatever the caller of the box ignored (a test suite
  ** run in the background ignores SIGINT and SIGQUIT) or the kernel
  ** ignores for itself */
  for (int s = 1; s < NSIG; s++)
    if (s != SIGKILL && s != SIGSTOP) signal(s, SIG_DFL);
  /* the kernel blocks SIGCHLD (it reads it from a signalfd) and the mask
  ** is inherited: a program starts with none blocked, so the SIGCHLD the
  ** kernel sends when one of its children ends reaches it */
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  /* the commands walk trees by recursion, and a box's paths allow ~2000
  ** levels (PATH_MAX): 64 MB of stack holds 32 kB a level, where Linux's
  ** default 8 MB ended cp -r, find or tar on such a tree with SIGSEGV.
  ** The zygote's mappings leave Linux's 128 MB gap below the stack. */
  struct rlimit stack;
  if (getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur != RLIM_INFINITY && stack.rlim_cur < (64u << 20)) {
    stack.rlim_cur = stack.rlim_max == RLIM_INFINITY || stack.rlim_max >= (64u << 20) ? (64u << 20) : stack.rlim_max;
    setrlimit(RLIMIT_STACK, &stack);
  }

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

/* One spawn order: u32 box pid and the guest's channel as an fd. */
static void spawn_one(int zsock, int32_t boxpid, int chan, pid_t kernel)
{
  pid_t middle = fork();
  if (middle < 0) {
    /* the kernel learns of it as a pid of -errno */
    unsigned char b[64];
    acs__msg m;
    acs__msg_init(&m, b, sizeof b, 1, 0);
    acs__msg_i32(&m, boxpid);
    acs__msg_i32(&m, -errno);
    acs__msg_send(zsock, &m);
    close(chan);
    return;
  }
  if (middle > 0) {
    close(chan);
    return;
  }
  pid_t me = getpid();
  pid_t g = fork();
  if (g == 0) {
    close(zsock);
    guest(chan, kernel, me);
  }
  unsigned char b[64];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, 1, 0);
  acs__msg_i32(&m, boxpid);
  acs__msg_i32(&m, g < 0 ? -errno : g);
  acs__msg_send(zsock, &m);
  _exit(0);
}

static _Noreturn void zygote_main(int zsock, pid_t kernel)
{
  /* intermediates are reaped by the system: nothing to wait for here */
  struct sigaction sa = {.sa_handler = SIG_DFL, .sa_flags = SA_NOCLDWAIT};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGCHLD, &sa, NULL);
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
    if (n > 0 && acs__msg_parse(buf, (size_t)n, &h, &rd) && acs__rd_i32(&rd, &boxpid) &&
        acs__rd_done(&rd) && nfds == 1) {
      spawn_one(zsock, boxpid, fds[0], kernel);
      continue;
    }
    for (int i = 0; i < nfds; i++) close(fds[i]);
  }
}

int acs__kernel_zygote_start(acs__kernel *k)
{
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) return -errno;
  pid_t kernel = getpid();
  pid_t z = fork();
  if (z < 0) {
    int e = errno;
    close(sv[0]);
    close(sv[1]);
    return -e;
  }
  if (z == 0) {
    close(sv[0]);
    /* nothing of the kernel's but the socket to it */
    if (sv[1] != ACS__SYS_FD) {
      dup3(sv[1], ACS__SYS_FD, O_CLOEXEC);
      close(sv[1]);
    }
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    for (int i = 0; i < 3; i++)
      if (null >= 0 && null != i) dup3(null, i, O_CLOEXEC);
    if (null > 2) close(null);
    if (syscall(SYS_close_range, ACS__SYS_FD + 1, ~0u, 0) != 0)
      for (int fd = ACS__SYS_FD + 1; fd < 4096; fd++) close(fd);
    zygote_main(ACS__SYS_FD, kernel);
  }
  close(sv[1]);
  k->zygote = sv[0];
  k->zygote_pid = z;
  return 0;
}
