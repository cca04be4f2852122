/* kernel.c - the box kernel's process: its start, its loop, its end.
**
** One thread polls the owner's socket, the zygote's, a signalfd for
** SIGCHLD and every process's channel, and answers one message at a time:
** every decision about the box's state is made here, in order. When the
** owner's socket closes (the caller disposed of the box, or died), every
** guest is killed and the kernel exits after reaping them, so no process
** of the box outlives it; a guest also dies with the kernel (zygote.c). */
#include "kernel.h"
#include "../sys/spin.h"
#include "kfs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static acs__kernel K;
static acs__proc owner_p; /* the owner's pseudo-process: root, cwd / */

static void die(const char *what)
{
  dprintf(2, "acs box: the kernel could not start: %s\n", what);
  _exit(3);
}

/* A program name without a slash, as the box's execvp would find it in
** the PATH of envp (as root: a regular file); an empty or relative entry
** is taken from cwd. 0 with the box path in out, or -ENOENT. */
static int find_in_path(const char *prog, char **envp, const char *cwd, char *out, size_t cap)
{
  char name[ACS__SYS_MAX_STR + 1]; /* out may be prog */
  snprintf(name, sizeof name, "%s", prog);
  const char *p = NULL;
  for (size_t i = 0; envp[i] && !p; i++)
    if (!strncmp(envp[i], "PATH=", 5)) p = envp[i] + 5;
  acs_memfs_cred root = {.umask = 022};
  while (p && *p) {
    size_t n = strcspn(p, ":");
    /* cwd as the spawn takes it: from the box's root */
    const char *lead = cwd[0] == '/' ? "" : "/", *sep = cwd[strlen(cwd) - 1] == '/' ? "" : "/";
    int len = n == 0 ? snprintf(out, cap, "%s%s%s%s", lead, cwd, sep, name)
              : *p == '/' ? snprintf(out, cap, "%.*s/%s", (int)n, p, name)
                          : snprintf(out, cap, "%s%s%s%.*s/%s", lead, cwd, sep, (int)n, p, name);
    acs_memfs_stat st;
    if (len > 0 && (size_t)len < cap && acs__kfs_stat(&K, &root, out, &st) == 0 && S_ISREG(st.mode))
      return 0;
    p += n;
    if (*p == ':') p++;
  }
  return -ENOENT;
}

/* BOX_SPAWN from the owner: argv, envp, cwd and ids, stdio as host fds,
** and with a fourth fd the pipe of its end (WAITFD's, in the same trip). */
static bool owner_spawn(acs__rd *rd, uint32_t seq, int *fds, int nfds)
{
  char path[ACS__SYS_MAX_STR + 1], cwd[ACS__SYS_MAX_STR + 1];
  /* an argument may be as long as the message allows, as a guest's spawn:
  ** only paths stop at ACS__SYS_MAX_STR */
  char **v[2] = {NULL, NULL};
  bool ok = acs__rd_str(rd, path, sizeof path) && (v[0] = acs__rd_strv(rd)) &&
            (v[1] = acs__rd_strv(rd));
  uint32_t uid = 0, gid = 0;
  ok = ok && acs__rd_str(rd, cwd, sizeof cwd) && acs__rd_u32(rd, &uid) && acs__rd_u32(rd, &gid) &&
       acs__rd_done(rd) && (nfds == 3 || nfds == 4) && path[0];
  int64_t r = -EINVAL;
  if (ok && nfds == 4 && K.nwaits >= (int)(sizeof K.waits / sizeof *K.waits)) r = -ENFILE;
  else if (ok && !strchr(path, '/') && find_in_path(path, v[1], cwd, path, sizeof path)) r = -ENOENT;
  else if (ok) {
    static acs__kfd table[ACS__K_MAX_FDS];
    memset(table, 0, sizeof table);
    for (int i = 0; i < 3; i++) {
      table[i].f = acs__kfile_new(NULL, fds[i]);
      if (table[i].f) fds[i] = -1;
    }
    r = (table[0].f && table[1].f && table[2].f)
            ? acs__proc_spawn(&K, NULL, path, v[0], v[1], table, cwd, uid, gid)
            : -ENOMEM;
    for (int i = 0; i < 3; i++) acs__kfile_put(&K, table[i].f); /* the spawn took its own */
    if (r > 0 && nfds == 4) {
      K.waits[K.nwaits++] = (struct owner_wait){(int32_t)r, seq, fds[3]};
      fds[3] = -1;
    }
  }
  for (int i = 0; i < nfds; i++)
    if (fds[i] >= 0) close(fds[i]);
  acs__strv_free(v[0]);
  acs__strv_free(v[1]);
  if (!ok) return false;
  acs__kernel_reply(&K, K.owner, seq, r);
  return true;
}

