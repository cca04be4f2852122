/* diff.c - compare files line by line.
**
** Usage: diff [OPTION]... FILES
** Compare FILES line by line.
**
** Mandatory arguments to long options are mandatory for short options too.
**       --normal                  output a normal diff (the default)
**   -q, --brief                   report only when files differ
**   -s, --report-identical-files  report when two files are the same
**   -c, -C NUM, --context[=NUM]   output NUM (default 3) lines of copied context
**   -u, -U NUM, --unified[=NUM]   output NUM (default 3) lines of unified context
**
**   -r, --recursive                 recursively compare any subdirectories found
**   -N, --new-file                  treat absent files as empty
**   -x, --exclude=PAT               exclude files that match PAT
**
**   -i, --ignore-case               ignore case differences in file contents
**   -Z, --ignore-trailing-space     ignore white space at line end
**   -b, --ignore-space-change       ignore changes in the amount of white space
**   -w, --ignore-all-space          ignore all white space
**   -B, --ignore-blank-lines        ignore changes where lines are all blank
**
**   -a, --text                      treat all files as text
**
**   -T, --initial-tab             make tabs line up by prepending a tab
**   -L, --label LABEL             use LABEL instead of file name and timestamp
**                                   (can be repeated)
**   -d, --minimal            try hard to find a smaller set of changes
**       --color[=WHEN]       color output; WHEN is 'never', 'always', or 'auto';
**                              the box's diff never colors
**
**       --help               display this help and exit
**   -v, --version            output version information and exit
**
** FILES are 'FILE1 FILE2' or 'DIR1 DIR2' or 'DIR FILE' or 'FILE DIR'.
** If a FILE is '-', read standard input.
** Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.
*/

/* GNU diffutils' diff 3.8 on lib_diff (the comparison and the hunks):
** here the options, reading the files, binary files, and directories. A
** file with a NUL in its first 4 KiB is binary unless -a. Timestamps
** in headers are UTC (the box's TZ). */
#include "cmd.h"
#include "lib_diff.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

enum { OPT_NORMAL = 256, OPT_COLOR, OPT_LABEL, OPT_HORIZON };

typedef struct run {
  acs_cmd *c;
  diff_opts o;
  bool brief, same, recursive, new_file, text;
  const char *label[2];
  int nlabels;
  char *switches; /* the options as given, for "diff -r ..." lines */
  char **excl;
  int nexcl;
} run;

#define BINARY_PROBE 4096 /* GNU looks at its first read, a block (st_blksize) */

static bool excluded(const run *r, const char *name)
{
  for (int i = 0; i < r->nexcl; i++)
    if (!fnmatch(r->excl[i], name, 0)) return true;
  return false;
}

static const char *kind_of(const acs__sys_stat *st)
{
  switch (st->mode & S_IFMT) {
  case S_IFDIR: return "directory";
  case S_IFREG: return st->size ? "regular file" : "regular empty file";
  case S_IFLNK: return "symbolic link";
  case S_IFIFO: return "fifo";
  case S_IFCHR: return "character special file";
  case S_IFBLK: return "block special file";
  case S_IFSOCK: return "socket";
  }
  return "weird file";
}

static void stamp(const run *r, int f, const char *name, const acs__sys_stat *st, char *out, size_t n)
{
  if (r->label[f]) {
    snprintf(out, n, "%s", r->label[f]);
    return;
  }
  time_t s = st ? (time_t)st->mtime_s : 0;
  struct tm tm;
  gmtime_r(&s, &tm);
  char t[64];
  if (r->o.format == DIFF_CONTEXT) {
    strftime(t, sizeof t, "%a %b %e %H:%M:%S %Y", &tm);
  } else {
    char d[48];
    strftime(d, sizeof d, "%Y-%m-%d %H:%M:%S", &tm);
    snprintf(t, sizeof t, "%s.%09ld +0000", d, st ? (long)st->mtime_ns : 0L);
  }
  snprintf(out, n, "%s\t%s", name, t);
}

/* A whole file: one READFILE round trip when it fits (most sources do),
** else open and read as usual. */
static int read_whole(const char *path, char **data, size_t *len)
{
  if (strcmp(path, "-")) {
    char *buf = malloc(ACS__SYS_MAX_DATA + 1);
    if (!buf) return -ENOMEM;
    uint64_t size = 0;
    bool regular = false;
    ssize_t n = acs_sys_readfile(path, buf, ACS__SYS_MAX_DATA, &size, &regular);
    if (n < 0) {
      free(buf);
      return (int)n;
    }
    if (regular && size == (uint64_t)n) {
      buf[n] = 0;
      *data = buf;
      *len = (size_t)n;
      return 0;
    }
    free(buf);
  }
  return cmd_read_all(path, data, len);
}

