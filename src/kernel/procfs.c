/* procfs.c - the box's /proc: a filesystem the kernel answers itself from
** its process table at the time of each call, mounted on memfs's /proc.
**
** Only the box's processes appear, under their box pids; nothing of the
** host (no host pid, path or figure of other host processes) is ever
** written. Entries:
**   /proc/PID/{cmdline,comm,status,stat,statm,environ,cwd,exe,root}
**   /proc/self -> PID of the caller, /proc/1 the box's init (the kernel)
**   /proc/{cpuinfo,meminfo,uptime,loadavg,version,mounts,stat}
**   /proc/sys/kernel/{hostname,ostype,osrelease,version,pid_max}
** Reading is a snapshot made at open: a read sees the process as it was
** when the file was opened, as Linux's seq files do per read. environ,
** cwd, exe and root are the owner's or root's alone (EACCES otherwise),
** as Linux's ptrace check. Nothing can be created, removed, renamed or
** have its mode changed (ENOENT for a new name, EPERM for an entry, as
** Linux answers); root may open a file for writing but a write is EIO.
**
** Figures: the box's CPUs are those the kernel may run on (no CPU limit
** is set per box); its memory is its filesystem limit (the cap that
** exists), used by memfs's bytes and its processes' resident memory; a
** process's CPU times, state and memory are read from the host's record
** of that one guest process, which is the box's own. */
#include "kernel.h"
#include "procfs.h"
#include "hostfs.h"

#include "../sys/identity.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct acs__pfile {
  bool dir, writable;
  acs_memfs_stat st;
  char *data;      /* a file's snapshot, or a directory's names ("a\0b\0") */
  size_t len, off; /* bytes; for a directory, off is the next entry's index */
  unsigned char *types;
  size_t nents;
  char path[96];   /* below /proc, for openat from a directory */
};

enum {
  N_ROOT, N_PIDDIR, N_PIDFILE, N_LINK, N_FILE, N_SYS, N_SYSKERNEL, N_SYSFILE, N_FDDIR, N_FDLINK
};

typedef struct pnode {
  int kind;
  int32_t pid;     /* N_PIDDIR, N_PIDFILE, N_LINK, N_FDDIR, N_FDLINK */
  const char *name;
  int fd;          /* N_FDLINK */
} pnode;

static const char *const pid_files[] = {"cmdline", "comm", "environ", "stat", "statm", "status"};
static const char *const pid_links[] = {"cwd", "exe", "root"};
static const char *const root_files[] = {"cpuinfo", "loadavg", "meminfo", "mounts",
                                         "stat",    "uptime",  "version"};
static const char *const sys_files[] = {"hostname", "osrelease", "ostype", "pid_max", "version"};

#define COUNT(a) (sizeof a / sizeof *a)

static const char *find(const char *const *set, size_t n, const char *name, size_t len)
{
  for (size_t i = 0; i < n; i++)
    if (strlen(set[i]) == len && !memcmp(set[i], name, len)) return set[i];
  return NULL;
}

/* ---- the process table as /proc shows it ---------------------------- */

/* pid 1 is the kernel itself: a process of root's with no command line */
static bool exists(acs__kernel *k, int32_t pid)
{
  return pid == 1 || acs__proc_get(k, pid) != NULL;
}

static uint32_t owner_of(acs__kernel *k, int32_t pid)
{
  acs__proc *t = acs__proc_get(k, pid);
  return t ? t->uid : 0;
}

/* the owner, root, or (for pid 1) root alone may look inside */
static bool may_inspect(acs__kernel *k, const acs__proc *p, int32_t pid)
{
  return p->euid == 0 || (pid != 1 && owner_of(k, pid) == p->euid);
}

static int ncpus(void)
{
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

static double since(const struct timespec *t0)
{
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

/* What the host records of one guest process: its state letter, CPU
** ticks, threads, virtual size and resident pages. */
typedef struct hstat {
  char state;
  unsigned long long utime, stime, vsize, rss;
  long threads;
} hstat;

static void host_stat(pid_t host, hstat *h)
{
  *h = (hstat){.state = 'S', .threads = 1};
  if (host <= 0) return;
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)host);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return;
  buf[n] = 0;
  char *p = strrchr(buf, ')'); /* the name may hold anything: skip past it */
  if (!p) return;
  unsigned long long f[50] = {0};
  char st = 'S';
  /* fields from 3 on: state ppid pgrp session tty tpgid flags minflt
  ** cminflt majflt cmajflt utime stime cutime cstime priority nice
  ** threads itreal starttime vsize rss */
  if (sscanf(p + 1, " %c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %*d %*d %*d %*d %llu %*d "
                    "%*u %llu %llu",
             &st, &f[0], &f[1], &f[2], &f[3], &f[4]) >= 6) {
    h->state = st;
    h->utime = f[0];
    h->stime = f[1];
    h->threads = (long)f[2];
    h->vsize = f[3];
    h->rss = f[4];
  }
}

static const char *state_name(char s)
{
  switch (s) {
  case 'R': return "R (running)";
  case 'D': return "D (disk sleep)";
  case 'T': return "T (stopped)";
  case 't': return "t (tracing stop)";
  case 'Z': return "Z (zombie)";
  case 'X': return "X (dead)";
  case 'I': return "I (idle)";
  default: return "S (sleeping)";
  }
}