static bool owner_wait(acs__rd *rd, uint32_t seq)
{
  int32_t pid;
  if (!acs__rd_i32(rd, &pid) || !acs__rd_done(rd)) return false;
  acs__proc *p = acs__proc_get(&K, pid);
  if (!p || !p->host_child) {
    acs__kernel_reply(&K, K.owner, seq, -ECHILD);
    return true;
  }
  if (K.nwaits >= (int)(sizeof K.waits / sizeof *K.waits)) {
    acs__kernel_reply(&K, K.owner, seq, -EAGAIN);
    return true;
  }
  K.waits[K.nwaits++] = (struct owner_wait){pid, seq, -1};
  if (p->state == ACS__P_ZOMBIE) acs__proc_notify(&K, p);
  return true;
}

static bool owner_kill(acs__rd *rd, uint32_t seq)
{
  int32_t pid, sig;
  if (!acs__rd_i32(rd, &pid) || !acs__rd_i32(rd, &sig) || !acs__rd_done(rd)) return false;
  int64_t r = -ESRCH;
  if (sig < 0 || sig > 64) r = -EINVAL;
  else
    for (int i = 2; i < K.nprocs; i++) {
      acs__proc *p = &K.procs[i];
      if (p->state == ACS__P_FREE || (pid != -1 && p->pid != pid)) continue;
      r = 0;
      acs__proc_signal(&K, p, sig);
    }
  acs__kernel_reply(&K, K.owner, seq, r);
  return true;
}

static void owner_message(void)
{
  int fds[ACS__SYS_MAX_FDS], nfds = 0;
  ssize_t n = acs__msg_recv(K.owner, K.rbuf, ACS__SYS_MAX_MSG, fds, &nfds);
  if (n == 0 || (n < 0 && n != -EMSGSIZE && n != -EAGAIN)) {
    K.stopping = true; /* the owner is gone: the box ends */
    return;
  }
  if (n < 0) return;
  acs__sys_hdr h;
  acs__rd rd;
  bool ok = acs__msg_parse(K.rbuf, (size_t)n, &h, &rd);
  if (ok) {
    switch (h.op) {
    case ACS__BOX_SPAWN: ok = owner_spawn(&rd, h.seq, fds, nfds); nfds = 0; break;
    case ACS__BOX_WAIT: ok = owner_wait(&rd, h.seq); break;
    case ACS__BOX_KILL: ok = owner_kill(&rd, h.seq); break;
    case ACS__BOX_CONNECT:
    case ACS__BOX_EXPOSE:
    case ACS__BOX_PORTS:
    case ACS__BOX_PORT_WAIT: ok = acs__net_owner(&K, &h, &rd, fds, nfds); nfds = 0; break;
    case ACS__BOX_TTY_OPEN:
    case ACS__BOX_TTY_RESIZE:
    case ACS__BOX_TTY_SIGNAL:
    case ACS__BOX_SPAWN_EX:
    case ACS__BOX_KILLPG:
    case ACS__BOX_TTY_CLOSE: ok = acs__ktty_owner(&K, &h, &rd, fds, nfds); nfds = 0; break;

    case ACS__BOX_WAITFD:
    case ACS__BOX_SNAPSHOT:
    case ACS__BOX_RESTORE:
    case ACS__BOX_MOUNT:
    case ACS__BOX_CMD_CHANNEL: ok = acs__kernel_owner_more(&K, &owner_p, &h, &rd, fds, nfds); nfds = 0; break;
    default: ok = acs__kernel_call(&K, &owner_p, K.owner, &h, &rd, fds, nfds); nfds = 0;
    }
  }
  for (int i = 0; i < nfds; i++) close(fds[i]);
  /* the owner is trusted, but a malformed request still gets an answer */
  if (!ok) acs__kernel_reply(&K, K.owner, h.seq, -EPROTO);
}

/* After answering a guest, wait awake a while for the next call before
** sleeping in poll (src/sys/spin.h says why): a program's calls come in
** runs, a few microseconds apart. */
typedef struct {
  acs__spin s;
  bool active; /* the last round answered a guest */
} kernel_spin;

/* Calls posted in shared call areas (kshm.c) are looked for between
** polls, which cost far more (a system call over every channel): a poll
** at most every POLL_EVERY_NS while calls come that way, so that the
** channels, the owner and the exits are never starved. 0 is returned for
** "calls are posted" (and nothing polled). */
enum { POLL_EVERY_NS = 20000 };

