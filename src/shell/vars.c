/* vars.c - shell variables with bash's dynamic scoping, and functions.
**
** Each name has a stack of bindings: `local` in a function pushes one
** tagged with the function's depth, and the function's return pops every
** binding of its depth, so a callee sees its callers' locals as bash's
** do. A binding with no value is declared but unset (`local x`). */
#include "sh.h"

#include <errno.h>
#include <stdio.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct binding {
  char *value; /* NULL: unset (or an array) */
  array *arr;  /* an array's values, or NULL */
  int flags;
  int depth;
  struct binding *prev;
} binding;

struct var {
  char *name;
  binding *top;
  struct var *next;
};

#define NBUCKET 512
static var *table[NBUCKET];
static int depth;
/* names made local at each depth, to pop at return */
typedef struct localname {
  var *v;
  struct localname *next;
} localname;
static localname *locals[256];

static unsigned hash(const char *s)
{
  unsigned h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h % NBUCKET;
}

static var *find_raw(const char *name, bool create)
{
  unsigned h = hash(name);
  for (var *v = table[h]; v; v = v->next)
    if (!strcmp(v->name, name)) return v;
  if (!create) return NULL;
  var *v = xcalloc(1, sizeof *v);
  v->name = xstrdup(name);
  v->next = table[h];
  table[h] = v;
  return v;
}

/* namerefs (declare -n) are followed unless nameref_off: declare -n,
** unset -n and the listings act on the reference itself */
static int nameref_off;

void var_nameref_raw(bool on) { nameref_off += on ? 1 : -1; }

static var *find(const char *name, bool create)
{
  var *v = find_raw(name, create);
  for (int hops = 0; v && !nameref_off && hops < 8; hops++) {
    binding *b = v->top;
    if (!b || !(b->flags & V_NAMEREF) || !b->value || !is_name(b->value, strlen(b->value))) break;
    var *t = find_raw(b->value, create);
    if (!t) return NULL;
    v = t;
  }
  return v;
}

const char *var_nameref_target(const char *name)
{
  var *v = find_raw(name, false);
  return v && v->top && (v->top->flags & V_NAMEREF) ? v->top->value : NULL;
}

const char *var_get(const char *name)
{
  var *v = find(name, false);
  if (v && v->top && v->top->arr) return arr_geti(v->top->arr, 0);
  return v && v->top ? v->top->value : NULL;
}

int var_flags(const char *name)
{
  var *v = find(name, false);
  if (!v || !v->top) return 0;
  int f = v->top->flags;
  if (v->top->arr) f |= arr_assoc(v->top->arr) ? V_ASSOC : V_ARRAY;
  return f;
}

/* when SECONDS was assigned last (its value counts from then) */
static long long seconds_mark;

long long var_seconds_mark(void) { return seconds_mark; }

/* The value an integer variable (declare -i) takes: the expression
** evaluated, in decimal (malloc'd); NULL after an arithmetic error (said). */
static char *int_value(const char *value)
{
  int64_t n;
  if (!arith_eval(value, &n)) return NULL;
  char buf[32];
  snprintf(buf, sizeof buf, "%lld", (long long)n);
  return xstrdup(buf);
}

char *var_int_append(const char *old, const char *value)
{
  sbuf b = {0};
  sb_adds(&b, "(");
  sb_adds(&b, old && *old ? old : "0");
  sb_adds(&b, ")+(");
  sb_adds(&b, *value ? value : "0");
  sb_adds(&b, ")");
  char *r = int_value(b.s);
  sb_free(&b);
  return r;
}

int var_set(const char *name, const char *value, int flags)
{
  if (name[0] == 'S' && !strcmp(name, "SECONDS")) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    seconds_mark = ts.tv_sec;
  }
  /* bash: assigning RANDOM seeds it (the same seed, the same numbers) */
  if (name[0] == 'R' && !strcmp(name, "RANDOM")) sh.rnd = (unsigned)strtoul(value, NULL, 10);
  if (name[0] == 'P' && !strcmp(name, "PATH")) hash_clear(); /* bash forgets the table */
  var *v = find(name, true);
  if (!v->top) {
    v->top = xcalloc(1, sizeof *v->top);
    v->top->depth = 0;
  }
  binding *b = v->top;
  if (b->flags & V_READONLY) {
    sh_error("%s: readonly variable", name);
    return -1;
  }
  char *iv = NULL;
  if ((b->flags | flags) & V_INTEGER) {
    if (!(iv = int_value(value))) return -1;
    value = iv;
  }
  if (b->arr) {
    arr_seti(b->arr, 0, value);
    b->flags |= flags;
    free(iv);
    return 0;
  }
  char *nv = iv ? iv : xstrdup(value);
  free(b->value);
  b->value = nv;
  b->flags |= flags;
  if (sh.opt_a) b->flags |= V_EXPORT;
  return 0;
}

