/* proc_start.c - starting a program of the box for node's child_process
** (proc.c's spawn and spawnSync): the PATH lookup, the stdio pipes, the
** kernel's SPAWN, and a script without the box's program marker run as
** Linux's execve and glibc's execvp would (its #! line, else /bin/sh). */
#include "proc.h"

#include "../sys/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The PATH of the child's environment, as libuv searches it. */
static const char *path_of(char *const envp[])
{
  for (size_t i = 0; envp && envp[i]; i++)
    if (!strncmp(envp[i], "PATH=", 5)) return envp[i] + 5;
  return "/usr/bin:/bin";
}

static bool runnable(const char *path, int *err)
{
  acs__sys_stat st;
  int rc = acs_sys_stat(path, &st);
  if (rc) return false;
  if (!S_ISREG(st.mode) || acs_sys_access(path, X_OK)) {
    *err = -EACCES;
    return false;
  }
  return true;
}

/* file as execvp finds it: with a slash as it is, else the first runnable
** entry of PATH. -ENOENT, or -EACCES when only unrunnable ones exist. */
static int lookup(const char *file, char *const envp[], char *out, size_t cap)
{
  if (!*file) return -ENOENT;
  if (strchr(file, '/')) {
    if (strlen(file) >= cap) return -ENAMETOOLONG;
    strcpy(out, file);
    return 0;
  }
  int err = -ENOENT;
  for (const char *p = path_of(envp);;) {
    size_t n = strcspn(p, ":");
    int len = n ? snprintf(out, cap, "%.*s/%s", (int)n, p, file) : snprintf(out, cap, "%s", file);
    if (len > 0 && (size_t)len < cap && runnable(out, &err)) return 0;
    if (!p[n]) break;
    p += n + 1;
  }
  return err;
}


static void close_all(acs__proc_start *s)
{
  for (int i = 0; i < s->n; i++) {
    if (s->child[i] >= 0) acs_sys_close(s->child[i]);
    if (s->parent[i] >= 0) acs_sys_close(s->parent[i]);
    s->child[i] = s->parent[i] = -1;
  }
}

/* The parent's end as a plain host fd of this process: the kernel's copy
** and the box descriptor go, so the pipe's ends are the two processes'
** alone (EOF and EPIPE come as between any two processes). */
int acs__proc_take(int boxfd)
{
  int host = acs_sys_direct_fd(boxfd);
  int mine = host >= 0 ? fcntl(host, F_DUPFD_CLOEXEC, 10) : -1;
  int e = mine < 0 ? (host < 0 ? EBADF : errno) : 0;
  acs_sys_close(boxfd);
  return mine >= 0 ? mine : -e;
}

int acs__proc_run(acs__proc_start *s)
{
  int pairs[ACS__PROC_MAX_STDIO][2];
  int null = -1, rc = 0;
  for (int i = 0; i < s->n; i++) {
    s->child[i] = s->parent[i] = -1;
    s->host[i] = -1;
  }
  char path[4096];
  rc = lookup(s->file, s->envp, path, sizeof path);
  for (int i = 0; !rc && i < s->n; i++) {
    int how = s->stdio[i];
    pairs[i][0] = i;
    if (how == ACS__PROC_PIPE_OUT || how == ACS__PROC_PIPE_IN) {
      int fds[2];
      rc = acs_sys_pipe(fds, O_CLOEXEC);
      if (rc) break;
      /* PIPE_OUT: the child writes, the parent reads */
      bool out = how == ACS__PROC_PIPE_OUT;
      s->child[i] = fds[out ? 1 : 0];
      s->parent[i] = fds[out ? 0 : 1];
      pairs[i][1] = s->child[i];
    } else if (how == ACS__PROC_IGNORE) {
      if (null < 0) null = acs_sys_open("/dev/null", O_RDWR | O_CLOEXEC, 0);
      if (null < 0) {
        rc = null;
        break;
      }
      pairs[i][1] = null;
    } else {
      pairs[i][1] = how;
    }
  }
  int pid = rc;
  if (!rc) {
    pid = acs_sys_spawnat_script(s->cwd, path, s->argv, s->envp, (const int(*)[2])pairs, (size_t)s->n);
  }
  if (null >= 0) acs_sys_close(null);
  for (int i = 0; i < s->n; i++)
    if (s->child[i] >= 0) {
      acs_sys_close(s->child[i]);
      s->child[i] = -1;
    }
  if (pid < 0) {
    close_all(s);
    return pid;
  }
  s->pid = pid;
  for (int i = 0; i < s->n; i++)
    if (s->parent[i] >= 0) {
      s->host[i] = acs__proc_take(s->parent[i]);
      s->parent[i] = -1;
    }
  return 0;
}