/* ---- snapshots -------------------------------------------------------- */

typedef struct sbuf {
  char *p;
  size_t len, cap;
  bool oom;
} sbuf;

static void sb_add(sbuf *b, const void *s, size_t n)
{
  if (b->oom) return;
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 1024;
    while (cap < b->len + n + 1) cap *= 2;
    char *q = realloc(b->p, cap);
    if (!q) {
      b->oom = true;
      return;
    }
    b->p = q;
    b->cap = cap;
  }
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = 0;
}

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
  char small[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof small) {
    sb_add(b, small, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big) {
    b->oom = true;
    return;
  }
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  sb_add(b, big, (size_t)n);
  free(big);
}

static const char *comm_of(const acs__proc *t)
{
  if (!t) return "init";
  if (t->shown && t->shown[0]) {
    const char *slash = strrchr(t->shown[0], '/');
    return slash && slash[1] ? slash + 1 : t->shown[0];
  }
  return t->program;
}

static void gen_status(acs__kernel *k, int32_t pid, sbuf *b)
{
  acs__proc *t = acs__proc_get(k, pid);
  hstat h;
  host_stat(t && t->state == ACS__P_RUNNING ? t->host_pid : 0, &h);
  char st = !t ? 'S' : t->state == ACS__P_ZOMBIE ? 'Z' : h.state;
  uint32_t uid = t ? t->uid : 0, euid = t ? t->euid : 0, gid = t ? t->gid : 0,
           egid = t ? t->egid : 0;
  sb_printf(b, "Name:\t%.15s\nUmask:\t%04o\nState:\t%s\nTgid:\t%d\nNgid:\t0\nPid:\t%d\nPPid:\t%d\n"
               "TracerPid:\t0\nUid:\t%u\t%u\t%u\t%u\nGid:\t%u\t%u\t%u\t%u\nFDSize:\t%d\nGroups:\t",
            comm_of(t), t ? t->umask : 022, state_name(st), pid, pid, t ? t->ppid : 0, uid, euid,
            euid, euid, gid, egid, egid, egid, ACS__K_MAX_FDS);
  for (uint32_t i = 0; t && i < t->ngroups; i++) sb_printf(b, "%u ", t->groups[i]);
  sb_printf(b, "\n");
  if (t && t->state != ACS__P_ZOMBIE) {
    long page = sysconf(_SC_PAGESIZE) / 1024;
    sb_printf(b, "VmSize:\t%8llu kB\nVmRSS:\t%8llu kB\n", h.vsize / 1024, h.rss * (unsigned long long)page);
  }
  sb_printf(b, "Threads:\t%ld\nSigQ:\t0/0\nSigPnd:\t0000000000000000\nShdPnd:\t0000000000000000\n"
               "voluntary_ctxt_switches:\t0\nnonvoluntary_ctxt_switches:\t0\n",
            h.threads);
}

static void gen_stat(acs__kernel *k, int32_t pid, sbuf *b)
{
  acs__proc *t = acs__proc_get(k, pid);
  hstat h;
  host_stat(t && t->state == ACS__P_RUNNING ? t->host_pid : 0, &h);
  char st = !t ? 'S' : t->state == ACS__P_ZOMBIE ? 'Z' : h.state;
  long hz = sysconf(_SC_CLK_TCK);
  double started = t ? (double)(t->start.tv_sec - k->boot.tv_sec) +
                           (double)(t->start.tv_nsec - k->boot.tv_nsec) / 1e9
                     : 0;
  /* Linux's 52 fields; what the box does not keep is 0 */
  sb_printf(b, "%d (%.15s) %c %d %d %d 0 -1 0 0 0 0 0 %llu %llu 0 0 20 0 %ld 0 %llu %llu %llu",
            pid, comm_of(t), st, t ? t->ppid : 0, t ? t->pgid : 1, t ? t->sid : 1, h.utime, h.stime,
            h.threads, (unsigned long long)(started * (double)hz), h.vsize, h.rss);
  sb_printf(b, " 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n");
}

static void gen_strv(char **v, sbuf *b)
{
  for (size_t i = 0; v && v[i]; i++) sb_add(b, v[i], strlen(v[i]) + 1);
}

static void gen_cpuinfo(sbuf *b)
{
  int n = ncpus();
  for (int i = 0; i < n; i++)
    sb_printf(b, "processor\t: %d\nvendor_id\t: acs\nmodel name\t: agent-code-sandbox box CPU\n"
                 "cpu MHz\t\t: 0.000\ncache size\t: 0 KB\nphysical id\t: 0\nsiblings\t: %d\n"
                 "core id\t\t: %d\ncpu cores\t: %d\nflags\t\t:\nbogomips\t: 0.00\n\n",
              i, n, i, n);
}

