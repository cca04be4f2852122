/* sys.h - what a guest program of a box calls instead of the host's
** system calls: every call is a message to the box's kernel (proto.h),
** which decides it on the process's behalf. Descriptors are the box's
** numbers; a descriptor the kernel handed over as a real fd (a stdio pipe)
** is read and written directly, without a round trip.
**
** Every function returns a negative errno on failure (no errno), as the
** kernel answered it; -EPIPE/-ECONNRESET mean the kernel is gone, and the
** process then exits (a box without a kernel has nothing left to run). */
#ifndef ACS_SYS_SYS_H
#define ACS_SYS_SYS_H

#include "proto.h"

#include <sys/types.h>
#include <time.h>

/* The fd on which a guest process finds its channel to the kernel. */
#define ACS__SYS_FD 3
/* /dev/null, kept open by every guest: a stdio descriptor whose pipe the
** process gave up is pointed here, so the pipe's end is released */
#define ACS__SYS_NULLFD (ACS__SYS_FD + 1)

/* A program of the box: its name in /usr/bin and its main. The table is
** defined by the commands (src/cmds/table.c) and sorted by name; the
** kernel reads only the names (to lay out /usr/bin) and the box's zygote
** calls main in the new process. A program with a prepare function (node:
** its engine) has a zygote of its own, forked from the box's on its first
** spawn, that calls prepare(false) once (0: ready) and forks each of its
** processes from there, one ahead of its spawn: that one, walled in but
** not yet a process of the box (no kernel to call), calls prepare(true)
** to rehearse what a run writes (each first write of a zygote's page is a
** copy-on-write fault), then waits. main then starts from that state. */
typedef struct acs__program {
  const char *name;
  int (*main)(int argc, char **argv);
  int (*prepare)(bool spare);
} acs__program;
extern const acs__program acs__programs[];
extern const size_t acs__program_count;
const acs__program *acs__program_find(const char *name);

/* What the kernel tells a process at its start (acs_sys_hello). */
typedef struct acs_sys_start {
  int32_t pid, ppid;
  uint32_t uid, gid;
  int argc;
  char **argv;   /* NULL-terminated; owned by sys.c for the process's life */
  char **envp;   /* NULL-terminated, likewise */
  char program[256];
} acs_sys_start;

/* The first call of a new process: fills *st, installs the real fds the
** kernel passed for direct descriptors. Returns 0 or -errno. */
int acs_sys_hello(acs_sys_start *st);