/* Two files (either may be absent under -N: data NULL) */
static int files(run *r, const char *n0, const char *n1, const acs__sys_stat *st0,
                 const acs__sys_stat *st1, bool in_dirs)
{
  acs_cmd *c = r->c;
  const char *names[2] = {n0, n1};
  const acs__sys_stat *st[2] = {st0, st1};
  /* messages name the files by their labels too */
  const char *l0 = r->label[0] ? r->label[0] : n0, *l1 = r->label[1] ? r->label[1] : n1;
  if (st0 && st1 && st0->ino && st0->dev == st1->dev && st0->ino == st1->ino && strcmp(n0, "-")) {
    if (r->same) cmd_printf(c, "Files %s and %s are identical\n", l0, l1);
    return 0;
  }
  char *data[2] = {NULL, NULL};
  size_t size[2] = {0, 0};
  for (int f = 0; f < 2; f++) {
    if (!st[f]) continue;
    int rc = read_whole(names[f], &data[f], &size[f]);
    if (rc) {
      cmd_error(c, "%s: %s", names[f], cmd_strerror(rc));
      free(data[0]);
      return 2;
    }
  }
  int status = 0;
  bool equal = size[0] == size[1] && (!size[0] || !memcmp(data[0], data[1], size[0]));
  bool binary = false;
  if (!r->text)
    for (int f = 0; f < 2; f++)
      if (data[f] && memchr(data[f], 0, size[f] < BINARY_PROBE ? size[f] : BINARY_PROBE)) binary = true;
  if (equal) {
    if (r->same) cmd_printf(c, "Files %s and %s are identical\n", l0, l1);
    goto done;
  }
  bool exact = !r->o.icase && !r->o.iall_space && !r->o.ispace_change && !r->o.itrailing_space &&
               !r->o.iblank_lines;
  if (binary || (r->brief && exact)) {
    if (binary && !r->brief) cmd_printf(c, "Binary files %s and %s differ\n", l0, l1);
    else cmd_printf(c, "Files %s and %s differ\n", l0, l1);
    status = 1;
    goto done;
  }
  diff_text t[2] = {{0}, {0}};
  diff_change *ch = NULL;
  ssize_t n = -1;
  if (diff_text_lines(&t[0], data[0] ? data[0] : "", size[0]) &&
      diff_text_lines(&t[1], data[1] ? data[1] : "", size[1]))
    n = diff_compute(t, &r->o, &ch);
  if (n < 0) {
    cmd_error(c, "memory exhausted");
    status = 2;
  } else if (n > 0 && !diff_all_ignorable(ch, (size_t)n)) {
    status = 1;
    if (r->brief) {
      cmd_printf(c, "Files %s and %s differ\n", l0, l1);
    } else {
      char h0[8192], h1[8192], *pre = NULL;
      stamp(r, 0, n0, st0, h0, sizeof h0);
      stamp(r, 1, n1, st1, h1, sizeof h1);
      if (in_dirs) {
        const char *s0 = r->label[0] ? r->label[0] : n0, *s1 = r->label[1] ? r->label[1] : n1;
        size_t len = strlen(r->switches) + strlen(s0) + strlen(s1) + 16;
        if ((pre = malloc(len))) snprintf(pre, len, "diff%s %s %s\n", r->switches, s0, s1);
      }
      diff_heads h = {pre, {h0, h1}};
      diff_print(c, t, &r->o, ch, (size_t)n, &h);
      free(pre);
    }
  } else if (r->same) {
    cmd_printf(c, "Files %s and %s are identical\n", l0, l1);
  }
  free(ch);
  diff_text_free(&t[0]);
  diff_text_free(&t[1]);
done:
  free(data[0]);
  free(data[1]);
  return status;
}

static int compare(run *r, const char *n0, const char *n1, bool top, bool in_dirs);

static int cmp_names(const void *a, const void *b)
{
  return strcmp(((const cmd_dirent *)a)->name, ((const cmd_dirent *)b)->name);
}

