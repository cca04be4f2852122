/* ps.c - report a snapshot of the current processes.
**
** Usage:
**  ps [options]
**
** Basic options:
**  -A, -e               all processes
**  -a                   all with tty, except session leaders
**   a                   all with tty, including other users
**  -d                   all except session leaders
**  -N, --deselect       negate selection
**   r                   only running processes
**   x                   processes without controlling ttys
**
** Selection by list:
**  -C <command>         command name
**  -G, --Group <GID>    real group id or name
**  -g, --group <group>  session or effective group name
**  -p, p, --pid <PID>   process id
**      --ppid <PID>     parent process id
**  -s, --sid <session>  session id
**  -t, t, --tty <tty>   terminal
**  -u, U, --user <UID>  effective user id or name
**  -U, --User <UID>     real user id or name
**
** Output formats:
**  -F                   extra full
**  -f                   full-format, including command lines
**   f, --forest         ascii art process tree (accepted, not drawn)
**  -H                   show process hierarchy (accepted, not drawn)
**  -j                   jobs format
**   j                   BSD job control format
**  -l                   long format
**   l                   BSD long format
**  -o, o, --format <format>
**                       user-defined format
**   u                   user-oriented format
**   v                   virtual memory format
**      --no-headers     do not print header at all
**   h                   do not print header
**      --sort <spec>    sort by [+|-]key[,...]
**   w, -w               unlimited output width (always: no terminal)
**
**      --help     display this help and exit
**  -V, --version  output version information and exit
**
** Format keys: pid ppid pgid sid uid ruid gid rgid user ruser group rgroup
** comm args cmd stat s etime etimes time bsdtime tty ni pri rss vsz %cpu
** %mem start stime lstart c nlwp f; NAME=HEADER renames a column.
*/

/* procps-ng 4.0.2's ps over the box's /proc (lib_proc.c): the same
** columns, widths, headers and time formats, one space between columns,
** the last one unpadded, no truncation (stdout is never a terminal in a
** box). Without options, the caller's own processes (the box has no
** terminals, so "same terminal" is every process of the caller's euid).
** Exit 1 when nothing was listed. */
#include "cmd.h"
#include "lib_proc.h"
#include "lib_sys.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

enum {
  K_PID, K_PPID, K_PGID, K_SID, K_UID, K_RUID, K_GID, K_RGID, K_USER, K_RUSER, K_GROUP, K_RGROUP,
  K_COMM, K_ARGS, K_STAT, K_STATE, K_ETIME, K_ETIMES, K_TIME, K_BSDTIME, K_TTY, K_NI, K_PRI,
  K_RSS, K_VSZ, K_PCPU, K_PMEM, K_START, K_STIME, K_STARTTIME, K_LSTART, K_C, K_NLWP, K_F, K_SZ,
  K_WCHAN, K_ADDR
};

typedef struct key {
  const char *name;
  int kind;
  const char *header;
  int width;
  bool left;
} key;

