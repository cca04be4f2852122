/* dc.c - an arbitrary precision calculator.
**
** Usage: dc [OPTION] [file ...]
**   -e, --expression=EXPR    evaluate expression
**   -f, --file=FILE          evaluate contents of file
**   -h, --help               display this help and exit
**   -V, --version            output version information and exit
*/

/* GNU dc 1.4's common commands on lib_bignum: numbers (_ for a minus),
** p n f P, + - * / % ~ ^ | v, c d r R z Z X, k K i I o O, s l S L, : ;,
** [strings], x, < > = !< !> != (with a register), ?, q Q, a, #. A macro
** called last in a macro replaces it (tail calls), so loops written as
** recursion run in constant stack, as GNU's do. Errors go to stderr as
** "dc: stack empty" and dc goes on, status 0; as GNU's. */
#include "cmd.h"
#include "lib_bignum.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct dval {
  bn *n;
  char *s; /* a string when not NULL */
  size_t slen;
} dval;

typedef struct dstack {
  dval *v;
  size_t n, cap;
} dstack;

typedef struct darr {
  long *idx;
  dval *v;
  size_t n;
} darr;

typedef struct reg {
  dstack st;
  darr *arr;
} reg;

typedef struct dc {
  acs_cmd *c;
  dstack st;
  reg r[256];
  long scale, ibase, obase;
  int col, line_len;
  bool quit;
  int depth;
  cmd_in *in;
} dc;

static void dv_free(dval *v)
{
  bn_free(v->n);
  free(v->s);
  v->n = NULL;
  v->s = NULL;
}

static dval dv_copy(const dval *v)
{
  dval r = {0};
  if (v->s) {
    r.s = malloc(v->slen + 1);
    if (!r.s) abort();
    memcpy(r.s, v->s, v->slen + 1);
    r.slen = v->slen;
  } else {
    r.n = bn_copy(v->n);
  }
  return r;
}

static void spush(dstack *s, dval v)
{
  if (s->n == s->cap) {
    s->cap = s->cap ? s->cap * 2 : 64;
    s->v = realloc(s->v, s->cap * sizeof *s->v);
    if (!s->v) abort();
  }
  s->v[s->n++] = v;
}

static void err(dc *D, const char *msg)
{
  char m[256];
  int n = snprintf(m, sizeof m, "%s: %s\n", D->c->name, msg);
  cmd_flush(D->c);
  acs_sys_write_all(2, m, (size_t)n);
}

static bool need(dc *D, size_t k)
{
  if (D->st.n >= k) return true;
  err(D, "stack empty");
  return false;
}

static dval pop(dc *D) { return D->st.v[--D->st.n]; }
static dval *top(dc *D) { return &D->st.v[D->st.n - 1]; }

static void push_num(dc *D, bn *n)
{
  if (!n) return;
  spush(&D->st, (dval){n, NULL, 0});
}

static void out(dc *D, const char *s, size_t n, bool wrap)
{
  for (size_t i = 0; i < n; i++) {
    if (wrap && D->line_len > 1 && D->col >= D->line_len - 1) {
      cmd_out(D->c, "\\\n", 2);
      D->col = 0;
    }
    cmd_putc(D->c, s[i]);
    D->col = s[i] == '\n' ? 0 : D->col + 1;
  }
}

static void print_val(dc *D, const dval *v, bool nl)
{
  if (v->s) out(D, v->s, v->slen, false);
  else {
    char *t = bn_format(v->n, D->obase);
    out(D, t, strlen(t), true);
    free(t);
  }
  if (nl) out(D, "\n", 1, false);
}

static bool two_nums(dc *D)
{
  if (!need(D, 2)) return false;
  if (D->st.v[D->st.n - 1].s || D->st.v[D->st.n - 2].s) {
    err(D, "non-numeric value");
    return false;
  }
  return true;
}

