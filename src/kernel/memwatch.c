/* memwatch.c - the box's memory limit. Every SAMPLE_MS while programs
** run, the kernel adds up the private resident memory of its guest
** processes (from the host's record of each, /proc/PID/statm) and the
** bytes memfs holds; past the limit the biggest process is killed, as the
** OOM killer would, after a line on its stderr that names the limit. What
** the box's files hold stays: only a process ends. */
#include "kernel.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define SAMPLE_MS 50

static long long private_bytes(pid_t pid)
{
  static long page;
  if (!page) page = sysconf(_SC_PAGESIZE);
  char path[64], buf[128];
  snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return 0;
  buf[n] = 0;
  unsigned long size, res, shared;
  if (sscanf(buf, "%lu %lu %lu", &size, &res, &shared) != 3 || res < shared) return 0;
  return (long long)(res - shared) * page;
}

static double ms_since(const struct timespec *t)
{
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - t->tv_sec) * 1e3 + (double)(now.tv_nsec - t->tv_nsec) / 1e6;
}

static bool watching(const acs__kernel *k) { return k->o.max_memory && k->live > 0; }

int acs__kernel_memwatch_ms(const acs__kernel *k)
{
  if (!watching(k)) return -1;
  double left = SAMPLE_MS - ms_since(&k->mem_sampled);
  return left <= 0 ? 0 : (int)left + 1;
}

/* A line on the process's stderr when that is a pipe or terminal with
** room for it: the kernel never blocks on a guest's pipe. */
static void tell(acs__proc *p, const char *line, size_t n)
{
  acs__kfile *f = p->fds ? p->fds[2].f : NULL;
  if (!acs__kfile_direct(f)) return;
  int used = 0, size = fcntl(f->host_fd, F_GETPIPE_SZ);
  if (size > 0 && (ioctl(f->host_fd, FIONREAD, &used) < 0 || size - used < (int)n)) return;
  if (size <= 0 && !isatty(f->host_fd)) return;
  ssize_t w = write(f->host_fd, line, n);
  (void)w;
}

void acs__kernel_memwatch(acs__kernel *k)
{
  if (!watching(k) || ms_since(&k->mem_sampled) < SAMPLE_MS) return;
  clock_gettime(CLOCK_MONOTONIC, &k->mem_sampled);
  acs_memfs_usage u;
  acs_memfs_usage_get(k->fs, &u);
  uint64_t procs = 0;
  long long most = 0;
  acs__proc *victim = NULL;
  for (int i = 2; i < k->nprocs; i++) {
    acs__proc *p = &k->procs[i];
    if (p->state != ACS__P_RUNNING || p->host_pid <= 0 || p->memory_killed) continue;
    long long b = private_bytes(p->host_pid);
    procs += (uint64_t)b;
    if (b > most) most = b, victim = p;
  }
  if (procs + u.bytes <= k->o.max_memory || !victim) return;
  /* the name it was run as (python3, not the WASI host that runs it) */
  char **av = victim->shown ? victim->shown : victim->argv;
  const char *name = av && av[0] ? av[0] : victim->program;
  const char *slash = strrchr(name, '/');
  if (slash && slash[1]) name = slash + 1;
  char line[320];
  int n = snprintf(line, sizeof line,
                   "%s: killed: the box's memory limit of %llu MB was reached (programs %llu MB, "
                   "files %llu MB); use less memory, or give the box more (memory, --memory-mb)\n",
                   name, (unsigned long long)(k->o.max_memory >> 20),
                   (unsigned long long)(procs >> 20), (unsigned long long)(u.bytes >> 20));
  if (n > 0) tell(victim, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
  victim->memory_killed = true;
  acs__proc_signal(k, victim, SIGKILL);
}