int acs_sys_open(const char *path, int flags, unsigned mode);
int acs_sys_openat(int at, const char *path, int flags, unsigned mode);
int acs_sys_close(int fd);
ssize_t acs_sys_read(int fd, void *buf, size_t n);
ssize_t acs_sys_write(int fd, const void *buf, size_t n);
/* write all n bytes (retrying short writes): 0 or -errno */
int acs_sys_write_all(int fd, const void *buf, size_t n);
ssize_t acs_sys_pread(int fd, void *buf, size_t n, int64_t off);
ssize_t acs_sys_pwrite(int fd, const void *buf, size_t n, int64_t off);
int64_t acs_sys_lseek(int fd, int64_t off, int whence);
int acs_sys_stat(const char *path, acs__sys_stat *st);
int acs_sys_lstat(const char *path, acs__sys_stat *st);
int acs_sys_fstat(int fd, acs__sys_stat *st);
int acs_sys_access(const char *path, int mode);
int acs_sys_mkdir(const char *path, unsigned mode);
int acs_sys_unlink(const char *path);
int acs_sys_rmdir(const char *path);
int acs_sys_rename(const char *from, const char *to);
int acs_sys_link(const char *from, const char *to);
int acs_sys_symlink(const char *target, const char *path);
ssize_t acs_sys_readlink(const char *path, char *buf, size_t size);
int acs_sys_chmod(const char *path, unsigned mode);
int acs_sys_chown(const char *path, uint32_t uid, uint32_t gid);
int acs_sys_truncate(const char *path, int64_t len);
int acs_sys_ftruncate(int fd, int64_t len);
int acs_sys_chdir(const char *path);
/* getcwd into buf (size bytes): 0 or -errno (-ERANGE when it does not fit) */
int acs_sys_getcwd(char *buf, size_t size);
int acs_sys_umask(unsigned mask);
/* The *at forms of the path calls (at: AT_FDCWD or a directory fd; with
** AT_EMPTY_PATH and "" the fd's own file, as fchmod/fchown/futimens). */
int acs_sys_statat(int at, const char *path, int flags, acs__sys_stat *st);
int acs_sys_chmodat(int at, const char *path, unsigned mode, int flags);
int acs_sys_chownat(int at, const char *path, uint32_t uid, uint32_t gid, int flags);
/* ts: atime, mtime (UTIME_NOW/UTIME_OMIT as utimensat(2)); NULL: now. */
int acs_sys_utimensat(int at, const char *path, const struct timespec ts[2], int flags);
/* The canonical path (every link resolved) into buf: 0 or -errno
** (-ERANGE when it does not fit). */
int acs_sys_realpath(const char *path, char *buf, size_t size);
int acs_sys_fcntl(int fd, int cmd, int arg);
/* A whole file in one round trip. readfile: when path names a regular
** file, its first `cap` bytes (at most ACS__SYS_MAX_DATA) go to buf and
** *size is the file's size (more than what came when the file is larger);
** *regular false says it is not a regular file (nothing read: open it and
** read as usual). Returns the bytes in buf or -errno (the open's). */
ssize_t acs_sys_readfile(const char *path, void *buf, size_t cap, uint64_t *size, bool *regular);
/* writefile: open(path, flags, mode), write all n bytes (at most
** ACS__SYS_MAX_DATA), close. Returns 0 or -errno; *stage says which call
** failed (0 the open, 1 a write). -EOPNOTSUPP at stage 0: a named pipe or
** one of the process's own descriptors (/dev/stdout): open and write it. */
int acs_sys_writefile(const char *path, int flags, unsigned mode, const void *data, size_t n,
                      int *stage);
/* statfs(2) of the filesystem that holds path, in blocks of bsize bytes:
** memfs's figures, its size the box's filesystem limit. */
typedef struct acs_sys_statfs_info {
  uint64_t bsize, blocks, bfree, bavail, files, ffree, namelen;
} acs_sys_statfs_info;
int acs_sys_statfs(const char *path, acs_sys_statfs_info *out);
/* mknod(2) for fifos (S_IFIFO) and regular files (S_IFREG) only; mode's
** permission bits go through the umask. */
int acs_sys_mknod(const char *path, unsigned mode, uint64_t rdev);

/* The host fd behind a direct descriptor (a stdio pipe the kernel handed
** over), for waiting on it with poll(2); -1 for any other descriptor. */
int acs_sys_direct_fd(int fd);

/* getresuid and friends as the kernel keeps them. */
typedef struct acs_sys_ids {
  int32_t pid, ppid, pgid, sid;
  uint32_t uid, gid, euid, egid;
} acs_sys_ids;
int acs_sys_getids(acs_sys_ids *out);
/* The ids and working directory this process started with, as HELLO
** told them (for a program's start-up, which would otherwise ask for them
** in two more trips): false when the kernel did not say. They are not
** kept up to date: a chdir or setuid since is not seen here. */
bool acs_sys_start_facts(acs_sys_ids *ids, const char **cwd);

/* Whether this process's calls go through a shared call area now
** (shmcall.h): after its first few calls, where the kernel could make one. */
bool acs_sys_uses_area(void);
int acs_sys_dup(int fd);
int acs_sys_dup2(int oldfd, int newfd);
/* A pipe: real OS pipe ends between processes (data does not pass through
** the kernel). fds[0] reads, fds[1] writes; flags 0 or O_CLOEXEC. */
int acs_sys_pipe(int fds[2], int flags);
/* getdents: packed records (u64 ino, u8 type, u16 namelen, name) into
** buf; the bytes filled, 0 at the end. */
ssize_t acs_sys_getdents(int fd, void *buf, size_t size);

