/* proto.h - the box's system call protocol: the messages a guest process
** (and the host side of a box) exchanges with the box's kernel over a
** SOCK_SEQPACKET socket, one datagram per message (docs/box-protocol.md).
**
** A message is a fixed header and a payload of fields, each field a u32,
** an i32, an i64, or a byte string (u32 length, then the bytes). Strings
** the kernel treats as paths carry no NUL and are at most 4095 bytes. The
** reader checks every length against what is left of the datagram: a
** message that does not parse is the sender's fault, never the reader's.
** File descriptors ride along as SCM_RIGHTS (at most ACS__SYS_MAX_FDS). */
#ifndef ACS_SYS_PROTO_H
#define ACS_SYS_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>
#include <sys/types.h>

#define ACS__SYS_MAGIC 0x4143u   /* "AC" */
#define ACS__SYS_VERSION 1u
/* A datagram, header included. A SOCK_SEQPACKET datagram must fit the
** socket's send buffer, which an unprivileged process cannot raise past
** net.core.wmem_max (212992 on Debian): stay well under it. */
#define ACS__SYS_MAX_MSG (160u << 10)
#define ACS__SYS_MAX_DATA (128u << 10) /* bytes of one read or write */
/* fds on one message: a process's direct descriptors all come with its
** HELLO, so a spawn whose child would have more is refused (EMFILE) */
#define ACS__SYS_MAX_FDS 64
#define ACS__SYS_MAX_STR 4095
#define ACS__SYS_MAX_ARGS 4096 /* argv or envp items of a spawn */

