/* arrays.c - bash's array assignments: name=(...) and name+=(...) (a
** compound assignment: words split and globbed, [key]=value elements,
** key value pairs for an associative array), name[sub]=value, and the
** same forms as arguments of declare, typeset, local and readonly.
**
** The lexer keeps a compound assignment's parenthesised text as a
** P_ARRAY part; the text is read as words here, when the assignment is
** made, so that its expansions happen then, as in bash. */
#include "sh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the end of a [...] subscript starting at s[i] == '[', quotes skipped;
** 0 when it does not close */
/* Index arithmetic wraps at 2^63 as bash's (a[9223372036854775807]=x;
** a+=(y) puts y at -9223372036854775808) instead of overflowing. */
static long wrap_add(long a, long b) { return (long)((unsigned long)a + (unsigned long)b); }

static size_t sub_end(const char *s, size_t n, size_t i)
{
  int depth = 0;
  for (; i < n; i++) {
    char c = s[i];
    if (c == '\\') i++;
    else if (c == '\'') {
      const char *q = memchr(s + i + 1, '\'', n - i - 1);
      if (!q) return 0;
      i = (size_t)(q - s);
    } else if (c == '"') {
      for (i++; i < n && s[i] != '"'; i++)
        if (s[i] == '\\') i++;
    } else if (c == '[') depth++;
    else if (c == ']' && --depth == 0) return i;
  }
  return 0;
}