/* A child running path (a program file of the box) with argv and envp
** (NULL-terminated); fds: n pairs (child fd, parent fd or -1 to close) on
** top of the descriptors the child inherits. Returns the child's pid. */
int acs_sys_spawn(const char *path, char *const argv[], char *const envp[],
                  const int (*fds)[2], size_t n);
/* The same with the child's working directory cwd (relative to the
** caller's; NULL: the caller's): -ENOENT, -ENOTDIR, -EACCES as chdir
** would fail there. */
int acs_sys_spawnat(const char *cwd, const char *path, char *const argv[], char *const envp[],
                    const int (*fds)[2], size_t n);
/* acs_sys_spawnat, and for a script the kernel hands back (-ENOEXEC) its
** "#!" interpreter, else /bin/sh, as execvp(3) runs one
** (src/sys/spawn_script.c). */
int acs_sys_spawnat_script(const char *cwd, const char *path, char *const argv[], char *const envp[],
                           const int (*fds)[2], size_t n);
/* execve(2): path runs in this process's place (the same pid, parent,
** group, ids, cwd and umask; the descriptors as acs_sys_spawn gives
** them). Returns only on failure, -errno (-ENOENT, -EACCES, -ENOEXEC,
** -E2BIG). */
int acs_sys_exec(const char *path, char *const argv[], char *const envp[], const int (*fds)[2],
                 size_t n);
/* wait4: pid -1 any child; options WNOHANG. *status is a wait(2) status.
** Returns the pid, 0 (WNOHANG, none ready) or -errno (-ECHILD). */
int acs_sys_wait(int pid, int *status, int options);
int acs_sys_kill(int pid, int sig);
int acs_sys_getpid(void);
int acs_sys_getppid(void);

/* A command the host defined (acs_box_install_command): a socket to the
** host's code running it (a real fd, the caller's), or -ENOSYS when the
** box's owner takes no commands. */
int acs_sys_hostcmd(const char *name);

/* The box's network (docs/box-net.md). A socket's addresses as the
** kernel made them: the box's own ("127.0.0.1", "::1", "::ffff:127.0.0.1")
** or, for a connection from the host through an exposed port, the host
** client's. */
typedef struct acs_sys_sockaddr {
  char local[48], peer[48];
  int lport, pport;
  char error[320]; /* connect: why the kernel refused (names the host and
                      what is allowed), or "" */
} acs_sys_sockaddr;
/* Listen on a box port (0: a free one, *port_out says which) of addr ("",
** "::", "0.0.0.0", a loopback address, "localhost" or the box's name;
** anything else -EADDRNOTAVAIL). The descriptor is direct: its real fd is
** readable while a connection waits to be accepted. flags: SOCK_CLOEXEC.
** -EADDRINUSE, -EACCES (a port below 1024 for a user but root). */
int acs_sys_listen(const char *addr, int port, int backlog, int flags, int *port_out);
/* The next connection waiting on a listener: a direct descriptor (a real
** stream socket), or -EAGAIN when none waits (poll the listener's fd). */
int acs_sys_accept(int fd, int flags, acs_sys_sockaddr *addr /* OUT, may be NULL */);
/* Connect to host:port. The box's own addresses reach the box's
** listeners (-ECONNREFUSED when none). Any other host is dialled by the
** kernel when the box has a network: -ENETUNREACH without one, -EACCES
** when its policy refuses the name or the address, -ENXIO when the name
** does not resolve, else connect's own errors; addr->error says why. The
** call waits for the connection (up to 30 s). */
int acs_sys_connect(const char *host, int port, int flags, acs_sys_sockaddr *addr /* OUT, may be NULL */);
/* getrlimit/setrlimit for the limits the box keeps (RLIMIT_NOFILE: the
** kernel's fd table of this process; RLIMIT_NPROC: the box's processes,
** which its owner sets): 0 or -errno, *cur and *max the limit after the
** call (RLIM_INFINITY never). Others are the host's, for setrlimit(2). */
int acs_sys_rlimit(int resource, bool set, int64_t *cur, int64_t *max);