int var_unset(const char *name)
{
  var *v = find(name, false);
  if (!v || !v->top) return 0;
  if (v->top->flags & V_READONLY) {
    sh_error("unset: %s: cannot unset: readonly variable", name);
    return -1;
  }
  binding *b = v->top;
  if (b->depth > 0 && b->depth == depth) {
    /* a local of this function stays local, unset */
    free(b->value);
    b->value = NULL;
    arr_free(b->arr);
    b->arr = NULL;
    return 0;
  }
  if (b->depth > 0) {
    /* bash: unset of a caller's local reveals the binding below it */
    v->top = b->prev;
    free(b->value);
    arr_free(b->arr);
    free(b);
    return 0;
  }
  free(b->value);
  b->value = NULL;
  arr_free(b->arr);
  b->arr = NULL;
  b->flags = 0;
  return 0;
}

void var_set_flag(const char *name, int flag)
{
  var *v = find(name, true);
  if (!v->top) v->top = xcalloc(1, sizeof *v->top);
  v->top->flags |= flag;
}

void var_clear_flag(const char *name, int flag)
{
  var *v = find(name, false);
  if (v && v->top) v->top->flags &= ~flag;
}

void var_export(const char *name) { var_set_flag(name, V_EXPORT); }

void var_local(const char *name, const char *value, bool has_value)
{
  var *v = find(name, true);
  if (v->top && (v->top->flags & V_READONLY)) {
    /* bash: a readonly variable cannot be made local either */
    sh_error("local: %s: readonly variable", name);
    return;
  }
  if (depth == 0) {
    if (has_value) var_set(name, value, 0);
    return;
  }
  if (!v->top || v->top->depth != depth) {
    binding *b = xcalloc(1, sizeof *b);
    b->depth = depth;
    b->prev = v->top;
    /* bash: `local x` keeps nothing of the outer value, but the export flag */
    b->flags = V_DECLARED;
    if (b->prev) b->flags |= b->prev->flags & V_EXPORT;
    v->top = b;
    localname *l = xmalloc(sizeof *l);
    l->v = v;
    l->next = locals[depth];
    locals[depth] = l;
  }
  if (has_value) {
    char *iv = NULL;
    if ((v->top->flags & V_INTEGER) && !(iv = int_value(value))) return;
    if (v->top->arr) {
      arr_seti(v->top->arr, 0, iv ? iv : value);
      free(iv);
      return;
    }
    free(v->top->value);
    v->top->value = iv ? iv : xstrdup(value);
    if (sh.opt_a) v->top->flags |= V_EXPORT; /* set -a: a local's value too */
  }
}

void var_scope_push(void)
{
  if (depth < 255) depth++;
}

void var_scope_pop(void)
{
  if (depth == 0) return;
  for (localname *l = locals[depth], *n; l; l = n) {
    n = l->next;
    binding *b = l->v->top;
    if (b && b->depth == depth) {
      l->v->top = b->prev;
      free(b->value);
      arr_free(b->arr);
      free(b);
    }
    free(l);
  }
  locals[depth] = NULL;
  depth--;
}

int var_scope_depth(void) { return depth; }

