/* find.c - search for files in a directory hierarchy.
**
** Usage: find [-H] [-L] [-P] [path...] [expression]
**
** default path is the current directory; default expression is -print
** expression may consist of: operators, options, tests, and actions:
** operators (decreasing precedence; -and is implicit where no others are given):
**       ( EXPR )   ! EXPR   -not EXPR   EXPR1 -a EXPR2   EXPR1 -and EXPR2
**       EXPR1 -o EXPR2   EXPR1 -or EXPR2   EXPR1 , EXPR2
** positional options (always true): -daystart -follow -regextype
** normal options (always true, specified before other expressions):
**       -depth --help -maxdepth LEVELS -mindepth LEVELS -mount -noleaf
**       --version -xdev -ignore_readdir_race -noignore_readdir_race
** tests (N can be +N or -N or N): -amin N -anewer FILE -atime N -cmin N
**       -cnewer FILE -ctime N -empty -false -gid N -group NAME
**       -ilname PATTERN -iname PATTERN -inum N -ipath PATTERN -iregex PATTERN
**       -links N -lname PATTERN -mmin N -mtime N -name PATTERN -newer FILE
**       -nouser -nogroup -path PATTERN -perm [-/]MODE -regex PATTERN
**       -readable -writable -executable
**       -wholename PATTERN -size N[bcwkMG] -true -type [bcdpfls] -uid N
**       -used N -user NAME -samefile FILE
** actions: -delete -print0 -printf FORMAT -fprint FILE -print
**       -ls -prune -quit
**       -exec COMMAND ; -exec COMMAND {} + -ok COMMAND ;
**       -execdir COMMAND ; -execdir COMMAND {} + -okdir COMMAND ;
*/

/* GNU findutils 4.9's find. Directories are read in the order the
** filesystem gives (GNU does not sort either). -exec runs the program
** with lib_run; -execdir changes into the file's directory around the
** spawn (the child inherits it); -ok asks on stderr and reads the answer
** from stdin (no answer is no). The expression is in find_expr.c. */
#include "find.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static const char *base_of(const char *p, char *buf, size_t size)
{
  size_t n = strlen(p);
  while (n > 1 && p[n - 1] == '/') n--;
  size_t st = n;
  while (st > 0 && p[st - 1] != '/') st--;
  if (n - st >= size) n = st + size - 1;
  memcpy(buf, p + st, n - st);
  buf[n - st] = 0;
  if (!buf[0] && n) strcpy(buf, "/");
  return buf;
}

static int get_stat(find *f, const char *path, int depth, acs__sys_stat *st)
{
  bool follow = f->follow == 'L' || (f->follow == 'H' && depth == 0);
  int rc = follow ? acs_sys_stat(path, st) : acs_sys_lstat(path, st);
  if (rc < 0 && follow) rc = acs_sys_lstat(path, st); /* a dangling link is itself */
  return rc;
}

void find_error(find *f, const char *path, int err)
{
  char q[4096];
  cmd_error(f->c, "%s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(err));
  f->status = 1;
}

static void visit(find *f, const char *path, int depth, const anc_t *anc, int nanc);

static void descend(find *f, const char *path, int depth, acs__sys_stat *st, const anc_t *anc, int nanc)
{
  cmd_dirent *ents;
  size_t n;
  int rc = cmd_dir_read(path, &ents, &n);
  if (rc < 0) {
    find_error(f, path, rc);
    return;
  }
  anc_t *a = malloc((size_t)(nanc + 1) * sizeof *a);
  if (nanc) memcpy(a, anc, (size_t)nanc * sizeof *a);
  a[nanc] = (anc_t){st->dev, st->ino, path};
  for (size_t i = 0; i < n && !f->quit && !cmd_out_error(f->c); i++) {
    char *child = cmd_path_join(path, ents[i].name);
    visit(f, child, depth + 1, a, nanc + 1);
    free(child);
  }
  free(a);
  cmd_dir_free(ents, n);
}

static void visit(find *f, const char *path, int depth, const anc_t *anc, int nanc)
{
  fentry e = {.path = path, .depth = depth};
  int rc = get_stat(f, path, depth, &e.st);
  if (rc < 0) {
    find_error(f, path, rc);
    return;
  }
  char b[4096];
  e.name = base_of(path, b, sizeof b);
  bool dir = S_ISDIR(e.st.mode);
  if (dir && f->follow == 'L')
    for (int i = 0; i < nanc; i++)
      if (anc[i].dev == e.st.dev && anc[i].ino == e.st.ino) {
        char q[4096], q2[4096];
        cmd_error(f->c, "File system loop detected; %s is part of the same file system loop as %s.",
                  cmd_quote(path, q, sizeof q), cmd_quote(anc[i].path, q2, sizeof q2));
        f->status = 1;
        return;
      }
  f->prune = false;
  bool in_range = depth >= f->mindepth;
  if (!f->depth_first && in_range) find_eval(f, f->root, &e);
  bool deeper = dir && (f->maxdepth < 0 || depth < f->maxdepth) && !f->quit;
  if (deeper && (f->depth_first || !f->prune)) descend(f, path, depth, &e.st, anc, nanc);
  if (f->depth_first && in_range && !f->quit) {
    if (dir) get_stat(f, path, depth, &e.st);
    find_eval(f, f->root, &e);
  }
}

int acs__cmd_find(acs_cmd *c, int argc, char **argv)
{
  find *f = calloc(1, sizeof *f);
  if (!f) return 1;
  f->c = c;
  f->maxdepth = -1;
  f->follow = 'P';
  f->now = time(NULL);
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "--version")) {
      int st;
      cmd_help_version(c, a, &st);
      free(f);
      return 0;
    }
    if (!strcmp(a, "-H") || !strcmp(a, "-L") || !strcmp(a, "-P")) f->follow = a[1];
    else if (!strcmp(a, "-D") || !strcmp(a, "-O") || !strncmp(a, "-O", 2)) {
      if (!strcmp(a, "-D")) i++;
    } else if (!strcmp(a, "--")) {
      i++;
      break;
    } else break;
  }
  int first_path = i;
  while (i < argc && !(argv[i][0] == '-' && argv[i][1]) && strcmp(argv[i], "(") && strcmp(argv[i], "!"))
    i++;
  int npaths = i - first_path;
  if (!find_parse(f, argv + i, argc - i)) {
    int st = f->status ? f->status : 1;
    find_free(f);
    return st;
  }
  if (npaths == 0) {
    visit(f, ".", 0, NULL, 0);
  }
  for (int k = 0; k < npaths && !f->quit; k++) {
    if (!*argv[first_path + k]) {
      cmd_error(c, "'': No such file or directory");
      f->status = 1;
      continue;
    }
    visit(f, argv[first_path + k], 0, NULL, 0);
  }
  find_finish(f);
  int st = f->status;
  find_free(f);
  return st;
}
