/* awk_run.c - the tree walker: expressions, statements, user functions
** and the rules. next, nextfile and exit leave through A->rule_jb (they may
** come from inside a function called from an expression); break, continue
** and return are statement results. */
#include "awk.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { X_NORMAL, X_BREAK, X_CONTINUE, X_RETURN };

static int exec(awk *A, node *s);

static node *ungroup(node *n)
{
  while (n && n->op == N_GROUP && n->nargs == 1) n = n->a;
  return n;
}

/* ---- variables */

static var *raw_var(awk *A, node *n)
{
  return n->op == N_VAR ? &A->g[n->idx] : &A->locals[n->idx];
}

static const char *var_name(node *n) { return n->str ? n->str->s : "?"; }

var *var_of(awk *A, node *n)
{
  var *v = raw_var(A, n);
  while (v->k == V_REF) v = v->ref;
  return v;
}

array *array_of(awk *A, node *n)
{
  n = ungroup(n);
  if (n->op != N_VAR && n->op != N_LOCAL) awk_fatal(A, "attempt to use a non-array as an array");
  var *v = raw_var(A, n);
  if (v->k == V_REF) {
    var *t = var_of(A, n);
    if (t->k == V_SCALAR) awk_fatal(A, "attempt to use scalar parameter `%s' as an array", var_name(n));
    if (t->k == V_UNSET) {
      t->k = V_ARRAY;
      t->a = array_new();
      if (!t->a) awk_fatal(A, "out of memory");
    }
    v->k = V_ARRAY;
    v->a = t->a;
    v->a->ref++;
    return v->a;
  }
  if (v->k == V_UNSET) {
    if (n->op == N_VAR && n->idx < G_NSPECIAL && n->idx != G_ENVIRON && n->idx != G_ARGV && n->idx != G_PROCINFO)
      awk_fatal(A, "attempt to use scalar `%s' as an array", var_name(n));
    v->k = V_ARRAY;
    v->a = array_new();
    if (!v->a) awk_fatal(A, "out of memory");
  }
  if (v->k == V_SCALAR) awk_fatal(A, "attempt to use scalar `%s' as an array", var_name(n));
  return v->a;
}

static cell *scalar(awk *A, node *n, bool write)
{
  var *v = raw_var(A, n);
  if (v->k == V_REF) {
    /* an untyped argument used as a scalar: from here on a local of its own */
    if (var_of(A, n)->k == V_ARRAY) awk_fatal(A, "attempt to use array `%s' in a scalar context", var_name(n));
    v->k = V_UNSET;
    v->ref = NULL;
  }
  if (v->k == V_ARRAY) awk_fatal(A, "attempt to use array `%s' in a scalar context", var_name(n));
  if (v->k == V_UNSET) {
    if (!write) return &A->uninit;
    v->k = V_SCALAR;
    v->c = (cell){C_UNINIT, 0, NULL};
  }
  if (n->op == N_VAR && n->idx == G_NF && !A->fields_ok) fields_split(A);
  return &v->c;
}

void var_assign(awk *A, int slot, cell *val)
{
  var *v = &A->g[slot];
  if (v->k == V_ARRAY) awk_fatal(A, "attempt to use array `%s' in a scalar context", A->gnames[slot]->s);
  if (slot == G_NF && !A->fields_ok) fields_split(A);
  v->k = V_SCALAR;
  cell_set(&v->c, val);
  if (slot < G_NSPECIAL) set_special(A, slot);
}

static void cache(awk *A, astr **dst, int slot)
{
  astr *s = cell_tostr(A, &A->g[slot].c);
  astr_unref(*dst);
  *dst = s;
}

