/* lookup.c - what a name would run: type (-a -f -p -P -t) and hash. The
** box's shell keeps no table of program paths (every command is looked
** up in PATH again, so a program moved or added is found at once): hash
** checks that the names exist and hash -r has nothing to forget. */
#include "sh.h"

#include <stdlib.h>
#include <string.h>

static bool is_exec_file(const char *path)
{
  acs__sys_stat st;
  return acs_sys_stat(path, &st) == 0 && (st.mode & 0170000) == 0100000 && acs_sys_access(path, 1) == 0;
}

/* every executable NAME in PATH, in order (all: not only the first) */
static void path_all(const char *name, bool all, strv *out)
{
  const char *path = var_get("PATH");
  if (!path) path = "/usr/local/bin:/usr/bin:/bin";
  for (const char *p = path;;) {
    const char *colon = strchr(p, ':');
    size_t n = colon ? (size_t)(colon - p) : strlen(p);
    sbuf b = {0};
    if (n == 0) sb_adds(&b, ".");
    else sb_add(&b, p, n);
    sb_addc(&b, '/');
    sb_adds(&b, name);
    if (is_exec_file(b.s)) {
      sv_push(out, sb_take(&b));
      if (!all) return;
    } else {
      sb_free(&b);
    }
    if (!colon) return;
    p = colon + 1;
  }
}

int bi_type(int argc, char **argv)
{
  int st = 0, i = 1;
  bool t = false, all = false, no_fn = false, path_only = false, force_path = false;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *c = argv[i] + 1; *c; c++) {
      if (*c == 't') t = true;
      else if (*c == 'a') all = true;
      else if (*c == 'f') no_fn = true;
      else if (*c == 'p') path_only = true;
      else if (*c == 'P') force_path = true;
      else {
        sh_error("type: -%c: invalid option", *c);
        sh_usage("type: usage: type [-afptP] name [name ...]\n");
        return 2;
      }
    }
  }
  for (; i < argc; i++) {
    const char *n = argv[i];
    bool found = false, special;
    func *f;
    const char *al;
    if (!force_path) {
      if (!no_fn && (al = alias_get(n))) {
        found = true;
        if (t) out_printf("alias\n");
        else if (!path_only) out_printf("%s is aliased to `%s'\n", n, al);
      }
      if ((all || !found) && is_keyword(n)) {
        found = true;
        if (t) out_printf("keyword\n");
        else if (!path_only) out_printf("%s is a shell keyword\n", n);
      }
      if ((all || !found) && !no_fn && (f = fn_find(n))) {
        found = true;
        if (t) out_printf("function\n");
        else if (!path_only) out_printf("%s is a function\n%s\n", n, f->text);
      }
      if ((all || !found) && builtin_find(n, &special)) {
        found = true;
        if (t) out_printf("builtin\n");
        else if (!path_only) out_printf("%s is a shell builtin\n", n);
      }
    }
    if (all || !found || force_path) {
      strv paths = {0};
      if (strchr(n, '/')) {
        if (is_exec_file(n)) sv_push(&paths, xstrdup(n));
      } else {
        path_all(n, all, &paths);
      }
      for (size_t k = 0; k < paths.n; k++) {
        if (t) out_printf("file\n");
        else if (path_only || force_path) out_printf("%s\n", paths.v[k]);
        else out_printf("%s is %s\n", n, paths.v[k]);
      }
      if (paths.n) found = true;
      sv_free(&paths);
    }
    if (!found) {
      if (!t && !path_only && !force_path) sh_error("type: %s: not found", n);
      st = 1;
    }
  }
  return st;
}

int bi_hash(int argc, char **argv)
{
  int i = 1, st = 0;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    if (strchr(argv[i], 'r')) continue;
    if (strchr(argv[i], 'd') || strchr(argv[i], 'l') || strchr(argv[i], 't')) continue;
    sh_error("hash: %s: invalid option", argv[i]);
    sh_usage("hash: usage: hash [-lr] [-p pathname] [-dt] [name ...]\n");
    return 2;
  }
  if (i >= argc) {
    if (argc == 1) sh_error("hash: hash table empty");
    return 0;
  }
  for (; i < argc; i++) {
    bool special;
    if (strchr(argv[i], '/') || builtin_find(argv[i], &special) || fn_find(argv[i])) continue;
    strv paths = {0};
    path_all(argv[i], false, &paths);
    if (!paths.n) {
      sh_error("hash: %s: not found", argv[i]);
      st = 1;
    }
    sv_free(&paths);
  }
  return st;
}
