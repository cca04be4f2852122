/* sys_stub.c - the box's kernel calls (src/sys/sys.h) for the harnesses
** of the commands' parsers, which run without a box: output to fds 1 and
** 2 is dropped, an open gives a fresh number (sed's w files open while
** the script compiles), everything else fails with ENOSYS. Only what the
** parsers' objects reach is here; the linker names anything missing. */
#include "sys/sys.h"

#include <errno.h>
#include <stdlib.h>

static int next_fd = 10;

int acs_sys_open(const char *path, int flags, unsigned mode)
{
  (void)path, (void)flags, (void)mode;
  return next_fd < 1000 ? next_fd++ : -EMFILE;
}

int acs_sys_openat(int at, const char *path, int flags, unsigned mode)
{
  (void)at;
  return acs_sys_open(path, flags, mode);
}

int acs_sys_close(int fd)
{
  (void)fd;
  return 0;
}

ssize_t acs_sys_read(int fd, void *buf, size_t n)
{
  (void)fd, (void)buf, (void)n;
  return 0;
}

ssize_t acs_sys_pread(int fd, void *buf, size_t n, int64_t off)
{
  (void)fd, (void)buf, (void)n, (void)off;
  return 0;
}

ssize_t acs_sys_write(int fd, const void *buf, size_t n)
{
  (void)fd, (void)buf;
  return (ssize_t)n;
}

int acs_sys_write_all(int fd, const void *buf, size_t n)
{
  (void)fd, (void)buf, (void)n;
  return 0;
}

int acs_sys_getpid(void) { return 2; }

bool acs_sys_start_facts(acs_sys_ids *ids, const char **cwd)
{
  (void)ids, (void)cwd;
  return false;
}

ssize_t acs_sys_readfile(const char *path, void *buf, size_t cap, uint64_t *size, bool *regular)
{
  (void)path, (void)buf, (void)cap, (void)size, (void)regular;
  return -ENOENT;
}

int acs_sys_stat(const char *path, acs__sys_stat *st)
{
  (void)path, (void)st;
  return -ENOSYS;
}

int acs_sys_fstat(int fd, acs__sys_stat *st)
{
  (void)fd, (void)st;
  return -ENOSYS;
}

int acs_sys_pipe(int fds[2], int flags)
{
  (void)fds, (void)flags;
  return -ENOSYS;
}

int acs_sys_spawn(const char *path, char *const argv[], char *const envp[], const int (*fds)[2], size_t n)
{
  (void)path, (void)argv, (void)envp, (void)fds, (void)n;
  return -ENOSYS;
}

int acs_sys_spawnat_script(const char *cwd, const char *path, char *const argv[], char *const envp[],
                           const int (*fds)[2], size_t n)
{
  (void)cwd;
  return acs_sys_spawn(path, argv, envp, fds, n);
}

int acs_sys_wait(int pid, int *status, int options)
{
  (void)pid, (void)status, (void)options;
  return -ECHILD;
}

int acs_sys_lstat(const char *path, acs__sys_stat *st) { return acs_sys_stat(path, st); }

int acs_sys_access(const char *path, int mode)
{
  (void)path, (void)mode;
  return -ENOSYS;
}

int acs_sys_chdir(const char *path)
{
  (void)path;
  return -ENOSYS;
}

int acs_sys_getcwd(char *buf, size_t size)
{
  (void)buf, (void)size;
  return -ENOSYS;
}

ssize_t acs_sys_getdents(int fd, void *buf, size_t size)
{
  (void)fd, (void)buf, (void)size;
  return -ENOSYS;
}

ssize_t acs_sys_readlink(const char *path, char *buf, size_t size)
{
  (void)path, (void)buf, (void)size;
  return -ENOSYS;
}

int acs_sys_rmdir(const char *path)
{
  (void)path;
  return -ENOSYS;
}

int acs_sys_unlink(const char *path)
{
  (void)path;
  return -ENOSYS;
}

int64_t acs_sys_lseek(int fd, int64_t off, int whence)
{
  (void)fd, (void)off, (void)whence;
  return -ENOSYS;
}

int acs_sys_direct_fd(int fd)
{
  (void)fd;
  return -1;
}

int acs_sys_umask(unsigned mask)
{
  (void)mask;
  return 022;
}

int acs_sys_fcntl(int fd, int cmd, int arg)
{
  (void)fd, (void)cmd, (void)arg;
  return -ENOSYS;
}

int acs_sys_rlimit(int resource, bool set, int64_t *cur, int64_t *max)
{
  (void)resource, (void)set, (void)cur, (void)max;
  return -ENOSYS;
}

int acs_sys_getids(acs_sys_ids *out)
{
  (void)out;
  return -ENOSYS;
}

int acs_sys_dup2(int oldfd, int newfd)
{
  (void)oldfd, (void)newfd;
  return -ENOSYS;
}

int acs_sys_kill(int pid, int sig)
{
  (void)pid, (void)sig;
  return -ENOSYS;
}

int acs_sys_getppid(void) { return 1; }

int acs_sys_exec(const char *path, char *const argv[], char *const envp[], const int (*fds)[2],
                 size_t n)
{
  (void)path, (void)argv, (void)envp, (void)fds, (void)n;
  return -ENOSYS;
}

/* No terminal: the shell's job control and line editor stay off. */
bool acs_sys_isatty(int fd)
{
  (void)fd;
  return false;
}

int acs_sys_setpgid(int pid, int pgid)
{
  (void)pid, (void)pgid;
  return -ENOSYS;
}

int acs_sys_tcsetpgrp(int fd, int pgid)
{
  (void)fd, (void)pgid;
  return -ENOTTY;
}

int acs_sys_tcgetattr(int fd, struct termios *t)
{
  (void)fd, (void)t;
  return -ENOTTY;
}

int acs_sys_tcsetattr(int fd, int action, const struct termios *t)
{
  (void)fd, (void)action, (void)t;
  return -ENOTTY;
}

int acs_sys_getwinsz(int fd, int *rows, int *cols)
{
  (void)fd, (void)rows, (void)cols;
  return -ENOTTY;
}

int acs_sys_spawn_pgrp(int on, int tty_fd)
{
  (void)on, (void)tty_fd;
  return -ENOSYS;
}

/* A parser has no business ending the process: a harness that gets
** here has found a bug (or a fatal allocation failure). */
_Noreturn void acs_sys_exit(int code)
{
  (void)code;
  abort();
}
