/* lib_proc.c - reading the box's /proc (lib_proc.h). */
#include "lib_proc.h"
#include "lib_sys.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool read_one(int pid, lib_proc *p)
{
  char path[64], buf[4096];
  memset(p, 0, sizeof *p);
  p->pid = pid;
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  if (lib_read_small(path, buf, sizeof buf) <= 0) return false;
  char *open = strchr(buf, '('), *close = strrchr(buf, ')');
  if (!open || !close || close < open) return false;
  snprintf(p->comm, sizeof p->comm, "%.*s", (int)(close - open - 1), open + 1);
  long long f[24] = {0};
  char st = '?';
  /* state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
  ** utime stime cutime cstime priority nice threads itreal starttime vsize rss */
  sscanf(close + 1, " %c %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lld "
                    "%lld %lld %lld %lld %lld",
         &st, &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6], &f[7], &f[8], &f[9], &f[10], &f[11],
         &f[12], &f[13], &f[14], &f[15], &f[16], &f[17], &f[18], &f[19], &f[20]);
  p->state = st;
  p->ppid = (int)f[0], p->pgid = (int)f[1], p->sid = (int)f[2];
  p->utime = (unsigned long long)f[10], p->stime = (unsigned long long)f[11];
  p->nice = (int)f[15], p->threads = (int)f[16];
  p->start = (unsigned long long)f[18], p->vsize = (unsigned long long)f[19];
  p->rss = (unsigned long long)f[20];
  snprintf(path, sizeof path, "/proc/%d/status", pid);
  if (lib_read_small(path, buf, sizeof buf) > 0) {
    char *u = strstr(buf, "\nUid:"), *g = strstr(buf, "\nGid:");
    if (u) sscanf(u + 5, "%u %u", &p->uid, &p->euid);
    if (g) sscanf(g + 5, "%u %u", &p->gid, &p->egid);
  }
  snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
  char *data = NULL;
  size_t len = 0;
  if (cmd_read_all(path, &data, &len)) data = NULL, len = 0;
  size_t words = 0;
  for (size_t i = 0; i < len; i++) words += data[i] == 0;
  if (len && data[len - 1]) words++;
  p->argv = calloc(words + 1, sizeof *p->argv);
  p->args = malloc(len + 1);
  if (!p->argv || !p->args) {
    free(data);
    return false;
  }
  size_t w = 0;
  for (size_t i = 0; i < len && w < words;) {
    p->argv[w++] = strdup(data + i);
    i += strlen(data + i) + 1;
  }
  for (size_t i = 0; i < len; i++) p->args[i] = data[i] ? data[i] : ' ';
  size_t al = len;
  while (al && p->args[al - 1] == ' ' && data[al - 1] == 0) al--;
  p->args[al] = 0;
  free(data);
  return true;
}

int lib_procs_read(lib_procs *ps)
{
  memset(ps, 0, sizeof *ps);
  ps->hz = sysconf(_SC_CLK_TCK);
  if (ps->hz <= 0) ps->hz = 100;
  ps->page = sysconf(_SC_PAGESIZE);
  char buf[4096];
  if (lib_read_small("/proc/uptime", buf, sizeof buf) > 0) ps->uptime = strtod(buf, NULL);
  if (lib_read_small("/proc/stat", buf, sizeof buf) > 0) {
    char *b = strstr(buf, "btime ");
    if (b) ps->boot = strtoll(b + 6, NULL, 10);
  }
  if (lib_read_small("/proc/meminfo", buf, sizeof buf) > 0) {
    char *m = strstr(buf, "MemTotal:");
    if (m) ps->mem_kb = strtoull(m + 9, NULL, 10);
  }
  cmd_dirent *ents;
  size_t n;
  int rc = cmd_dir_read("/proc", &ents, &n);
  if (rc) return rc;
  int *pids = malloc((n + 1) * sizeof *pids);
  size_t np = 0;
  for (size_t i = 0; pids && i < n; i++)
    if (isdigit((unsigned char)ents[i].name[0])) pids[np++] = atoi(ents[i].name);
  cmd_dir_free(ents, n);
  if (!pids) return -12;
  /* by pid, as procps lists them */
  for (size_t i = 1; i < np; i++)
    for (size_t j = i; j > 0 && pids[j - 1] > pids[j]; j--) {
      int t = pids[j];
      pids[j] = pids[j - 1];
      pids[j - 1] = t;
    }
  ps->v = calloc(np + 1, sizeof *ps->v);
  for (size_t i = 0; ps->v && i < np; i++)
    if (read_one(pids[i], &ps->v[ps->n])) ps->n++;
  free(pids);
  return ps->v ? 0 : -12;
}

void lib_procs_free(lib_procs *ps)
{
  for (size_t i = 0; i < ps->n; i++) {
    for (char **a = ps->v[i].argv; a && *a; a++) free(*a);
    free(ps->v[i].argv);
    free(ps->v[i].args);
  }
  free(ps->v);
  memset(ps, 0, sizeof *ps);
}

bool lib_int_list(const char *s, int **out, size_t *n)
{
  size_t cap = strlen(s) / 2 + 2;
  int *v = realloc(*out, (*n + cap) * sizeof *v);
  if (!v) return false;
  *out = v;
  const char *p = s;
  bool any = false;
  while (*p) {
    while (*p == ',' || *p == ' ') p++;
    if (!*p) break;
    char *end;
    long x = strtol(p, &end, 10);
    if (end == p || (*end && *end != ',' && *end != ' ') || x < 0 || x > 2147483647L) return false;
    v[(*n)++] = (int)x;
    any = true;
    p = end;
  }
  return any;
}

bool lib_user_list(const char *s, uint32_t **out, size_t *n)
{
  char *copy = strdup(s);
  if (!copy) return false;
  size_t cap = strlen(s) + 2;
  uint32_t *v = realloc(*out, (*n + cap) * sizeof *v);
  if (!v) return free(copy), false;
  *out = v;
  bool ok = true;
  for (char *t = strtok(copy, ", "); t && ok; t = strtok(NULL, ", ")) {
    uint32_t id;
    if (cmd_user_id(t, &id)) v[(*n)++] = id;
    else ok = false;
  }
  free(copy);
  return ok;
}

void lib_fmt_time(char *b, size_t n, unsigned long long s)
{
  unsigned long long d = s / 86400;
  if (d) snprintf(b, n, "%llu-%02llu:%02llu:%02llu", d, s / 3600 % 24, s / 60 % 60, s % 60);
  else snprintf(b, n, "%02llu:%02llu:%02llu", s / 3600, s / 60 % 60, s % 60);
}

void lib_fmt_cputime_bsd(char *b, size_t n, unsigned long long s)
{
  snprintf(b, n, "%llu:%02llu", s / 60, s % 60);
}

void lib_fmt_etime(char *b, size_t n, unsigned long long s)
{
  unsigned long long d = s / 86400, h = s / 3600 % 24;
  if (d) snprintf(b, n, "%llu-%02llu:%02llu:%02llu", d, h, s / 60 % 60, s % 60);
  else if (h) snprintf(b, n, "%02llu:%02llu:%02llu", h, s / 60 % 60, s % 60);
  else snprintf(b, n, "%02llu:%02llu", s / 60 % 60, s % 60);
}