static void arith(dc *D, char op)
{
  if (!two_nums(D)) return;
  dval b = pop(D), a = pop(D);
  const char *e = NULL;
  bn *r = NULL;
  size_t sc = (size_t)D->scale;
  switch (op) {
  case '+': r = bn_add(a.n, b.n); break;
  case '-': r = bn_sub(a.n, b.n); break;
  case '*': r = bn_mul(a.n, b.n, sc); break;
  case '/': r = bn_div(a.n, b.n, sc, &e); break;
  case '%': r = bn_mod(a.n, b.n, sc, &e); break;
  case '^': r = bn_pow(a.n, b.n, sc, &e); break;
  case '~': {
    bn *q = bn_div(a.n, b.n, sc, &e);
    bn *m = q ? bn_mod(a.n, b.n, sc, &e) : NULL;
    if (q && m) {
      push_num(D, q);
      push_num(D, m);
      dv_free(&a);
      dv_free(&b);
      return;
    }
    bn_free(q);
    break;
  }
  }
  if (!r) {
    err(D, e && !strcmp(e, "Divide by zero") ? (op == '%' || op == '~' ? "remainder by zero" : "divide by zero") : e ? e : "error");
    spush(&D->st, a);
    spush(&D->st, b);
    return;
  }
  dv_free(&a);
  dv_free(&b);
  push_num(D, r);
}

static long num_long(const dval *v)
{
  bool ok;
  return v->s ? 0 : bn_to_long(v->n, &ok);
}


/* one number at p (digits in the input radix, one '.', '_' first) */
static size_t read_number(dc *D, const char *s, size_t n, size_t i)
{
  bool neg = false;
  if (s[i] == '_') neg = true, i++;
  size_t st = i;
  bool dot = false;
  while (i < n && (isdigit((unsigned char)s[i]) || (s[i] >= 'A' && s[i] <= 'F') || (s[i] == '.' && !dot))) {
    if (s[i] == '.') dot = true;
    i++;
  }
  bn *v = bn_parse(s + st, i - st, (int)D->ibase);
  if (v && neg && !bn_is_zero(v)) v->neg = true;
  push_num(D, v);
  return i;
}

static reg *R(dc *D, unsigned char c) { return &D->r[c]; }

static dval *arr_slot(reg *r, long i)
{
  if (!r->arr) {
    r->arr = calloc(1, sizeof *r->arr);
    if (!r->arr) abort();
  }
  darr *a = r->arr;
  for (size_t k = 0; k < a->n; k++)
    if (a->idx[k] == i) return &a->v[k];
  a->idx = realloc(a->idx, (a->n + 1) * sizeof *a->idx);
  a->v = realloc(a->v, (a->n + 1) * sizeof *a->v);
  if (!a->idx || !a->v) abort();
  a->idx[a->n] = i;
  a->v[a->n] = (dval){bn_from_long(0), NULL, 0};
  return &a->v[a->n++];
}

