/* kernel.h - the box's kernel: one process per box that owns the box's
** state (memfs, the process table, descriptors) and answers the calls of
** its guest processes and of its owner (the host API). It runs no guest
** code: guest processes are forked by the box's zygote (zygote.c) and
** talk to the kernel only through their channel (src/sys/proto.h).
** Internal to the kernel's files. */
#ifndef ACS_KERNEL_H
#define ACS_KERNEL_H

#include "../sys/proto.h"
#include "memfs.h"

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#define ACS__K_MAX_FDS 1024 /* descriptors per process */

/* How a box is made; copied into the kernel at its start. */
typedef struct acs__kernel_opts {
  char hostname[65];
  uint64_t max_fs_bytes;  /* memfs byte cap (0: 256 MiB) */
  uint64_t max_memory;    /* guest processes' private memory plus memfs bytes (0: none) */
  uint64_t max_inodes;    /* 0: 1 << 20 */
  int max_procs;          /* live processes (0: 256) */
  /* Outbound network (net.c). Off when neither is set. any_public: every
  ** public host by name; policy: exec's allowlist (names, and the address
  ** entries that let special addresses through). Both borrowed from the
  ** owner, whose memory the forked kernel has. */
  bool any_public;
  const struct acs__hosts *policy;
  const char *const *resolve;  /* "host:port:address" pins, as curl's --resolve */
  size_t resolve_count;
  /* the operator's HTTP proxy for outbound connections (net_proxy.c), as
  ** exec takes it: HTTP(S)_PROXY and NO_PROXY with ACS_GUEST_PROXY=1 */
  const char *http_proxy, *https_proxy, *no_proxy;
  /* what npm may install (pkgcall.c): none, or these entries (0: any);
  ** the caller's memory, valid in the kernel since it is a fork */
  bool no_packages;
  char **allowed_packages;
  size_t allowed_package_count;
} acs__kernel_opts;

/* A CONNECT tunnel to host:port through the http:// proxy URL: the
** connected socket (the tunnel, nothing of the proxy's answer left in it),
** or -errno with why filled; sk gets the addresses. net_proxy.c. */
struct acs__ksock;
int acs__proxy_tunnel(const char *proxy, const char *host, uint16_t port, int timeout_ms, char *why,
                      size_t why_len, struct acs__ksock *sk);

typedef struct acs__pfile acs__pfile; /* an open /proc file (procfs.c) */
typedef struct acs__hfile acs__hfile; /* an open file of a host mount (hostfs.c) */
typedef struct acs__klisten acs__klisten; /* a listening socket (net.c) */
typedef struct acs__ktty acs__ktty; /* a terminal of the box (tty.c) */

/* The addresses of a connected socket as its process sees them
** (getsockname/getpeername): the kernel made the connection, so it says. */
typedef struct acs__ksock {
  char local[48], peer[48];
  uint16_t lport, pport;
} acs__ksock;

/* An open file description: one memfs file, one host fd (a stdio pipe
** of the host's) or one /proc file, shared by the descriptors that dup or
** inherit it. */
typedef struct acs__kfifo acs__kfifo; /* fifo.c */

typedef struct acs__kfile {
  int refs;
  acs_memfs_file *mf; /* or NULL */
  int host_fd;        /* or -1 */
  acs__pfile *pf;     /* or NULL */
  acs__klisten *ls;   /* a listener (host_fd is its eventfd), or NULL */
  acs__ksock *sk;     /* a connected socket's addresses (host_fd is it), or NULL */
  bool device_read_eof; /* kind of device: see calls.c */
  acs__ktty *tty;     /* the box's terminal (host_fd is its slave), or NULL */
  acs__hfile *hf;     /* a file of a host mount, served by the kernel, or NULL */
  char *path;         /* the box path it was opened by (/proc/PID/fd), or NULL */
  acs__kfifo *fifo;   /* a named pipe's end (host_fd is it), or NULL */
  int fifo_acc;       /* and its O_ACCMODE */
} acs__kfile;

/* A descriptor the guest process holds itself (a pipe, a socket, a
** terminal): host_fd travels to it. Never a file of memfs, /proc or a
** mount, which the kernel serves. */
static inline bool acs__kfile_direct(const acs__kfile *f)
{
  return f && !f->mf && !f->pf && !f->hf && f->host_fd >= 0;
}

typedef struct acs__kfd {
  acs__kfile *f;
  bool cloexec;
} acs__kfd;