/* The calls. Numbers are the wire's: never reuse one. */
enum {
  ACS__SYS_REPLY = 0, /* the kernel's answer: i64 result, then fields */
  ACS__SYS_OPEN = 1,     /* i32 at, str path, i32 flags, u32 mode -> fd */
  ACS__SYS_CLOSE = 2,    /* i32 fd */
  ACS__SYS_READ = 3,     /* i32 fd, u32 count -> bytes */
  ACS__SYS_WRITE = 4,    /* i32 fd, bytes -> count */
  ACS__SYS_PREAD = 5,    /* i32 fd, u32 count, i64 off -> bytes */
  ACS__SYS_PWRITE = 6,   /* i32 fd, bytes, i64 off -> count */
  ACS__SYS_LSEEK = 7,    /* i32 fd, i64 off, i32 whence -> offset */
  ACS__SYS_STAT = 8,     /* i32 at, str path, i32 flags -> stat */
  ACS__SYS_FSTAT = 9,    /* i32 fd -> stat */
  ACS__SYS_ACCESS = 10,  /* i32 at, str path, i32 mode, i32 flags */
  ACS__SYS_GETDENTS = 11,/* i32 fd, u32 max bytes -> entries */
  ACS__SYS_MKDIR = 12,   /* i32 at, str path, u32 mode */
  ACS__SYS_UNLINK = 13,  /* i32 at, str path, i32 flags (AT_REMOVEDIR) */
  ACS__SYS_RENAME = 14,  /* i32 at1, str from, i32 at2, str to, u32 flags */
  ACS__SYS_LINK = 15,    /* i32 at1, str from, i32 at2, str to, i32 flags */
  ACS__SYS_SYMLINK = 16, /* str target, i32 at, str path */
  ACS__SYS_READLINK = 17,/* i32 at, str path -> bytes */
  ACS__SYS_REALPATH = 18,/* i32 at, str path -> str */
  ACS__SYS_CHMOD = 19,   /* i32 at, str path, u32 mode, i32 flags */
  ACS__SYS_CHOWN = 20,   /* i32 at, str path, u32 uid, u32 gid, i32 flags */
  ACS__SYS_UTIMENS = 21, /* i32 at, str path, i64 as, i64 ans, i64 ms, i64 mns, i32 flags */
  ACS__SYS_TRUNCATE = 22,/* i32 at, str path, i64 length */
  ACS__SYS_FTRUNCATE = 23,/* i32 fd, i64 length */
  ACS__SYS_CHDIR = 24,   /* str path */
  ACS__SYS_GETCWD = 25,  /* -> str */
  ACS__SYS_UMASK = 26,   /* u32 mask -> the old mask */
  ACS__SYS_DUP = 27,     /* i32 fd [, i32 lowest, i32 cloexec: fcntl's F_DUPFD] -> fd (a direct
                          ** fd comes along as SCM_RIGHTS) */
  ACS__SYS_DUP2 = 28,    /* i32 old, i32 new -> new (likewise) */
  ACS__SYS_SPAWN = 29,   /* str path, u32 argc, str..., u32 envc, str...,
                            u32 nfd, (i32 child fd, i32 parent fd)... -> pid */
  ACS__SYS_WAIT = 30,    /* i32 pid, i32 options -> i32 pid, i32 status */
  ACS__SYS_KILL = 31,    /* i32 pid, i32 sig */
  ACS__SYS_GETIDS = 32,  /* -> i32 pid, ppid, pgid, sid; u32 uid, gid, euid, egid */
  ACS__SYS_FCNTL = 33,   /* i32 fd, i32 cmd, i32 arg -> value */
  ACS__SYS_HELLO = 34,   /* the first call of a process -> its start record */
  ACS__SYS_PIPE = 35,    /* i32 flags (O_CLOEXEC) -> i32 rfd, i32 wfd; both ends as SCM_RIGHTS */
  /* A whole small file in one round trip (what readFile/writeFile do in
  ** three or four calls): open, read or write, close, in the kernel. */
  ACS__SYS_READFILE = 40, /* i32 at, str path, u32 max -> size, u32 regular, bytes */
  ACS__SYS_WRITEFILE = 41,/* i32 at, str path, i32 flags, u32 mode, bytes -> count, u32 stage */
  /* df's and mkfifo's: the filesystem holding a path, and a fifo made */
  ACS__SYS_STATFS = 50,   /* i32 at, str path -> i64 bsize, blocks, bfree, bavail, files, ffree, namelen */
  ACS__SYS_MKNOD = 51,    /* i32 at, str path, u32 mode (S_IFIFO or S_IFREG), i64 rdev */
  /* node's child_process: a spawn in another directory (cwd relative to
  ** the caller's), without a chdir there and back */
  ACS__SYS_SPAWNAT = 52,  /* str cwd, then SPAWN's fields -> pid */
  ACS__SYS_EXEC = 90,     /* SPAWN's fields: the caller becomes the program (execve(2)): its
                          ** pid, parent, group, ids, cwd and umask stay; no reply when it
                          ** worked (the caller is gone), -errno when it did not */
  /* The box's network (docs/box-net.md): a port table in the kernel,
  ** connections made by the kernel and handed over as real sockets. */
  ACS__SYS_LISTEN = 60,  /* str addr, u32 port, i32 backlog, i32 flags -> fd; u32 port;
                            the listener's eventfd as SCM_RIGHTS */
  ACS__SYS_ACCEPT = 61,  /* i32 fd, i32 flags -> fd; str local, u32 lport, str peer,
                            u32 pport; the socket as SCM_RIGHTS (-EAGAIN: none waits) */
  ACS__SYS_CONNECT = 62, /* str host, u32 port, i32 flags -> fd; str local, u32 lport,
                            str peer, u32 pport; the socket as SCM_RIGHTS */
  ACS__SYS_SOCKNAME = 63,/* i32 fd -> u32 kind (1 listener, 2 connected); str local,
                            u32 lport, str peer, u32 pport */
  ACS__SYS_LOOKUP = 73,  /* str host, i32 family (0, 4, 6) -> count; count x (str address,
                            u32 family); an error carries str why (net_lookup.c) */
  /* npm's: packages resolved and fetched on the host, copied into the box
  ** (src/kernel/pkgcall.c, docs/box-npm.md) */
  ACS__SYS_PKG_INSTALL = 80, /* str project dir, bytes request JSON -> i64 answer length, bytes first part */
  ACS__SYS_PKG_RESULT = 81,  /* i64 offset -> i64 answer length, bytes from offset */
  /* Sessions, process groups and the box's terminal (src/kernel/tty.c,
  ** docs/box-tty.md) */
  ACS__SYS_RLIMIT = 74,    /* i32 resource (RLIMIT_NOFILE, RLIMIT_NPROC), i32 set, i64 cur,
                              i64 max -> 0; i64 cur, i64 max (the limit after the call) */
  ACS__SYS_SETPGID = 64,   /* i32 pid (0: self), i32 pgid (0: pid) */
  ACS__SYS_SETSID = 65,    /* -> the new session's id */
  ACS__SYS_TCGETPGRP = 66, /* i32 fd -> the terminal's foreground group */
  ACS__SYS_TCSETPGRP = 67, /* i32 fd, i32 pgid */
  ACS__SYS_TCGETATTR = 68, /* i32 fd -> bytes: a struct termios */
  ACS__SYS_TCSETATTR = 69, /* i32 fd, i32 action (TCSANOW...), bytes termios */
  ACS__SYS_GETWINSZ = 70,  /* i32 fd -> u32 rows, u32 cols */
  ACS__SYS_SETWINSZ = 71,  /* i32 fd, u32 rows, u32 cols (SIGWINCH to the foreground) */
  ACS__SYS_SPAWN_PGRP = 72,/* i32 on, i32 tty fd (-1 none): the caller's next spawns make one
                              new process group (the first child's pid), the terminal's
                              foreground, before the child runs; 0 ends it */
  ACS__SYS_EXITING = 76,   /* i32 status: the caller ends now (_exit follows); no answer. The
                              box is done with it at once: its parent's wait does not wait for
                              the host process's teardown */
  /* The shared call area (shmcall.h): asked for once a process makes
  ** calls, then its calls and answers go through memory */
  ACS__SYS_DOORBELL = 77,  /* no fields, never answered: look at the area (either way) */
  ACS__SYS_SHMCALL = 78,   /* -> 0; the area, a sealed memfd of ACS__SHM_SIZE, as SCM_RIGHTS */
  ACS__SYS_TTY_ACCESS = 75,/* i32 fd, i32 sig (SIGTTIN: a read, SIGTTOU: a change), i32 takes
                              (the caller neither ignores nor blocks sig) -> 0: go on; -EIO;
                              -EINTR: the caller's group was sent sig (ask again after) */
  ACS__SYS_OP_COUNT
};