/* a command that may run a macro; returns levels of macros to leave */
static int run(dc *D, const char *s, size_t n)
{
  char *own = NULL; /* the text of a tail-called macro */
  size_t i = 0;
  D->depth++;
again:
  while (i < n && !D->quit && !cmd_out_error(D->c)) {
    unsigned char c = (unsigned char)s[i++];
    if (isdigit(c) || (c >= 'A' && c <= 'F') || c == '.' || c == '_') {
      i = read_number(D, s, n, i - 1);
      continue;
    }
    switch (c) {
    case ' ': case '\t': case '\n': case '\r': break;
    case '#':
      while (i < n && s[i] != '\n') i++;
      break;
    case '[': {
      size_t st = i;
      int depth = 1;
      while (i < n && depth) {
        if (s[i] == '[') depth++;
        else if (s[i] == ']') depth--;
        i++;
      }
      size_t len = i - st - (depth ? 0 : 1);
      char *str = malloc(len + 1);
      if (!str) abort();
      memcpy(str, s + st, len);
      str[len] = 0;
      spush(&D->st, (dval){NULL, str, len});
      break;
    }
    case 'p':
      if (need(D, 1)) print_val(D, top(D), true);
      break;
    case 'n':
      if (need(D, 1)) {
        dval v = pop(D);
        print_val(D, &v, false);
        dv_free(&v);
      }
      break;
    case 'P':
      if (need(D, 1)) {
        dval v = pop(D);
        if (v.s) out(D, v.s, v.slen, false);
        else {
          /* a number: its bytes, base 256 */
          bn *x = bn_trunc(v.n, 0), *b = bn_from_long(256);
          x->neg = false;
          char buf[4096];
          size_t k = 0;
          const char *e;
          while (!bn_is_zero(x) && k < sizeof buf) {
            bn *m = bn_mod(x, b, 0, &e), *q = bn_div(x, b, 0, &e);
            buf[k++] = (char)num_long(&(dval){m, NULL, 0});
            bn_free(m);
            bn_free(x);
            x = q;
          }
          for (size_t j = k; j-- > 0;) out(D, &buf[j], 1, false);
          bn_free(x);
          bn_free(b);
        }
        dv_free(&v);
      }
      break;
    case 'f':
      for (size_t k = D->st.n; k-- > 0;) print_val(D, &D->st.v[k], true);
      break;
    case '+': case '-': case '*': case '/': case '%': case '^': case '~': arith(D, (char)c); break;
    case '|':
      if (need(D, 3)) {
        dval m = pop(D), e = pop(D), b = pop(D);
        if (m.s || e.s || b.s) {
          err(D, "non-numeric value");
        } else {
          const char *er = NULL;
          bn *r = bn_from_long(1), *base = bn_trunc(b.n, 0);
          bn *ex = bn_trunc(e.n, 0), *two = bn_from_long(2);
          while (!er && !bn_is_zero(ex) && !ex->neg) {
            bn *q = bn_div(ex, two, 0, &er), *rem = bn_mod(ex, two, 0, &er);
            if (!bn_is_zero(rem)) {
              bn *t = bn_mul(r, base, 0), *t2 = t ? bn_mod(t, m.n, 0, &er) : NULL;
              bn_free(t);
              bn_free(r);
              r = t2;
            }
            bn *sq = bn_mul(base, base, 0), *sq2 = sq ? bn_mod(sq, m.n, 0, &er) : NULL;
            bn_free(sq);
            bn_free(base);
            base = sq2;
            bn_free(rem);
            bn_free(ex);
            ex = q;
            if (!r || !base) break;
          }
          bn_free(ex);
          bn_free(two);
          bn_free(base);
          if (er || !r) {
            err(D, "remainder by zero");
            bn_free(r);
          } else {
            bn *t = bn_mod(r, m.n, 0, &er);
            bn_free(r);
            push_num(D, t);
          }
        }
        dv_free(&m);
        dv_free(&e);
        dv_free(&b);
      }
      break;
    case 'v':
      if (need(D, 1)) {
        if (top(D)->s) {
          err(D, "square root of nonnumeric attempted");
          break;
        }
        dval a = pop(D);
        const char *e;
        bn *r = bn_sqrt(a.n, (size_t)D->scale, &e);
        if (!r) {
          err(D, "square root of negative number");
          spush(&D->st, a);
          break;
        }
        dv_free(&a);
        push_num(D, r);
      }
      break;
    case 'c':
      while (D->st.n) {
        dval v = pop(D);
        dv_free(&v);
      }
      break;
    case 'd':
      if (need(D, 1)) spush(&D->st, dv_copy(top(D)));
      break;
    case 'r':
      if (need(D, 2)) {
        dval t = D->st.v[D->st.n - 1];
        D->st.v[D->st.n - 1] = D->st.v[D->st.n - 2];
        D->st.v[D->st.n - 2] = t;
      }
      break;
    case 'R':
      if (need(D, 1)) {
        dval v = pop(D);
        long k = num_long(&v);
        dv_free(&v);
        if (k > 1 && (size_t)k <= D->st.n) {
          /* the k-th from the top comes to the top, as GNU's */
          dval t = D->st.v[D->st.n - (size_t)k];
          memmove(&D->st.v[D->st.n - (size_t)k], &D->st.v[D->st.n - (size_t)k + 1], ((size_t)k - 1) * sizeof t);
          D->st.v[D->st.n - 1] = t;
        }
      }
      break;
    case 'z': push_num(D, bn_from_long((long)D->st.n)); break;
    case 'Z':
      if (need(D, 1)) {
        dval v = pop(D);
        long l = v.s ? (long)v.slen : (long)bn_length(v.n);
        dv_free(&v);
        push_num(D, bn_from_long(l));
      }
      break;
    case 'X':
      if (need(D, 1)) {
        dval v = pop(D);
        long l = v.s ? 0 : (long)v.n->scale;
        dv_free(&v);
        push_num(D, bn_from_long(l));
      }
      break;
    case 'k': case 'i': case 'o':
      if (need(D, 1)) {
        dval v = pop(D);
        long l = num_long(&v);
        dv_free(&v);
        if (c == 'k') {
          if (l < 0) err(D, "scale must be a nonnegative number");
          else D->scale = l;
        } else if (c == 'i') {
          if (l < 2 || l > 16) err(D, "input base must be a number between 2 and 16 (inclusive)");
          else D->ibase = l;
        } else {
          if (l < 2) err(D, "output base must be a number greater than 1");
          else D->obase = l;
        }
      }
      break;
    case 'K': push_num(D, bn_from_long(D->scale)); break;
    case 'I': push_num(D, bn_from_long(D->ibase)); break;
    case 'O': push_num(D, bn_from_long(D->obase)); break;
    case 's': case 'S': case 'l': case 'L': case ':': case ';': {
      if (i >= n) {
        err(D, "register name missing");
        break;
      }
      reg *rg = R(D, (unsigned char)s[i++]);
      if (c == 's' || c == 'S') {
        if (!need(D, 1)) break;
        dval v = pop(D);
        if (c == 's' && rg->st.n) dv_free(&rg->st.v[--rg->st.n]);
        spush(&rg->st, v);
      } else if (c == 'l') {
        if (rg->st.n) spush(&D->st, dv_copy(&rg->st.v[rg->st.n - 1]));
        else push_num(D, bn_from_long(0));
      } else if (c == 'L') {
        if (!rg->st.n) {
          err(D, "stack register empty");
          break;
        }
        spush(&D->st, rg->st.v[--rg->st.n]);
      } else if (c == ':') {
        if (!need(D, 2)) break;
        dval ix = pop(D), v = pop(D);
        dval *slot = arr_slot(rg, num_long(&ix));
        dv_free(slot);
        *slot = v;
        dv_free(&ix);
      } else {
        if (!need(D, 1)) break;
        dval ix = pop(D);
        spush(&D->st, dv_copy(arr_slot(rg, num_long(&ix))));
        dv_free(&ix);
      }
      break;
    }
    case 'x': case '<': case '>': case '=': case '!': {
      const char *mtext = NULL;
      size_t mlen = 0;
      dval mac = {0};
      if (c == 'x') {
        if (!need(D, 1)) break;
        if (!top(D)->s) break; /* a number stays */
        mac = pop(D);
        mtext = mac.s;
        mlen = mac.slen;
      } else {
        int rel = c;
        if (c == '!') {
          if (i >= n || !strchr("<>=", s[i])) {
            err(D, "! command: running programs is not supported");
            while (i < n && s[i] != '\n') i++;
            break;
          }
          rel = 256 + s[i++];
        }
        if (i >= n) break;
        reg *rg = R(D, (unsigned char)s[i++]);
        if (!two_nums(D)) break;
        dval a = pop(D), b = pop(D); /* a: the top */
        int cmp = bn_cmp(a.n, b.n);
        dv_free(&a);
        dv_free(&b);
        bool go = rel == '<' ? cmp < 0 : rel == '>' ? cmp > 0 : rel == '=' ? cmp == 0
                : rel == 256 + '<' ? cmp >= 0 : rel == 256 + '>' ? cmp <= 0 : cmp != 0;
        if (!go || !rg->st.n) break;
        dval *m = &rg->st.v[rg->st.n - 1];
        if (!m->s) {
          spush(&D->st, dv_copy(m));
          break;
        }
        mac = dv_copy(m);
        mtext = mac.s;
        mlen = mac.slen;
      }
      /* the last command of this text: run the macro in its place */
      size_t j = i;
      while (j < n && isspace((unsigned char)s[j])) j++;
      if (j >= n) {
        free(own);
        own = mac.s;
        s = own;
        n = mlen;
        i = 0;
        goto again;
      }
      if (D->depth > 10000) {
        err(D, "recursion too deep");
        dv_free(&mac);
        break;
      }
      int up = run(D, mtext, mlen);
      dv_free(&mac);
      if (up > 1) {
        free(own);
        D->depth--;
        return up - 1;
      }
      break;
    }
    case '?': {
      if (!D->in) {
        D->in = cmd_in_new();
        if (D->in) cmd_in_fd(D->in, 0);
      }
      char *line;
      ssize_t len = D->in ? cmd_getdelim(D->in, &line, '\n') : 0;
      if (len > 0) {
        char *copy = malloc((size_t)len + 1);
        if (!copy) abort();
        memcpy(copy, line, (size_t)len);
        int up = run(D, copy, (size_t)len);
        free(copy);
        if (up > 1) {
          free(own);
          D->depth--;
          return up - 1;
        }
      }
      break;
    }
    case 'q':
      free(own);
      D->depth--;
      if (D->depth <= 1) D->quit = true;
      return 2;
    case 'Q':
      if (need(D, 1)) {
        dval v = pop(D);
        long k = num_long(&v);
        dv_free(&v);
        if (k > 0) {
          free(own);
          D->depth--;
          return (int)k;
        }
      }
      break;
    case 'a':
      if (need(D, 1)) {
        dval v = pop(D);
        char ch;
        if (v.s) ch = v.slen ? v.s[0] : 0;
        else {
          bn *t = bn_trunc(v.n, 0), *b = bn_from_long(256);
          const char *e;
          bn *m = bn_mod(t, b, 0, &e);
          ch = (char)num_long(&(dval){m, NULL, 0});
          bn_free(t);
          bn_free(b);
          bn_free(m);
        }
        dv_free(&v);
        char *str = malloc(2);
        if (!str) abort();
        str[0] = ch;
        str[1] = 0;
        spush(&D->st, (dval){NULL, str, ch ? 1 : 0});
      }
      break;
    default: {
      char m[64];
      snprintf(m, sizeof m, isprint(c) ? "'%c' (%#o) unimplemented" : "%#o unimplemented", c, c);
      if (!isprint(c)) snprintf(m, sizeof m, "%#o unimplemented", c);
      err(D, m);
    }
    }
  }
  free(own);
  D->depth--;
  return 0;
}