enum { ACS__P_FREE, ACS__P_STARTING, ACS__P_RUNNING, ACS__P_ZOMBIE };

typedef struct acs__proc {
  int state;
  int32_t pid, ppid, pgid, sid;
  pid_t host_pid;        /* 0 until the zygote says */
  bool via_slim;         /* its spawn went to the slim zygote */
  uint64_t pending_sigs; /* sent before its HELLO: delivered after it */
  bool said_hello;       /* it runs as the kernel's child (HELLO came) */
  int sock;              /* the kernel's end of its channel, or -1 */
  uint32_t uid, gid, euid, egid;
  uint32_t groups[8];
  uint32_t ngroups;
  uint32_t umask;
  uint32_t nofile, nofile_max; /* RLIMIT_NOFILE: fds from nofile on are refused */
  acs_memfs_inode *cwd;  /* a reference */
  char *cwd_path;        /* the cwd's box path when it lies in a host mount
                            (cwd is then the mount point), else NULL */
  acs__kfd *fds;         /* ACS__K_MAX_FDS entries, allocated with the process */
  char program[64];
  char **argv, **envp;   /* until HELLO hands them over, then kept for ps */
  char **shown;          /* what ps and /proc show, when the program runs under
                            another (a WASI module under wasi), else NULL */
  int exit_status;       /* a wait(2) status once a zombie */
  struct timespec start, start_real; /* spawned at (monotonic, wall clock) */
  bool host_child;       /* spawned by the owner: the owner waits for it */
  /* a WAIT call parked until a child changes state */
  bool waiting;
  bool dialing;          /* a CONNECT out of the box is in progress */
  acs__kfifo *fifo_wait; /* an OPEN of a fifo waiting for its other side (fifo.c) */
  int fifo_flags, fifo_fd;
  uint32_t fifo_seq;
  uint64_t serial;       /* which life of the slot (a reused pid is another) */
  uint32_t wait_seq;
  int32_t wait_pid;
  int wait_options;
  int stop_report;       /* a stop (wait status) not yet told to WUNTRACED, or 0 */
  bool cont_report;      /* a continue not yet told to WCONTINUED */
  bool stopped_now;      /* its last state change was a stop */
  bool memory_killed;    /* ended by the box's memory limit (memwatch.c) */
  bool quiet_stop;       /* an exec's new program takes over a stop already told: its own
                            stop is not told again */
  /* SPAWN_PGRP (tty.c): its spawns go into one new group, the foreground */
  bool spawn_pg;
  int32_t spawn_pgid, spawn_tty_fd;
  /* the shared call area (kshm.c), or NULL: calls posted there */
  struct acs__shmcall *shm;
  uint32_t shm_seen;     /* the last call taken from it */
  uint32_t shm_seq;      /* the call taken that is still to be answered there */
  bool shm_due;          /* shm_seq's answer goes to the area */
} acs__proc;

typedef struct acs__kernel acs__kernel;
void acs__proc_deliver_pending(acs__proc *p);
/* sig to p now, or once it said HELLO (0: nothing, as kill(pid, 0)) */
void acs__proc_signal(acs__kernel *k, acs__proc *p, int sig);