size_t asg_parse(const char *s, size_t n, asg *a)
{
  memset(a, 0, sizeof *a);
  size_t i = 0;
  if (!n || !(s[0] == '_' || (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return 0;
  while (i < n && (s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
                   (s[i] >= '0' && s[i] <= '9')))
    i++;
  a->name_len = i;
  if (i < n && s[i] == '[') {
    size_t e = sub_end(s, n, i);
    if (!e) return 0;
    a->has_sub = true;
    a->sub_start = i + 1;
    a->sub_len = e - i - 1;
    i = e + 1;
  }
  if (i < n && s[i] == '+') {
    a->append = true;
    i++;
  }
  if (i >= n || s[i] != '=') return 0;
  return i + 1;
}

/* the words of text (a compound assignment's inside), in ar; NULL when it does not lex */
word *arr_words(arena *ar, const char *text)
{
  source *src = src_new_text(text, strlen(text), "array");
  lexer lx = {.src = src, .ar = ar, .line = sh.line};
  word *head = NULL, **tail = &head;
  for (;;) {
    int t = lx_next(&lx);
    if (t == T_NL) continue;
    if (t != T_WORD) break;
    *tail = lx.tword;
    tail = &lx.tword->next;
  }
  bool bad = lx.err;
  if (lx.err) free(lx.errmsg);
  free(lx.hd); /* a here-document inside an element's $( ) noted its redirection here */
  /* the words' parts are in ar; the source's text is copied into them */
  src_unref(src);
  return bad ? NULL : head;
}

static char *expand_text(arena *ar, const char *s, size_t n, bool assign)
{
  char *copy = xstrndup(s, n);
  word *w = lx_word_text(ar, copy, n);
  free(copy);
  return assign ? ex_assign(w) : ex_string(w);
}

char *arr_sub_text(const char *sub, size_t n)
{
  arena ar = {0};
  char *key = expand_text(&ar, sub, n, false);
  ar_free(&ar);
  return key ? key : xstrdup("");
}

static array *target(const char *name, int kind, bool local)
{
  array *cur = var_array(name);
  bool assoc = kind == 'A' || (kind == 0 && cur && arr_assoc(cur));
  if (local && sh.func_depth > 0 && var_scope_depth() > 0) var_local(name, NULL, false);
  return var_make_array(name, assoc);
}

int arrays_compound(const char *name, const char *body, bool append, int kind, bool local)
{
  array *a = target(name, kind, local);
  if (!a) return 1;
  bool assoc = arr_assoc(a);
  arena ar = {0};
  word *ws = arr_words(&ar, body);
  /* values are expanded before the array changes: a=(${a[@]} x) */
  strv keys = {0}, vals = {0};
  int st = 0;
  long next = append ? wrap_add(arr_max_index(a), 1) : 0;
  for (word *w = ws, *wnext; w && !st && !sh.aborting; w = wnext) {
    wnext = w->next;
    const char *raw = w->raw ? w->raw : "";
    size_t rn = strlen(raw);
    if (rn > 1 && raw[0] == '[') {
      size_t e = sub_end(raw, rn, 0);
      bool plus = e && e + 1 < rn && raw[e + 1] == '+';
      if (e && e + 1 + plus < rn && raw[e + 1 + plus] == '=') {
        char *key = expand_text(&ar, raw + 1, e - 1, false);
        char *val = expand_text(&ar, raw + e + 2 + plus, rn - e - 2 - plus, true);
        if (!key || !val) {
          free(key), free(val);
          st = 1;
          break;
        }
        sv_push(&keys, key);
        sv_push(&vals, val);
        continue;
      }
    }
    strv fields = {0};
    w->next = NULL; /* one word at a time */
    word *keep = w;
    if (!ex_words(keep, &fields)) st = 1;
    for (size_t i = 0; i < fields.n; i++) {
      sv_push(&keys, NULL);
      sv_push(&vals, fields.v[i]);
    }
    free(fields.v);
  }
  /* bash 5.1's key value pairs only when no element has a [key]= */
  bool pairs = true;
  for (size_t i = 0; i < vals.n; i++)
    if (keys.v[i]) pairs = false;
  if (!st) {
    array *fresh = append ? a : arr_new(assoc);
    for (size_t i = 0; i < vals.n; i++) {
      if (assoc && !keys.v[i] && !pairs) {
        sh_error("%s: %s: must use subscript when assigning associative array", name, vals.v[i]);
        continue;
      }
      if (keys.v[i]) {
        if (assoc) {
          arr_set(fresh, keys.v[i], vals.v[i]);
        } else {
          int64_t idx = 0;
          if (*keys.v[i] && !arith_eval(keys.v[i], &idx)) {
            st = 1;
            break;
          }
          if (idx < 0) idx = wrap_add(idx, wrap_add(arr_max_index(fresh), 1));
          arr_seti(fresh, (long)idx, vals.v[i]);
          next = wrap_add((long)idx, 1);
        }
      } else if (assoc) {
        /* bash 5.1: key value pairs; a lone last key gets "" */
        const char *v = i + 1 < vals.n && !keys.v[i + 1] ? vals.v[i + 1] : "";
        arr_set(fresh, vals.v[i], v);
        if (i + 1 < vals.n && !keys.v[i + 1]) i++;
      } else {
        arr_seti(fresh, next, vals.v[i]);
        next = wrap_add(next, 1);
      }
    }
    if (!append) {
      /* swap the new values in: clear the old, copy the new */
      while (arr_count(a)) {
        if (assoc) {
          char *k = arr_key_at(a, 0);
          arr_unset(a, k);
          free(k);
        } else {
          arr_unseti(a, arr_idx_at(a, 0));
        }
      }
      for (size_t i = 0; i < arr_count(fresh); i++) {
        if (assoc) {
          char *k = arr_key_at(fresh, i);
          arr_set(a, k, arr_val_at(fresh, i));
          free(k);
        } else {
          arr_seti(a, arr_idx_at(fresh, i), arr_val_at(fresh, i));
        }
      }
      arr_free(fresh);
    }
  }
  for (size_t i = 0; i < keys.n; i++) free(keys.v[i]);
  sv_free(&vals);
  free(keys.v);
  ar_free(&ar);
  return st || sh.aborting;
}

/* name[sub]=value with the subscript and the value still text */
static int assign_element(const char *raw, const asg *g, size_t val_at, bool local)
{
  arena ar = {0};
  char *name = xstrndup(raw, g->name_len);
  char *sub = expand_text(&ar, raw + g->sub_start, g->sub_len, false);
  char *val = expand_text(&ar, raw + val_at, strlen(raw) - val_at, true);
  int st = 1;
  if (sub && val) {
    if (local && sh.func_depth > 0 && var_scope_depth() > 0 && !var_array(name)) var_local(name, NULL, false);
    st = var_elem_set(name, sub, val, g->append) < 0;
  }
  free(name), free(sub), free(val);
  ar_free(&ar);
  return st;
}

int arrays_assign_word(word *w)
{
  const char *raw = w->raw ? w->raw : "";
  asg g;
  size_t at = asg_parse(raw, strlen(raw), &g);
  if (!at) return -1;
  wpart *last = w->parts;
  while (last && last->next) last = last->next;
  if (last && last->kind == P_ARRAY) {
    char *name = xstrndup(raw, g.name_len);
    int st;
    if (g.has_sub) {
      sh_error("%s: cannot assign list to array member", name);
      st = 1;
    } else {
      st = arrays_compound(name, last->text, g.append, 0, false);
    }
    free(name);
    return st;
  }
  if (!g.has_sub) return -1;
  return assign_element(raw, &g, at, false);
}

int arrays_declare_arg(const char *arg, int kind, bool local)
{
  asg g;
  size_t n = strlen(arg);
  size_t at = asg_parse(arg, n, &g);
  if (!at) {
    /* a bare name with -a or -A: an empty array unless it is one */
    if (kind && is_name(arg, n)) {
      if (local && sh.func_depth > 0 && var_scope_depth() > 0) var_local(arg, NULL, false);
      return var_make_array(arg, kind == 'A') ? 0 : 1;
    }
    return -1;
  }
  char *name = xstrndup(arg, g.name_len);
  int st;
  if (!g.has_sub && n > at && arg[at] == '(' && arg[n - 1] == ')') {
    char *body = xstrndup(arg + at + 1, n - at - 2);
    st = arrays_compound(name, body, g.append, kind, local);
    free(body);
  } else if (g.has_sub) {
    char *sub = xstrndup(arg + g.sub_start, g.sub_len);
    if (local && sh.func_depth > 0 && var_scope_depth() > 0 && !var_array(name)) var_local(name, NULL, false);
    st = var_elem_set(name, sub, arg + at, g.append) < 0;
    free(sub);
  } else if (kind) {
    array *a = target(name, kind, local);
    st = !a || var_elem_set(name, kind == 'A' ? "0" : "0", arg + at, g.append) < 0;
  } else {
    st = -1;
  }
  free(name);
  return st;
}

/* ---- declare -p ---------------------------------------------------------- */

void sb_dquote(sbuf *b, const char *v)
{
  for (const unsigned char *p = (const unsigned char *)v; *p; p++)
    if (*p < 32 || *p == 127) {
      /* control characters: $'...', as bash's declare -p */
      char *q = sh_quote(v);
      sb_adds(b, q);
      free(q);
      return;
    }
  sb_addc(b, '"');
  for (const char *p = v; *p; p++) {
    if (*p == '"' || *p == '\\' || *p == '$' || *p == '`') sb_addc(b, '\\');
    sb_addc(b, *p);
  }
  sb_addc(b, '"');
}

static void print_body(sbuf *b, const char *name, array *a);

void arrays_print(const char *name, int flags, array *a)
{
  sbuf b = {0};
  sb_adds(&b, "declare -");
  sb_addc(&b, arr_assoc(a) ? 'A' : 'a');
  if (flags & V_INTEGER) sb_addc(&b, 'i');
  if (flags & V_READONLY) sb_addc(&b, 'r');
  if (flags & V_EXPORT) sb_addc(&b, 'x');
  sb_addc(&b, ' ');
  print_body(&b, name, a);
  out_add(b.s, b.len);
  sb_free(&b);
}

void arrays_print_set(const char *name, array *a)
{
  sbuf b = {0};
  print_body(&b, name, a);
  out_add(b.s, b.len);
  sb_free(&b);
}

/* NAME=([k]="v" ...) and a newline */
static void print_body(sbuf *bp, const char *name, array *a)
{
  sbuf b = *bp;
  sb_adds(&b, name);
  sb_adds(&b, "=(");
  for (size_t i = 0; i < arr_count(a); i++) {
    char *k = arr_key_at(a, i);
    if (!arr_assoc(a) && i) sb_addc(&b, ' ');
    sb_addc(&b, '[');
    bool plain = true;
    for (const char *p = k; *p; p++)
      if (!(*p == '_' || *p == '-' || *p == '.' || (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
            (*p >= 'A' && *p <= 'Z')))
        plain = false;
    if (plain && *k) sb_adds(&b, k);
    else sb_dquote(&b, k);
    sb_adds(&b, "]=");
    sb_dquote(&b, arr_val_at(a, i));
    if (arr_assoc(a)) sb_addc(&b, ' ');
    free(k);
  }
  sb_adds(&b, ")\n");
  *bp = b;
}