static int cmp(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static func *funcs; /* the functions (below) */

char **var_environ(void)
{
  strv out = {0};
  for (int i = 0; i < NBUCKET; i++)
    for (var *v = table[i]; v; v = v->next)
      if (v->top && v->top->value && (v->top->flags & V_EXPORT)) {
        sbuf b = {0};
        sb_adds(&b, v->name);
        sb_addc(&b, '=');
        sb_adds(&b, v->top->value);
        sv_push(&out, sb_take(&b));
      }
  for (func *f = funcs; f; f = f->next)
    if (f->exported) {
      char *v = fn_format(f, true);
      sbuf b = {0};
      sb_printf(&b, "BASH_FUNC_%s%%%%=%s", f->name, v);
      free(v);
      sv_push(&out, sb_take(&b));
    }
  if (!out.v) sv_push(&out, NULL), out.n = 0;
  if (out.n) qsort(out.v, out.n, sizeof *out.v, cmp);
  return out.v;
}

char **var_environ_for(const char *path)
{
  char **env = var_environ();
  size_t n = 0;
  while (env[n]) n++;
  env = xrealloc(env, (n + 2) * sizeof *env);
  /* bash hands a program the path it ran as $_ (its own $_ is not exported) */
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (strncmp(env[i], "_=", 2)) env[k++] = env[i];
    else free(env[i]);
  sbuf b = {0};
  sb_adds(&b, "_=");
  sb_adds(&b, path);
  env[k++] = sb_take(&b);
  env[k] = NULL;
  return env;
}

void var_free_list(char **v)
{
  if (!v) return;
  for (char **p = v; *p; p++) free(*p);
  free(v);
}

void var_each(void (*fn)(const char *name, const char *value, int flags, void *u), void *u)
{
  strv names = {0};
  for (int i = 0; i < NBUCKET; i++)
    for (var *v = table[i]; v; v = v->next)
      if (v->top && !v->top->arr && (v->top->value || v->top->flags)) sv_push(&names, v->name);
  if (names.n) qsort(names.v, names.n, sizeof *names.v, cmp);
  for (size_t i = 0; i < names.n; i++) {
    var *v = find_raw(names.v[i], false);
    fn(v->name, v->top->value, v->top->flags, u);
  }
  free(names.v);
}

void var_each_array(void (*fn)(const char *name, int flags, array *a, void *u), void *u)
{
  strv names = {0};
  for (int i = 0; i < NBUCKET; i++)
    for (var *v = table[i]; v; v = v->next)
      if (v->top && v->top->arr) sv_push(&names, v->name);
  if (names.n) qsort(names.v, names.n, sizeof *names.v, cmp);
  for (size_t i = 0; i < names.n; i++) {
    var *v = find_raw(names.v[i], false);
    binding *b = v->top;
    fn(v->name, b->flags | (arr_assoc(b->arr) ? V_ASSOC : V_ARRAY), b->arr, u);
  }
  free(names.v);
}

/* ---- arrays ------------------------------------------------------------ */

array *var_array(const char *name)
{
  var *v = find(name, false);
  return v && v->top ? v->top->arr : NULL;
}

array *var_make_array(const char *name, bool assoc)
{
  var *v = find(name, true);
  if (!v->top) v->top = xcalloc(1, sizeof *v->top);
  binding *b = v->top;
  if (b->flags & V_READONLY) {
    sh_error("%s: readonly variable", name);
    return NULL;
  }
  if (b->arr) {
    if (arr_assoc(b->arr) != assoc) {
      sh_error("%s: cannot convert %s to %s array", name, assoc ? "indexed" : "associative",
               assoc ? "associative" : "indexed");
      return NULL;
    }
    return b->arr;
  }
  b->arr = arr_new(assoc);
  if (b->value) {
    if (assoc) arr_set(b->arr, "0", b->value);
    else arr_seti(b->arr, 0, b->value);
    free(b->value);
    b->value = NULL;
  }
  return b->arr;
}

/* the index of sub in an indexed array a: arithmetic, negative counts
** from the end; false (message printed) when it is bad */
static bool index_of(const char *name, array *a, const char *sub, long *idx)
{
  int64_t v = 0;
  if (*sub && !arith_eval(sub, &v)) return false;
  if (v < 0) {
    long max = a ? arr_max_index(a) : -1;
    /* max may be INT64_MAX (a[9223372036854775807]=x): no max + 1 */
    if (v < -1 - max) {
      sh_error("%s[%s]: bad array subscript", name, sub);
      return false;
    }
    v = v + max + 1;
  }
  *idx = (long)v;
  return true;
}

const char *var_elem_get(const char *name, const char *sub)
{
  var *v = find(name, false);
  if (!v || !v->top) return NULL;
  array *a = v->top->arr;
  if (a && arr_assoc(a)) return arr_get(a, sub);
  long idx;
  if (!index_of(name, a, sub, &idx)) return NULL;
  if (!a) return idx == 0 ? v->top->value : NULL;
  return arr_geti(a, idx);
}

int var_elem_set(const char *name, const char *sub, const char *value, bool append)
{
  array *cur = var_array(name);
  bool assoc = cur && arr_assoc(cur);
  if (!*sub) {
    sh_error("%s[]: bad array subscript", name);
    return -1;
  }
  array *a = var_make_array(name, assoc);
  if (!a) return -1;
  sbuf b = {0};
  if (assoc) {
    if (append) sb_adds(&b, arr_get(a, sub) ? arr_get(a, sub) : "");
    sb_adds(&b, value);
    arr_set(a, sub, b.s ? b.s : "");
  } else {
    long idx;
    if (!index_of(name, a, sub, &idx)) return -1;
    if (append) sb_adds(&b, arr_geti(a, idx) ? arr_geti(a, idx) : "");
    sb_adds(&b, value);
    arr_seti(a, idx, b.s ? b.s : "");
  }
  sb_free(&b);
  if (sh.opt_a) var_set_flag(name, V_EXPORT);
  return 0;
}

int var_elem_unset(const char *name, const char *sub)
{
  var *v = find(name, false);
  if (!v || !v->top) return 0;
  if (v->top->flags & V_READONLY) {
    sh_error("unset: %s: cannot unset: readonly variable", name);
    return -1;
  }
  array *a = v->top->arr;
  if (a && arr_assoc(a)) {
    arr_unset(a, sub);
    return 0;
  }
  long idx;
  if (!index_of(name, a, sub, &idx)) return -1;
  if (a) arr_unseti(a, idx);
  else if (idx == 0) var_unset(name);
  return 0;
}

void var_init(char **envp)
{
  for (char **e = envp; e && *e; e++) {
    const char *eq = strchr(*e, '=');
    if (!eq || !is_name(*e, (size_t)(eq - *e))) continue;
    char *name = xstrndup(*e, (size_t)(eq - *e));
    var_set(name, eq + 1, V_EXPORT);
    free(name);
  }
}

/* ---- functions --------------------------------------------------------- */


func *fn_find(const char *name)
{
  for (func *f = funcs; f; f = f->next)
    if (!strcmp(f->name, name)) return f;
  return NULL;
}

void fn_unset(const char *name)
{
  for (func **pp = &funcs; *pp; pp = &(*pp)->next)
    if (!strcmp((*pp)->name, name)) {
      func *f = *pp;
      *pp = f->next;
      src_unref(f->src);
      free(f->name);
      free(f->text);
      free(f);
      return;
    }
}

void fn_define(const char *name, node *def, source *src)
{
  func *old = fn_find(name);
  bool exported = old && old->exported; /* a new body keeps the attribute */
  fn_unset(name);
  func *f = xcalloc(1, sizeof *f);
  f->name = xstrdup(name);
  f->body = def;
  f->src = src;
  src->refs++;
  f->text = node_text(def, src);
  f->line = def->line;
  f->exported = exported;
  f->next = funcs;
  funcs = f;
}

void fn_import(char **envp)
{
  for (char **e = envp; e && *e; e++) {
    if (strncmp(*e, "BASH_FUNC_", 10)) continue;
    const char *name = *e + 10, *end = strstr(name, "%%=");
    if (!end || !is_name(name, (size_t)(end - name)) || strncmp(end + 3, "() ", 3)) continue;
    char *fname = xstrndup(name, (size_t)(end - name));
    sbuf b = {0};
    sb_adds(&b, fname);
    sb_addc(&b, ' ');
    sb_adds(&b, end + 3);
    source *src = src_new_text(b.s, b.len, "environment");
    sb_free(&b);
    /* exactly one command, a definition of this name: a value that goes
    ** on past the body (bash's old hole) is not run, nor defined */
    lexer lx = {.src = src, .ar = &src->ar, .line = 1};
    node *n = NULL, *more = NULL;
    node *def = NULL;
    if (ps_command(&lx, &n) == 0 && (def = n && n->kind == N_LIST && n->a && !n->a->next ? n->a : NULL) &&
        def->kind == N_FUNC && !def->bg && !strcmp(def->name, fname) && ps_command(&lx, &more) == 0 &&
        !more) {
      fn_define(fname, def, src);
      func *f = fn_find(fname);
      if (f) f->exported = true;
    } else {
      sh_error_at(NULL, 0, "error importing function definition for `%s'", fname);
    }
    free(lx.hd);
    free(lx.errmsg);
    src_unref(src);
    free(fname);
  }
}

void fn_each(void (*fn)(func *f, void *u), void *u)
{
  for (func *f = funcs; f; f = f->next) fn(f, u);
}