typedef struct acs__kernel {
  acs__kernel_opts o;
  acs_memfs *fs;
  acs__proc *procs;      /* index = pid; [0] unused, [1] is init (the kernel) */
  int nprocs;            /* slots */
  int live;              /* processes not free (init excluded) */
  int32_t next_pid;
  int owner;             /* the owner's socket */
  int zygote;            /* the socket to the zygote */
  pid_t zygote_pid;
  acs__kfifo *fifos;     /* the named pipes open now (fifo.c) */
  int slim;              /* the slim zygote's socket, -1 when there is none */
  pid_t slim_pid;
  bool slim_ready;       /* it said so: spawns of its programs go to it */
  /* its spare, the kernel's to hand a spawn (spare.c) */
  struct spare { int sock; pid_t pid; } spares[2]; /* order socket, host pid */
  int nspares;
  bool spare_coming;     /* the zygote is making one for us */
  bool spare_wanted;     /* ask for one when a program of it ends */
  struct spare_wait { int32_t pid; int chan; } spare_q[16]; /* spawns waiting for one */
  int nspare_q;
  /* exits of host children no process had yet: a process forked ahead
  ** (a prepared zygote's spare) can end before its pid is reported */
  struct early_exit { pid_t host; int status; double ms; } early[8];
  int nearly;
  pid_t *dying;          /* host pids of processes that said they end, not yet reaped */
  int ndying, dying_cap;
  int sigchld_fd;        /* signalfd */
  unsigned char *rbuf, *sbuf;
  /* owner WAIT calls parked until the process exits */
  struct owner_wait { int32_t pid; uint32_t seq; int fd; } waits[64]; /* fd >= 0: WAITFD's pipe */
  int nwaits;
  bool stopping;
  /* the network (net.c): listeners by port, host TCP listeners whose
  ** connections go to a box port, owner calls waiting for a listener */
  acs__klisten *listeners;
  uint16_t next_port;
  struct exposed { int fd; uint16_t port; } exposed[16];
  int nexposed;
  struct port_wait { uint16_t port; uint32_t seq; struct timespec until; } pwaits[32];
  int npwaits;
  int dial_done[2];      /* outbound connects finished by their threads (a pipe) */
  int ndials;
  struct timespec boot, boot_real; /* the box's start (monotonic, wall clock) */
  acs__ktty *ttys;       /* the box's terminals (tty.c), or NULL */
  struct hostfs *hostfs; /* the host mounts (hostfs.c), or NULL */
  struct timespec mem_sampled; /* the memory limit's last look (memwatch.c) */
  int32_t *shm_pids;     /* processes with a shared call area (kshm.c) */
  int nshm;
  int32_t *shm_by_sock;  /* channel socket -> pid, for the answers' way */
  int shm_socks;
} acs__kernel;

/* The kernel's main: never returns. sock is its end of the owner's
** socketpair. */
_Noreturn void acs__kernel_main(int sock, const acs__kernel_opts *o);

/* kstart.c: a kernel's tables made (0, or -1 out of memory), and its
** filesystem booted with the owner's pseudo-process (NULL, or what
** failed). The zygote, signals and descriptors are acs__kernel_main's. */
int acs__kernel_init(acs__kernel *k, const acs__kernel_opts *o, int owner_sock);
const char *acs__kernel_boot_fs(acs__kernel *k, acs__proc *owner);
/* Everything a kernel made freed, the owner's pseudo-process with it. A
** box's kernel exits instead; the fuzzer makes thousands in one process
** and so sees a descriptor or a file description the kernel lost. */
void acs__kernel_free(acs__kernel *k, acs__proc *owner);

/* owner_more.c: the owner's ops 120-139 (the container API); owner is
** the owner's pseudo-process. Returns false for a malformed request. */
bool acs__kernel_owner_more(acs__kernel *k, acs__proc *owner, const acs__sys_hdr *h, acs__rd *rd,
                            int *fds, int nfds);
/* owner_more.c: a guest's HOSTCMD (a command the host defined): false for
** a malformed request. */
bool acs__kernel_hostcmd(acs__kernel *k, acs__proc *p, const acs__sys_hdr *h, acs__rd *rd);
/* snapshot.c: the whole filesystem as a snapshot in file fd (returns its
** size or -errno); and the filesystem made anew from one (0, or -errno
** with why[] saying what is wrong with it). */
int64_t acs__snapshot_write(acs__kernel *k, int fd);
int acs__snapshot_restore(acs__kernel *k, acs__proc *owner, int fd, char *why, size_t whycap);

/* boot.c: lay out the FHS tree in a fresh memfs. */
int acs__kernel_boot(acs__kernel *k);
/* boot_python.c: Python's files, when `make python` built them (a box
** without them has no python3: 0 all the same). */
int acs__kernel_boot_python(acs__kernel *k);

/* The credentials a process acts with. */
acs_memfs_cred acs__kernel_cred(const acs__proc *p);

/* proc.c */
acs__proc *acs__proc_get(acs__kernel *k, int32_t pid); /* live or zombie, else NULL */
acs__kfile *acs__kfile_new(acs_memfs_file *mf, int host_fd);
void acs__kfile_put(acs__kernel *k, acs__kfile *f);
int acs__proc_fd_alloc(acs__proc *p, int from); /* lowest free >= from, or -EMFILE */
void acs__proc_fd_close(acs__kernel *k, acs__proc *p, int fd);
/* Spawn path for parent (NULL: the owner) with argv/envp; the child's
** descriptors are `fds` (ACS__K_MAX_FDS entries, references taken here).
** Returns the pid or -errno. */
int32_t acs__proc_spawn(acs__kernel *k, acs__proc *parent, const char *path,
                        char **argv, char **envp, const acs__kfd *fds, const char *cwd,
                        uint32_t uid, uint32_t gid);