void set_special(awk *A, int slot)
{
  cell *c = &A->g[slot].c;
  switch (slot) {
  case G_NF: {
    double d = cell_tonum(A, c);
    if (d < 0) awk_fatal(A, "NF set to negative value");
    nf_set(A, (int)d);
    break;
  }
  case G_NR: A->nr = cell_tonum(A, c); break;
  case G_FNR: A->fnr = cell_tonum(A, c); break;
  case G_FS:
    cache(A, &A->fs, slot);
    A->split_mode = 0;
    break;
  case G_FPAT:
    cache(A, &A->fpat, slot);
    A->split_mode = 1;
    break;
  case G_FIELDWIDTHS:
    cache(A, &A->fieldwidths, slot);
    A->split_mode = 2;
    break;
  case G_OFS: cache(A, &A->ofs, slot); break;
  case G_ORS: cache(A, &A->ors, slot); break;
  case G_RS: cache(A, &A->rs, slot); break;
  case G_SUBSEP: cache(A, &A->subsep, slot); break;
  case G_CONVFMT: cache(A, &A->convfmt, slot); break;
  case G_OFMT: cache(A, &A->ofmt, slot); break;
  case G_IGNORECASE: A->icase = cell_true(A, c); break;
  default: break;
  }
}

astr *subscript(awk *A, node *list)
{
  if (!list->next) {
    cell v = eval(A, list);
    astr *s;
    /* integers index as integers whatever CONVFMT says */
    if (v.t == C_NUM && v.n == trunc(v.n)) s = num_tostr(A, v.n, NULL);
    else s = cell_tostr(A, &v);
    cell_free(&v);
    return s;
  }
  size_t len = 0, cap = 64;
  char *buf = malloc(cap);
  if (!buf) awk_fatal(A, "out of memory");
  for (node *e = list; e; e = e->next) {
    astr *s = subscript(A, &(node){.op = N_GROUP, .nargs = 1, .a = e});
    size_t need = len + s->len + A->subsep->len + 1;
    if (need > cap) {
      cap = need * 2;
      char *nb = realloc(buf, cap);
      if (!nb) awk_fatal(A, "out of memory");
      buf = nb;
    }
    if (e != list) memcpy(buf + len, A->subsep->s, A->subsep->len), len += A->subsep->len;
    memcpy(buf + len, s->s, s->len);
    len += s->len;
    astr_unref(s);
  }
  astr *r = astr_new(A, buf, len);
  free(buf);
  return r;
}

/* ---- lvalues */

cell *lvalue(awk *A, node *n)
{
  n = ungroup(n);
  switch (n->op) {
  case N_VAR:
  case N_LOCAL:
    if (n->op == N_VAR && n->idx == G_NF && !A->fields_ok) fields_split(A);
    return scalar(A, n, true);
  case N_FIELD: {
    double i = eval_num(A, n->a);
    if (i < 0) awk_fatal(A, "attempt to access field %d", (int)i);
    if (i < 1) {
      if (!A->rec_ok) rec_rebuild(A);
      A->fields_ok = false;
      astr_unref(A->split_fs);
      A->split_fs = astr_ref(A->fs);
      return &A->rec;
    }
    return field_ref(A, i);
  }
  case N_INDEX: {
    array *a = array_of(A, n->a);
    astr *k = subscript(A, n->b);
    cell *c = array_get(A, a, k);
    astr_unref(k);
    return c;
  }
  default: awk_fatal(A, "assignment to a non-lvalue");
  }
}

void lvalue_done(awk *A, node *n)
{
  n = ungroup(n);
  if (n->op == N_VAR && n->idx < G_NSPECIAL) {
    A->g[n->idx].k = V_SCALAR;
    set_special(A, n->idx);
  }
  if (n->op == N_FIELD) {
    /* $0 was stored: fields come from it; a field: $0 comes from them */
    if (A->fields_ok) A->rec_ok = false;
  }
}

static cell assign(awk *A, node *lhs, cell *val)
{
  cell *p = lvalue(A, lhs);
  cell_set(p, val);
  lvalue_done(A, lhs);
  cell r;
  cell_copy(&r, val);
  return r;
}

/* ---- arithmetic */

static double arith(awk *A, int op, double x, double y)
{
  switch (op) {
  case N_ADD: return x + y;
  case N_SUB: return x - y;
  case N_MUL: return x * y;
  case N_DIV:
    if (y == 0) awk_fatal(A, "division by zero attempted");
    return x / y;
  case N_MOD:
    if (y == 0) awk_fatal(A, "division by zero attempted in `%%'");
    return fmod(x, y);
  case N_POW: {
    /* integral powers by multiplication, as gawk, so 2^53 is exact */
    if (y == trunc(y) && fabs(y) < 1024) {
      long n = (long)y;
      double r = 1, b = x;
      bool neg = n < 0;
      if (neg) n = -n;
      while (n) {
        if (n & 1) r *= b;
        b *= b;
        n >>= 1;
      }
      return neg ? 1 / r : r;
    }
    return pow(x, y);
  }
  default: return 0;
  }
}

