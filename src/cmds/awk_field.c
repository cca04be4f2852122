/* awk_field.c - $0 and its fields, split lazily on first use with FS's
** rules: " " splits on runs of blanks and newlines, ignoring them at the
** ends; another single character is itself; "" makes each character a
** field (gawk); anything longer is a regex. With RS="" a newline always
** separates fields too. Assigning a field rebuilds $0 with OFS when it is
** next read; assigning NF cuts or extends the fields. split() uses the
** same splitter into an array. */
#include "awk.h"

#include <stdio.h>
#include <string.h>

typedef void (*emit_fn)(awk *A, void *ctx, const char *s, size_t n, const char *sep, size_t sepn);

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\n'; }

/* splits s[0..n) by the field separator fs (a regex when re is set) */
static void split_core(awk *A, const char *s, size_t n, const astr *fs, are *re, bool para, emit_fn emit, void *ctx)
{
  if (n == 0) return;
  if (!re && fs->len == 1 && fs->s[0] == ' ') {
    size_t i = 0;
    while (i < n && blank(s[i])) i++;
    while (i < n) {
      size_t st = i;
      while (i < n && !blank(s[i])) i++;
      size_t se = i;
      while (i < n && blank(s[i])) i++;
      emit(A, ctx, s + st, se - st, s + se, i - se);
    }
    return;
  }
  if (!re && fs->len == 0) {
    for (size_t i = 0, k; i < n; i += k) {
      k = u8_clen(A, s + i, n - i);
      emit(A, ctx, s + i, k, "", 0);
    }
    return;
  }
  if (!re && fs->len == 1) {
    char c = fs->s[0];
    size_t st = 0;
    for (size_t i = 0; i < n; i++)
      if (s[i] == c || (para && s[i] == '\n')) {
        emit(A, ctx, s + st, i - st, s + i, 1);
        st = i + 1;
      }
    emit(A, ctx, s + st, n - st, "", 0);
    return;
  }
  if (!re) {
    if (para) {
      size_t len = fs->len + 8;
      char *p = malloc(len);
      if (!p) awk_fatal(A, "out of memory");
      snprintf(p, len, "(%s)|\n", fs->s);
      re = re_get(A, p, strlen(p));
      free(p);
    } else {
      re = re_get(A, fs->s, fs->len);
    }
  }
  size_t st = 0, from = 0;
  while (from <= n) {
    size_t so, eo;
    if (!re_exec(A, re, s, n, from, &so, &eo, NULL, 0)) break;
    if (eo == so) { /* an empty match separates nothing */
      if (so >= n) break;
      from = so + u8_clen(A, s + so, n - so);
      continue;
    }
    emit(A, ctx, s + st, so - st, s + so, eo - so);
    st = from = eo;
  }
  emit(A, ctx, s + st, n - st, "", 0);
}

static void emit_field(awk *A, void *ctx, const char *s, size_t n, const char *sep, size_t sepn)
{
  (void)ctx, (void)sep, (void)sepn;
  if (A->nf + 1 >= A->fcap) {
    int cap = A->fcap ? A->fcap * 2 : 32;
    cell *f = realloc(A->fld, (size_t)cap * sizeof *f);
    if (!f) awk_fatal(A, "out of memory");
    A->fld = f;
    A->fcap = cap;
  }
  A->fld[++A->nf] = cell_input(astr_new(A, s, n));
}

static void set_nf_var(awk *A)
{
  var *v = &A->g[G_NF];
  cell_free(&v->c);
  v->k = V_SCALAR;
  v->c = cell_num(A->nf);
}

static void fields_clear(awk *A)
{
  for (int i = 1; i <= A->nf; i++) cell_free(&A->fld[i]);
  A->nf = 0;
}

/* FPAT: each field is a match; an empty match right after a field is
** the separator, not a field */
static void split_fpat(awk *A, const char *s, size_t n)
{
  are *re = re_get(A, A->fpat->s, A->fpat->len);
  size_t pos = 0, prev = (size_t)-1;
  while (pos <= n) {
    size_t so, eo;
    if (!re_exec(A, re, s, n, pos, &so, &eo, NULL, 0)) break;
    if (so == eo && so == prev) {
      if (so >= n) break;
      pos = so + 1;
      continue;
    }
    emit_field(A, NULL, s + so, eo - so, "", 0);
    prev = eo;
    pos = eo == so ? eo + 1 : eo;
  }
}

/* FIELDWIDTHS: "3 5 2", a "skip:width" prefix, "*" for the rest */
static void split_widths(awk *A, const char *s, size_t n)
{
  const char *w = A->fieldwidths->s;
  size_t pos = 0;
  while (*w && pos < n) {
    while (*w == ' ' || *w == '\t') w++;
    if (!*w) break;
    if (*w == '*') {
      emit_field(A, NULL, s + pos, n - pos, "", 0);
      return;
    }
    char *end;
    long a = strtol(w, &end, 10);
    if (end == w) break;
    long width = a;
    if (*end == ':') {
      pos += (size_t)a;
      w = end + 1;
      width = strtol(w, &end, 10);
      if (end == w) break;
    }
    w = end;
    if (pos >= n) break;
    size_t take = (size_t)width < n - pos ? (size_t)width : n - pos;
    emit_field(A, NULL, s + pos, take, "", 0);
    pos += take;
  }
}