/* execve(2) for p: the program path runs in p's place, under p's pid,
** parent, groups, ids, cwd and umask, with the descriptors `fds` (as
** acs__proc_spawn's); p's host process is killed and nothing of its end
** is reported. Returns 0, or -errno with p untouched (a missing program,
** no permission, ENOEXEC for a file that is not a program). */
int acs__proc_exec(acs__kernel *k, acs__proc *p, const char *path, char **argv, char **envp,
                   const acs__kfd *fds);
void acs__proc_reap(acs__kernel *k);       /* SIGCHLD: collect host exits */
void acs__proc_zygote_msg(acs__kernel *k, int zsock); /* a zygote reported a host pid */
void acs__proc_fail_starting(acs__kernel *k);
/* p said it ends with code (EXITING): it is done for the box now */
void acs__proc_exiting(acs__kernel *k, acs__proc *p, int32_t code); /* the slim zygote died: its spawns failed */
/* the zygote's order for p's process (its channel chan) on zsock */
int acs__proc_order(acs__kernel *k, acs__proc *p, int chan, int zsock);
/* p's host process is host (its zygote said so, or it was the kernel's spare) */
void acs__proc_started(acs__kernel *k, acs__proc *p, pid_t host);
/* spare.c: the slim zygote's spare, held by the kernel. take: p's spawn
** is handed to it, or waits for the one coming (false: order the zygote);
** arrived: the zygote sent one (sock -1: it could make none); ended: a program of the slim zygote ended
** (the quiet moment to ask for the next); zygote_gone: drop it. */
bool acs__spare_take(acs__kernel *k, acs__proc *p, int chan);
void acs__spare_arrived(acs__kernel *k, int sock, pid_t host);
void acs__spare_ended(acs__kernel *k);
void acs__spare_zygote_gone(acs__kernel *k);
void acs__proc_kill_all(acs__kernel *k, int sig);
/* Every process's slot freed: descriptors closed, channels closed, no
** signal sent (acs__kernel_free's). */
void acs__proc_free_all(acs__kernel *k);
/* A process's state changed: answer parked WAITs it satisfies. */
void acs__proc_notify(acs__kernel *k, acs__proc *child);
/* The process sent something malformed or its channel closed. */
void acs__proc_drop(acs__kernel *k, acs__proc *p, const char *why);
int acs__proc_wait(acs__kernel *k, acs__proc *p, int32_t pid, int options, int32_t *got,
                   int *status);

/* calls.c: one message from process p (or from the owner when p is the
** owner's pseudo-process). Returns false when the message was malformed:
** the caller then ends the sender. */
bool acs__kernel_call(acs__kernel *k, acs__proc *p, int sock, const acs__sys_hdr *h,
                      acs__rd *rd, int *fds, int nfds);
/* A write to descriptor fd of p done by the kernel itself (a message on
** its stderr for a program that could not start): as p's WRITE, never
** waiting. Returns bytes written or -errno. */
int64_t acs__kernel_write_fd(acs__kernel *k, acs__proc *p, int fd, const void *data, size_t n);

/* calls.c: one datagram (n bytes, nfds descriptors came with it, already
** closed) from guest process p on its channel. False when it was
** malformed or hostile (descriptors, an owner's op): the caller then ends
** the sender, never the kernel. */
bool acs__kernel_guest_call(acs__kernel *k, acs__proc *p, const void *buf, size_t n, int nfds);
/* Send a reply with result r and no fields. */
void acs__kernel_reply(acs__kernel *k, int sock, uint32_t seq, int64_t r);