static int compare(awk *A, cell *a, cell *b)
{
  if (cell_isnum(A, a) && cell_isnum(A, b)) {
    double x = cell_tonum(A, a), y = cell_tonum(A, b);
    return x < y ? -1 : x > y ? 1 : x == y ? 0 : 1;
  }
  astr *s = cell_tostr(A, a), *t = cell_tostr(A, b);
  size_t n = s->len < t->len ? s->len : t->len;
  int r = memcmp(s->s, t->s, n);
  if (!r) r = s->len < t->len ? -1 : s->len > t->len;
  astr_unref(s);
  astr_unref(t);
  return r;
}

static bool match_op(awk *A, node *l, node *r)
{
  astr *s = eval_str(A, l);
  node *rr = ungroup(r);
  are *re;
  if (rr->op == N_REGEX) {
    re = rr->re;
  } else {
    astr *p = eval_str(A, rr);
    re = re_get(A, p->s, p->len);
    astr_unref(p);
  }
  bool m = re_test(A, re, s->s, s->len);
  astr_unref(s);
  return m;
}

/* ---- user functions */

static cell call_user(awk *A, node *n)
{
  func *f = &A->funcs[n->idx];
  if (!f->defined) awk_fatal(A, "function `%s' not defined", f->name->s);
  if (n->nargs > f->nparams && !n->sub) {
    /* gawk warns, once a call, and drops the extra ones */
    n->sub = 1;
    awk_warn(A, "function `%s' called with more arguments than declared", f->name->s);
  }
  if (A->depth > 5000) awk_fatal(A, "function `%s': too deep a recursion", f->name->s);
  var *loc = calloc((size_t)f->nparams + 1, sizeof *loc);
  if (!loc) awk_fatal(A, "out of memory");
  int i = 0;
  for (node *a = n->a; a && i < f->nparams; a = a->next, i++) {
    node *u = a;
    if (u->op == N_VAR || u->op == N_LOCAL) {
      var *v = var_of(A, u);
      if (v->k == V_ARRAY) {
        loc[i].k = V_ARRAY;
        loc[i].a = v->a;
        v->a->ref++;
        continue;
      }
      if (v->k == V_UNSET && !(u->op == N_VAR && u->idx < G_NSPECIAL)) {
        loc[i].k = V_REF;
        loc[i].ref = v;
        continue;
      }
    }
    loc[i].k = V_SCALAR;
    loc[i].c = eval(A, u);
  }
  var *saved = A->locals;
  A->locals = loc;
  A->depth++;
  cell_free(&A->retval);
  int x = exec(A, f->body);
  cell r = {C_UNINIT, 0, NULL};
  if (x == X_RETURN) {
    r = A->retval;
    A->retval = (cell){C_UNINIT, 0, NULL};
  }
  A->depth--;
  A->locals = saved;
  for (int k = 0; k < f->nparams; k++) {
    if (loc[k].k == V_SCALAR) cell_free(&loc[k].c);
    else if (loc[k].k == V_ARRAY) array_unref(loc[k].a);
  }
  free(loc);
  return r;
}

/* ---- expressions */

static cell incdec(awk *A, node *n, double delta, bool post)
{
  cell *p = lvalue(A, n->a);
  double old = cell_tonum(A, p);
  cell nv = cell_num(old + delta);
  cell_set(p, &nv);
  lvalue_done(A, n->a);
  return cell_num(post ? old : old + delta);
}