static void gen_meminfo(acs__kernel *k, sbuf *b)
{
  acs_memfs_usage u;
  acs_memfs_usage_get(k->fs, &u);
  unsigned long long total = k->o.max_fs_bytes / 1024, used = u.bytes / 1024, rss = 0;
  long page = sysconf(_SC_PAGESIZE) / 1024;
  for (int i = 2; i < k->nprocs; i++)
    if (k->procs[i].state == ACS__P_RUNNING) {
      hstat h;
      host_stat(k->procs[i].host_pid, &h);
      rss += h.rss * (unsigned long long)page;
    }
  unsigned long long busy = used + rss, free_kb = busy < total ? total - busy : 0;
  sb_printf(b, "MemTotal:       %8llu kB\nMemFree:        %8llu kB\nMemAvailable:   %8llu kB\n"
               "Buffers:        %8d kB\nCached:         %8llu kB\nSwapCached:     %8d kB\n"
               "Shmem:          %8llu kB\nSwapTotal:      %8d kB\nSwapFree:       %8d kB\n",
            total, free_kb, free_kb, 0, used, 0, used, 0, 0);
}

static void gen_mounts(sbuf *b)
{
  sb_printf(b, "memfs / memfs rw,relatime 0 0\nproc /proc proc rw,nosuid,nodev,noexec,relatime 0 0\n");
}

static void gen_loadavg(acs__kernel *k, sbuf *b)
{
  int running = 0, total = 1;
  for (int i = 2; i < k->nprocs; i++)
    if (k->procs[i].state == ACS__P_RUNNING || k->procs[i].state == ACS__P_STARTING) {
      total++;
      hstat h;
      host_stat(k->procs[i].host_pid, &h);
      running += h.state == 'R';
    }
  int32_t last = k->next_pid > 2 ? k->next_pid - 1 : k->nprocs - 1;
  sb_printf(b, "0.00 0.00 0.00 %d/%d %d\n", running ? running : 1, total, last);
}

static void gen_stat_all(acs__kernel *k, sbuf *b)
{
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  long long btime = (long long)now.tv_sec - (long long)since(&k->boot);
  int n = ncpus(), running = 0, procs = 0;
  sb_printf(b, "cpu  0 0 0 0 0 0 0 0 0 0\n");
  for (int i = 0; i < n; i++) sb_printf(b, "cpu%d 0 0 0 0 0 0 0 0 0 0\n", i);
  for (int i = 2; i < k->nprocs; i++)
    if (k->procs[i].state != ACS__P_FREE) procs++, running += k->procs[i].state == ACS__P_RUNNING;
  sb_printf(b, "ctxt 0\nbtime %lld\nprocesses %d\nprocs_running %d\nprocs_blocked 0\n", btime,
            procs + 1, running ? running : 1);
}

static void gen_root_file(acs__kernel *k, const char *name, sbuf *b)
{
  if (!strcmp(name, "cpuinfo")) gen_cpuinfo(b);
  else if (!strcmp(name, "meminfo")) gen_meminfo(k, b);
  else if (!strcmp(name, "mounts")) gen_mounts(b);
  else if (!strcmp(name, "loadavg")) gen_loadavg(k, b);
  else if (!strcmp(name, "stat")) gen_stat_all(k, b);
  else if (!strcmp(name, "uptime")) {
    double up = since(&k->boot);
    sb_printf(b, "%.2f %.2f\n", up, up * ncpus());
  } else if (!strcmp(name, "version"))
    sb_printf(b, "%s version %s (agent-code-sandbox) %s\n", ACS_BOX_SYSNAME, ACS_BOX_RELEASE,
              ACS_BOX_VERSION);
}

static void gen_sys_file(acs__kernel *k, const char *name, sbuf *b)
{
  if (!strcmp(name, "hostname")) sb_printf(b, "%s\n", k->o.hostname[0] ? k->o.hostname : "box");
  else if (!strcmp(name, "ostype")) sb_printf(b, "%s\n", ACS_BOX_SYSNAME);
  else if (!strcmp(name, "osrelease")) sb_printf(b, "%s\n", ACS_BOX_RELEASE);
  else if (!strcmp(name, "version")) sb_printf(b, "%s\n", ACS_BOX_VERSION);
  else if (!strcmp(name, "pid_max")) sb_printf(b, "%d\n", 32768); /* Linux's default: box pids stay below */
}

/* ---- walking a path below /proc ------------------------------------- */

/* What /proc/PID/fd/N names, as Linux's readlink gives it: the path the
** file was opened by, or pipe:[INO] and socket:[INO] for the host
** descriptors the process holds itself. */
static int fd_target(acs__kernel *k, const acs__proc *p, const pnode *n, char *buf, size_t size)
{
  if (!may_inspect(k, p, n->pid)) return -EACCES;
  acs__proc *t = acs__proc_get(k, n->pid);
  if (!t || t->state == ACS__P_ZOMBIE || !t->fds || n->fd < 0 || n->fd >= ACS__K_MAX_FDS ||
      !t->fds[n->fd].f)
    return -ENOENT;
  acs__kfile *f = t->fds[n->fd].f;
  struct stat hs;
  if (f->path) snprintf(buf, size, "%s", f->path);
  else if (f->pf) snprintf(buf, size, "/proc/%s", acs__pfile_path(f->pf));
  else if (f->tty) snprintf(buf, size, "/dev/tty");
  else if (f->ls || f->sk) snprintf(buf, size, "socket:[%d%d]", n->pid, n->fd);
  else if (f->host_fd >= 0 && fstat(f->host_fd, &hs) == 0)
    snprintf(buf, size, S_ISFIFO(hs.st_mode) ? "pipe:[%llu]" : S_ISSOCK(hs.st_mode) ? "socket:[%llu]"
                                                                : "anon_inode:[%llu]",
             (unsigned long long)hs.st_ino);
  else if (f->mf) {
    char *dir = NULL;
    if (acs_memfs_dir_path(k->fs, acs_memfs_file_inode(f->mf), &dir) == 0) snprintf(buf, size, "%s", dir);
    else snprintf(buf, size, "anon_inode:[file]");
    free(dir);
  } else snprintf(buf, size, "anon_inode:[file]");
  return 0;
}