/* Two directories (one may be absent under -N: NULL) */
static int dirs(run *r, const char *d0, const char *d1, bool have0, bool have1)
{
  acs_cmd *c = r->c;
  cmd_dirent *e[2] = {NULL, NULL};
  size_t n[2] = {0, 0};
  const char *d[2] = {d0, d1};
  bool have[2] = {have0, have1};
  for (int f = 0; f < 2; f++) {
    if (!have[f]) continue;
    int rc = cmd_dir_read(d[f], &e[f], &n[f]);
    if (rc) {
      cmd_error(c, "%s: %s", d[f], cmd_strerror(rc));
      if (f) cmd_dir_free(e[0], n[0]);
      return 2;
    }
    qsort(e[f], n[f], sizeof *e[f], cmp_names);
  }
  int status = 0;
  size_t i = 0, j = 0;
  while ((i < n[0] || j < n[1]) && !cmd_out_error(c)) {
    int k = i >= n[0] ? 1 : j >= n[1] ? -1 : strcmp(e[0][i].name, e[1][j].name);
    const char *name = k <= 0 ? e[0][i].name : e[1][j].name;
    if (k < 0) i++;
    else if (k > 0) j++;
    else i++, j++;
    if (excluded(r, name)) continue;
    char *p0 = cmd_path_join(d0, name), *p1 = cmd_path_join(d1, name);
    if (!p0 || !p1) {
      free(p0);
      free(p1);
      status = 2;
      break;
    }
    if (k == 0 || r->new_file) {
      int s = compare(r, p0, p1, false, true);
      if (s > status) status = s;
    } else {
      cmd_printf(c, "Only in %s: %s\n", k < 0 ? d0 : d1, name);
      if (status < 1) status = 1;
    }
    free(p0);
    free(p1);
  }
  cmd_dir_free(e[0], n[0]);
  cmd_dir_free(e[1], n[1]);
  return status;
}

static int compare(run *r, const char *n0, const char *n1, bool top, bool in_dirs)
{
  acs_cmd *c = r->c;
  acs__sys_stat st[2];
  const char *names[2] = {n0, n1};
  bool have[2];
  for (int f = 0; f < 2; f++) {
    int rc = !strcmp(names[f], "-") ? acs_sys_fstat(0, &st[f]) : acs_sys_stat(names[f], &st[f]);
    have[f] = !rc;
    if (rc && !(rc == -ENOENT && r->new_file)) {
      cmd_error(c, "%s: %s", names[f], cmd_strerror(rc));
      return 2;
    }
  }
  if (!have[0] && !have[1]) {
    cmd_error(c, "%s: %s", n0, cmd_strerror(-ENOENT));
    cmd_error(c, "%s: %s", n1, cmd_strerror(-ENOENT));
    return 2;
  }
  bool dir0 = have[0] && S_ISDIR(st[0].mode), dir1 = have[1] && S_ISDIR(st[1].mode);
  if (top && dir0 != dir1 && have[0] && have[1]) {
    /* a file and a directory: the file of that name in the directory */
    const char *file = dir0 ? n1 : n0, *dir = dir0 ? n0 : n1;
    if (!strcmp(file, "-")) {
      cmd_error(c, "cannot compare '-' to a directory");
      return 2;
    }
    const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    char *inner = cmd_path_join(dir, base);
    if (!inner) return 2;
    int s = dir0 ? compare(r, inner, n1, false, false) : compare(r, n0, inner, false, false);
    free(inner);
    return s;
  }
  if ((dir0 || !have[0]) && (dir1 || !have[1])) {
    if (!top && !r->recursive) {
      /* GNU says so with -N too, when one of them is absent */
      cmd_printf(c, "Common subdirectories: %s and %s\n", n0, n1);
      return 0;
    }
    return dirs(r, n0, n1, have[0], have[1]);
  }
  if (dir0 != dir1 && have[0] && have[1]) {
    cmd_printf(c, "File %s is a %s while file %s is a %s\n", n0, kind_of(&st[0]), n1, kind_of(&st[1]));
    return 1;
  }
  if ((!have[0] && dir1) || (!have[1] && dir0)) return dirs(r, n0, n1, have[0], have[1]);
  return files(r, n0, n1, have[0] ? &st[0] : NULL, have[1] ? &st[1] : NULL, in_dirs);
}

static bool style(acs_cmd *c, diff_opts *o, int *seen, int want)
{
  if (*seen >= 0 && *seen != want) {
    cmd_usage_error(c, "conflicting output style options");
    return false;
  }
  *seen = want;
  o->format = want;
  return true;
}

static bool context_arg(acs_cmd *c, const char *s, int *out)
{
  int64_t v;
  if (!s || !*s || s[0] == '-' || s[0] == '+' || !cmd_parse_num(s, false, &v) || v > 1 << 30) {
    char q[1024];
    cmd_usage_error(c, "invalid context length %s", cmd_quote(s ? s : "", q, sizeof q));
    return false;
  }
  *out = (int)v;
  return true;
}

