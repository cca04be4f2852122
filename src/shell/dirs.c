/* dirs.c - the directory stack: pushd, popd, dirs, and DIRSTACK. Entry
** 0 is always the current directory ($PWD); the others are kept here,
** the newest first. Changing directory goes through the cd builtin, so
** PWD, OLDPWD and cd's messages are cd's. */
#include "sh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int run_builtin_argv(strv *args);

static strv saved; /* entries 1.. */

static const char *entry(size_t i)
{
  if (i == 0) {
    const char *p = var_get("PWD");
    return p ? p : "";
  }
  return saved.v[i - 1];
}

static size_t count(void) { return saved.n + 1; }

static void sync_dirstack(void)
{
  var_unset("DIRSTACK");
  array *a = var_make_array("DIRSTACK", false);
  for (size_t i = 0; a && i < count(); i++) arr_seti(a, (long)i, entry(i));
}

/* an entry as dirs shows it: $HOME as ~ unless long */
static void put_entry(sbuf *b, const char *d, bool lng)
{
  const char *home = var_get("HOME");
  size_t hn = home ? strlen(home) : 0;
  if (!lng && hn > 1 && !strncmp(d, home, hn) && (d[hn] == '/' || !d[hn])) {
    sb_addc(b, '~');
    sb_adds(b, d + hn);
  } else {
    sb_adds(b, d);
  }
}

static void print_dirs(bool lng, bool lines, bool numbered)
{
  sbuf b = {0};
  for (size_t i = 0; i < count(); i++) {
    if (numbered) sb_printf(&b, "%2zu  ", i);
    else if (i && !lines) sb_addc(&b, ' ');
    put_entry(&b, entry(i), lng);
    if (lines || numbered) sb_addc(&b, '\n');
  }
  if (!lines && !numbered) sb_addc(&b, '\n');
  out_add(b.s, b.len);
  sb_free(&b);
}

static int cd_to(const char *dir)
{
  strv a = {0};
  sv_push(&a, xstrdup("cd"));
  sv_push(&a, xstrdup(dir));
  int st = run_builtin_argv(&a);
  sv_free(&a);
  return st;
}

/* +N / -N: the index it names, -1 when out of range (message printed) */
static long stack_index(const char *cmd, const char *arg)
{
  char *end;
  long n = strtol(arg + 1, &end, 10);
  if (!arg[1] || *end) return -2;
  long k = arg[0] == '+' ? n : (long)count() - 1 - n;
  if (k < 0 || k >= (long)count()) {
    sh_error("%s: %s: directory stack index out of range", cmd, arg);
    return -1;
  }
  return k;
}

/* the stack turned so that entry k comes first */
static int rotate(long k)
{
  strv all = {0};
  for (size_t i = 0; i < count(); i++) sv_push(&all, xstrdup(entry(i)));
  int st = cd_to(all.v[k]);
  if (st == 0) {
    sv_free(&saved);
    for (size_t i = 1; i < all.n; i++) sv_push(&saved, xstrdup(all.v[((size_t)k + i) % all.n]));
  }
  sv_free(&all);
  return st;
}

int bi_pushd(int argc, char **argv)
{
  int i = 1;
  bool quiet = false;
  if (i < argc && !strcmp(argv[i], "-n")) quiet = true, i++;
  if (i < argc && !strcmp(argv[i], "--")) i++;
  int st;
  if (i >= argc) {
    if (!saved.n) {
      sh_error("pushd: no other directory");
      return 1;
    }
    st = rotate(1);
    /* pushd alone swaps the first two, the rest stays in order */
    if (st == 0 && saved.n > 1) {
      char *last = saved.v[saved.n - 1];
      memmove(saved.v + 1, saved.v, (saved.n - 1) * sizeof *saved.v);
      saved.v[0] = last;
    }
  } else if ((argv[i][0] == '+' || argv[i][0] == '-') && argv[i][1]) {
    long k = stack_index("pushd", argv[i]);
    if (k == -1) return 1;
    if (k == -2) {
      sh_error("pushd: %s: invalid number", argv[i]);
      return 1;
    }
    st = rotate(k);
  } else {
    char *old = xstrdup(entry(0));
    st = cd_to(argv[i]);
    if (st == 0) {
      sv_push(&saved, NULL);
      memmove(saved.v + 1, saved.v, (saved.n - 1) * sizeof *saved.v);
      saved.v[0] = old;
    } else {
      free(old);
    }
  }
  if (st) return st;
  sync_dirstack();
  if (!quiet) print_dirs(false, false, false);
  return 0;
}

int bi_popd(int argc, char **argv)
{
  int i = 1;
  bool quiet = false;
  if (i < argc && !strcmp(argv[i], "-n")) quiet = true, i++;
  if (i < argc && !strcmp(argv[i], "--")) i++;
  if (!saved.n) {
    sh_error("popd: directory stack empty");
    return 1;
  }
  long k = 0;
  if (i < argc) {
    k = stack_index("popd", argv[i]);
    if (k == -1) return 1;
    if (k == -2) {
      sh_error("popd: %s: invalid argument", argv[i]);
      return 1;
    }
  }
  if (k == 0) {
    int st = cd_to(saved.v[0]);
    if (st) return st;
    free(saved.v[0]);
    memmove(saved.v, saved.v + 1, (saved.n - 1) * sizeof *saved.v);
    saved.n--;
  } else {
    free(saved.v[k - 1]);
    memmove(saved.v + k - 1, saved.v + k, (saved.n - (size_t)k) * sizeof *saved.v);
    saved.n--;
  }
  sync_dirstack();
  if (!quiet) print_dirs(false, false, false);
  return 0;
}

int bi_dirs(int argc, char **argv)
{
  bool lng = false, lines = false, numbered = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-c")) {
      sv_free(&saved);
      sync_dirstack();
      return 0;
    }
    if ((a[0] == '+' || a[0] == '-') && a[1] >= '0' && a[1] <= '9') {
      long k = stack_index("dirs", a);
      if (k < 0) return 1;
      sbuf b = {0};
      put_entry(&b, entry((size_t)k), lng);
      sb_addc(&b, '\n');
      out_add(b.s, b.len);
      sb_free(&b);
      return 0;
    }
    if (a[0] != '-') {
      sh_error("dirs: %s: invalid argument", a);
      return 1;
    }
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'l') lng = true;
      else if (*p == 'p') lines = true;
      else if (*p == 'v') numbered = true;
      else {
        sh_error("dirs: -%c: invalid option", *p);
        sh_usage("dirs: usage: dirs [-clpv] [+N] [-N]\n");
        return 2;
      }
    }
  }
  print_dirs(lng, lines, numbered);
  return 0;
}

/* To a child shell: the saved entries (pushd's), as records "P" dir. */
void dirs_send(sbuf *b, void (*put)(sbuf *, const char *))
{
  for (size_t i = 0; i < saved.n; i++) {
    put(b, "P");
    put(b, saved.v[i]);
  }
}

void dirs_receive(const char *dir)
{
  sv_push(&saved, xstrdup(dir));
  sync_dirstack();
}