static const key keys[] = {
    {"pid", K_PID, "PID", 5, false},        {"tgid", K_PID, "TGID", 5, false},
    {"ppid", K_PPID, "PPID", 5, false},     {"pgid", K_PGID, "PGID", 5, false},
    {"pgrp", K_PGID, "PGRP", 5, false},     {"sid", K_SID, "SID", 5, false},
    {"sess", K_SID, "SESS", 5, false},      {"session", K_SID, "SESS", 5, false},
    {"uid", K_UID, "UID", 5, false},        {"euid", K_UID, "EUID", 5, false},
    {"ruid", K_RUID, "RUID", 5, false},     {"gid", K_GID, "GID", 5, false},
    {"egid", K_GID, "EGID", 5, false},      {"rgid", K_RGID, "RGID", 5, false},
    {"user", K_USER, "USER", 8, true},      {"euser", K_USER, "EUSER", 8, true},
    {"uname", K_USER, "USER", 8, true},     {"ruser", K_RUSER, "RUSER", 8, true},
    {"group", K_GROUP, "GROUP", 8, true},   {"egroup", K_GROUP, "EGROUP", 8, true},
    {"rgroup", K_RGROUP, "RGROUP", 8, true}, {"comm", K_COMM, "COMMAND", 15, true},
    {"ucomm", K_COMM, "COMMAND", 15, true}, {"ucmd", K_COMM, "CMD", 15, true},
    {"args", K_ARGS, "COMMAND", 27, true},  {"command", K_ARGS, "COMMAND", 27, true},
    {"cmd", K_ARGS, "CMD", 27, true},       {"stat", K_STAT, "STAT", 4, true},
    {"s", K_STATE, "S", 1, true},           {"state", K_STATE, "S", 1, true},
    {"etime", K_ETIME, "ELAPSED", 11, false}, {"etimes", K_ETIMES, "ELAPSED", 7, false},
    {"time", K_TIME, "TIME", 8, false},     {"cputime", K_TIME, "TIME", 8, false},
    {"bsdtime", K_BSDTIME, "TIME", 6, false}, {"tty", K_TTY, "TT", 8, true},
    {"tt", K_TTY, "TT", 8, true},           {"tname", K_TTY, "TTY", 8, true},
    {"ni", K_NI, "NI", 3, false},           {"nice", K_NI, "NI", 3, false},
    {"pri", K_PRI, "PRI", 3, false},        {"rss", K_RSS, "RSS", 5, false},
    {"rssize", K_RSS, "RSS", 5, false},     {"rsz", K_RSS, "RSZ", 5, false},
    {"vsz", K_VSZ, "VSZ", 6, false},        {"vsize", K_VSZ, "VSZ", 6, false},
    {"%cpu", K_PCPU, "%CPU", 4, false},     {"pcpu", K_PCPU, "%CPU", 4, false},
    {"%mem", K_PMEM, "%MEM", 4, false},     {"pmem", K_PMEM, "%MEM", 4, false},
    {"start", K_START, "STARTED", 8, false}, {"stime", K_STIME, "STIME", 5, false},
    {"start_time", K_STARTTIME, "START", 5, false}, {"lstart", K_LSTART, "STARTED", 24, false},
    {"c", K_C, "C", 2, false},              {"nlwp", K_NLWP, "NLWP", 4, false},
    {"thcount", K_NLWP, "THCNT", 5, false}, {"f", K_F, "F", 1, false},
    {"flags", K_F, "F", 1, false},          {"sz", K_SZ, "SZ", 5, false},
    {"wchan", K_WCHAN, "WCHAN", 6, true},   {"addr", K_ADDR, "ADDR", 4, false},
};

typedef struct col {
  const key *k;
  char header[128];
  int width;
} col;

typedef struct ps {
  acs_cmd *c;
  lib_procs procs;
  col cols[64];
  int ncols;
  time_t now;
  /* selection */
  bool all, bsd_a, bsd_x, no_leaders, negate, running, no_header;
  int *pids, *ppids, *sids;
  size_t npids, nppids, nsids;
  uint32_t *eusers, *rusers, *rgroups, *egroups;
  size_t neusers, nrusers, nrgroups, negroups;
  char **cmds;
  size_t ncmds;
  bool tty_list;
  bool selected; /* a list selection was given */
  char sort[256];
  char bad[256]; /* the message of a bad format */
} ps;

static const key *key_of(const char *name, size_t len)
{
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
    if (strlen(keys[i].name) == len && !strncasecmp(keys[i].name, name, len)) return &keys[i];
  return NULL;
}

static bool add_col(ps *s, const char *name, size_t len, const char *header)
{
  const key *k = key_of(name, len);
  if (!k || s->ncols >= 64) return false;
  col *c = &s->cols[s->ncols++];
  c->k = k;
  snprintf(c->header, sizeof c->header, "%s", header ? header : k->header);
  c->width = k->width;
  if (header && (int)strlen(header) > c->width) c->width = (int)strlen(header);
  return true;
}

/* "pid,ppid comm=NAME": keys split at commas and blanks; NAME= takes the
** text up to the next comma as the header (procps 4: "pid=,comm=" is two
** columns without headers) */
static bool add_format(ps *s, const char *spec)
{
  const char *p = spec;
  while (*p) {
    while (*p == ',' || *p == ' ' || *p == '\t') p++;
    if (!*p) break;
    size_t len = strcspn(p, ",= \t");
    if (p[len] == '=') {
      const char *h = p + len + 1;
      size_t hl = strcspn(h, ",");
      char header[128];
      snprintf(header, sizeof header, "%.*s", (int)hl, h);
      if (!add_col(s, p, len, header)) goto bad;
      p = h + hl;
      continue;
    }
    if (!add_col(s, p, len, NULL)) goto bad;
    p += len;
    continue;
  bad:
    snprintf(s->bad, sizeof s->bad, "error: unknown user-defined format specifier \"%.*s\"", (int)len, p);
    return false;
  }
  return true;
}