int acs__cmd_diff(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"normal", OPT_NORMAL, CMD_NOARG}, {"brief", 'q', CMD_NOARG},
      {"report-identical-files", 's', CMD_NOARG}, {"context", 'C', CMD_OPTARG},
      {"unified", 'U', CMD_OPTARG}, {"recursive", 'r', CMD_NOARG}, {"new-file", 'N', CMD_NOARG},
      {"exclude", 'x', CMD_ARG}, {"ignore-case", 'i', CMD_NOARG},
      {"ignore-trailing-space", 'Z', CMD_NOARG}, {"ignore-space-change", 'b', CMD_NOARG},
      {"ignore-all-space", 'w', CMD_NOARG}, {"ignore-blank-lines", 'B', CMD_NOARG},
      {"text", 'a', CMD_NOARG}, {"initial-tab", 'T', CMD_NOARG}, {"label", 'L', CMD_ARG},
      {"minimal", 'd', CMD_NOARG}, {"color", OPT_COLOR, CMD_OPTARG},
      {"horizon-lines", OPT_HORIZON, CMD_ARG}, {0}};
  c->try_named = true;
  run r = {.c = c};
  r.o.format = DIFF_NORMAL;
  r.o.context = -1;
  int seen = -1, status = 2;
  char **orig = malloc(((size_t)argc + 1) * sizeof *orig);
  r.excl = malloc(((size_t)argc + 1) * sizeof *r.excl);
  if (!orig || !r.excl) goto out;
  memcpy(orig, argv, (size_t)argc * sizeof *orig);
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "abBcC:dilL:NqrsTuU:vwx:Z", longs);
  int opt, ctx;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': r.text = true; break;
    case 'b': r.o.ispace_change = true; break;
    case 'B': r.o.iblank_lines = true; break;
    case 'c':
      if (!style(c, &r.o, &seen, DIFF_CONTEXT)) goto out;
      break;
    case 'u':
      if (!style(c, &r.o, &seen, DIFF_UNIFIED)) goto out;
      break;
    case 'C':
    case 'U':
      if (!style(c, &r.o, &seen, opt == 'C' ? DIFF_CONTEXT : DIFF_UNIFIED)) goto out;
      if (g.arg) {
        if (!context_arg(c, g.arg, &ctx)) goto out;
        if (ctx > r.o.context) r.o.context = ctx;
      }
      break;
    case OPT_NORMAL:
      if (!style(c, &r.o, &seen, DIFF_NORMAL)) goto out;
      break;
    case 'd': r.o.minimal = true; break;
    case 'i': r.o.icase = true; break;
    case 'l': break;
    case 'L':
      if (r.nlabels == 2) {
        cmd_error(c, "too many file label options");
        goto out;
      }
      r.label[r.nlabels++] = g.arg;
      break;
    case 'N': r.new_file = true; break;
    case 'q': r.brief = true; break;
    case 'r': r.recursive = true; break;
    case 's': r.same = true; break;
    case 'T': r.o.initial_tab = true; break;
    case 'v': cmd_help_version(c, "--version", &status); status = 0; goto out;
    case 'w': r.o.iall_space = true; break;
    case 'x': r.excl[r.nexcl++] = g.arg; break;
    case 'Z': r.o.itrailing_space = true; break;
    case OPT_HORIZON: break;
    case OPT_COLOR:
      if (g.arg && strcmp(g.arg, "never") && strcmp(g.arg, "always") && strcmp(g.arg, "auto")) {
        char q[1024];
        cmd_error(c, "invalid argument %s for '--color'", cmd_quote(g.arg, q, sizeof q));
        cmd_error(c, "Valid arguments are:\n  - 'never', 'no', 'none'\n  - 'auto', 'tty', 'if-tty'\n  - 'always', 'yes', 'force'");
        goto out;
      }
      break;
    }
  }
  if (opt < 0) {
    status = opt == CMD_HELP_DONE ? 0 : 2;
    goto out;
  }
  if (r.o.context < 0) r.o.context = 3;
  char **ops = cmd_operands(&g), q[1024];
  if (g.nops < 2) {
    cmd_usage_error(c, "missing operand after %s", cmd_quote(g.nops ? ops[0] : c->name, q, sizeof q));
    goto out;
  }
  if (g.nops > 2) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(ops[2], q, sizeof q));
    goto out;
  }
  /* the switches as written: every argument that is not an operand */
  size_t len = 1;
  for (int i = 1; i < argc; i++) len += strlen(orig[i]) + 1;
  if (!(r.switches = malloc(len))) goto out;
  r.switches[0] = 0;
  size_t at = 0;
  for (int i = 1; i < argc; i++) {
    if (orig[i] == ops[0] || orig[i] == ops[1]) continue;
    at += (size_t)sprintf(r.switches + at, " %s", orig[i]);
  }
  status = compare(&r, ops[0], ops[1], true, false);
out:
  free(r.switches);
  free(r.excl);
  free(orig);
  return status;
}