/* One address dns.lookup gives. */
typedef struct acs_sys_addr {
  char address[48];
  int family; /* 4 or 6 */
} acs_sys_addr;
/* The addresses of host as the box's getaddrinfo would give them (family
** 0 for both, 4 or 6): a name in the box's /etc/hosts from it, IPv6 first;
** any other name only with the box's network, resolved on the host and
** checked as a connection's name and addresses are (those the policy
** refuses left out). Returns how many went into out (at most max), or
** -ENXIO (no such name), -ENETUNREACH (no network), -EACCES (the policy);
** why (may be NULL) says why in the kernel's words. */
int acs_sys_lookup(const char *host, int family, acs_sys_addr *out, int max, char *why, size_t why_len);
/* A connection for a client library that holds the fd itself (libcurl):
** connect as acs_sys_connect does (host may be a bracketed IPv6 literal),
** then give the box descriptor up, so the real fd returned (close-on-exec)
** is the one copy and closing it ends the connection. -errno on failure,
** with why filled (the kernel's words, or that the box has no network). */
int acs_sys_dial(const char *host, int port, char *why, size_t why_len);
/* What a box without a network says (acs_sys_dial's why for -ENETUNREACH). */
extern const char acs_sys_no_network[];
/* A socket descriptor's addresses; *listener says whether it listens. */
int acs_sys_sockname(int fd, bool *listener, acs_sys_sockaddr *addr /* OUT */);
/* npm's call (docs/box-npm.md): the request (JSON) for the project at
** dir (absolute); waits while the host resolves and fetches and the
** kernel copies the packages in. *answer is the answer's JSON (malloc'd,
** NUL-terminated). Returns its length or a negative errno. */
ssize_t acs_sys_pkg_install(const char *dir, const void *req, size_t len, char **answer);

/* The path calls relative to a directory descriptor at (AT_FDCWD or a
** directory fd), as mkdirat(2), unlinkat(2) (flags AT_REMOVEDIR),
** renameat(2), linkat(2) (flags AT_SYMLINK_FOLLOW), symlinkat(2),
** readlinkat(2) and truncate(2) relative to at. readlinkat fills buf with
** at most size bytes, *full (may be NULL) the link's whole length. */
int acs_sys_mkdirat(int at, const char *path, unsigned mode);
int acs_sys_unlinkat(int at, const char *path, int flags);
int acs_sys_renameat(int at1, const char *from, int at2, const char *to);
int acs_sys_linkat(int at1, const char *from, int at2, const char *to, int flags);
int acs_sys_symlinkat(const char *target, int at, const char *path);
ssize_t acs_sys_readlinkat(int at, const char *path, char *buf, size_t size, size_t *full);
int acs_sys_truncateat(int at, const char *path, int64_t len);

/* Sessions, process groups and the box's terminal (docs/box-tty.md).
** setpgid/setsid/tcgetpgrp/tcsetpgrp as POSIX has them, on the box's
** process table; the termios and window-size calls act on a descriptor of
** the box's terminal (-ENOTTY for anything else). acs_sys_isatty asks
** nothing of the kernel: the terminal is a direct descriptor. */
struct termios;
int acs_sys_setpgid(int pid, int pgid);
int acs_sys_setsid(void);
int acs_sys_tcgetpgrp(int fd);
int acs_sys_tcsetpgrp(int fd, int pgid);
int acs_sys_tcgetattr(int fd, struct termios *t);
int acs_sys_tcsetattr(int fd, int action, const struct termios *t);
int acs_sys_getwinsz(int fd, int *rows, int *cols);
int acs_sys_setwinsz(int fd, int rows, int cols);
bool acs_sys_isatty(int fd);
/* on: the caller's next spawns make one new process group (the first
** child's pid), the foreground of the terminal tty_fd (-1: none), before
** each child runs; off (0) ends that. A shell's job control. */
int acs_sys_spawn_pgrp(int on, int tty_fd);

/* Leave the program: flushes nothing (callers flush their own buffers). */
_Noreturn void acs_sys_exit(int code);

#endif