static void execute(dc *D, const char *text, size_t len)
{
  D->depth = 0;
  run(D, text, len);
}

int acs__cmd_dc(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"expression", 'e', CMD_ARG}, {"file", 'f', CMD_ARG}, {0}};
  dc *D = calloc(1, sizeof *D);
  if (!D) return 1;
  D->c = c;
  D->ibase = D->obase = 10;
  D->line_len = 70;
  const char *ll = getenv("DC_LINE_LENGTH");
  if (ll && *ll) D->line_len = atoi(ll);
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "e:f:hV", longs);
  bool any = false;
  int opt, status = 0;
  while ((opt = cmd_getopt_next(c, &g)) > 0 && !D->quit) {
    if (opt == 'h') {
      cmd_puts(c, c->help);
      return 0;
    }
    if (opt == 'V') {
      cmd_puts(c, "dc (agent-code-sandbox)\n");
      return 0;
    }
    any = true;
    if (opt == 'e') {
      execute(D, g.arg, strlen(g.arg));
    } else {
      char *data;
      size_t len;
      int rc = cmd_read_all(g.arg, &data, &len);
      if (rc < 0) {
        cmd_error(c, "Could not open file %s", g.arg);
        status = 1;
        continue;
      }
      execute(D, data, len);
      free(data);
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  for (int i = 0; i < g.nops && !D->quit; i++) {
    any = true;
    char *data;
    size_t len;
    const char *f = cmd_operands(&g)[i];
    int rc = cmd_read_all(f, &data, &len);
    if (rc < 0) {
      cmd_error(c, "Could not open file %s", f);
      status = 1;
      continue;
    }
    execute(D, data, len);
    free(data);
  }
  if (!any && !D->quit) {
    char *data;
    size_t len;
    if (cmd_read_all("-", &data, &len) == 0) {
      execute(D, data, len);
      free(data);
    }
  }
  return status;
}