/* net.c: the box's network (docs/box-net.md). */
bool acs__net_call(acs__kernel *k, acs__proc *p, int sock, const acs__sys_hdr *h, acs__rd *rd);
bool acs__net_owner(acs__kernel *k, const acs__sys_hdr *h, acs__rd *rd, int *fds, int nfds);
void acs__net_unlisten(acs__kernel *k, acs__klisten *l);
void acs__net_accept_exposed(acs__kernel *k, int i); /* exposed[i] is readable */
int acs__net_poll_ms(acs__kernel *k);   /* until the next port wait expires; -1 none */
void acs__net_expire(acs__kernel *k);   /* answer port waits whose time is up */
void acs__net_dialed(acs__kernel *k);   /* dial_done[0] is readable */
/* net_lookup.c: host's addresses in the box's /etc/hosts (family 0, 4 or
** 6), IPv6 first, at most max; 0 when it has none. */
#define ACS__NET_MAX_ADDRS 32
typedef struct acs__naddr {
  char address[48];
  int family; /* 4 or 6 */
} acs__naddr;
int acs__net_hosts_lookup(acs__kernel *k, const char *name, int family, acs__naddr *out, int max);
/* pkgcall.c: PKG_INSTALL and PKG_RESULT (false: malformed); the workers'
** pipes to poll (at most ACS__KPKG_MAX, into pf; returns how many) and
** one of them readable. */
#define ACS__KPKG_MAX 8
struct pollfd;
bool acs__kpkg_call(acs__kernel *k, acs__proc *p, int sock, const acs__sys_hdr *h, acs__rd *rd);
int acs__kpkg_poll(acs__kernel *k, struct pollfd *pf);
void acs__kpkg_event(acs__kernel *k, int fd);
/* Packages still being copied in (a slice per turn of the loop, which
** then must not sleep in poll), and the next slice. */
bool acs__kpkg_busy(void);
void acs__kpkg_work(acs__kernel *k);

/* tty.c: sessions, process groups and terminals (docs/box-tty.md). The
** guest calls 64-79 and the owner's 140-149 (false: malformed); the
** terminals' relay descriptors to poll (at most ACS__KTTY_POLL, into pf;
** returns how many) and the events on them. */
#define ACS__KTTY_POLL 16
bool acs__ktty_call(acs__kernel *k, acs__proc *p, int sock, const acs__sys_hdr *h, acs__rd *rd);
bool acs__ktty_owner(acs__kernel *k, const acs__sys_hdr *h, acs__rd *rd, int *fds, int nfds);
int acs__ktty_poll(acs__kernel *k, struct pollfd *pf);
void acs__ktty_event(acs__kernel *k, const struct pollfd *pf, int n);
void acs__ktty_put(acs__kernel *k, acs__ktty *t); /* a descriptor of it closed */
/* An open of /dev/tty into box fd nfd: the terminal of p's session, handed
** to p as a direct descriptor; ENXIO when its session has none (Linux's). */
void acs__ktty_open(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, int nfd, int flags);
void acs__ktty_spawned(acs__kernel *k, acs__proc *parent, int32_t child); /* SPAWN_PGRP's part */

/* memwatch.c: the memory limit's look at the box, when it is due; and
** the poll timeout until the next one (-1: none due). */
void acs__kernel_memwatch(acs__kernel *k);
int acs__kernel_memwatch_ms(const acs__kernel *k);

/* fifo.c: an OPEN of a memfs fifo (mf, owned), answered now or when its
** other side opens; a fifo end's last close; a process that ends while
** its open waits. */
void acs__fifo_open(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, acs_memfs_file *mf, int flags);
void acs__fifo_closed(acs__kernel *k, acs__kfile *kf);
void acs__fifo_forget(acs__kernel *k, acs__proc *p);
/* sig was sent to p: an open of p's that waits is answered -EINTR, sig */
void acs__fifo_interrupt(acs__kernel *k, acs__proc *p, int sig);

/* kshm.c: the shared call areas (src/sys/shmcall.h). give answers a
** SHMCALL; drop unmaps p's (before its channel closes or is replaced);
** posted says whether a call waits in one; serve takes and runs them
** (true when it ran one); sleeping marks every area's kernel asleep (or
** awake again) before (after) a poll that may sleep. */
void acs__kshm_give(acs__kernel *k, acs__proc *p, int sock, uint32_t seq);
void acs__kshm_drop(acs__kernel *k, acs__proc *p);
bool acs__kshm_posted(const acs__kernel *k);
bool acs__kshm_serve(acs__kernel *k);
void acs__kshm_sleeping(acs__kernel *k, bool asleep);
/* Where to make the answer to the call p is serving from its area (*cap
** set to its size), or NULL when the call came another way. */
unsigned char *acs__kshm_answer_buf(acs__proc *p, size_t *cap);

/* zygote.c: fork the box's zygote (before the tree holds anything). */
int acs__kernel_zygote_start(acs__kernel *k);
/* and the slim zygote (exec'd: no engine libraries), when its binary exists */
int acs__kernel_zygote_slim_start(acs__kernel *k);
/* the slim zygote's process after its exec (src/zygote/main.c) */
_Noreturn void acs__zygote_exec_main(void);

#endif