cell eval(awk *A, node *n)
{
  A->lint_line = n->line;
  switch (n->op) {
  case N_NUM: return cell_num(n->num);
  case N_STR: return cell_str(astr_ref(n->str));
  case N_REGEX: {
    if (!A->rec_ok) rec_rebuild(A);
    astr *s = cell_tostr(A, &A->rec);
    bool m = re_test(A, n->re, s->s, s->len);
    astr_unref(s);
    return cell_num(m);
  }
  case N_GROUP:
    if (n->nargs != 1) awk_fatal(A, "a parenthesized list is only for `in' and print");
    return eval(A, n->a);
  case N_VAR:
  case N_LOCAL: {
    cell r;
    cell_copy(&r, scalar(A, n, false));
    return r;
  }
  case N_FIELD: {
    cell r;
    field_get(A, eval_num(A, n->a), &r);
    return r;
  }
  case N_INDEX: {
    array *a = array_of(A, n->a);
    astr *k = subscript(A, n->b);
    cell r;
    cell_copy(&r, array_get(A, a, k)); /* a reference creates the element */
    astr_unref(k);
    return r;
  }
  case N_ASSIGN: {
    cell v = eval(A, n->b);
    if (n->sub) {
      double y = cell_tonum(A, &v);
      cell_free(&v);
      cell *p = lvalue(A, n->a);
      double x = cell_tonum(A, p);
      v = cell_num(arith(A, n->sub, x, y));
      cell_set(p, &v);
      lvalue_done(A, n->a);
      return v;
    }
    cell r = assign(A, n->a, &v);
    cell_free(&v);
    return r;
  }
  case N_COND: {
    cell c = eval(A, n->a);
    bool t = cell_true(A, &c);
    cell_free(&c);
    return eval(A, t ? n->b : n->c);
  }
  case N_OR:
  case N_AND: {
    cell c = eval(A, n->a);
    bool t = cell_true(A, &c);
    cell_free(&c);
    if (n->op == N_OR ? t : !t) return cell_num(t);
    c = eval(A, n->b);
    t = cell_true(A, &c);
    cell_free(&c);
    return cell_num(t);
  }
  case N_IN: {
    array *a = array_of(A, n->b);
    astr *k = subscript(A, n->a);
    bool in = array_find(a, k->s, k->len) != NULL;
    astr_unref(k);
    return cell_num(in);
  }
  case N_MATCH: return cell_num(match_op(A, n->a, n->b));
  case N_NOMATCH: return cell_num(!match_op(A, n->a, n->b));
  case N_LT: case N_LE: case N_GT: case N_GE: case N_EQ: case N_NE: {
    cell a = eval(A, n->a), b = eval(A, n->b);
    int c = compare(A, &a, &b);
    cell_free(&a);
    cell_free(&b);
    bool r = n->op == N_LT ? c < 0 : n->op == N_LE ? c <= 0 : n->op == N_GT ? c > 0
           : n->op == N_GE ? c >= 0 : n->op == N_EQ ? c == 0 : c != 0;
    return cell_num(r);
  }
  case N_CAT: {
    astr *a = eval_str(A, n->a), *b = eval_str(A, n->b);
    astr *r = astr_new(A, NULL, a->len + b->len);
    memcpy(r->s, a->s, a->len);
    memcpy(r->s + a->len, b->s, b->len);
    r->s[a->len + b->len] = 0;
    astr_unref(a);
    astr_unref(b);
    return cell_str(r);
  }
  case N_ADD: case N_SUB: case N_MUL: case N_DIV: case N_MOD: case N_POW: {
    double x = eval_num(A, n->a), y = eval_num(A, n->b);
    return cell_num(arith(A, n->op, x, y));
  }
  case N_NEG: return cell_num(-eval_num(A, n->a));
  case N_PLUS: return cell_num(eval_num(A, n->a));
  case N_NOT: {
    cell c = eval(A, n->a);
    bool t = cell_true(A, &c);
    cell_free(&c);
    return cell_num(!t);
  }
  case N_PREINC: return incdec(A, n, 1, false);
  case N_PREDEC: return incdec(A, n, -1, false);
  case N_POSTINC: return incdec(A, n, 1, true);
  case N_POSTDEC: return incdec(A, n, -1, true);
  case N_CALL: return call_user(A, n);
  case N_BUILTIN: return call_builtin(A, n);
  case N_GETLINE: return cell_num(awk_getline(A, n));
  default: awk_fatal(A, "internal error: node %d", n->op);
  }
}

astr *eval_str(awk *A, node *n)
{
  cell c = eval(A, n);
  astr *s = cell_tostr(A, &c);
  cell_free(&c);
  return s;
}