void fields_split(awk *A)
{
  fields_clear(A);
  astr *r = cell_tostr(A, &A->rec);
  if (A->split_mode == 1 || A->split_mode == 2) {
    if (A->split_mode == 1) split_fpat(A, r->s, r->len);
    else split_widths(A, r->s, r->len);
    astr_unref(r);
    A->fields_ok = true;
    set_nf_var(A);
    return;
  }
  split_core(A, r->s, r->len, A->split_fs ? A->split_fs : A->fs, NULL, A->rs->len == 0, emit_field, NULL);
  astr_unref(r);
  A->fields_ok = true;
  set_nf_var(A);
}

void rec_set(awk *A, astr *s)
{
  cell_free(&A->rec);
  A->rec = cell_input(s);
  A->rec_ok = true;
  A->fields_ok = false;
  astr_unref(A->split_fs);
  A->split_fs = astr_ref(A->fs);
}

void rec_rebuild(awk *A)
{
  size_t len = 0;
  astr **parts = malloc(((size_t)A->nf + 1) * sizeof *parts);
  if (!parts) awk_fatal(A, "out of memory");
  for (int i = 1; i <= A->nf; i++) {
    parts[i] = cell_tostr(A, &A->fld[i]);
    len += parts[i]->len + (i > 1 ? A->ofs->len : 0);
  }
  astr *r = astr_new(A, NULL, len);
  size_t p = 0;
  for (int i = 1; i <= A->nf; i++) {
    if (i > 1) memcpy(r->s + p, A->ofs->s, A->ofs->len), p += A->ofs->len;
    memcpy(r->s + p, parts[i]->s, parts[i]->len);
    p += parts[i]->len;
    astr_unref(parts[i]);
  }
  r->s[len] = 0;
  free(parts);
  cell_free(&A->rec);
  A->rec = cell_input(r);
  A->rec_ok = true;
}

static void extend(awk *A, int n)
{
  if (n >= A->fcap) {
    int cap = A->fcap ? A->fcap : 32;
    while (cap <= n) cap *= 2;
    cell *f = realloc(A->fld, (size_t)cap * sizeof *f);
    if (!f) awk_fatal(A, "out of memory");
    A->fld = f;
    A->fcap = cap;
  }
  while (A->nf < n) A->fld[++A->nf] = cell_str(astr_new(A, "", 0));
}

cell *field_ref(awk *A, double d)
{
  if (!A->fields_ok) fields_split(A);
  if (d > 10000000) awk_fatal(A, "attempt to access field %.0f", d);
  int i = (int)d;
  if (i > A->nf) {
    extend(A, i);
    set_nf_var(A);
  }
  A->rec_ok = false;
  return &A->fld[i];
}

void field_get(awk *A, double d, cell *out)
{
  if (d < 0) awk_fatal(A, "attempt to access field %d", (int)d);
  int i = (int)d;
  if (i == 0) {
    if (!A->rec_ok) rec_rebuild(A);
    cell_copy(out, &A->rec);
    return;
  }
  if (!A->fields_ok) fields_split(A);
  if (i > A->nf) *out = cell_str(astr_new(A, "", 0));
  else cell_copy(out, &A->fld[i]);
}

void nf_set(awk *A, int n)
{
  if (!A->fields_ok) fields_split(A);
  if (n > A->nf) extend(A, n);
  while (A->nf > n) cell_free(&A->fld[A->nf--]);
  A->rec_ok = false;
  set_nf_var(A);
}

/* ---- split() */

typedef struct actx {
  array *a, *seps;
  size_t n;
} actx;

static void emit_elem(awk *A, void *ctx, const char *s, size_t n, const char *sep, size_t sepn)
{
  actx *x = ctx;
  x->n++;
  astr *k = num_tostr(A, (double)x->n, NULL);
  cell *c = array_get(A, x->a, k);
  cell_free(c);
  *c = cell_input(astr_new(A, s, n));
  if (x->seps && sepn) {
    cell *sc = array_get(A, x->seps, k);
    cell_free(sc);
    *sc = cell_str(astr_new(A, sep, sepn));
  }
  astr_unref(k);
}

size_t split_into(awk *A, const char *s, size_t n, cell *fs_val, bool fs_is_re, are *fsre, array *a, array *seps)
{
  actx x = {a, seps, 0};
  array_clear(a);
  if (seps) array_clear(seps);
  if (fs_is_re) {
    split_core(A, s, n, NULL, fsre, false, emit_elem, &x);
  } else {
    astr *fs = fs_val ? cell_tostr(A, fs_val) : astr_ref(A->fs);
    split_core(A, s, n, fs, NULL, false, emit_elem, &x);
    astr_unref(fs);
  }
  return x.n;
}