/* The target of a link node, as readlink gives it. */
static int link_target(acs__kernel *k, const acs__proc *p, const pnode *n, char *buf, size_t size)
{
  if (n->kind == N_FDLINK) return fd_target(k, p, n, buf, size);
  if (n->kind != N_LINK) return -EINVAL;
  if (!strcmp(n->name, "self")) {
    snprintf(buf, size, "%d", p->pid);
    return 0;
  }
  if (!may_inspect(k, p, n->pid)) return -EACCES;
  acs__proc *t = acs__proc_get(k, n->pid);
  if (n->pid == 1 && strcmp(n->name, "exe")) {
    snprintf(buf, size, "/"); /* init's root and cwd */
    return 0;
  }
  if (!t || t->state == ACS__P_ZOMBIE) return -ENOENT;
  if (!strcmp(n->name, "root")) {
    snprintf(buf, size, "/");
    return 0;
  }
  if (!strcmp(n->name, "exe")) {
    snprintf(buf, size, "/usr/bin/%s", t->program);
    return 0;
  }
  char *cwd = NULL;
  int rc = acs__proc_cwd(k, t, &cwd);
  if (rc) return rc;
  snprintf(buf, size, "%s", cwd);
  free(cwd);
  return 0;
}

/* Walk rest (the path below /proc). Returns 0 with *n the node, 1 with
** `out` an absolute box path to walk again in memfs (a link that leads out
** of /proc followed), or -errno. follow: whether a final link is followed. */
static int walk(acs__kernel *k, const acs__proc *p, const char *rest, bool follow, pnode *n,
                char *out, size_t outsize)
{
  *n = (pnode){.kind = N_ROOT};
  const char *s = rest;
  int depth = 0;
  for (;;) {
    while (*s == '/') s++;
    if (!*s) return 0;
    const char *e = strchr(s, '/');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    const char *next = s + len;
    while (*next == '/') next++;
    bool last = !*next;
    bool slash = e != NULL; /* "x/" must be a directory */
    if (len == 1 && s[0] == '.') {
      s = next;
      continue;
    }
    if (len == 2 && s[0] == '.' && s[1] == '.') {
      if (n->kind == N_ROOT) {
        /* above /proc: the rest is walked from the box's root */
        snprintf(out, outsize, "/%s", next);
        return 1;
      }
      n->kind = n->kind == N_SYSKERNEL ? N_SYS : N_ROOT;
      s = next;
      continue;
    }
    if (len > 64) return -ENOENT;
    if (n->kind == N_PIDFILE || n->kind == N_FILE || n->kind == N_SYSFILE) return -ENOTDIR;
    switch (n->kind) {
    case N_ROOT: {
      const char *f;
      if (len == 4 && !memcmp(s, "self", 4)) {
        if (last && !follow && !slash) {
          *n = (pnode){.kind = N_LINK, .pid = p->pid, .name = "self"};
          return 0;
        }
        *n = (pnode){.kind = N_PIDDIR, .pid = p->pid};
      } else if (isdigit((unsigned char)s[0])) {
        long pid = 0;
        for (size_t i = 0; i < len; i++) {
          if (!isdigit((unsigned char)s[i]) || pid > 1000000000L) return -ENOENT;
          pid = pid * 10 + (s[i] - '0');
        }
        if (s[0] == '0' || !exists((acs__kernel *)k, (int32_t)pid)) return -ENOENT;
        *n = (pnode){.kind = N_PIDDIR, .pid = (int32_t)pid};
      } else if (len == 3 && !memcmp(s, "sys", 3)) {
        *n = (pnode){.kind = N_SYS};
      } else if ((f = find(root_files, COUNT(root_files), s, len))) {
        *n = (pnode){.kind = N_FILE, .name = f};
      } else return -ENOENT;
      break;
    }
    case N_FDDIR: {
      long fd = 0;
      for (size_t i = 0; i < len; i++) {
        if (!isdigit((unsigned char)s[i]) || fd >= ACS__K_MAX_FDS) return -ENOENT;
        fd = fd * 10 + (s[i] - '0');
      }
      if ((len > 1 && s[0] == '0') || fd >= ACS__K_MAX_FDS) return -ENOENT;
      pnode l = {.kind = N_FDLINK, .pid = n->pid, .name = "fd", .fd = (int)fd};
      char target[ACS__SYS_MAX_STR + 1];
      int rc = fd_target(k, p, &l, target, sizeof target);
      if (rc) return rc;
      if (last && !follow && !slash) {
        *n = l;
        return 0;
      }
      /* followed: the file it names, when that is a path of the box */
      if (target[0] != '/') return -ENXIO;
      size_t tl = strlen(target), nl = strlen(next);
      if (tl + nl + 2 > outsize) return -ENAMETOOLONG;
      memcpy(out, target, tl);
      if (*next || slash) out[tl++] = '/';
      memcpy(out + tl, next, nl + 1);
      return 1;
    }
    case N_PIDDIR: {
      const char *f;
      if (len == 2 && !memcmp(s, "fd", 2)) {
        *n = (pnode){.kind = N_FDDIR, .pid = n->pid, .name = "fd"};
      } else if ((f = find(pid_files, COUNT(pid_files), s, len))) {
        *n = (pnode){.kind = N_PIDFILE, .pid = n->pid, .name = f};
      } else if ((f = find(pid_links, COUNT(pid_links), s, len))) {
        pnode l = {.kind = N_LINK, .pid = n->pid, .name = f};
        if (last && !follow && !slash) {
          *n = l;
          return 0;
        }
        char target[ACS__SYS_MAX_STR + 1];
        int rc = link_target(k, p, &l, target, sizeof target);
        if (rc) return rc;
        size_t tl = strlen(target), nl = strlen(next);
        if (tl + nl + 2 > outsize) return -ENAMETOOLONG;
        memcpy(out, target, tl);
        if (*next || slash) out[tl++] = '/';
        memcpy(out + tl, next, nl + 1);
        return 1;
      } else return -ENOENT;
      break;
    }
    case N_SYS:
      if (len == 6 && !memcmp(s, "kernel", 6)) *n = (pnode){.kind = N_SYSKERNEL};
      else return -ENOENT;
      break;
    case N_SYSKERNEL: {
      const char *f = find(sys_files, COUNT(sys_files), s, len);
      if (!f) return -ENOENT;
      *n = (pnode){.kind = N_SYSFILE, .name = f};
      break;
    }
    default: return -ENOENT;
    }
    if (slash && last && (n->kind == N_PIDFILE || n->kind == N_FILE || n->kind == N_SYSFILE))
      return -ENOTDIR;
    s = next;
    if (++depth > 16) return -ELOOP;
  }
}