/* The host side of a box (the owner's socket) speaks these as well as the
** calls above, with the host's credentials (root, cwd /). */
enum {
  ACS__BOX_SPAWN = 100, /* as ACS__SYS_SPAWN, plus str cwd, u32 uid, u32 gid;
                           the three stdio fds as SCM_RIGHTS -> pid */
  ACS__BOX_WAIT = 101,  /* i32 pid -> i32 status (a wait(2) status) */
  ACS__BOX_KILL = 102,  /* i32 pid (or -1: every process), i32 sig */
  ACS__BOX_PS = 103,    /* -> u32 n, then per process: i32 pid, ppid, str argv0 */
  ACS__BOX_CONNECT = 110,  /* u32 port -> 0; the host's end as SCM_RIGHTS */
  ACS__BOX_EXPOSE = 111,   /* u32 port; a host listening socket as SCM_RIGHTS -> 0 */
  ACS__BOX_PORTS = 112,    /* -> u32 n, then per listener: u32 port, i32 pid */
  ACS__BOX_PORT_WAIT = 113,/* u32 port, u32 timeout ms -> 1 once listened on, 0 at the timeout */
  /* the box's terminals (src/kernel/tty.c) */
  ACS__BOX_TTY_OPEN = 140,   /* u32 rows, u32 cols, u32 relay -> tty id; with relay,
                                the owner's end of the terminal (a stream socket) */
  ACS__BOX_TTY_RESIZE = 141, /* i32 tty, u32 rows, u32 cols */
  ACS__BOX_TTY_SIGNAL = 142, /* i32 tty, i32 sig -> the foreground group signalled */
  ACS__BOX_SPAWN_EX = 143,   /* as BOX_SPAWN to gid, then i32 tty (-1 none), u32 n,
                                n x i32 child fd; n fds as SCM_RIGHTS. With a tty the
                                child leads a new session on it, fds 0-2 the terminal
                                unless given */
  ACS__BOX_KILLPG = 144,     /* i32 pgid, i32 sig */
  ACS__BOX_TTY_CLOSE = 145,  /* i32 tty: hang it up (SIGHUP to its session) */

