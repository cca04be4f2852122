/* whereis.c - locate the binary, source, and manual page files for a command.
**
** Usage:
**  whereis [options] [-BMS <dir>... -f] <name>
**
** Locate the binary, source, and manual-page files for a command.
**
** Options:
**  -b         search only for binaries
**  -B <dirs>  define binaries lookup path
**  -m         search only for manuals and infos
**  -M <dirs>  define man and info lookup path
**  -s         search only for sources
**  -S <dirs>  define sources lookup path
**  -f         terminate <dirs> argument list
**  -u         search for unusual entries
**  -l         output effective lookup paths
**
**  -h, --help     display this help
**  -V, --version  display version
*/

/* util-linux 2.38's whereis over the box's directories: its lists of
** binary, manual and source directories (a trailing '*' taking every
** subdirectory) and PATH's, each directory once (by inode), in order.
** A file matches a name when it is the name or the name and a '.'
** extension (ls.1.gz); a name loses its directory and one extension. */
#include "cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { K_BIN = 1, K_MAN = 2, K_SRC = 4 };

static const char *const bin_dirs[] = {"/usr/bin", "/usr/sbin", "/bin", "/sbin", "/usr/lib", "/usr/lib64", "/etc",
                                       "/usr/etc", "/lib", "/lib64", "/usr/games", "/usr/local/bin",
                                       "/usr/local/sbin", "/usr/local/etc", "/usr/local/lib", "/usr/local/games",
                                       "/usr/include", "/usr/local", "/usr/libexec", "/usr/share", "/opt/*/bin", NULL};
static const char *const man_dirs[] = {"/usr/man/*", "/usr/share/man/*", "/usr/X11/man/*", "/usr/share/info", NULL};
static const char *const src_dirs[] = {"/usr/src/*", NULL};

typedef struct dirlist {
  char **v;
  int *kind;
  uint64_t (*id)[2];
  size_t n;
} dirlist;

static void add_dir(dirlist *l, const char *d, int kind)
{
  acs__sys_stat st;
  if (acs_sys_stat(d, &st) < 0 || !S_ISDIR(st.mode)) return;
  for (size_t i = 0; i < l->n; i++)
    if (l->id[i][0] == st.dev && l->id[i][1] == st.ino) return;
  l->v = realloc(l->v, (l->n + 1) * sizeof *l->v);
  l->kind = realloc(l->kind, (l->n + 1) * sizeof *l->kind);
  l->id = realloc(l->id, (l->n + 1) * sizeof *l->id);
  l->v[l->n] = strdup(d);
  l->kind[l->n] = kind;
  l->id[l->n][0] = st.dev;
  l->id[l->n][1] = st.ino;
  l->n++;
}

