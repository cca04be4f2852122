/* limits.c - times and ulimit. The box's programs are not the shell's
** children in the host (the box's kernel starts them), so times shows
** the shell's own figures for both lines; ulimit reports and sets the
** limits of the shell's own process, which its programs start with. */
#include "sh.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static void put_time(sbuf *b, struct timeval tv)
{
  long m = (long)tv.tv_sec / 60;
  sb_printf(b, "%ldm%ld.%03lds", m, (long)tv.tv_sec % 60, (long)tv.tv_usec / 1000);
}

int bi_times(int argc, char **argv)
{
  (void)argc, (void)argv;
  struct rusage self, kids;
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &kids);
  sbuf b = {0};
  put_time(&b, self.ru_utime);
  sb_addc(&b, ' ');
  put_time(&b, self.ru_stime);
  sb_addc(&b, '\n');
  put_time(&b, kids.ru_utime);
  sb_addc(&b, ' ');
  put_time(&b, kids.ru_stime);
  sb_addc(&b, '\n');
  out_add(b.s, b.len);
  sb_free(&b);
  return 0;
}

typedef struct lim {
  char opt;
  int res;
  long unit; /* bytes per unit shown (1: a count) */
  const char *desc;
} lim;

static const lim lims[] = {
    {'c', RLIMIT_CORE, 512, "core file size              (blocks, -c)"},
    {'d', RLIMIT_DATA, 1024, "data seg size               (kbytes, -d)"},
    {'e', RLIMIT_NICE, 1, "scheduling priority                 (-e)"},
    {'f', RLIMIT_FSIZE, 512, "file size                   (blocks, -f)"},
    {'i', RLIMIT_SIGPENDING, 1, "pending signals                     (-i)"},
    {'l', RLIMIT_MEMLOCK, 1024, "max locked memory           (kbytes, -l)"},
    {'m', RLIMIT_RSS, 1024, "max memory size             (kbytes, -m)"},
    {'n', RLIMIT_NOFILE, 1, "open files                          (-n)"},
    {'q', RLIMIT_MSGQUEUE, 1, "POSIX message queues         (bytes, -q)"},
    {'r', RLIMIT_RTPRIO, 1, "real-time priority                  (-r)"},
    {'s', RLIMIT_STACK, 1024, "stack size                  (kbytes, -s)"},
    {'t', RLIMIT_CPU, 1, "cpu time                   (seconds, -t)"},
    {'u', RLIMIT_NPROC, 1, "max user processes                  (-u)"},
    {'v', RLIMIT_AS, 1024, "virtual memory              (kbytes, -v)"},
};

/* open files and processes are the box's (its kernel's fd table, its
** owner's process limit), not this host process's */
static bool boxed(int res) { return res == RLIMIT_NOFILE || res == RLIMIT_NPROC; }

static int lim_get(int res, struct rlimit *r)
{
  if (!boxed(res)) return getrlimit(res, r) < 0 ? -errno : 0;
  int64_t cur = 0, max = 0;
  int rc = acs_sys_rlimit(res, false, &cur, &max);
  if (rc) return rc;
  r->rlim_cur = (rlim_t)cur;
  r->rlim_max = (rlim_t)max;
  return 0;
}

static int lim_set(int res, const struct rlimit *r)
{
  if (!boxed(res)) return setrlimit(res, r) < 0 ? -errno : 0;
  /* "unlimited" is more than the box has: refused as Linux refuses a
  ** limit past its ceiling */
  if (r->rlim_cur == RLIM_INFINITY || r->rlim_max == RLIM_INFINITY) return -EPERM;
  int64_t cur = (int64_t)r->rlim_cur, max = (int64_t)r->rlim_max;
  return acs_sys_rlimit(res, true, &cur, &max);
}

static void show(sbuf *b, const lim *l, bool hard)
{
  struct rlimit r;
  if (lim_get(l->res, &r) < 0) {
    sb_adds(b, "unknown");
    return;
  }
  rlim_t v = hard ? r.rlim_max : r.rlim_cur;
  if (v == RLIM_INFINITY) sb_adds(b, "unlimited");
  else sb_printf(b, "%llu", (unsigned long long)(v / (rlim_t)l->unit));
}

int bi_ulimit(int argc, char **argv)
{
  bool hard = false, soft = false, all = false;
  const lim *which[16];
  size_t nw = 0;
  const char *value = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || !a[1]) {
      value = a;
      continue;
    }
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'H') hard = true;
      else if (*p == 'S') soft = true;
      else if (*p == 'a') all = true;
      else {
        const lim *l = NULL;
        for (size_t k = 0; k < sizeof lims / sizeof *lims; k++)
          if (lims[k].opt == *p) l = &lims[k];
        if (!l) {
          sh_error("ulimit: -%c: invalid option", *p);
          sh_usage("ulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]\n");
          return 2;
        }
        if (nw < 16) which[nw++] = l;
      }
    }
  }
  sbuf b = {0};
  if (all) {
    for (size_t k = 0; k < sizeof lims / sizeof *lims; k++) {
      sb_adds(&b, lims[k].desc);
      sb_addc(&b, ' ');
      show(&b, &lims[k], hard && !soft);
      sb_addc(&b, '\n');
    }
    out_add(b.s, b.len);
    sb_free(&b);
    return 0;
  }
  if (!nw) which[nw++] = &lims[3]; /* -f */
  if (value) {
    for (size_t k = 0; k < nw; k++) {
      struct rlimit r;
      if (lim_get(which[k]->res, &r) < 0) continue;
      rlim_t v;
      if (!strcmp(value, "unlimited")) v = RLIM_INFINITY;
      else if (!strcmp(value, "hard")) v = r.rlim_max;
      else if (!strcmp(value, "soft")) v = r.rlim_cur;
      else {
        char *end;
        unsigned long long n = strtoull(value, &end, 10);
        if (*end || !*value) {
          sh_error("ulimit: %s: invalid number", value);
          return 1;
        }
        v = (rlim_t)n * (rlim_t)which[k]->unit;
      }
      if (hard || !soft) r.rlim_max = v; /* neither -H nor -S: both */
      if (soft || !hard) r.rlim_cur = v;
      int rc = lim_set(which[k]->res, &r);
      if (rc < 0) {
        const char *d = which[k]->desc;
        sh_error("ulimit: %.*s: cannot modify limit: %s", (int)(strstr(d, "  ") - d), d, strerror(-rc));
        return 1;
      }
    }
    return 0;
  }
  for (size_t k = 0; k < nw; k++) {
    if (nw > 1) {
      sb_adds(&b, which[k]->desc);
      sb_addc(&b, ' ');
    }
    show(&b, which[k], hard && !soft);
    sb_addc(&b, '\n');
  }
  out_add(b.s, b.len);
  sb_free(&b);
  return 0;
}