  /* 120-139: the container API (owner_more.c, snapshot.c) */
  ACS__BOX_WAITFD = 120,   /* i32 pid; a pipe's write end as SCM_RIGHTS -> 0; at the exit the
                              kernel writes i32 pid, i32 status, i32 flags (ACS__WAITFD_*)
                              there and closes it */
  ACS__BOX_SNAPSHOT = 121, /* a file (memfd) as SCM_RIGHTS -> its size once written */
  ACS__BOX_RESTORE = 122,  /* a file holding a snapshot as SCM_RIGHTS -> 0; str why it failed */
  ACS__BOX_CMD_CHANNEL = 123, /* a SOCK_SEQPACKET socket as SCM_RIGHTS -> 0: host commands' runs
                                 are told there (owner_more.c) */
  ACS__BOX_MOUNT = 125,    /* a host directory (O_PATH) as SCM_RIGHTS, str box path, u32
                              read-only, u32 uid, u32 gid -> 0; str why it failed (hostfs.c) */
  ACS__SYS_HOSTCMD = 124,  /* a guest's call (the one above 99): str name -> 0; the host's end
                              of the command's socket as SCM_RIGHTS */
};

/* BOX_WAITFD's flags: the box's memory limit ended the process. */
#define ACS__WAITFD_MEMORY 1

typedef struct acs__sys_hdr {
  uint16_t magic, version;
  uint16_t op, flags;
  uint32_t seq;     /* echoed in the reply */
  uint32_t len;     /* payload bytes after the header */
} acs__sys_hdr;

/* A message being written: fields appended to a fixed buffer. `bad` is
** set once something did not fit, and sending then fails. */
typedef struct acs__msg {
  unsigned char *buf;
  size_t len, cap;
  bool bad;
  bool too_long; /* a path past ACS__SYS_MAX_STR: the sender says ENAMETOOLONG */
  int fds[ACS__SYS_MAX_FDS];
  int nfds;
  /* one byte string sent from where it lies (acs__msg_bytes_ref): its
  ** bytes go between buf[0, ext_at) and buf[ext_at, len) */
  const void *ext;
  size_t ext_len, ext_at;
} acs__msg;

/* A message being read: a cursor over a received datagram. Every get
** fails (returns false) once the payload is short or a length is wrong,
** and stays failed, so a handler may read all its fields and check once. */
typedef struct acs__rd {
  const unsigned char *p;
  size_t left;
  bool bad;
} acs__rd;

void acs__msg_init(acs__msg *m, void *buf, size_t cap, uint16_t op, uint32_t seq);
void acs__msg_u32(acs__msg *m, uint32_t v);
void acs__msg_i32(acs__msg *m, int32_t v);
void acs__msg_i64(acs__msg *m, int64_t v);
void acs__msg_bytes(acs__msg *m, const void *data, size_t len);
void acs__msg_str(acs__msg *m, const char *s); /* NULL is sent as "" */
/* As acs__msg_bytes, but the bytes are not copied: sendmsg reads them
** where they are, which must stay until the send. One per message. */
void acs__msg_bytes_ref(acs__msg *m, const void *data, size_t len);
/* Reserve n bytes of a byte string and return where to write them (NULL
** when they do not fit): reads land in the reply without a copy. */
unsigned char *acs__msg_bytes_reserve(acs__msg *m, size_t n);
/* Shorten the byte string just reserved to n bytes (n <= reserved). */
void acs__msg_bytes_commit(acs__msg *m, unsigned char *at, size_t n);
void acs__msg_fd(acs__msg *m, int fd); /* passed, not closed */