static void set_format(ps *s, const char *f)
{
  s->ncols = 0;
  add_format(s, f);
}

static void usage_error(acs_cmd *c, const char *fmt, const char *arg)
{
  cmd_flush(c);
  char msg[1024];
  int n = snprintf(msg, sizeof msg, fmt, arg);
  n += snprintf(msg + n, sizeof msg - (size_t)n,
                "\n\nUsage:\n ps [options]\n\n Try 'ps --help <simple|list|output|threads|misc|all>'\n"
                "  or 'ps --help <s|l|o|t|m|a>'\n for additional help text.\n\nFor more details see ps(1).\n");
  acs_sys_write_all(2, msg, (size_t)n);
}

/* ---- values ---------------------------------------------------------- */

static unsigned long long cpu_secs(const ps *s, const lib_proc *p)
{
  return (p->utime + p->stime) / (unsigned long long)s->procs.hz;
}

static double elapsed(const ps *s, const lib_proc *p)
{
  double e = s->procs.uptime - (double)p->start / (double)s->procs.hz;
  return e < 0 ? 0 : e;
}

static double pcpu(const ps *s, const lib_proc *p)
{
  double e = elapsed(s, p);
  if (e <= 0) return 0;
  double v = (double)(p->utime + p->stime) / (double)s->procs.hz * 100.0 / e;
  return v > 999 ? 999 : v;
}

static double pmem(const ps *s, const lib_proc *p)
{
  if (!s->procs.mem_kb) return 0;
  double kb = (double)p->rss * (double)s->procs.page / 1024.0;
  return kb * 100.0 / (double)s->procs.mem_kb;
}

static time_t started(const ps *s, const lib_proc *p)
{
  return (time_t)(s->procs.boot + (long long)(p->start / (unsigned long long)s->procs.hz));
}

static void name_of(uint32_t id, bool group, char *b, size_t n)
{
  if (group ? !cmd_group_name(id, b, n) : !cmd_user_name(id, b, n)) snprintf(b, n, "%u", id);
  /* procps shows a name longer than the column as its number */
  if (strlen(b) > 8) snprintf(b, n, "%u", id);
}