static int await_events(struct pollfd *pf, int n, int wait_ms, kernel_spin *ks)
{
  static int64_t last_poll;
  int64_t now = acs__mono_ns();
  if (acs__kshm_posted(&K)) {
    if (now - last_poll < POLL_EVERY_NS) return 0;
    last_poll = now;
    return poll(pf, (nfds_t)n, 0);
  }
  int64_t budget = ks->active && wait_ms != 0 ? acs__spin_budget(&ks->s) : 0;
  if (budget) {
    int64_t end = now + budget;
    do {
      if (acs__kshm_posted(&K)) {
        acs__spin_result(&ks->s, true);
        return 0;
      }
      if (now - last_poll >= POLL_EVERY_NS / 4) {
        int r = poll(pf, (nfds_t)n, 0);
        last_poll = now;
        if (r != 0) {
          acs__spin_result(&ks->s, r > 0);
          return r;
        }
      }
      acs__spin_relax();
    } while ((now = acs__mono_ns()) < end);
    acs__spin_result(&ks->s, false);
  }
  /* asleep: a guest posting a call rings its channel (shmcall.h) */
  acs__kshm_sleeping(&K, true);
  if (acs__kshm_posted(&K)) {
    acs__kshm_sleeping(&K, false);
    return 0;
  }
  int r = poll(pf, (nfds_t)n, wait_ms);
  last_poll = acs__mono_ns();
  acs__kshm_sleeping(&K, false);
  return r;
}

static void proc_message(acs__proc *p)
{
  int fds[ACS__SYS_MAX_FDS], nfds = 0;
  /* never wait here: nothing queued (a stale poll result) is no message */
  if (recv(p->sock, K.rbuf, 0, MSG_PEEK | MSG_DONTWAIT) < 0) return;
  ssize_t n = acs__msg_recv(p->sock, K.rbuf, ACS__SYS_MAX_MSG, fds, &nfds);
  if (n == -EAGAIN) return;
  if (n <= 0) {
    /* its channel closed: it exited (collected by SIGCHLD) or broke it */
    for (int i = 0; i < nfds; i++) close(fds[i]);
    if (n < 0) acs__proc_drop(&K, p, "unreadable message");
    else if (p->sock >= 0) {
      acs__kshm_drop(&K, p);
      close(p->sock);
      p->sock = -1;
    }
    return;
  }
  for (int i = 0; i < nfds; i++) close(fds[i]);
  if (!acs__kernel_guest_call(&K, p, K.rbuf, (size_t)n, nfds))
    acs__proc_drop(&K, p, "malformed message"); /* it ends, never the kernel */
}

/* Every host process that is our child now: the zygote, and guests
** (reparented to us) whose host pid the table may not know yet (a spawn
** the zygote reported after the owner left). */
static void kill_children(void)
{
  char path[64];
  snprintf(path, sizeof path, "/proc/self/task/%d/children", (int)getpid());
  FILE *f = fopen(path, "re");
  if (!f) return;
  int pid;
  while (fscanf(f, "%d", &pid) == 1)
    if (pid > 0) kill(pid, SIGKILL);
  fclose(f);
}

static _Noreturn void shutdown_box(void)
{
  acs__proc_zygote_msg(&K, K.zygote); /* host pids of spawns still being reported */
  if (K.slim >= 0) acs__proc_zygote_msg(&K, K.slim);
  acs__proc_kill_all(&K, SIGKILL);
  if (K.zygote_pid > 0) kill(K.zygote_pid, SIGKILL);
  if (K.slim_pid > 0) kill(K.slim_pid, SIGKILL);
  kill_children();
  /* reap everything: guests are our children (we are their subreaper) */
  for (;;) {
    pid_t h = waitpid(-1, NULL, 0);
    if (h < 0 && errno == EINTR) continue;
    if (h < 0) break;
    kill_children();
  }
  _exit(0);
}

