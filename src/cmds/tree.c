/* tree.c - list contents of directories in a tree-like format.
**
** Usage: tree [-adfi] [-L level] [-P pattern] [-I pattern] [--noreport]
**             [--dirsfirst] [--] [directory ...]
**   -a            All files are listed.
**   -d            List directories only.
**   -f            Print the full path prefix for each file.
**   -i            Don't print indentation lines.
**   -L level      Descend only level directories deep.
**   -P pattern    List only those files that match the pattern given.
**   -I pattern    Do not list files that match the given pattern.
**   --noreport    Turn off file/directory count at end of tree listing.
**   --dirsfirst   List directories before files.
**   --help        Print usage and this help message and exit.
**   --version     Print version and exit.
*/

/* tree 2.1.0 as Debian 12 prints it in the C locale: ASCII branches
** ("|-- ", "`-- "), names escaped ("sp\ ace", "a\nb"), entries in strcmp
** order, links shown "name -> target" and not followed (a link to a
** directory counts as one), -P for anything but directories and -I for
** anything, patterns with '|' between alternatives. A root counts in the
** report when something was listed in it, as tree 2.1 counts. */
#include "cmd.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { OPT_NOREPORT = 256, OPT_DIRSFIRST };

typedef struct tree {
  acs_cmd *c;
  bool all, dirs_only, full, no_indent, dirsfirst;
  int max_level; /* 0: none */
  const char *only, *skip;
  long ndirs, nfiles;
  char prefix[4096];
} tree;

static bool matches(const char *pats, const char *name)
{
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", pats);
  for (char *p = buf, *e; p; p = e) {
    e = strchr(p, '|');
    if (e) *e++ = 0;
    if (!fnmatch(p, name, 0)) return true;
  }
  return false;
}

static void put_name(acs_cmd *c, const char *s)
{
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    const char *esc = NULL;
    switch (*p) {
    case ' ': esc = "\\ "; break;
    case '\\': esc = "\\\\"; break;
    case '\n': esc = "\\n"; break;
    case '\t': esc = "\\t"; break;
    case '\r': esc = "\\r"; break;
    case '\a': esc = "\\a"; break;
    case '\b': esc = "\\b"; break;
    case '\f': esc = "\\f"; break;
    case '\v': esc = "\\v"; break;
    }
    if (esc) cmd_puts(c, esc);
    else if (*p < 32 || *p >= 127) cmd_printf(c, "\\%03o", *p);
    else cmd_putc(c, *p);
  }
}

typedef struct ent {
  char *name;
  bool dir, link;
} ent;

static int by_name(const void *a, const void *b)
{
  return strcmp(((const ent *)a)->name, ((const ent *)b)->name);
}

static int dirs_first(const void *a, const void *b)
{
  const ent *x = a, *y = b;
  if (x->dir != y->dir) return x->dir ? -1 : 1;
  return strcmp(x->name, y->name);
}

static size_t walk(tree *t, const char *path, int level)
{
  cmd_dirent *de = NULL;
  size_t n = 0;
  if (cmd_dir_read(path, &de, &n)) return 0;
  ent *v = calloc(n + 1, sizeof *v);
  size_t k = 0;
  for (size_t i = 0; v && i < n; i++) {
    const char *name = de[i].name;
    if (!t->all && name[0] == '.') continue;
    char *p = cmd_path_join(path, name);
    if (!p) continue;
    acs__sys_stat st, ts;
    bool link = !acs_sys_lstat(p, &st) && S_ISLNK(st.mode);
    bool dir = link ? !acs_sys_stat(p, &ts) && S_ISDIR(ts.mode) : S_ISDIR(st.mode);
    free(p);
    if (t->dirs_only && !dir) continue;
    if (t->skip && matches(t->skip, name)) continue;
    if (t->only && (!dir || link) && !matches(t->only, name)) continue;
    v[k++] = (ent){(char *)name, dir, link};
  }
  if (v) qsort(v, k, sizeof *v, t->dirsfirst ? dirs_first : by_name);
  size_t plen = strlen(t->prefix);
  for (size_t i = 0; v && i < k && !cmd_out_error(t->c); i++) {
    bool last = i + 1 == k;
    char *p = cmd_path_join(path, v[i].name);
    if (!p) continue;
    if (!t->no_indent) {
      cmd_puts(t->c, t->prefix);
      cmd_puts(t->c, last ? "`-- " : "|-- ");
    }
    put_name(t->c, t->full ? p : v[i].name);
    if (v[i].link) {
      char target[4096];
      ssize_t tl = acs_sys_readlink(p, target, sizeof target - 1);
      target[tl < 0 ? 0 : tl] = 0;
      cmd_puts(t->c, " -> ");
      put_name(t->c, target);
    }
    cmd_putc(t->c, '\n');
    if (v[i].dir) t->ndirs++;
    else t->nfiles++;
    if (v[i].dir && !v[i].link && (t->max_level == 0 || level < t->max_level)) {
      if (plen + 5 < sizeof t->prefix) {
        strcpy(t->prefix + plen, last ? "    " : "|   ");
        walk(t, p, level + 1);
        t->prefix[plen] = 0;
      }
    }
    free(p);
  }
  free(v);
  cmd_dir_free(de, n);
  return k;
}

int acs__cmd_tree(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"noreport", OPT_NOREPORT, CMD_NOARG},
                                  {"dirsfirst", OPT_DIRSFIRST, CMD_NOARG}, {0}};
  tree t = {.c = c};
  bool report = true;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "adfiL:P:I:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': t.all = true; break;
    case 'd': t.dirs_only = true; break;
    case 'f': t.full = true; break;
    case 'i': t.no_indent = true; break;
    case 'L': {
      int64_t v;
      if (!cmd_parse_num(g.arg, false, &v) || v < 1 || v > 1 << 20) {
        cmd_error(c, "Invalid level, must be greater than 0.");
        return 1;
      }
      t.max_level = (int)v;
      break;
    }
    case 'P': t.only = g.arg; break;
    case 'I': t.skip = g.arg; break;
    case OPT_NOREPORT: report = false; break;
    case OPT_DIRSFIRST: t.dirsfirst = true; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  static char *dot[] = {"."};
  char **roots = g.nops ? cmd_operands(&g) : dot;
  int nroots = g.nops ? g.nops : 1, status = 0;
  for (int i = 0; i < nroots; i++) {
    acs__sys_stat st;
    char *root = roots[i];
    /* with -f the paths start from the root without its trailing slashes */
    if (t.full) {
      size_t l = strlen(root);
      while (l > 1 && root[l - 1] == '/') root[--l] = 0;
    }
    put_name(c, root);
    bool missing = acs_sys_stat(root, &st) != 0;
    if (missing || !S_ISDIR(st.mode)) {
      /* a file is counted, a missing name is an error */
      cmd_puts(c, "  [error opening dir]\n");
      if (missing) status = 2;
      else t.nfiles++;
      continue;
    }
    cmd_putc(c, '\n');
    t.prefix[0] = 0;
    /* tree 2.1 counts a root only when something was listed in it */
    if (walk(&t, root, 1)) t.ndirs++;
  }
  if (report) {
    cmd_printf(c, "\n%ld director%s", t.ndirs, t.ndirs == 1 ? "y" : "ies");
    if (!t.dirs_only) cmd_printf(c, ", %ld file%s", t.nfiles, t.nfiles == 1 ? "" : "s");
    cmd_putc(c, '\n');
  }
  return status;
}