static bool is_dir(const pnode *n)
{
  return n->kind == N_ROOT || n->kind == N_PIDDIR || n->kind == N_SYS || n->kind == N_SYSKERNEL ||
         n->kind == N_FDDIR;
}

static void node_stat(acs__kernel *k, const pnode *n, acs_memfs_stat *st)
{
  memset(st, 0, sizeof *st);
  st->dev = 4;
  st->blksize = 1024;
  st->nlink = 1;
  uint64_t h = 5381;
  for (const char *c = n->name ? n->name : ""; *c; c++) h = h * 33 + (unsigned char)*c;
  st->ino = ((uint64_t)(n->pid + 1) << 16) ^ ((uint64_t)n->kind << 12) ^ (h & 0xfff) ^ ((uint64_t)n->fd << 32);
  if (n->kind == N_ROOT) st->ino = 1;
  if (n->kind == N_PIDDIR || n->kind == N_PIDFILE || n->kind == N_LINK || n->kind == N_FDDIR ||
      n->kind == N_FDLINK) {
    acs__proc *t = acs__proc_get(k, n->pid);
    if (t && !(n->kind == N_LINK && !strcmp(n->name, "self"))) {
      st->uid = t->uid;
      st->gid = t->gid;
      st->atime = st->mtime = st->ctime = st->btime = t->start_real;
    } else st->atime = st->mtime = st->ctime = st->btime = k->boot_real;
  } else st->atime = st->mtime = st->ctime = st->btime = k->boot_real;
  if (n->kind == N_FDDIR) {
    st->mode = S_IFDIR | 0500; /* as Linux: the process's owner only */
    st->nlink = 2;
  } else if (n->kind == N_FDLINK) {
    /* lr-x, l-wx or lrwx, as the descriptor was opened */
    acs__proc *t = acs__proc_get(k, n->pid);
    acs__kfile *f = t && t->fds && n->fd >= 0 && n->fd < ACS__K_MAX_FDS ? t->fds[n->fd].f : NULL;
    int acc = !f ? O_RDWR : f->mf ? acs_memfs_file_flags(f->mf) & O_ACCMODE
              : f->hf ? acs__hfile_getfl(f->hf) & O_ACCMODE
              : f->pf ? O_RDONLY : f->host_fd >= 0 ? fcntl(f->host_fd, F_GETFL) & O_ACCMODE : O_RDWR;
    st->mode = S_IFLNK | (acc == O_RDONLY ? 0500 : acc == O_WRONLY ? 0300 : 0700);
  } else if (is_dir(n)) {
    st->mode = S_IFDIR | 0555;
    st->nlink = n->kind == N_ROOT ? 3 : 2;
  } else if (n->kind == N_LINK) st->mode = S_IFLNK | 0777;
  else if (n->kind == N_PIDFILE && !strcmp(n->name, "environ")) st->mode = S_IFREG | 0400;
  else if (n->kind == N_SYSFILE && !strcmp(n->name, "hostname")) st->mode = S_IFREG | 0644;
  else st->mode = S_IFREG | 0444;
}

/* the path of a directory node below /proc, for openat */
static void node_path(const pnode *n, char *buf, size_t size)
{
  switch (n->kind) {
  case N_PIDDIR: snprintf(buf, size, "%d", n->pid); break;
  case N_FDDIR: snprintf(buf, size, "%d/fd", n->pid); break;
  case N_SYS: snprintf(buf, size, "sys"); break;
  case N_SYSKERNEL: snprintf(buf, size, "sys/kernel"); break;
  default: buf[0] = 0;
  }
}

