/* cut.c - remove sections from each line of files.
**
** Usage: cut OPTION... [FILE]...
** Print selected parts of lines from each FILE to standard output.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -b, --bytes=LIST        select only these bytes
**   -c, --characters=LIST   select only these characters
**   -d, --delimiter=DELIM   use DELIM instead of TAB for field delimiter
**   -f, --fields=LIST       select only these fields;  also print any line
**                             that contains no delimiter character, unless
**                             the -s option is specified
**   -n                      (ignored)
**       --complement        complement the set of selected bytes, characters
**                             or fields
**   -s, --only-delimited    do not print lines not containing delimiters
**       --output-delimiter=STRING  use STRING as the output delimiter
**                             the default is to use the input delimiter
**   -z, --zero-terminated    line delimiter is NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
**
** Use one, and only one of -b, -c or -f.  Each LIST is made up of one
** range, or many ranges separated by commas.  Selected input is written
** in the same order that it is read, and is written exactly once.
** Each range is one of:
**
**   N     N'th byte, character or field, counted from 1
**   N-    from N'th byte, character or field, to end of line
**   N-M   from N'th to M'th (included) byte, character or field
**   -M    from first to M'th (included) byte, character or field
*/

/* GNU coreutils' cut; -c is -b (the C locale). The list is parsed as
** GNU's set_fields does (blanks separate like commas, its messages), then
** sorted and overlapping ranges merged, so an output delimiter in byte
** mode goes between ranges that do not touch, as with GNU. */
#include "cmd.h"
#include "lib_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct range {
  uint64_t lo, hi;
} range;

typedef struct list {
  range *r;
  size_t n, cap;
} list;

static bool add(list *l, uint64_t lo, uint64_t hi)
{
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 8;
    range *r = realloc(l->r, cap * sizeof *r);
    if (!r) return false;
    l->r = r;
    l->cap = cap;
  }
  l->r[l->n++] = (range){lo, hi};
  return true;
}

