/* lookup.c - what a name would run: type (-a -f -p -P -t) and hash.
** hash keeps bash's table of the programs run by name and how often, and
** prints, deletes and adds to it as bash's does; but the box's shell looks
** every command up in PATH again (a program moved or added is found at
** once), so the table reports and never decides. */
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
      /* bash reports aliases only where they would expand */
      if (!no_fn && shopt_on("expand_aliases") && (al = alias_get(n))) {
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
        else if (!path_only) {
          char *t = fn_format(f, false);
          out_printf("%s is a function\n%s\n", n, t);
          free(t);
        }
      }
      if ((all || !found) && builtin_find(n, &special)) {
        found = true;
        if (t) out_printf("builtin\n");
        else if (!path_only) out_printf("%s is a shell builtin\n", n);
      }
    }
    char *hp = (!found || force_path) && !all ? hash_shown(n) : NULL;
    if (hp) {
      found = true;
      if (t) out_printf("file\n");
      else if (path_only || force_path) out_printf("%s\n", hp);
      else out_printf("%s is hashed (%s)\n", n, hp);
      free(hp);
    } else if (all || !found || force_path) {
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

typedef struct hashed {
  char *name, *path;
  int hits;
  struct hashed *next; /* newest first, as bash lists them */
} hashed;
static hashed *table;
static bool hash_delete(const char *name);

static hashed *hash_find(const char *name)
{
  for (hashed *h = table; h; h = h->next)
    if (!strcmp(h->name, name)) return h;
  return NULL;
}

static void hash_put(const char *name, const char *path, int hits)
{
  hashed *h = hash_find(name);
  if (!h) {
    h = xcalloc(1, sizeof *h);
    h->name = xstrdup(name);
    h->next = table;
    table = h;
  } else {
    free(h->path);
  }
  h->path = xstrdup(path);
  h->hits += hits;
}

void hash_note(const char *name, const char *path)
{
  if (!strchr(name, '/')) hash_put(name, path, 1);
}

char *hash_lookup(const char *name)
{
  hashed *h = strchr(name, '/') ? NULL : hash_find(name);
  /* one found through a `.` or empty PATH entry is looked for again when
  ** it is not in this directory, as bash's (the shell may have cd'd) */
  if (h && !strncmp(h->path, "./", 2) && !is_exec_file(h->path)) {
    hash_delete(name);
    return NULL;
  }
  return h ? xstrdup(h->path) : NULL;
}

char *hash_shown(const char *name)
{
  hashed *h = strchr(name, '/') ? NULL : hash_find(name);
  if (!h) return NULL;
  if (h->path[0] == '/' || !strncmp(h->path, "./", 2)) return xstrdup(h->path);
  sbuf b = {0};
  sb_adds(&b, "./");
  sb_adds(&b, h->path);
  return sb_take(&b);
}

void hash_each(void (*fn)(const char *name, const char *path, int hits, void *u), void *u)
{
  /* oldest first, so that a child shell's table lists in the same order */
  hashed *v[256];
  int n = 0;
  for (hashed *h = table; h && n < 256; h = h->next) v[n++] = h;
  while (n--) fn(v[n]->name, v[n]->path, v[n]->hits, u);
}

void hash_load(const char *name, const char *path, int hits) { hash_put(name, path, hits); }

void hash_clear(void)
{
  while (table) {
    hashed *h = table;
    table = h->next;
    free(h->name);
    free(h->path);
    free(h);
  }
}

static bool hash_delete(const char *name)
{
  for (hashed **pp = &table; *pp; pp = &(*pp)->next)
    if (!strcmp((*pp)->name, name)) {
      hashed *h = *pp;
      *pp = h->next;
      free(h->name);
      free(h->path);
      free(h);
      return true;
    }
  return false;
}

int bi_hash(int argc, char **argv)
{
  int i = 1, st = 0;
  bool del = false, show = false, list = false;
  const char *with_path = NULL;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *c = argv[i] + 1; *c; c++) {
      if (*c == 'r') hash_clear();
      else if (*c == 'd') del = true;
      else if (*c == 't') show = true;
      else if (*c == 'l') list = true;
      else if (*c == 'p' && (c[1] || i + 1 < argc)) {
        with_path = c[1] ? c + 1 : argv[++i];
        break;
      } else {
        sh_error("hash: -%c: %s", *c, *c == 'p' ? "option requires an argument" : "invalid option");
        sh_usage("hash: usage: hash [-lr] [-p pathname] [-dt] [name ...]\n");
        return 2;
      }
    }
  }
  if (i >= argc) {
    if (list || argc == 1) {
      if (!table) sh_usage("hash: hash table empty\n"); /* bash: no name nor line */
      else if (!list) out_printf("hits\tcommand\n");
      for (hashed *h = table; h; h = h->next)
        if (list) out_printf("builtin hash -p %s %s\n", h->path, h->name);
        else out_printf("%4d\t%s\n", h->hits, h->path);
    }
    return 0;
  }
  for (int first = i; i < argc; i++) {
    const char *n = argv[i];
    if (del || show) {
      hashed *h = hash_find(n);
      if (!h || (del && !hash_delete(n))) {
        sh_error("hash: %s: not found", n);
        st = 1;
      } else if (show) {
        h->hits++;
        char *shown = hash_shown(n);
        if (argc - first > 1) out_printf("%s\t%s\n", n, shown);
        else out_printf("%s\n", shown);
        free(shown);
      }
      continue;
    }
    if (with_path) {
      hash_put(n, with_path, 0);
      continue;
    }
    bool special;
    if (strchr(n, '/') || builtin_find(n, &special) || fn_find(n)) continue;
    strv paths = {0};
    path_all(n, false, &paths);
    if (!paths.n) {
      sh_error("hash: %s: not found", n);
      st = 1;
    } else {
      hash_put(n, paths.v[0], 0);
    }
    sv_free(&paths);
  }
  return st;
}