static int dir_entries(acs__kernel *k, const pnode *n, acs__pfile *f)
{
  sbuf names = {0}, types = {0};
  size_t count = 0;
#define ENT(s, t) do { sb_add(&names, s, strlen(s) + 1); unsigned char ty = (t); sb_add(&types, &ty, 1); count++; } while (0)
  ENT(".", DT_DIR);
  ENT("..", DT_DIR);
  if (n->kind == N_ROOT) {
    for (size_t i = 0; i < COUNT(root_files); i++) ENT(root_files[i], DT_REG);
    ENT("self", DT_LNK);
    ENT("sys", DT_DIR);
    ENT("1", DT_DIR);
    for (int i = 2; i < k->nprocs; i++)
      if (k->procs[i].state != ACS__P_FREE) {
        char num[16];
        snprintf(num, sizeof num, "%d", i);
        ENT(num, DT_DIR);
      }
  } else if (n->kind == N_PIDDIR) {
    for (size_t i = 0; i < COUNT(pid_files); i++) ENT(pid_files[i], DT_REG);
    for (size_t i = 0; i < COUNT(pid_links); i++) ENT(pid_links[i], DT_LNK);
    ENT("fd", DT_DIR);
  } else if (n->kind == N_FDDIR) {
    acs__proc *t = acs__proc_get(k, n->pid);
    for (int fd = 0; t && t->state != ACS__P_ZOMBIE && t->fds && fd < ACS__K_MAX_FDS; fd++)
      if (t->fds[fd].f) {
        char num[16];
        snprintf(num, sizeof num, "%d", fd);
        ENT(num, DT_LNK);
      }
  } else if (n->kind == N_SYS) {
    ENT("kernel", DT_DIR);
  } else if (n->kind == N_SYSKERNEL) {
    for (size_t i = 0; i < COUNT(sys_files); i++) ENT(sys_files[i], DT_REG);
  }
#undef ENT
  if (names.oom || types.oom) {
    free(names.p);
    free(types.p);
    return -ENOMEM;
  }
  f->data = names.p;
  f->len = names.len;
  f->types = (unsigned char *)types.p;
  f->nents = count;
  return 0;
}

static int snapshot(acs__kernel *k, const acs__proc *p, const pnode *n, acs__pfile *f)
{
  sbuf b = {0};
  if (n->kind == N_PIDFILE) {
    acs__proc *t = acs__proc_get(k, n->pid);
    bool live = t && t->state != ACS__P_ZOMBIE;
    if (!strcmp(n->name, "environ")) {
      if (!may_inspect(k, p, n->pid)) return -EACCES;
      if (live) gen_strv(t->envp, &b);
    } else if (!strcmp(n->name, "cmdline")) {
      if (live) gen_strv(t->shown ? t->shown : t->argv, &b);
    } else if (!strcmp(n->name, "comm")) sb_printf(&b, "%.15s\n", comm_of(t));
    else if (!strcmp(n->name, "status")) gen_status(k, n->pid, &b);
    else if (!strcmp(n->name, "stat")) gen_stat(k, n->pid, &b);
    else if (!strcmp(n->name, "statm")) {
      hstat h;
      host_stat(live ? t->host_pid : 0, &h);
      long page = sysconf(_SC_PAGESIZE);
      sb_printf(&b, "%llu %llu 0 0 0 0 0\n", h.vsize / (unsigned long long)page, h.rss);
    }
  } else if (n->kind == N_FILE) gen_root_file(k, n->name, &b);
  else if (n->kind == N_SYSFILE) gen_sys_file(k, n->name, &b);
  if (b.oom) {
    free(b.p);
    return -ENOMEM;
  }
  f->data = b.p;
  f->len = b.len;
  return 0;
}

/* ---- the kernel's calls ------------------------------------------------ */

bool acs__procfs_crossed(acs__kernel *k)
{
  const acs_memfs_cross *c = acs_memfs_crossing(k->fs);
  return c && c->mount == ACS__PROCFS_MOUNT;
}

static const char *rest_of(acs__kernel *k)
{
  const acs_memfs_cross *c = acs_memfs_crossing(k->fs);
  return c && c->path ? c->path : "";
}

int acs__procfs_mount(acs__kernel *k)
{
  static const acs_memfs_cred root = {.umask = 0};
  acs_memfs_inode *dir = NULL;
  int rc = acs_memfs_resolve(k->fs, &root, NULL, "/proc", 0, &dir);
  if (rc) return rc;
  rc = acs_memfs_mount(k->fs, dir, ACS__PROCFS_MOUNT);
  acs_memfs_inode_release(k->fs, dir);
  return rc;
}

