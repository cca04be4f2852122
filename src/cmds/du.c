/* du.c - estimate file space usage.
**
** Usage: du [OPTION]... [FILE]...
** Summarize device usage of the set of FILEs, recursively for directories.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -0, --null            end each output line with NUL, not newline
**   -a, --all             write counts for all files, not just directories
**       --apparent-size   print apparent sizes rather than device usage
**   -B, --block-size=SIZE  scale sizes by SIZE before printing them
**   -b, --bytes           equivalent to '--apparent-size --block-size=1'
**   -c, --total           produce a grand total
**   -D, --dereference-args  dereference only symlinks that are listed on the
**                           command line
**   -d, --max-depth=N     print the total for a directory (or file, with --all)
**                           only if it is N or fewer levels below the command
**                           line argument;  --max-depth=0 is the same as
**                           --summarize
**   -H                    equivalent to --dereference-args (-D)
**   -h, --human-readable  print sizes in human readable format (e.g., 1K 234M 2G)
**   -k                    like --block-size=1K
**   -L, --dereference     dereference all symbolic links
**   -l, --count-links     count sizes many times if hard linked
**   -m                    like --block-size=1M
**   -P, --no-dereference  don't follow any symbolic links (this is the default)
**   -S, --separate-dirs   for directories do not include size of subdirectories
**       --si              like -h, but use powers of 1000 not 1024
**   -s, --summarize       display only a total for each argument
**   -x, --one-file-system    skip directories on different file systems
**       --exclude=PATTERN    exclude files that match PATTERN
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' du over the box's files: usage is memfs's st_blocks (512
** bytes each), apparent size st_size; a file with several links counts
** once (unless -l), even when named twice. Entries come in the order the
** filesystem lists them, as GNU's fts gives them unsorted. */
#include "cmd.h"
#include "lib_human.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { OPT_APPARENT = 256, OPT_SI, OPT_EXCLUDE };

typedef struct seen {
  uint64_t *dev, *ino;
  size_t n, cap;
} seen;

typedef struct du {
  acs_cmd *c;
  bool all, apparent, count_links, separate, deref, deref_args;
  int max_depth; /* -1: no limit */
  block_size bs;
  char end;
  char **excl;
  int nexcl;
  seen s;
  int status;
} du;

/* false when dev/ino was counted already */
static bool first_time(seen *s, uint64_t dev, uint64_t ino)
{
  for (size_t i = 0; i < s->n; i++)
    if (s->dev[i] == dev && s->ino[i] == ino) return false;
  if (s->n == s->cap) {
    size_t nc = s->cap ? s->cap * 2 : 64;
    uint64_t *d = realloc(s->dev, nc * sizeof *d), *i = d ? realloc(s->ino, nc * sizeof *i) : NULL;
    if (d) s->dev = d;
    if (!d || !i) return true;
    s->ino = i;
    s->cap = nc;
  }
  s->dev[s->n] = dev;
  s->ino[s->n++] = ino;
  return true;
}

static void show(du *d, uint64_t n, const char *path)
{
  char b[64];
  cmd_printf(d->c, "%s\t%s%c", block_size_fmt(n, &d->bs, b, sizeof b), path, d->end);
}

static bool excluded(const du *d, const char *path)
{
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  for (int i = 0; i < d->nexcl; i++)
    if (!fnmatch(d->excl[i], base, 0) || !fnmatch(d->excl[i], path, 0)) return true;
  return false;
}