static void add_pattern(dirlist *l, const char *d, int kind)
{
  size_t n = strlen(d);
  const char *star = strchr(d, '*');
  if (!star) {
    add_dir(l, d, kind);
    return;
  }
  /* a star takes every subdirectory of what comes before it */
  char parent[4096];
  snprintf(parent, sizeof parent, "%.*s", (int)(star - d - 1), d);
  const char *after = star + 1;
  cmd_dirent *ents;
  size_t ne;
  if (cmd_dir_read(parent, &ents, &ne) < 0) return;
  for (size_t i = 0; i < ne; i++) {
    char p[8192];
    snprintf(p, sizeof p, "%s/%s%s", parent, ents[i].name, after);
    add_dir(l, p, kind);
  }
  cmd_dir_free(ents, ne);
  (void)n;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void search(acs_cmd *c, dirlist *l, const char *name, int kinds)
{
  size_t len = strlen(name);
  for (size_t i = 0; i < l->n; i++) {
    if (!(l->kind[i] & kinds)) continue;
    cmd_dirent *ents;
    size_t ne;
    if (cmd_dir_read(l->v[i], &ents, &ne) < 0) continue;
    char **hits = malloc((ne + 1) * sizeof *hits);
    size_t nh = 0;
    for (size_t k = 0; k < ne; k++) {
      const char *f = ents[k].name;
      if (strncmp(f, name, len) || (f[len] && f[len] != '.')) continue;
      hits[nh++] = ents[k].name;
    }
    qsort(hits, nh, sizeof *hits, cmp_str);
    for (size_t k = 0; k < nh; k++) cmd_printf(c, " %s/%s", l->v[i], hits[k]);
    free(hits);
    cmd_dir_free(ents, ne);
  }
}

int acs__cmd_whereis(acs_cmd *c, int argc, char **argv)
{
  dirlist l = {0};
  int kinds = 0, custom = 0, status = 0;
  bool list = false;
  char **names = malloc((size_t)argc * sizeof *names);
  int nn = 0, reading = 0; /* reading: the kind whose dirs follow -B/-M/-S */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] == '-' && a[1]) {
      if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
        int st;
        cmd_help_version(c, "--help", &st);
        goto out;
      }
      if (!strcmp(a, "--version") || !strcmp(a, "-V")) {
        int st;
        cmd_help_version(c, "--version", &st);
        goto out;
      }
      reading = 0;
      for (const char *o = a + 1; *o; o++) {
        switch (*o) {
        case 'b': kinds |= K_BIN; break;
        case 'm': kinds |= K_MAN; break;
        case 's': kinds |= K_SRC; break;
        case 'B': reading = K_BIN, custom |= K_BIN; break;
        case 'M': reading = K_MAN, custom |= K_MAN; break;
        case 'S': reading = K_SRC, custom |= K_SRC; break;
        case 'f': reading = 0; break;
        case 'u': break;
        case 'l': list = true; break;
        default:
          cmd_error(c, "invalid option -- '%c'", *o);
          cmd_error(c, "%s", "");
          status = 1;
          goto out;
        }
      }
      continue;
    }
    if (reading) add_pattern(&l, a, reading);
    else names[nn++] = argv[i];
  }
  if (!kinds) kinds = K_BIN | K_MAN | K_SRC;
  if (!(custom & K_BIN)) {
    for (int k = 0; bin_dirs[k]; k++) add_pattern(&l, bin_dirs[k], K_BIN);
    const char *path = getenv("PATH");
    char *pc = path ? strdup(path) : NULL;
    for (char *s = pc, *t; s && (t = strsep(&s, ":"));)
      if (*t) add_dir(&l, t, K_BIN);
    free(pc);
  }
  if (!(custom & K_MAN))
    for (int k = 0; man_dirs[k]; k++) add_pattern(&l, man_dirs[k], K_MAN);
  if (!(custom & K_SRC))
    for (int k = 0; src_dirs[k]; k++) add_pattern(&l, src_dirs[k], K_SRC);
  if (list) {
    for (size_t i = 0; i < l.n; i++)
      cmd_printf(c, "%s: %s\n", l.kind[i] == K_BIN ? "bin" : l.kind[i] == K_MAN ? "man" : "src", l.v[i]);
    goto out;
  }
  if (nn == 0) {
    cmd_error(c, "not enough arguments");
    cmd_printf(c, "%s", "");
    char msg[256];
    snprintf(msg, sizeof msg, "Try '%s --help' for more information.\n", c->name);
    acs_sys_write_all(2, msg, strlen(msg));
    status = 1;
    goto out;
  }
  for (int i = 0; i < nn; i++) {
    /* the name without its directory and one extension */
    const char *b = strrchr(names[i], '/');
    b = b ? b + 1 : names[i];
    char name[4096];
    snprintf(name, sizeof name, "%s", b);
    char *dot = strrchr(name, '.');
    if (dot && dot != name && strcmp(dot, ".")) *dot = 0;
    cmd_printf(c, "%s:", b);
    search(c, &l, name, kinds);
    cmd_putc(c, '\n');
  }
out:
  for (size_t i = 0; i < l.n; i++) free(l.v[i]);
  free(l.v);
  free(l.kind);
  free(l.id);
  free(names);
  return status;
}