int acs__procfs_open(acs__kernel *k, acs__proc *p, int flags, unsigned mode, acs__kfile **out)
{
  *out = NULL;
  char path[ACS__SYS_MAX_STR + 1], again[ACS__SYS_MAX_STR + 1];
  snprintf(path, sizeof path, "%s", rest_of(k));
  pnode n;
  bool follow = !(flags & O_NOFOLLOW);
  int rc = walk(k, p, path, follow, &n, again, sizeof again);
  if (rc == -ENOENT && (flags & O_CREAT)) return -ENOENT; /* nothing is made here */
  if (rc < 0) return rc;
  if (rc == 1) {
    /* a link out of /proc: open its target in memfs */
    acs_memfs_cred cr = acs__kernel_cred(p);
    acs_memfs_file *mf = NULL;
    rc = acs_memfs_open(k->fs, &cr, NULL, again, flags, mode, &mf);
    if (rc == ACS_MEMFS_CROSSED) return acs__procfs_crossed(k) ? acs__procfs_open(k, p, flags, mode, out) : -EXDEV;
    if (rc) return rc;
    *out = acs__kfile_new(mf, -1);
    if (!*out) {
      acs_memfs_close(k->fs, mf);
      return -ENOMEM;
    }
    return 0;
  }
  if ((flags & O_CREAT) && (flags & O_EXCL)) return -EEXIST;
  if (n.kind == N_LINK || n.kind == N_FDLINK) return -ELOOP; /* O_NOFOLLOW on a link */
  if (n.kind == N_FDDIR && !may_inspect(k, p, n.pid)) return -EACCES; /* dr-x------, its owner's */
  int acc = flags & O_ACCMODE;
  if (is_dir(&n) && acc != O_RDONLY) return -EISDIR;
  if ((flags & O_DIRECTORY) && !is_dir(&n)) return -ENOTDIR;
  acs_memfs_stat st;
  node_stat(k, &n, &st);
  if (acc != O_RDONLY) {
    /* root opens anything for writing (a write is then EIO); others
    ** need the write bit */
    bool w = p->euid == 0 || (st.uid == p->euid && (st.mode & 0200));
    if (!w) return -EACCES;
  }
  if (acc != O_WRONLY && !is_dir(&n) && p->euid != 0) {
    bool r = (st.uid == p->euid && (st.mode & 0400)) || (st.mode & 0004);
    if (!r) return -EACCES;
  }
  acs__pfile *f = calloc(1, sizeof *f);
  if (!f) return -ENOMEM;
  f->st = st;
  f->dir = is_dir(&n);
  f->writable = acc != O_RDONLY;
  node_path(&n, f->path, sizeof f->path);
  rc = f->dir ? dir_entries(k, &n, f) : snapshot(k, p, &n, f);
  if (rc) {
    free(f);
    return rc;
  }
  acs__kfile *kf = acs__kfile_new(NULL, -1);
  if (!kf) {
    acs__pfile_free(f);
    return -ENOMEM;
  }
  kf->pf = f;
  *out = kf;
  return 0;
}

int acs__procfs_stat(acs__kernel *k, acs__proc *p, int flags, acs_memfs_stat *st)
{
  char path[ACS__SYS_MAX_STR + 1], again[ACS__SYS_MAX_STR + 1];
  snprintf(path, sizeof path, "%s", rest_of(k));
  pnode n;
  int rc = walk(k, p, path, !(flags & AT_SYMLINK_NOFOLLOW), &n, again, sizeof again);
  if (rc < 0) return rc;
  if (rc == 1) {
    acs_memfs_cred cr = acs__kernel_cred(p);
    rc = acs_memfs_fstatat(k->fs, &cr, NULL, again, flags, st);
    if (rc == ACS_MEMFS_CROSSED) return acs__procfs_crossed(k) ? acs__procfs_stat(k, p, flags, st) : -EXDEV;
    return rc;
  }
  node_stat(k, &n, st);
  return 0;
}

int acs__procfs_access(acs__kernel *k, acs__proc *p, int mode, int flags)
{
  acs_memfs_stat st;
  int rc = acs__procfs_stat(k, p, flags & AT_SYMLINK_NOFOLLOW, &st);
  if (rc) return rc;
  if (mode == F_OK) return 0;
  uint32_t uid = (flags & AT_EACCESS) ? p->euid : p->uid;
  if (uid == 0) return (mode & X_OK) && !(st.mode & 0111) ? -EACCES : 0;
  unsigned bits = st.uid == uid ? (st.mode >> 6) & 7 : st.mode & 7;
  return ((unsigned)mode & ~bits) ? -EACCES : 0;
}

ssize_t acs__procfs_readlink(acs__kernel *k, acs__proc *p, char *buf, size_t size)
{
  char path[ACS__SYS_MAX_STR + 1], again[ACS__SYS_MAX_STR + 1];
  snprintf(path, sizeof path, "%s", rest_of(k));
  pnode n;
  int rc = walk(k, p, path, false, &n, again, sizeof again);
  if (rc < 0) return rc;
  if (rc == 1) {
    acs_memfs_cred cr = acs__kernel_cred(p);
    ssize_t r = acs_memfs_readlink(k->fs, &cr, NULL, again, buf, size);
    if (r == ACS_MEMFS_CROSSED) return acs__procfs_crossed(k) ? acs__procfs_readlink(k, p, buf, size) : -EXDEV;
    return r;
  }
  if (n.kind != N_LINK && n.kind != N_FDLINK) return -EINVAL;
  char t[ACS__SYS_MAX_STR + 1];
  rc = link_target(k, p, &n, t, sizeof t);
  if (rc) return rc;
  size_t len = strlen(t);
  if (len > size) len = size;
  memcpy(buf, t, len);
  return (ssize_t)len;
}