static void value(const ps *s, const lib_proc *p, int kind, char *b, size_t n)
{
  struct tm tm;
  time_t t;
  switch (kind) {
  case K_PID: snprintf(b, n, "%d", p->pid); break;
  case K_PPID: snprintf(b, n, "%d", p->ppid); break;
  case K_PGID: snprintf(b, n, "%d", p->pgid); break;
  case K_SID: snprintf(b, n, "%d", p->sid); break;
  case K_UID: snprintf(b, n, "%u", p->euid); break;
  case K_RUID: snprintf(b, n, "%u", p->uid); break;
  case K_GID: snprintf(b, n, "%u", p->egid); break;
  case K_RGID: snprintf(b, n, "%u", p->gid); break;
  case K_USER: name_of(p->euid, false, b, n); break;
  case K_RUSER: name_of(p->uid, false, b, n); break;
  case K_GROUP: name_of(p->egid, true, b, n); break;
  case K_RGROUP: name_of(p->gid, true, b, n); break;
  case K_COMM: snprintf(b, n, "%s", p->comm); break;
  case K_ARGS:
    if (p->args && p->args[0]) snprintf(b, n, "%s", p->args);
    else snprintf(b, n, "[%s]", p->comm);
    break;
  case K_STAT:
    snprintf(b, n, "%c%s%s%s%s", p->state, p->nice < 0 ? "<" : "", p->nice > 0 ? "N" : "",
             p->pid == p->sid ? "s" : "", p->threads > 1 ? "l" : "");
    break;
  case K_STATE: snprintf(b, n, "%c", p->state); break;
  case K_ETIME: lib_fmt_etime(b, n, (unsigned long long)elapsed(s, p)); break;
  case K_ETIMES: snprintf(b, n, "%llu", (unsigned long long)elapsed(s, p)); break;
  case K_TIME: lib_fmt_time(b, n, cpu_secs(s, p)); break;
  case K_BSDTIME: lib_fmt_cputime_bsd(b, n, cpu_secs(s, p)); break;
  case K_TTY: snprintf(b, n, "?"); break;
  case K_NI: snprintf(b, n, "%d", p->nice); break;
  case K_PRI: snprintf(b, n, "%d", 19 - p->nice); break;
  case K_RSS: snprintf(b, n, "%llu", p->rss * (unsigned long long)s->procs.page / 1024); break;
  case K_VSZ: snprintf(b, n, "%llu", p->vsize / 1024); break;
  case K_SZ: snprintf(b, n, "%llu", p->vsize / (unsigned long long)s->procs.page); break;
  case K_PCPU: snprintf(b, n, "%.1f", pcpu(s, p)); break;
  case K_PMEM: snprintf(b, n, "%.1f", pmem(s, p)); break;
  case K_C: snprintf(b, n, "%d", (int)pcpu(s, p) > 99 ? 99 : (int)pcpu(s, p)); break;
  case K_NLWP: snprintf(b, n, "%d", p->threads); break;
  case K_F: snprintf(b, n, "%d", 0); break;
  case K_WCHAN: snprintf(b, n, "-"); break;
  case K_ADDR: snprintf(b, n, "-"); break;
  case K_START:
  case K_STIME:
  case K_STARTTIME:
  case K_LSTART:
    t = started(s, p);
    localtime_r(&t, &tm);
    if (kind == K_LSTART) strftime(b, n, "%a %b %e %H:%M:%S %Y", &tm);
    else if (s->now - t < 24 * 3600) strftime(b, n, kind == K_START ? "%H:%M:%S" : "%H:%M", &tm);
    else if (kind == K_START) strftime(b, n, "%b %d", &tm);
    else {
      struct tm now;
      localtime_r(&s->now, &now);
      strftime(b, n, now.tm_year == tm.tm_year ? "%b%d" : "%Y", &tm);
    }
    break;
  default: b[0] = 0;
  }
}

/* ---- selection and sorting --------------------------------------------- */

static bool in_ints(const int *v, size_t n, int x)
{
  for (size_t i = 0; i < n; i++)
    if (v[i] == x) return true;
  return false;
}

static bool in_ids(const uint32_t *v, size_t n, uint32_t x)
{
  for (size_t i = 0; i < n; i++)
    if (v[i] == x) return true;
  return false;
}

static bool wanted(const ps *s, const lib_proc *p, uint32_t my_euid)
{
  bool hit;
  if (s->selected) {
    hit = in_ints(s->pids, s->npids, p->pid) || in_ints(s->ppids, s->nppids, p->ppid) ||
          in_ints(s->sids, s->nsids, p->sid) || in_ids(s->eusers, s->neusers, p->euid) ||
          in_ids(s->rusers, s->nrusers, p->uid) || in_ids(s->rgroups, s->nrgroups, p->gid) ||
          in_ids(s->egroups, s->negroups, p->egid);
    /* -C compares the name as the kernel keeps it: 15 characters */
    for (size_t i = 0; i < s->ncmds && !hit; i++) hit = !strncmp(s->cmds[i], p->comm, 15);
    if (s->all) hit = true;
  } else if (s->all || (s->bsd_a && s->bsd_x)) hit = true;
  else if (s->no_leaders) hit = p->pid != p->sid;
  else if (s->bsd_a || s->tty_list) hit = false; /* no process of a box has a terminal */
  else hit = p->euid == my_euid;
  if (s->running && p->state != 'R') hit = false;
  return s->negate ? !hit : hit;
}

static const ps *sort_ps;

