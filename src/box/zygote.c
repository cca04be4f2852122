/* zygote.c - warm workers forked from one prepared realm.
**
** Starting a worker the plain way (fork the server, then build the engine,
** the context and the bootstrap) costs ~14 ms of CPU, which caps a 2-core
** machine near 150 runs/s. The zygote builds the realm once and forks a
** worker per run from it: ~1 ms. bench/zygote-experiment measured the
** conditions, and they are kept here:
**
** - fork copies only the calling thread, so the zygote must have exactly
**   one thread whenever it forks, or a child inherits a lock that a thread
**   held and never gets it (the allocator's scavenger, a collector thread
**   mid-collection). The engine runs with JIT compilation and collection on
**   the main thread (JSC_* options below), the allocator's scavenger is
**   suspended through a symbol the library exports but does not declare,
**   and /proc/self/task is counted before every fork: a thread that a
**   future engine starts makes the zygote refuse, not hang.
** - every state that must differ between runs is made in the child: the
**   event loop's epoll instance, the Landlock ruleset, Math.random's seed
**   (bootstrap.js seeds it on first use; the engine's own generator would
**   be the same in every child).
** - the workers are forked with CLONE_PARENT, so they are children of the
**   server as cold workers are: it waits for them, sets their process
**   group and reads their status exactly as before.
**
** What they still share: the zygote's address layout (ASLR), as Android's
** zygote children do. The pool replaces the zygote every ZYGOTE_FORKS forks
** to re-roll it. */
#include "walls.h"
#include "worker.h"

#include "../base/base.h"
#include "../js/runtime.h"

#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* fork(), but the child's parent is our parent. glibc has no call for it;
** the raw clone skips glibc's fork bookkeeping, which a single-threaded
** process does not need (no lock can be held by another thread), except
** the thread id glibc keeps for the calling thread: the kernel writes it
** where glibc keeps it (the address the kernel clears at exit, which glibc
** set to that field). */
static pid_t fork_sibling(void)
{
  static int *tid_field;
  static int looked;
  if (!looked) {
    looked = 1;
    if (prctl(PR_GET_TID_ADDRESS, &tid_field) != 0) tid_field = NULL;
  }
  unsigned long flags = CLONE_PARENT;
  if (tid_field) flags |= CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID;
#if defined(__x86_64__)
  return (pid_t)syscall(SYS_clone, flags, NULL, NULL, tid_field, 0UL);
#elif defined(__aarch64__) || defined(__riscv) || defined(__powerpc64__)
  return (pid_t)syscall(SYS_clone, flags, NULL, NULL, 0UL, tid_field);
#else
  errno = ENOSYS;
  return -1;
#endif
}

/* Receive one byte and, with it, an fd. Returns the fd, -1 at EOF or error. */
static int recv_fd(int sock)
{
  char c;
  int fd = -1;
  char cbuf[CMSG_SPACE(sizeof fd)];
  struct iovec iov = {.iov_base = &c, .iov_len = 1};
  struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
                     .msg_controllen = sizeof cbuf};
  ssize_t got;
  do got = recvmsg(sock, &m, MSG_CMSG_CLOEXEC);
  while (got < 0 && errno == EINTR);
  if (got != 1) return -1;
  struct cmsghdr *cm = CMSG_FIRSTHDR(&m);
  if (!cm || cm->cmsg_type != SCM_RIGHTS || cm->cmsg_len != CMSG_LEN(sizeof fd)) return -1;
  memcpy(&fd, CMSG_DATA(cm), sizeof fd);
  return fd;
}

static void zygote_main(int sock, pid_t server) __attribute__((noreturn));
static void zygote_main(int sock, pid_t server)
{
  int ctl = acs__worker_detach(sock);
  if (getppid() != server) _exit(0);
  /* without it the pool sees EOF instead of 'Z' and works without */
  if (acs__js_prepare_forkable(false) != 0 || acs__thread_count() != 1) _exit(0);
  acs__walls_prepare_filter();
  char ready = 'Z';
  if (write(ctl, &ready, 1) != 1) _exit(0);
  for (;;) {
    int fd = recv_fd(ctl);
    if (fd < 0) _exit(0); /* the pool stopped */
    pid_t pid = acs__thread_count() == 1 ? fork_sibling() : -1;
    if (pid == 0) {
      close(ctl);
      acs__js_forked();
      acs__worker_forked(fd, server);
    }
    close(fd);
    int32_t reply = pid > 0 ? (int32_t)pid : -1;
    if (write(ctl, &reply, sizeof reply) != (ssize_t)sizeof reply) _exit(0);
    if (pid < 0) _exit(0); /* a thread appeared: this zygote is done */
  }
}

static bool wait_readable(int fd, int ms)
{
  struct pollfd pf = {.fd = fd, .events = POLLIN};
  int k;
  do k = poll(&pf, 1, ms);
  while (k < 0 && errno == EINTR);
  return k > 0;
}

int acs__zygote_start(acs__zygote *z)
{
  memset(z, 0, sizeof *z);
  z->sock = -1;
  const char *env = getenv("ACS_ZYGOTE");
  if (env && strcmp(env, "0") == 0) return -1;
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) return -1;
  pid_t server = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    close(sv[0]);
    close(sv[1]);
    return -1;
  }
  if (pid == 0) {
    close(sv[0]);
    zygote_main(sv[1], server);
  }
  close(sv[1]);
  char c = 0;
  /* A zygote forked while another of the server's threads held a lock it
  ** then needs (seen with ASan's allocator) never gets ready. */
  if (!wait_readable(sv[0], 10000) || read(sv[0], &c, 1) != 1 || c != 'Z') {
    close(sv[0]);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    return -1;
  }
  z->pid = pid;
  z->sock = sv[0];
  return 0;
}

pid_t acs__zygote_fork(acs__zygote *z, int sock)
{
  if (z->pid <= 0) return -1;
  int32_t pid = -1;
  ssize_t n = acs__send_fds(z->sock, "F", 1, &sock, 1);
  if (n != 1 || !wait_readable(z->sock, 10000) ||
      read(z->sock, &pid, sizeof pid) != (ssize_t)sizeof pid || pid <= 0) {
    acs__zygote_stop(z);
    return -1;
  }
  z->forks++;
  return (pid_t)pid;
}

void acs__zygote_stop(acs__zygote *z)
{
  if (z->pid <= 0) return;
  /* It holds nothing that needs a clean exit. */
  close(z->sock);
  kill(z->pid, SIGKILL);
  waitpid(z->pid, NULL, 0);
  z->pid = 0;
  z->sock = -1;
}