static int by_lo(const void *a, const void *b)
{
  const range *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static bool fail(acs_cmd *c, const char *msg)
{
  cmd_usage_error(c, "%s", msg);
  return false;
}

static bool parse_list(acs_cmd *c, const char *s, bool fields, bool complement, list *l)
{
  const char *zero = fields ? "fields are numbered from 1" : "byte/character positions are numbered from 1";
  bool lhs = false, rhs = false, dash = false, in_digits = false;
  uint64_t initial = 1, value = 0;
  const char *num_start = s;
  char q[1024], m[1200];
  for (;;) {
    if (*s == '-') {
      in_digits = false;
      if (dash) return fail(c, fields ? "invalid field range" : "invalid byte or character range");
      dash = true;
      s++;
      if (lhs && !value) return fail(c, zero);
      initial = lhs ? value : 1;
      value = 0;
    } else if (*s == ',' || *s == ' ' || *s == '\t' || !*s) {
      in_digits = false;
      if (dash) {
        dash = false;
        if (!lhs && !rhs) return fail(c, "invalid range with no endpoint: -");
        if (!rhs) {
          add(l, initial, UINT64_MAX);
        } else {
          if (value < initial) return fail(c, "invalid decreasing range");
          add(l, initial, value);
        }
        value = 0;
      } else {
        if (!value) return fail(c, zero);
        add(l, value, value);
        value = 0;
      }
      if (!*s) break;
      s++;
      lhs = rhs = false;
    } else if (*s >= '0' && *s <= '9') {
      if (!in_digits) num_start = s;
      in_digits = true;
      if (dash) rhs = true;
      else lhs = true;
      unsigned d = (unsigned)(*s - '0');
      if (value > (UINT64_MAX - d) / 10 || value * 10 + d == UINT64_MAX) {
        char num[64];
        size_t len = strspn(num_start, "0123456789");
        snprintf(num, sizeof num, "%.*s", (int)(len < 60 ? len : 60), num_start);
        snprintf(m, sizeof m, fields ? "field number %s is too large" : "byte/character offset %s is too large",
                 cmd_quote(num, q, sizeof q));
        return fail(c, m);
      }
      value = value * 10 + d;
      s++;
    } else {
      snprintf(m, sizeof m, fields ? "invalid field value %s" : "invalid byte/character position %s",
               cmd_quote(s, q, sizeof q));
      return fail(c, m);
    }
  }
  qsort(l->r, l->n, sizeof *l->r, by_lo);
  size_t o = 0;
  for (size_t i = 0; i < l->n; i++) {
    if (o && l->r[i].lo <= l->r[o - 1].hi) {
      if (l->r[i].hi > l->r[o - 1].hi) l->r[o - 1].hi = l->r[i].hi;
    } else {
      l->r[o++] = l->r[i];
    }
  }
  l->n = o;
  if (complement) {
    list k = {0};
    uint64_t next = 1;
    bool open = true;
    for (size_t i = 0; i < l->n; i++) {
      if (l->r[i].lo > next) add(&k, next, l->r[i].lo - 1);
      if (l->r[i].hi == UINT64_MAX) {
        open = false;
        break;
      }
      next = l->r[i].hi + 1;
    }
    if (open) add(&k, next, UINT64_MAX);
    free(l->r);
    *l = k;
  }
  return true;
}

typedef struct opts {
  list l;
  bool fields, only_delimited;
  int delim, eol;
  const char *odelim;
  size_t odlen;
  bool odelim_set;
} opts;

/* the range holding position p (from 1), or NULL; *at walks forward */
static const range *find(const list *l, uint64_t p, size_t *at)
{
  while (*at < l->n && l->r[*at].hi < p) (*at)++;
  return *at < l->n && l->r[*at].lo <= p ? &l->r[*at] : NULL;
}

static void cut_bytes(acs_cmd *c, const opts *o, const char *s, size_t len)
{
  size_t at = 0;
  bool printed = false;
  for (size_t i = 0; i < len; i++) {
    const range *r = find(&o->l, i + 1, &at);
    if (!r) {
      if (at >= o->l.n) break;
      continue;
    }
    if (o->odelim_set && printed && r->lo == i + 1) cmd_out(c, o->odelim, o->odlen);
    printed = true;
    cmd_putc(c, s[i]);
  }
  cmd_putc(c, o->eol);
}

static void cut_fields(acs_cmd *c, const opts *o, const char *s, size_t len)
{
  if (!memchr(s, o->delim, len)) {
    if (!o->only_delimited) {
      cmd_out(c, s, len);
      cmd_putc(c, o->eol);
    }
    return;
  }
  size_t at = 0;
  uint64_t f = 1;
  bool printed = false;
  const char *p = s, *end = s + len;
  while (p <= end) {
    const char *e = memchr(p, o->delim, (size_t)(end - p));
    if (!e) e = end;
    if (find(&o->l, f, &at)) {
      if (printed) cmd_out(c, o->odelim, o->odlen);
      cmd_out(c, p, (size_t)(e - p));
      printed = true;
    } else if (at >= o->l.n) {
      break;
    }
    if (e == end) break;
    p = e + 1;
    f++;
  }
  cmd_putc(c, o->eol);
}

int acs__cmd_cut(acs_cmd *c, int argc, char **argv)
{
  enum { COMPLEMENT = 256, ODELIM };
  static const cmd_opt longs[] = {{"bytes", 'b', CMD_ARG},           {"characters", 'c', CMD_ARG},
                                  {"delimiter", 'd', CMD_ARG},       {"fields", 'f', CMD_ARG},
                                  {"complement", COMPLEMENT, CMD_NOARG}, {"only-delimited", 's', CMD_NOARG},
                                  {"output-delimiter", ODELIM, CMD_ARG}, {"zero-terminated", 'z', CMD_NOARG},
                                  {0}};
  opts o = {.delim = '\t', .eol = '\n'};
  const char *spec = NULL;
  bool complement = false, delim_set = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "b:c:d:f:nsz", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'b':
    case 'c':
    case 'f':
      if (spec) {
        cmd_usage_error(c, "only one list may be specified");
        return 1;
      }
      spec = g.arg;
      o.fields = opt == 'f';
      break;
    case 'd':
      if (g.arg[0] && g.arg[1]) {
        cmd_usage_error(c, "the delimiter must be a single character");
        return 1;
      }
      o.delim = (unsigned char)g.arg[0];
      delim_set = true;
      break;
    case 'n': break;
    case COMPLEMENT: complement = true; break;
    case 's': o.only_delimited = true; break;
    case ODELIM:
      o.odelim = g.arg;
      o.odlen = strlen(g.arg);
      o.odelim_set = true;
      break;
    case 'z': o.eol = 0; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (!spec) {
    cmd_usage_error(c, "you must specify a list of bytes, characters, or fields");
    return 1;
  }
  if (!o.fields && delim_set) {
    cmd_usage_error(c, "an input delimiter may be specified only when operating on fields");
    return 1;
  }
  if (!o.fields && o.only_delimited) {
    cmd_usage_error(c, "suppressing non-delimited lines makes sense\n\tonly when operating on fields");
    return 1;
  }
  if (!parse_list(c, spec, o.fields, complement, &o.l)) {
    free(o.l.r);
    return 1;
  }
  char dch = (char)o.delim;
  if (!o.odelim_set && o.fields) {
    o.odelim = &dch;
    o.odlen = 1;
  }
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int nfiles = g.nops, status = 0;
  if (!nfiles) {
    files = dash;
    nfiles = 1;
  }
  cmd_in *in = cmd_in_new();
  for (int i = 0; in && i < nfiles && !cmd_out_error(c); i++) {
    if (cmd_in_open(c, in, files[i]) < 0) {
      status = 1;
      continue;
    }
    for (;;) {
      char *line;
      ssize_t n = cmd_getdelim(in, &line, o.eol);
      if (n < 0) {
        char q[1024];
        cmd_error(c, "%s: %s", cmd_quotef(files[i], q, sizeof q), cmd_strerror((int)n));
        status = 1;
        break;
      }
      if (n == 0) break;
      if (line[n - 1] == (char)o.eol) n--;
      if (o.fields) cut_fields(c, &o, line, (size_t)n);
      else cut_bytes(c, &o, line, (size_t)n);
      if (cmd_out_error(c)) break;
    }
    cmd_in_close(in);
  }
  cmd_in_free(in);
  free(o.l.r);
  return status;
}
