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

typedef struct binding {
  char *value; /* NULL: unset */
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

static var *find(const char *name, bool create)
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

const char *var_get(const char *name)
{
  var *v = find(name, false);
  return v && v->top ? v->top->value : NULL;
}

int var_flags(const char *name)
{
  var *v = find(name, false);
  return v && v->top ? v->top->flags : 0;
}

int var_set(const char *name, const char *value, int flags)
{
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
  char *nv = xstrdup(value);
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
    return 0;
  }
  if (b->depth > 0) {
    /* bash: unset of a caller's local reveals the binding below it */
    v->top = b->prev;
    free(b->value);
    free(b);
    return 0;
  }
  free(b->value);
  b->value = NULL;
  b->flags = 0;
  return 0;
}

void var_set_flag(const char *name, int flag)
{
  var *v = find(name, true);
  if (!v->top) v->top = xcalloc(1, sizeof *v->top);
  v->top->flags |= flag;
}

void var_export(const char *name) { var_set_flag(name, V_EXPORT); }

void var_local(const char *name, const char *value, bool has_value)
{
  var *v = find(name, true);
  if (depth == 0) {
    if (has_value) var_set(name, value, 0);
    return;
  }
  if (!v->top || v->top->depth != depth) {
    binding *b = xcalloc(1, sizeof *b);
    b->depth = depth;
    b->prev = v->top;
    /* bash: `local x` keeps nothing of the outer value, but the export flag */
    if (b->prev) b->flags = b->prev->flags & V_EXPORT;
    v->top = b;
    localname *l = xmalloc(sizeof *l);
    l->v = v;
    l->next = locals[depth];
    locals[depth] = l;
  }
  if (has_value) {
    free(v->top->value);
    v->top->value = xstrdup(value);
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
  if (!out.v) sv_push(&out, NULL), out.n = 0;
  if (out.n) qsort(out.v, out.n, sizeof *out.v, cmp);
  return out.v;
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
      if (v->top && (v->top->value || v->top->flags)) sv_push(&names, v->name);
  if (names.n) qsort(names.v, names.n, sizeof *names.v, cmp);
  for (size_t i = 0; i < names.n; i++) {
    var *v = find(names.v[i], false);
    fn(v->name, v->top->value, v->top->flags, u);
  }
  free(names.v);
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

static func *funcs;

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
  fn_unset(name);
  func *f = xcalloc(1, sizeof *f);
  f->name = xstrdup(name);
  f->body = def;
  f->src = src;
  src->refs++;
  f->text = node_text(def, src);
  f->line = def->line;
  f->next = funcs;
  funcs = f;
}

void fn_each(void (*fn)(func *f, void *u), void *u)
{
  for (func *f = funcs; f; f = f->next) fn(f, u);
}