/* The size under path (printed as the options say); depth 0 is an operand */
static uint64_t walk(du *d, const char *path, int depth, bool *counted)
{
  char q[1024];
  acs__sys_stat st;
  bool follow = d->deref || (depth == 0 && d->deref_args);
  int rc = follow ? acs_sys_stat(path, &st) : acs_sys_lstat(path, &st);
  *counted = false;
  if (rc) {
    cmd_error(d->c, "cannot access %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
    d->status = 1;
    return 0;
  }
  if (depth > 0 && excluded(d, path)) return 0;
  if (!S_ISDIR(st.mode) && (st.nlink > 1 || depth == 0) && !d->count_links &&
      !first_time(&d->s, st.dev, st.ino))
    return 0;
  if (S_ISDIR(st.mode) && !d->count_links && !first_time(&d->s, st.dev, st.ino)) return 0;
  *counted = true;
  uint64_t own = d->apparent ? st.size : st.blocks * 512;
  if (!S_ISDIR(st.mode)) {
    if ((depth == 0 || d->all) && (d->max_depth < 0 || depth <= d->max_depth)) show(d, own, path);
    return own;
  }
  cmd_dirent *ents = NULL;
  size_t n = 0;
  rc = cmd_dir_read(path, &ents, &n);
  if (rc) {
    cmd_error(d->c, "cannot read directory %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
    d->status = 1;
  }
  uint64_t total = own, subdirs = 0;
  for (size_t i = 0; i < n && !cmd_out_error(d->c); i++) {
    char *p = cmd_path_join(path, ents[i].name);
    if (!p) continue;
    bool sub_counted;
    uint64_t s = walk(d, p, depth + 1, &sub_counted);
    if (d->separate && ents[i].type == 4 /* DT_DIR */) subdirs += s;
    total += s;
    free(p);
  }
  cmd_dir_free(ents, n);
  if (d->max_depth < 0 || depth <= d->max_depth) show(d, d->separate ? total - subdirs : total, path);
  return total;
}

int acs__cmd_du(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"null", '0', CMD_NOARG}, {"all", 'a', CMD_NOARG}, {"apparent-size", OPT_APPARENT, CMD_NOARG},
      {"block-size", 'B', CMD_ARG}, {"bytes", 'b', CMD_NOARG}, {"total", 'c', CMD_NOARG},
      {"dereference-args", 'D', CMD_NOARG}, {"max-depth", 'd', CMD_ARG},
      {"human-readable", 'h', CMD_NOARG}, {"dereference", 'L', CMD_NOARG},
      {"count-links", 'l', CMD_NOARG}, {"no-dereference", 'P', CMD_NOARG},
      {"separate-dirs", 'S', CMD_NOARG}, {"si", OPT_SI, CMD_NOARG}, {"summarize", 's', CMD_NOARG},
      {"one-file-system", 'x', CMD_NOARG}, {"exclude", OPT_EXCLUDE, CMD_ARG}, {0}};
  du d = {.c = c, .max_depth = -1, .end = '\n'};
  bool total = false, summarize = false, got_bs = false;
  const char *env = getenv("DU_BLOCK_SIZE");
  if (!env) env = getenv("BLOCK_SIZE");
  if (!env || !block_size_parse(env, &d.bs)) d.bs = (block_size){.size = 1024};
  d.excl = malloc(((size_t)argc + 1) * sizeof *d.excl);
  if (!d.excl) return 1;
  char q[1024];
  int depth_arg = -1;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "0abB:cd:DhHklLmPsSx", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case '0': d.end = 0; break;
    case 'a': d.all = true; break;
    case OPT_APPARENT: d.apparent = true; break;
    case 'b': d.apparent = true; d.bs = (block_size){.size = 1}; got_bs = true; break;
    case 'B':
      if (!block_size_parse(g.arg, &d.bs)) {
        cmd_error(c, "invalid -B argument %s", cmd_quote(g.arg, q, sizeof q));
        free(d.excl);
        return 1;
      }
      got_bs = true;
      break;
    case 'c': total = true; break;
    case 'd': {
      int64_t v;
      if (!cmd_parse_num(g.arg, false, &v) || v < 0 || v > 1 << 30) {
        cmd_usage_error(c, "invalid maximum depth %s", cmd_quote(g.arg, q, sizeof q));
        free(d.excl);
        return 1;
      }
      depth_arg = (int)v;
      break;
    }
    case 'D': case 'H': d.deref_args = true; break;
    case 'h': d.bs = (block_size){.human = 1024}; got_bs = true; break;
    case OPT_SI: d.bs = (block_size){.human = 1000}; got_bs = true; break;
    case 'k': d.bs = (block_size){.size = 1024}; got_bs = true; break;
    case 'm': d.bs = (block_size){.size = 1024 * 1024}; got_bs = true; break;
    case 'l': d.count_links = true; break;
    case 'L': d.deref = true; break;
    case 'P': d.deref = false; break;
    case 's': summarize = true; break;
    case 'S': d.separate = true; break;
    case 'x': break;
    case OPT_EXCLUDE: d.excl[d.nexcl++] = g.arg; break;
    }
  }
  (void)got_bs;
  if (opt < 0) {
    free(d.excl);
    return opt == CMD_HELP_DONE ? 0 : 1;
  }
  if (summarize && d.all) {
    cmd_usage_error(c, "cannot both summarize and show all entries");
    free(d.excl);
    return 1;
  }
  if (summarize && depth_arg > 0) {
    cmd_error(c, "warning: summarizing conflicts with --max-depth=%d", depth_arg);
    char t[256];
    int k = snprintf(t, sizeof t, "Try '%s --help' for more information.\n", c->name);
    if (k > 0 && (size_t)k < sizeof t) acs_sys_write_all(2, t, (size_t)k);
    free(d.excl);
    return 1;
  }
  d.max_depth = summarize ? 0 : depth_arg;
  static char *dot[] = {"."};
  char **ops = g.nops ? cmd_operands(&g) : dot;
  int nops = g.nops ? g.nops : 1;
  uint64_t sum = 0;
  for (int i = 0; i < nops && !cmd_out_error(c); i++) {
    bool counted;
    sum += walk(&d, ops[i], 0, &counted);
  }
  if (total) show(&d, sum, "total");
  free(d.s.dev);
  free(d.s.ino);
  free(d.excl);
  return d.status;
}