double eval_num(awk *A, node *n)
{
  cell c = eval(A, n);
  double d = cell_tonum(A, &c);
  cell_free(&c);
  return d;
}

/* ---- PROCINFO["sorted_in"] */

typedef struct sorted {
  astr *k;
  double kn, vn;
  astr *vs;
  bool vnum;
} sorted;

static int cmp_str(const astr *a, const astr *b)
{
  size_t n = a->len < b->len ? a->len : b->len;
  int r = memcmp(a->s, b->s, n);
  return r ? r : (a->len > b->len) - (a->len < b->len);
}
static int by_ind_str(const void *x, const void *y) { return cmp_str(((const sorted *)x)->k, ((const sorted *)y)->k); }
static int by_ind_num(const void *x, const void *y)
{
  const sorted *a = x, *b = y;
  if (a->kn != b->kn) return a->kn < b->kn ? -1 : 1;
  return cmp_str(a->k, b->k);
}
static int by_val_str(const void *x, const void *y)
{
  const sorted *a = x, *b = y;
  int r = cmp_str(a->vs, b->vs);
  return r ? r : cmp_str(a->k, b->k);
}
static int by_val_num(const void *x, const void *y)
{
  const sorted *a = x, *b = y;
  if (a->vnum != b->vnum) return a->vnum ? -1 : 1; /* numbers before strings */
  if (a->vnum && a->vn != b->vn) return a->vn < b->vn ? -1 : 1;
  int r = a->vnum ? 0 : cmp_str(a->vs, b->vs);
  return r ? r : cmp_str(a->k, b->k);
}

/* sorts keys as PROCINFO["sorted_in"] asks (gawk's @ind_ and @val_ ones) */
static void sort_keys(awk *A, array *a, astr **keys, size_t nk)
{
  var *pi = &A->g[G_PROCINFO];
  if (pi->k != V_ARRAY || nk < 2) return;
  cell *how = array_find(pi->a, "sorted_in", 9);
  if (!how) return;
  astr *h = cell_tostr(A, how);
  int (*cmp)(const void *, const void *) = NULL;
  if (!strncmp(h->s, "@ind_str", 8)) cmp = by_ind_str;
  else if (!strncmp(h->s, "@ind_num", 8)) cmp = by_ind_num;
  else if (!strncmp(h->s, "@val_str", 8)) cmp = by_val_str;
  else if (!strncmp(h->s, "@val_num", 8) || !strncmp(h->s, "@val_type", 9)) cmp = by_val_num;
  bool desc = h->len > 5 && !strcmp(h->s + h->len - 5, "_desc");
  astr_unref(h);
  if (!cmp) return;
  sorted *it = calloc(nk, sizeof *it);
  if (!it) awk_fatal(A, "out of memory");
  for (size_t i = 0; i < nk; i++) {
    const char *end;
    it[i].k = keys[i];
    it[i].kn = awk_strtod(keys[i]->s, &end);
    cell *v = array_find(a, keys[i]->s, keys[i]->len);
    cell tmp = {C_UNINIT, 0, NULL};
    if (v) cell_copy(&tmp, v);
    it[i].vnum = cell_isnum(A, &tmp);
    it[i].vn = cell_tonum(A, &tmp);
    it[i].vs = cell_tostr(A, &tmp);
    cell_free(&tmp);
  }
  qsort(it, nk, sizeof *it, cmp);
  for (size_t i = 0; i < nk; i++) {
    keys[desc ? nk - 1 - i : i] = it[i].k;
    astr_unref(it[i].vs);
  }
  free(it);
}

/* ---- statements */