int acs__procfs_realpath(acs__kernel *k, acs__proc *p, char **out)
{
  char path[ACS__SYS_MAX_STR + 1], again[ACS__SYS_MAX_STR + 1];
  snprintf(path, sizeof path, "%s", rest_of(k));
  pnode n;
  int rc = walk(k, p, path, true, &n, again, sizeof again);
  if (rc < 0) return rc;
  if (rc == 1) {
    acs_memfs_cred cr = acs__kernel_cred(p);
    rc = acs_memfs_realpath(k->fs, &cr, NULL, again, out);
    if (rc == ACS_MEMFS_CROSSED) return acs__procfs_crossed(k) ? acs__procfs_realpath(k, p, out) : -EXDEV;
    return rc;
  }
  char buf[128] = "/proc";
  if (n.kind == N_PIDDIR || n.kind == N_SYS || n.kind == N_SYSKERNEL || n.kind == N_FDDIR) {
    char rel[96];
    node_path(&n, rel, sizeof rel);
    snprintf(buf, sizeof buf, "/proc/%s", rel);
  } else if (n.kind != N_ROOT) {
    const char *name = n.name;
    if (n.kind == N_PIDFILE) snprintf(buf, sizeof buf, "/proc/%d/%s", n.pid, name);
    else if (n.kind == N_SYSFILE) snprintf(buf, sizeof buf, "/proc/sys/kernel/%s", name);
    else snprintf(buf, sizeof buf, "/proc/%s", name);
  }
  *out = strdup(buf);
  return *out ? 0 : -ENOMEM;
}

int acs__procfs_refuse(acs__kernel *k, acs__proc *p, int op)
{
  char path[ACS__SYS_MAX_STR + 1], again[ACS__SYS_MAX_STR + 1];
  snprintf(path, sizeof path, "%s", rest_of(k));
  pnode n;
  int rc = walk(k, p, path, op != ACS__PROCFS_UNLINK && op != ACS__PROCFS_RMDIR, &n, again, sizeof again);
  if (rc == 1) return -EXDEV; /* through a link out of /proc: not followed for changes */
  switch (op) {
  case ACS__PROCFS_CREATE: /* mkdir, symlink, link, mknod, rename's target */
    return rc < 0 ? rc : -EEXIST;
  case ACS__PROCFS_UNLINK:
  case ACS__PROCFS_RMDIR:
    if (rc < 0) return rc;
    if (op == ACS__PROCFS_UNLINK && is_dir(&n)) return -EISDIR;
    if (op == ACS__PROCFS_RMDIR && !is_dir(&n)) return -ENOTDIR;
    return -EPERM;
  case ACS__PROCFS_UTIMES:
    if (rc < 0) return rc;
    return 0; /* as Linux, touching a /proc entry changes nothing */
  case ACS__PROCFS_TRUNCATE:
    if (rc < 0) return rc;
    return is_dir(&n) ? -EISDIR : p->euid == 0 ? 0 : -EACCES;
  default: /* chmod, chown, rename of an entry */
    return rc < 0 ? rc : -EPERM;
  }
}

/* ---- open /proc files ---------------------------------------------------- */

void acs__pfile_free(acs__pfile *f)
{
  if (!f) return;
  free(f->data);
  free(f->types);
  free(f);
}

bool acs__pfile_is_dir(const acs__pfile *f) { return f->dir; }
bool acs__pfile_writable(const acs__pfile *f) { return f->writable; }
const char *acs__pfile_path(const acs__pfile *f) { return f->path; }

ssize_t acs__pfile_read(acs__pfile *f, void *buf, size_t n, bool at, int64_t off)
{
  if (f->dir) return -EISDIR;
  size_t pos = at ? (off < 0 ? (size_t)-1 : (size_t)off) : f->off;
  if (at && off < 0) return -EINVAL;
  if (pos >= f->len) return 0;
  if (n > f->len - pos) n = f->len - pos;
  memcpy(buf, f->data + pos, n);
  if (!at) f->off = pos + n;
  return (ssize_t)n;
}

int64_t acs__pfile_lseek(acs__pfile *f, int64_t off, int whence)
{
  int64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (int64_t)f->off
               : whence == SEEK_END ? (int64_t)(f->dir ? f->nents : f->len) : -1;
  if (base < 0 || base + off < 0) return -EINVAL;
  f->off = (size_t)(base + off);
  return (int64_t)f->off;
}

int acs__pfile_readdir(acs__pfile *f, acs_memfs_dirent_fn fn, void *user)
{
  if (!f->dir) return -ENOTDIR;
  const char *name = f->data;
  size_t i = 0;
  for (; i < f->off && i < f->nents; i++) name += strlen(name) + 1;
  for (; i < f->nents; i++) {
    acs_memfs_dirent e = {.ino = 1000 + i, .next = (int64_t)i + 1, .type = f->types[i],
                          .namelen = (uint16_t)strlen(name), .name = name};
    if (fn(user, &e)) break;
    f->off = i + 1;
    name += e.namelen + 1;
  }
  return 0;
}

void acs__pfile_stat(const acs__pfile *f, acs_memfs_stat *st) { *st = f->st; }

/* READFILE answers a snapshot as a regular file of its length */
size_t acs__pfile_size(const acs__pfile *f) { return f->dir ? 0 : f->len; }
