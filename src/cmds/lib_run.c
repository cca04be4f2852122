/* lib_run.c - PATH search, spawn and wait for commands that run other
** programs (lib_run.h). */
#include "lib_run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static int runnable(const char *path)
{
  acs__sys_stat st;
  int rc = acs_sys_stat(path, &st);
  if (rc) return rc;
  if (S_ISDIR(st.mode)) return -EACCES;
  return acs_sys_access(path, X_OK);
}

int run_find(const char *name, char *out, size_t size)
{
  if (!*name) return -ENOENT;
  if (strchr(name, '/')) {
    snprintf(out, size, "%s", name);
    int rc = runnable(name);
    /* execve of a directory or unreadable file: EACCES; keep ENOENT */
    return rc;
  }
  const char *path = getenv("PATH");
  if (!path) path = "/bin:/usr/bin"; /* glibc's execvp default */
  int seen = -ENOENT;
  for (const char *p = path;; p++) {
    const char *e = strchr(p, ':');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    char cand[4096];
    if (len == 0) snprintf(cand, sizeof cand, "%s", name); /* empty entry: the cwd */
    else snprintf(cand, sizeof cand, "%.*s/%s", (int)len, p, name);
    int rc = runnable(cand);
    if (rc == 0) {
      snprintf(out, size, "%s", cand);
      return 0;
    }
    if (rc == -EACCES) seen = -EACCES;
    if (!e) break;
    p = e;
  }
  return seen;
}

int run_spawn(char **argv, char **envp)
{
  char path[4096];
  int rc = run_find(argv[0], path, sizeof path);
  if (rc) return rc;
  return acs_sys_spawnat_script(NULL, path, argv, envp ? envp : environ, NULL, 0);
}

int run_failed(acs_cmd *c, const char *prog, int err)
{
  char q[1024];
  cmd_error(c, "%s: %s", cmd_quote(prog, q, sizeof q), cmd_strerror(err));
  return err == -ENOENT ? 127 : 126;
}

int run_wait(int pid, int *status, long timeout_ms)
{
  if (timeout_ms < 0) {
    int rc;
    do rc = acs_sys_wait(pid, status, 0);
    while (rc == -EINTR);
    return rc;
  }
  /* the kernel's wait has no deadline: poll it, a millisecond at first
  ** and at most 20 ms between looks */
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  long step = 1;
  for (;;) {
    int rc = acs_sys_wait(pid, status, WNOHANG);
    if (rc != 0) return rc;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long spent = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
    if (spent >= timeout_ms) return 0;
    long nap = step < timeout_ms - spent ? step : timeout_ms - spent;
    struct timespec ts = {nap / 1000, (nap % 1000) * 1000000};
    nanosleep(&ts, NULL);
    if (step < 20) step *= 2;
  }
}

int run_exit_code(int w)
{
  if (WIFEXITED(w)) return WEXITSTATUS(w);
  if (WIFSIGNALED(w)) return 128 + WTERMSIG(w);
  return 1;
}