static void do_print(awk *A, node *s)
{
  astr *dest = s->sub ? eval_str(A, s->b) : NULL;
  char small[4096], *buf = small;
  size_t len = 0, cap = sizeof small;
#define ADD(p, n)                                                            \
  do {                                                                       \
    size_t n_ = (n);                                                         \
    if (len + n_ > cap) {                                                    \
      cap = (len + n_) * 2;                                                  \
      char *nb = buf == small ? malloc(cap) : realloc(buf, cap);             \
      if (!nb) awk_fatal(A, "out of memory");                                \
      if (buf == small) memcpy(nb, small, len);                              \
      buf = nb;                                                              \
    }                                                                        \
    memcpy(buf + len, (p), n_);                                              \
    len += n_;                                                               \
  } while (0)
  if (s->op == S_PRINTF) {
    if (!s->a) awk_fatal(A, "printf: no arguments");
    astr *f = awk_format(A, s->a, "printf");
    ADD(f->s, f->len);
    astr_unref(f);
  } else if (!s->a) {
    if (!A->rec_ok) rec_rebuild(A);
    astr *r = cell_tostr(A, &A->rec);
    ADD(r->s, r->len);
    astr_unref(r);
    ADD(A->ors->s, A->ors->len);
  } else {
    for (node *e = s->a; e; e = e->next) {
      cell v = eval(A, e);
      astr *t = cell_toostr(A, &v);
      cell_free(&v);
      if (e != s->a) ADD(A->ofs->s, A->ofs->len);
      ADD(t->s, t->len);
      astr_unref(t);
    }
    ADD(A->ors->s, A->ors->len);
  }
#undef ADD
  out_write(A, s->sub, dest, buf, len);
  if (buf != small) free(buf);
  astr_unref(dest);
}

static int loop_result(int x, bool *stop)
{
  *stop = x == X_BREAK || x == X_RETURN;
  return x == X_RETURN ? X_RETURN : X_NORMAL;
}

static int exec_list(awk *A, node *s)
{
  for (; s; s = s->next) {
    int x = exec(A, s);
    if (x != X_NORMAL) return x;
  }
  return X_NORMAL;
}

static int exec(awk *A, node *s)
{
  A->lint_line = s->line;
  switch (s->op) {
  case S_BLOCK: return exec_list(A, s->a);
  case S_EXPR: {
    cell c = eval(A, s->a);
    cell_free(&c);
    return X_NORMAL;
  }
  case S_PRINT:
  case S_PRINTF: do_print(A, s); return X_NORMAL;
  case S_IF: {
    cell c = eval(A, s->a);
    bool t = cell_true(A, &c);
    cell_free(&c);
    if (t) return exec(A, s->b);
    return s->c ? exec(A, s->c) : X_NORMAL;
  }
  case S_WHILE:
    for (;;) {
      cell c = eval(A, s->a);
      bool t = cell_true(A, &c);
      cell_free(&c);
      if (!t) return X_NORMAL;
      bool stop;
      int r = loop_result(exec(A, s->b), &stop);
      if (stop) return r;
    }
  case S_DO:
    for (;;) {
      bool stop;
      int r = loop_result(exec(A, s->b), &stop);
      if (stop) return r;
      cell c = eval(A, s->a);
      bool t = cell_true(A, &c);
      cell_free(&c);
      if (!t) return X_NORMAL;
    }
  case S_FOR:
    if (s->a) exec(A, s->a);
    for (;;) {
      if (s->b) {
        cell c = eval(A, s->b);
        bool t = cell_true(A, &c);
        cell_free(&c);
        if (!t) return X_NORMAL;
      }
      bool stop;
      int r = loop_result(exec(A, s->d), &stop);
      if (stop) return r;
      if (s->c) exec(A, s->c);
    }
  case S_FORIN: {
    array *a = array_of(A, s->b);
    size_t nk;
    a->ref++;
    astr **keys = array_keys_ordered(a, &nk);
    sort_keys(A, a, keys, nk);
    int result = X_NORMAL;
    size_t i = 0;
    for (; i < nk; i++) {
      cell k = cell_input(keys[i]);
      keys[i] = NULL;
      cell r = assign(A, s->a, &k);
      cell_free(&r);
      cell_free(&k);
      bool stop;
      int x = loop_result(exec(A, s->c), &stop);
      if (stop) {
        result = x;
        break;
      }
    }
    for (; i < nk; i++) astr_unref(keys[i]);
    free(keys);
    array_unref(a);
    return result;
  }
  case S_NEXT:
  case S_NEXTFILE:
    A->jump = s->op;
    longjmp(*A->rule_jb, 1);
  case S_EXIT:
    if (s->a) A->exit_code = (int)eval_num(A, s->a);
    A->jump = S_EXIT;
    A->exiting = true;
    longjmp(*A->rule_jb, 1);
  case S_RETURN:
    cell_free(&A->retval);
    if (s->a) {
      node *u = ungroup(s->a);
      if ((u->op == N_VAR || u->op == N_LOCAL) && var_of(A, u)->k == V_ARRAY)
        awk_fatal(A, "attempt to use array `%s' in a scalar context", var_name(u));
      A->retval = eval(A, s->a);
    }
    return X_RETURN;
  case S_BREAK: return X_BREAK;
  case S_CONTINUE: return X_CONTINUE;
  case S_DELETE: {
    array *a = array_of(A, s->a);
    if (!s->b) {
      array_clear(a);
      return X_NORMAL;
    }
    astr *k = subscript(A, s->b);
    array_del(a, k->s, k->len);
    astr_unref(k);
    return X_NORMAL;
  }
  default: {
    cell c = eval(A, s);
    cell_free(&c);
    return X_NORMAL;
  }
  }
}