_Noreturn void acs__kernel_main(int sock, const acs__kernel_opts *o)
{
  if (acs__kernel_init(&K, o, sock)) die("out of memory");
  /* nothing of the caller's but the owner socket and stderr */
  signal(SIGPIPE, SIG_IGN);
  signal(SIGINT, SIG_IGN);
  signal(SIGHUP, SIG_IGN);
  int keep = sock;
  if (keep != 3) {
    if (dup3(sock, 3, O_CLOEXEC) < 0) die("dup");
    close(sock);
    K.owner = sock = 3;
  }
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null >= 0) {
    dup3(null, 0, O_CLOEXEC);
    dup3(null, 1, O_CLOEXEC);
    if (null > 3) close(null);
  }
  if (syscall(SYS_close_range, 4, ~0u, 0) != 0)
    for (int fd = 4; fd < 4096; fd++) close(fd);
  /* every guest is reparented to us: we reap them and see their status */
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) die("PR_SET_CHILD_SUBREAPER");

  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  K.sigchld_fd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
  if (K.sigchld_fd < 0) die("signalfd");

  /* the zygote before the tree: no guest ever holds the box's files */
  if (acs__kernel_zygote_start(&K)) die("the zygote could not be forked");
  if (acs__kernel_zygote_slim_start(&K)) K.slim = -1; /* optional: the box's zygote runs all */
  const char *why = acs__kernel_boot_fs(&K, &owner_p);
  if (why) die(why);

  /* tell the owner we are ready */
  acs__kernel_reply(&K, K.owner, 0, 0);

  enum { FIXED = 5 + (int)(sizeof K.exposed / sizeof *K.exposed) + ACS__KPKG_MAX + ACS__KTTY_POLL };
  struct pollfd *pf = calloc((size_t)K.nprocs + FIXED, sizeof *pf);
  int32_t *who = calloc((size_t)K.nprocs + FIXED, sizeof *who);
  /* which life of the slot was polled: a process that ended in this round
  ** and a new one in its slot (a fork bomb cycles pids fast) can even have
  ** the same socket number, and a blocking read of the new one's would
  ** hang the kernel */
  uint64_t *life = calloc((size_t)K.nprocs + FIXED, sizeof *life);
  if (!pf || !who || !life) die("out of memory");
  kernel_spin spin = {.s = ACS__SPIN_INIT, .active = false};
  while (!K.stopping) {
    int n = 0;
    pf[n++] = (struct pollfd){.fd = K.owner, .events = POLLIN};
    pf[n++] = (struct pollfd){.fd = K.sigchld_fd, .events = POLLIN};
    pf[n++] = (struct pollfd){.fd = K.zygote, .events = POLLIN};
    int slim_at = -1;
    if (K.slim >= 0) {
      slim_at = n;
      pf[n++] = (struct pollfd){.fd = K.slim, .events = POLLIN};
    }
    int nexp = K.nexposed;
    int dial_at = -1;
    if (K.dial_done[0] >= 0) {
      dial_at = n;
      pf[n++] = (struct pollfd){.fd = K.dial_done[0], .events = POLLIN};
    }
    int exp0 = n;
    for (int i = 0; i < nexp; i++) pf[n++] = (struct pollfd){.fd = K.exposed[i].fd, .events = POLLIN};
    int pkg0 = n; /* npm's host-side workers (pkgcall.c) */
    n += acs__kpkg_poll(&K, pf + n);
    int tty0 = n; /* the terminals' relays (tty.c) */
    n += acs__ktty_poll(&K, pf + n);
    int first_proc = n;
    for (int i = 2; i < K.nprocs; i++)
      if (K.procs[i].state != ACS__P_FREE && K.procs[i].sock >= 0 && !K.procs[i].waiting &&
          !K.procs[i].dialing && !K.procs[i].fifo_wait) {
        who[n] = i;
        life[n] = K.procs[i].serial;
        pf[n++] = (struct pollfd){.fd = K.procs[i].sock, .events = POLLIN};
      }
    int wait_ms = acs__kpkg_busy() ? 0 : acs__net_poll_ms(&K), mem_ms = acs__kernel_memwatch_ms(&K);
    if (mem_ms >= 0 && (wait_ms < 0 || mem_ms < wait_ms)) wait_ms = mem_ms;
    int r = await_events(pf, n, wait_ms, &spin);
    if (r < 0) {
      if (errno == EINTR) continue;
      die("poll");
    }
    if (pf[1].revents) {
      struct signalfd_siginfo si;
      while (read(K.sigchld_fd, &si, sizeof si) == (ssize_t)sizeof si) {}
      acs__proc_reap(&K);
    }
    if (pf[2].revents) acs__proc_zygote_msg(&K, K.zygote);
    if (slim_at >= 0 && pf[slim_at].revents) acs__proc_zygote_msg(&K, K.slim);
    for (int i = 0; i < nexp; i++)
      if (pf[exp0 + i].revents) acs__net_accept_exposed(&K, i);
    if (dial_at >= 0 && pf[dial_at].revents) acs__net_dialed(&K);
    acs__net_expire(&K);
    for (int i = pkg0; i < tty0; i++)
      if (pf[i].revents) acs__kpkg_event(&K, pf[i].fd);
    acs__ktty_event(&K, pf + tty0, first_proc - tty0);
    acs__kpkg_work(&K);
    spin.active = false;
    for (int i = first_proc; i < n; i++) {
      acs__proc *p = &K.procs[who[i]];
      if (pf[i].revents && p->sock == pf[i].fd && p->serial == life[i]) {
        proc_message(p);
        spin.active = true;
      }
    }
    if (acs__kshm_serve(&K)) spin.active = true;
    if (pf[0].revents) {
      owner_message();
      spin.active = true;
    }
    acs__kernel_memwatch(&K);
  }
  shutdown_box();
}