static int cmp_proc(const void *a, const void *b)
{
  const lib_proc *x = a, *y = b;
  const ps *s = sort_ps;
  char spec[256];
  snprintf(spec, sizeof spec, "%s", s->sort);
  for (char *k = strtok(spec, ","); k; k = strtok(NULL, ",")) {
    int dir = 1;
    if (*k == '-') dir = -1, k++;
    else if (*k == '+') k++;
    const key *kk = key_of(k, strlen(k));
    if (!kk) continue;
    char vx[512], vy[512];
    int r;
    switch (kk->kind) {
    case K_USER: case K_RUSER: case K_GROUP: case K_RGROUP: case K_COMM: case K_ARGS:
    case K_STAT: case K_STATE: case K_TTY:
      value(s, x, kk->kind, vx, sizeof vx);
      value(s, y, kk->kind, vy, sizeof vy);
      r = strcmp(vx, vy);
      break;
    case K_PCPU: case K_C: {
      double a1 = pcpu(s, x), b1 = pcpu(s, y);
      r = a1 < b1 ? -1 : a1 > b1;
      break;
    }
    case K_PMEM: case K_RSS: r = x->rss < y->rss ? -1 : x->rss > y->rss; break;
    case K_VSZ: case K_SZ: r = x->vsize < y->vsize ? -1 : x->vsize > y->vsize; break;
    case K_TIME: case K_BSDTIME: {
      unsigned long long a1 = x->utime + x->stime, b1 = y->utime + y->stime;
      r = a1 < b1 ? -1 : a1 > b1;
      break;
    }
    case K_ETIME: case K_ETIMES: case K_START: case K_STIME: case K_STARTTIME: case K_LSTART:
      r = x->start < y->start ? -1 : x->start > y->start;
      if (kk->kind == K_ETIME || kk->kind == K_ETIMES) r = -r;
      break;
    default:
      value(s, x, kk->kind, vx, sizeof vx);
      value(s, y, kk->kind, vy, sizeof vy);
      r = atoll(vx) < atoll(vy) ? -1 : atoll(vx) > atoll(vy);
    }
    if (r) return r * dir;
  }
  return x->pid - y->pid;
}

/* ---- output --------------------------------------------------------------- */

static void put_cell(acs_cmd *c, const char *v, int width, bool left, bool last)
{
  int len = (int)strlen(v);
  if (!left)
    for (int i = len; i < width; i++) cmd_putc(c, ' ');
  cmd_puts(c, v);
  if (left && !last)
    for (int i = len; i < width; i++) cmd_putc(c, ' ');
}

static void print(ps *s, const lib_proc *list, size_t n)
{
  bool any_header = false;
  for (int i = 0; i < s->ncols; i++) any_header |= s->cols[i].header[0] != 0;
  if (!s->no_header && any_header) {
    for (int i = 0; i < s->ncols; i++) {
      if (i) cmd_putc(s->c, ' ');
      put_cell(s->c, s->cols[i].header, s->cols[i].width, s->cols[i].k->left, i == s->ncols - 1);
    }
    cmd_putc(s->c, '\n');
  }
  for (size_t j = 0; j < n; j++) {
    for (int i = 0; i < s->ncols; i++) {
      char v[8192];
      value(s, &list[j], s->cols[i].k->kind, v, sizeof v);
      if (i) cmd_putc(s->c, ' ');
      put_cell(s->c, v, s->cols[i].width, s->cols[i].k->left, i == s->ncols - 1);
    }
    cmd_putc(s->c, '\n');
  }
}

/* ---- options ------------------------------------------------------------- */

static bool list_arg(acs_cmd *c, int kind, const char *arg, ps *s)
{
  bool ok = true;
  s->selected = true;
  switch (kind) {
  case 'p': ok = lib_int_list(arg, &s->pids, &s->npids); break;
  case 'P': ok = lib_int_list(arg, &s->ppids, &s->nppids); break;
  case 's': ok = lib_int_list(arg, &s->sids, &s->nsids); break;
  case 'u': ok = lib_user_list(arg, &s->eusers, &s->neusers); break;
  case 'U': ok = lib_user_list(arg, &s->rusers, &s->nrusers); break;
  case 'G':
  case 'g': {
    char *copy = strdup(arg);
    for (char *t = strtok(copy, ", "); t && ok; t = strtok(NULL, ", ")) {
      uint32_t id;
      if (!cmd_group_id(t, &id)) ok = false;
      else if (kind == 'G') {
        s->rgroups = realloc(s->rgroups, (s->nrgroups + 1) * sizeof *s->rgroups);
        s->rgroups[s->nrgroups++] = id;
      } else {
        s->egroups = realloc(s->egroups, (s->negroups + 1) * sizeof *s->egroups);
        s->egroups[s->negroups++] = id;
      }
    }
    free(copy);
    break;
  }
  case 'C': {
    char *copy = strdup(arg);
    for (char *t = strtok(copy, ","); t; t = strtok(NULL, ",")) {
      s->cmds = realloc(s->cmds, (s->ncmds + 1) * sizeof *s->cmds);
      s->cmds[s->ncmds++] = strdup(t);
    }
    free(copy);
    break;
  }
  case 't': s->tty_list = true; break;
  }
  if (!ok) {
    const char *what = kind == 'p' || kind == 'P' ? "process ID" : kind == 's' ? "session ID"
                     : kind == 'u' || kind == 'U' ? "user name" : "group name";
    char msg[256];
    snprintf(msg, sizeof msg, "error: %s list syntax error", what);
    if (kind == 'u' || kind == 'U') snprintf(msg, sizeof msg, "error: user name does not exist");
    if (kind == 'g' || kind == 'G') snprintf(msg, sizeof msg, "error: group name does not exist");
    usage_error(c, "%s", msg);
  }
  return ok;
}