void run_action(awk *A, node *n)
{
  if (!n) {
    if (!A->rec_ok) rec_rebuild(A);
    astr *r = cell_tostr(A, &A->rec);
    size_t len = r->len + A->ors->len;
    char *buf = malloc(len + 1);
    if (!buf) awk_fatal(A, "out of memory");
    memcpy(buf, r->s, r->len);
    memcpy(buf + r->len, A->ors->s, A->ors->len);
    out_write(A, R_NONE, NULL, buf, len);
    free(buf);
    astr_unref(r);
    return;
  }
  int x = exec(A, n);
  (void)x; /* break or continue outside a loop cannot parse */
}

/* Runs the rules of one kind (BEGIN, END, BEGINFILE, ENDFILE); next and
** nextfile are the caller's; exit stops them. */
void run_rules(awk *A, int kind)
{
  jmp_buf jb, *saved = A->rule_jb;
  var *locals = A->locals;
  int depth = A->depth;
  A->rule_jb = &jb;
  rule *volatile r = A->rules;
  if (setjmp(jb)) {
    A->locals = locals;
    A->depth = depth;
    A->rule_jb = saved;
    /* in BEGIN only exit can come here; elsewhere the main loop decides */
    if (saved) longjmp(*saved, 1);
    return;
  }
  for (; r; r = r->next)
    if (r->kind == kind) run_action(A, r->action);
  A->rule_jb = saved;
}

static bool pattern(awk *A, node *p)
{
  cell c = eval(A, p);
  bool t = cell_true(A, &c);
  cell_free(&c);
  return t;
}

/* The main rules on every record, then END (which exit in BEGIN or in the
** main rules still runs, as POSIX says). */
void run_main(awk *A)
{
  jmp_buf jb;
  A->rule_jb = &jb;
  var *locals = A->locals;
  if (setjmp(jb)) {
    A->locals = locals;
    A->depth = 0;
    if (A->jump == S_EXIT) goto end;
    if (A->jump == S_NEXTFILE && A->main_in) { /* next_main_record moves on */
      reader_free(A->main_in);
      A->main_in = NULL;
    }
  }
  if (!A->exiting && (A->has_main || A->has_end || A->has_beginfile || A->has_endfile)) {
    while (next_main_record(A)) {
      for (rule *volatile r = A->rules; r; r = r->next) {
        if (r->kind) continue;
        bool run;
        if (!r->pat) run = true;
        else if (!r->pat2) run = pattern(A, r->pat);
        else if (r->in_range) {
          run = true;
          if (pattern(A, r->pat2)) r->in_range = false;
        } else if (pattern(A, r->pat)) {
          run = true;
          r->in_range = !pattern(A, r->pat2);
        } else {
          run = false;
        }
        if (run) run_action(A, r->action);
      }
    }
  }
end:
  A->rule_jb = NULL;
  if (A->has_end && !A->in_end) {
    A->in_end = true;
    jmp_buf ejb;
    A->rule_jb = &ejb;
    if (!setjmp(ejb)) {
      A->exiting = false;
      for (rule *volatile r = A->rules; r; r = r->next)
        if (r->kind == T_END) run_action(A, r->action);
    }
    A->rule_jb = NULL;
  }
}