/* Send one message with its fds; 0 or -errno. Retries EINTR. Where
** acs__msg_divert is set (the box's kernel) it may deliver the message
** another way (the shared call area) instead. */
int acs__msg_send(int sock, acs__msg *m);
/* The same, always as a datagram. */
int acs__msg_sendmsg(int sock, acs__msg *m);
/* The box's kernel's: deliver m to sock's process another way (0 or
** -errno), or ACS__MSG_AS_DATAGRAM to send it as usual. NULL elsewhere. */
#define ACS__MSG_AS_DATAGRAM 1
extern int (*acs__msg_divert)(int sock, acs__msg *m);
/* The whole message as it would go (header's length set, referenced bytes
** in place) into dst: its length, or -EMSGSIZE when it is bad or does not
** fit cap. dst may be m's own buffer (a message made where it goes). */
ssize_t acs__msg_flatten(acs__msg *m, void *dst, size_t cap);

/* Receive one datagram into buf (cap bytes) with up to ACS__SYS_MAX_FDS
** fds (stored in fds, *nfds set; the caller owns them). Returns the
** datagram's length, 0 at end of stream, or -errno. A datagram longer
** than cap, or one with more fds than allowed, is -EMSGSIZE (its fds are
** closed). */
ssize_t acs__msg_recv(int sock, void *buf, size_t cap, int *fds, int *nfds);
/* The same into niov (<= 4) pieces of memory, filled in order. */
ssize_t acs__msg_recv_iov(int sock, struct iovec *iov, int niov, int *fds, int *nfds);

/* Check a received datagram's header: magic, version, that len matches
** the datagram. Returns false for anything else. *rd covers the payload. */
bool acs__msg_parse(const void *buf, size_t n, acs__sys_hdr *hdr /* OUT */, acs__rd *rd /* OUT */);

bool acs__rd_u32(acs__rd *r, uint32_t *v);
bool acs__rd_i32(acs__rd *r, int32_t *v);
bool acs__rd_i64(acs__rd *r, int64_t *v);
/* A byte string, borrowed from the datagram. */
bool acs__rd_bytes(acs__rd *r, const unsigned char **p, size_t *len);
/* A string copied into dst (cap bytes, NUL added): fails when it holds a
** NUL or does not fit. */
bool acs__rd_str(acs__rd *r, char *dst, size_t cap);
/* A list: u32 count (at most ACS__SYS_MAX_ARGS), then that many strings
** without NUL. A malloc'd NULL-terminated array of malloc'd strings (the
** caller's, freed with acs__strv_free), or NULL when it does not parse or
** memory ran out. */
char **acs__rd_strv(acs__rd *r);
void acs__strv_free(char **v); /* NULL ok */
/* Whether the whole payload was read and nothing failed. */
bool acs__rd_done(const acs__rd *r);

/* stat on the wire: the fields of struct stat the box has, in this order. */
typedef struct acs__sys_stat {
  uint64_t dev, ino, nlink, rdev, size, blocks;
  uint32_t mode, uid, gid, blksize;
  int64_t atime_s, atime_ns, mtime_s, mtime_ns, ctime_s, ctime_ns, btime_s, btime_ns;
} acs__sys_stat;
void acs__msg_stat(acs__msg *m, const acs__sys_stat *st);
bool acs__rd_stat(acs__rd *r, acs__sys_stat *st);

#endif