int acs__cmd_ps(acs_cmd *c, int argc, char **argv)
{
  static ps s;
  memset(&s, 0, sizeof s);
  s.c = c;
  const char *fmt = NULL;
  bool f_full = false, bsd_u = false, bsd_j = false, unix_j = false, unix_l = false, bsd_l = false,
       bsd_v = false, custom = false;
  char q[64];
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (!strncmp(a, "--", 2)) {
      char *name = a + 2, *val = strchr(name, '=');
      size_t nl = val ? (size_t)(val - name) : strlen(name);
      if (val) val++;
#define LONG(n) (nl == strlen(n) && !strncmp(name, n, nl))
      if (LONG("help")) {
        cmd_puts(c, c->help);
        return 0;
      } else if (LONG("version")) {
        cmd_puts(c, "ps from procps-ng 4.0.2 (agent-code-sandbox)\n");
        return 0;
      } else if (LONG("no-headers") || LONG("no-heading")) s.no_header = true;
      else if (LONG("deselect")) s.negate = true;
      else if (LONG("forest") || LONG("headers")) {}
      else if (LONG("cols") || LONG("columns") || LONG("width") || LONG("lines") || LONG("rows")) {
        if (!val && i + 1 < argc) i++;
      } else if (LONG("format")) {
        if (!val) {
          if (i + 1 >= argc) { usage_error(c, "error: format specification must follow --format", NULL); return 1; }
          val = argv[++i];
        }
        if (!add_format(&s, val)) { usage_error(c, "%s", s.bad); return 1; }
        custom = true;
      } else if (LONG("sort")) {
        if (!val) { if (i + 1 >= argc) { usage_error(c, "error: long sort specification must follow --sort", NULL); return 1; } val = argv[++i]; }
        snprintf(s.sort, sizeof s.sort, "%s", val);
      } else if (LONG("pid") || LONG("ppid") || LONG("sid") || LONG("user") || LONG("User") ||
                 LONG("group") || LONG("Group") || LONG("tty")) {
        if (!val) {
          if (i + 1 >= argc) { usage_error(c, "error: list of process IDs must follow --%s", name); return 1; }
          val = argv[++i];
        }
        int kind = LONG("pid") ? 'p' : LONG("ppid") ? 'P' : LONG("sid") ? 's' : LONG("user") ? 'u'
                 : LONG("User") ? 'U' : LONG("group") ? 'g' : LONG("Group") ? 'G' : 't';
        if (!list_arg(c, kind, val, &s)) return 1;
      } else {
        usage_error(c, "error: unknown gnu long option", NULL);
        return 1;
      }
#undef LONG
      continue;
    }
    bool unix_style = a[0] == '-';
    char *p = unix_style ? a + 1 : a;
    if (!unix_style && isdigit((unsigned char)*p)) { /* "ps 123": BSD p */
      if (!list_arg(c, 'p', p, &s)) return 1;
      continue;
    }
    for (; *p; p++) {
      char o = *p;
      const char *takes = unix_style ? "CGgopstuU" : "opUt";
      if (strchr(takes, o)) {
        const char *val = p[1] ? p + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!val) {
          usage_error(c, o == 'o' ? "error: format specification must follow -o" : "error: list of process IDs must follow -%s", (snprintf(q, sizeof q, "%c", o), q));
          return 1;
        }
        if (o == 'o') {
          if (!add_format(&s, val)) { usage_error(c, "%s", s.bad); return 1; }
          custom = true;
        } else if (!list_arg(c, o == 'U' && !unix_style ? 'u' : o, val, &s)) return 1;
        break;
      }
      if (unix_style) {
        switch (o) {
        case 'A': case 'e': s.all = true; break;
        case 'a': s.no_leaders = true; s.tty_list = true; break;
        case 'd': s.no_leaders = true; break;
        case 'N': s.negate = true; break;
        case 'f': f_full = true; break;
        case 'F': f_full = true; break;
        case 'H': case 'w': case 'c': case 'y': case 'M': case 'Z': break;
        case 'j': unix_j = true; break;
        case 'l': unix_l = true; break;
        case 'V':
          cmd_puts(c, "ps from procps-ng 4.0.2 (agent-code-sandbox)\n");
          return 0;
        default:
          snprintf(q, sizeof q, "%c", o);
          usage_error(c, "error: unsupported SysV option", NULL);
          return 1;
        }
      } else {
        switch (o) {
        case 'a': s.bsd_a = true; break;
        case 'x': s.bsd_x = true; break;
        case 'u': bsd_u = true; break;
        case 'j': bsd_j = true; break;
        case 'l': bsd_l = true; break;
        case 'v': bsd_v = true; break;
        case 'r': s.running = true; break;
        case 'h': s.no_header = true; break;
        case 'e': case 'f': case 'w': case 'c': case 'S': case 'n': break;
        default:
          usage_error(c, "error: unsupported option (BSD syntax)", NULL);
          return 1;
        }
      }
    }
  }
  /* BSD 'u' with no selection: every process with a tty (none) unless x */
  if (!custom) {
    if (bsd_u) fmt = "user,pid,%cpu,%mem,vsz,rss,tname,stat,start_time,bsdtime,args";
    else if (bsd_v) fmt = "pid,tty,stat,bsdtime,sz,rss,%mem,args";
    else if (bsd_j) fmt = "ppid,pid,pgid,sid,tty,pgid,stat,uid,bsdtime,args";
    else if (bsd_l) fmt = "f,uid,pid,ppid,pri,ni,vsz,rss,wchan,stat,tty,bsdtime,args";
    else if (unix_l && f_full) fmt = "f,s,user,pid,ppid,c,pri,ni,addr,sz,wchan,stime,tty,time,args";
    else if (unix_l) fmt = "f,s,uid,pid,ppid,c,pri,ni,addr,sz,wchan,tty,time,comm";
    else if (unix_j && f_full) fmt = "user,pid,ppid,pgid,sid,c,stime,tname,time,args";
    else if (unix_j) fmt = "pid,pgid,sid,tty,time,comm";
    else if (f_full) fmt = "user,pid,ppid,c,stime,tname,time,args";
    else fmt = "pid,tname,time,ucmd";
    set_format(&s, fmt);
    if (f_full && !bsd_u) {
      /* -f names its columns UID and CMD */
      for (int i = 0; i < s.ncols; i++) {
        if (s.cols[i].k->kind == K_USER) snprintf(s.cols[i].header, sizeof s.cols[i].header, "UID");
        if (s.cols[i].k->kind == K_ARGS) snprintf(s.cols[i].header, sizeof s.cols[i].header, "CMD");
      }
    }
  } else if (f_full) {
    /* -f with -o: the command column shows arguments */
  }
  if (bsd_u && !s.selected && !s.bsd_a && !s.all) s.bsd_x = s.bsd_x || !s.bsd_a;
  if (lib_procs_read(&s.procs)) {
    cmd_error(c, "cannot read /proc");
    return 1;
  }
  s.now = time(NULL);
  acs_sys_ids ids;
  acs_sys_getids(&ids);
  lib_proc *list = calloc(s.procs.n + 1, sizeof *list);
  size_t n = 0;
  for (size_t i = 0; list && i < s.procs.n; i++)
    if (wanted(&s, &s.procs.v[i], ids.euid)) list[n++] = s.procs.v[i];
  if (s.sort[0]) {
    sort_ps = &s;
    qsort(list, n, sizeof *list, cmp_proc);
  }
  print(&s, list, n);
  free(list);
  lib_procs_free(&s.procs);
  return n ? 0 : 1;
}
