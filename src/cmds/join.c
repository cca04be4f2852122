/* join.c - join lines of two files on a common field.
**
** Usage: join [OPTION]... FILE1 FILE2
** For each pair of input lines with identical join fields, write a line to
** standard output.  The default join field is the first, delimited by blanks.
**
** When FILE1 or FILE2 (not both) is -, read standard input.
**
**   -a FILENUM        also print unpairable lines from file FILENUM, where
**                       FILENUM is 1 or 2, corresponding to FILE1 or FILE2
**   -e STRING         replace missing (empty) input fields with STRING;
**                       I.e., missing fields specified with '-12jo' options
**   -i, --ignore-case  ignore differences in case when comparing fields
**   -j FIELD          equivalent to '-1 FIELD -2 FIELD'
**   -o FORMAT         obey FORMAT while constructing output line
**   -t CHAR           use CHAR as input and output field separator
**   -v FILENUM        like -a FILENUM, but suppress joined output lines
**   -1 FIELD          join on this FIELD of file 1
**   -2 FIELD          join on this FIELD of file 2
**       --check-order   check that the input is correctly sorted, even
**                         if all input lines are pairable
**       --nocheck-order  do not check that the input is correctly sorted
**       --header          treat the first line in each file as field headers,
**                           print them without trying to pair them
**   -z, --zero-terminated     line delimiter is NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
**
** Unless -t CHAR is given, leading blanks separate fields and are ignored,
** else fields are separated by CHAR.  Any FIELD is a field number counted
** from 1.  FORMAT is one or more comma or blank separated specifications,
** each being 'FILENUM.FIELD' or '0'.  Default FORMAT outputs the join field,
** the remaining fields from FILE1, the remaining fields from FILE2, all
** separated by CHAR.  If FORMAT is the keyword 'auto', then the first
** line of each file determines the number of fields output for each line.
**
** Important: FILE1 and FILE2 must be sorted on the join fields.
** E.g., use "sort -k 1b,1" if 'join' has no options,
** or use "join -t ''" if 'sort' has no options.
*/

/* GNU coreutils' join in the C locale. Both files are read into memory
** and walked as GNU's join() walks its streams: groups of lines with
** equal keys are joined pairwise, unpairable lines printed for -a/-v, and
** the order checked as each line is taken (by default only once a line
** was unpairable; the first disorder of each file is reported and the
** status is 1 with "input is not in sorted order"; --check-order stops). */
#include "cmd.h"
#include "lib_text.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define NO_TAB 256

typedef struct fld {
  const char *s;
  size_t len;
} fld;

typedef struct jline {
  text_rec r;
  fld *f;
  size_t nf;
} jline;

typedef struct jfile {
  const char *name;
  char *data;
  jline *l;
  size_t n, next;
} jfile;

typedef struct ospec {
  int file; /* 0: the join field */
  size_t field;
} ospec;

typedef struct jn {
  acs_cmd *c;
  jfile f[2];
  size_t jf[2];
  int tab;
  char osep;
  bool icase, unp[2], pairs, autoformat, fatal, header_lines;
  int check; /* 0 default, 1 on, -1 off */
  const char *empty;
  ospec *o;
  size_t no;
  size_t autocount[2];
  bool seen_unpairable, warned[2];
  int eol;
} jn;

static bool is_sep(unsigned char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; }

static bool split(jn *j, jline *l)
{
  const char *p = l->r.s, *lim = p + l->r.len;
  size_t cap = 0;
  l->f = NULL;
  l->nf = 0;
  if (p == lim) return true;
#define ADD(S, N)                                                                                                      \
  do {                                                                                                                 \
    if (l->nf == cap) {                                                                                                \
      cap = cap ? cap * 2 : 8;                                                                                         \
      fld *nf_ = realloc(l->f, cap * sizeof *nf_);                                                                     \
      if (!nf_) return false;                                                                                          \
      l->f = nf_;                                                                                                      \
    }                                                                                                                  \
    l->f[l->nf++] = (fld){(S), (N)};                                                                                   \
  } while (0)
  if (j->tab != NO_TAB) {
    const char *sep;
    while ((sep = memchr(p, j->tab, (size_t)(lim - p)))) {
      ADD(p, (size_t)(sep - p));
      p = sep + 1;
    }
    ADD(p, (size_t)(lim - p));
    return true;
  }
  while (is_sep((unsigned char)*p))
    if (++p == lim) return true;
  do {
    const char *sep = p + 1;
    while (sep != lim && !is_sep((unsigned char)*sep)) sep++;
    ADD(p, (size_t)(sep - p));
    if (sep == lim) return true;
    for (p = sep + 1; p != lim && is_sep((unsigned char)*p); p++) continue;
  } while (p != lim);
#undef ADD
  return true;
}

static int keycmp(const jn *j, const jline *a, const jline *b, size_t fa, size_t fb)
{
  const char *s1 = fa < a->nf ? a->f[fa].s : NULL, *s2 = fb < b->nf ? b->f[fb].s : NULL;
  size_t n1 = fa < a->nf ? a->f[fa].len : 0, n2 = fb < b->nf ? b->f[fb].len : 0;
  if (!n1) return n2 ? -1 : 0;
  if (!n2) return 1;
  size_t n = n1 < n2 ? n1 : n2;
  int d = 0;
  if (j->icase) {
    for (size_t i = 0; i < n && !d; i++) d = toupper((unsigned char)s1[i]) - toupper((unsigned char)s2[i]);
  } else {
    d = memcmp(s1, s2, n);
  }
  if (d) return d;
  return n1 < n2 ? -1 : n1 > n2;
}

/* the next line of file w (0 or 1), checking its order; -1 at the end */
static long get_line(jn *j, int w)
{
  jfile *f = &j->f[w];
  if (j->fatal || f->next >= f->n) return -1;
  size_t i = f->next++;
  if (i > 0 && j->check >= 0 && (j->check == 1 || j->seen_unpairable) && !j->warned[w] &&
      keycmp(j, &f->l[i - 1], &f->l[i], j->jf[w], j->jf[w]) > 0) {
    j->warned[w] = true;
    cmd_error(j->c, "%s:%zu: is not sorted: %.*s", f->name, i + 1, (int)f->l[i].r.len, f->l[i].r.s);
    if (j->check == 1) {
      j->fatal = true;
      return -1;
    }
  }
  return (long)i;
}

static void prfield(jn *j, size_t n, const jline *l)
{
  if (l && n < l->nf) {
    if (l->f[n].len) cmd_out(j->c, l->f[n].s, l->f[n].len);
    else if (j->empty) cmd_puts(j->c, j->empty);
  } else if (j->empty) {
    cmd_puts(j->c, j->empty);
  }
}

static void prfields(jn *j, const jline *l, size_t jf, size_t autocount)
{
  if (!l) {
    if (!j->autoformat) return;
  }
  size_t nf = j->autoformat ? autocount : l->nf;
  for (size_t i = 0; i < jf && i < nf; i++) {
    cmd_putc(j->c, j->osep);
    prfield(j, i, l);
  }
  for (size_t i = jf + 1; i < nf; i++) {
    cmd_putc(j->c, j->osep);
    prfield(j, i, l);
  }
}

/* a joined or an unpaired line (NULL for the missing side) */
static void prjoin(jn *j, const jline *l1, const jline *l2)
{
  if (j->no) {
    for (size_t k = 0; k < j->no; k++) {
      const jline *l;
      size_t field;
      if (j->o[k].file == 0) {
        l = l1 ? l1 : l2;
        field = l1 ? j->jf[0] : j->jf[1];
      } else {
        l = j->o[k].file == 1 ? l1 : l2;
        field = j->o[k].field;
      }
      prfield(j, field, l);
      if (k + 1 < j->no) cmd_putc(j->c, j->osep);
    }
  } else {
    if (l1) prfield(j, j->jf[0], l1);
    else prfield(j, j->jf[1], l2);
    prfields(j, l1, j->jf[0], j->autocount[0]);
    prfields(j, l2, j->jf[1], j->autocount[1]);
  }
  cmd_putc(j->c, j->eol);
}

static void run(jn *j)
{
  jline *L1 = j->f[0].l, *L2 = j->f[1].l;
  long s1 = get_line(j, 0), s2 = get_line(j, 1);
  size_t c1 = s1 >= 0, c2 = s2 >= 0;
  if (j->autoformat) {
    j->autocount[0] = c1 ? L1[s1].nf : 0;
    j->autocount[1] = c2 ? L2[s2].nf : 0;
  }
  if (j->header_lines && (c1 || c2)) {
    prjoin(j, c1 ? &L1[s1] : NULL, c2 ? &L2[s2] : NULL);
    /* the headers are not checked against the next lines */
    if (c1) {
      j->f[0].next = (size_t)s1 + 1;
      s1 = j->f[0].next < j->f[0].n ? (long)j->f[0].next++ : -1;
      c1 = s1 >= 0;
    }
    if (c2) {
      j->f[1].next = (size_t)s2 + 1;
      s2 = j->f[1].next < j->f[1].n ? (long)j->f[1].next++ : -1;
      c2 = s2 >= 0;
    }
  }
  while (c1 && c2 && !j->fatal && !cmd_out_error(j->c)) {
    int diff = keycmp(j, &L1[s1], &L2[s2], j->jf[0], j->jf[1]);
    if (diff < 0) {
      if (j->unp[0]) prjoin(j, &L1[s1], NULL);
      j->seen_unpairable = true;
      s1 = get_line(j, 0);
      c1 = s1 >= 0;
      continue;
    }
    if (diff > 0) {
      if (j->unp[1]) prjoin(j, NULL, &L2[s2]);
      j->seen_unpairable = true;
      s2 = get_line(j, 1);
      c2 = s2 >= 0;
      continue;
    }
    bool eof1 = false, eof2 = false;
    do {
      if (get_line(j, 0) < 0) {
        eof1 = true;
        c1++;
        break;
      }
      c1++;
    } while (!keycmp(j, &L1[s1 + (long)c1 - 1], &L2[s2], j->jf[0], j->jf[1]));
    do {
      if (get_line(j, 1) < 0) {
        eof2 = true;
        c2++;
        break;
      }
      c2++;
    } while (!keycmp(j, &L1[s1], &L2[s2 + (long)c2 - 1], j->jf[0], j->jf[1]));
    if (j->fatal) return;
    if (j->pairs)
      for (size_t a = 0; a + 1 < c1; a++)
        for (size_t b = 0; b + 1 < c2; b++) prjoin(j, &L1[s1 + (long)a], &L2[s2 + (long)b]);
    if (!eof1) {
      s1 += (long)c1 - 1;
      c1 = 1;
    } else {
      c1 = 0;
    }
    if (!eof2) {
      s2 += (long)c2 - 1;
      c2 = 1;
    } else {
      c2 = 0;
    }
  }
  bool checking = j->check >= 0;
  if ((j->unp[0] || checking) && c1 && !j->fatal) {
    if (j->unp[0]) prjoin(j, &L1[s1], NULL);
    if (c2) j->seen_unpairable = true;
    long i;
    while ((i = get_line(j, 0)) >= 0) {
      if (j->unp[0]) prjoin(j, &L1[i], NULL);
      if (j->warned[0] && !j->unp[0]) break;
    }
  }
  if ((j->unp[1] || checking) && c2 && !j->fatal) {
    if (j->unp[1]) prjoin(j, NULL, &L2[s2]);
    if (c1) j->seen_unpairable = true;
    long i;
    while ((i = get_line(j, 1)) >= 0) {
      if (j->unp[1]) prjoin(j, NULL, &L2[i]);
      if (j->warned[1] && !j->unp[1]) break;
    }
  }
}

static bool field_num(acs_cmd *c, const char *s, size_t *out)
{
  char q[1024];
  bool digits = *s != 0;
  size_t v = 0;
  for (const char *p = s; *p; p++) {
    if (*p < '0' || *p > '9') {
      digits = false;
      break;
    }
    size_t d = (size_t)(*p - '0');
    v = v > (SIZE_MAX - d) / 10 ? SIZE_MAX : v * 10 + d;
  }
  if (!digits || v == 0) {
    cmd_error(c, "invalid field number: %s", cmd_quote(s, q, sizeof q));
    return false;
  }
  *out = v - 1;
  return true;
}

static bool add_specs(jn *j, const char *list)
{
  char q[1024];
  char *copy = strdup(list);
  if (!copy) return false;
  bool ok = true;
  for (char *tok = strtok(copy, ", \t"); tok && ok; tok = strtok(NULL, ", \t")) {
    ospec o = {0};
    if (tok[0] == '0') {
      o.file = 0;
      if (tok[1]) {
        cmd_error(j->c, "invalid field specifier: %s", cmd_quote(tok, q, sizeof q));
        ok = false;
      }
    } else if (tok[0] == '1' || tok[0] == '2') {
      o.file = tok[0] - '0';
      if (tok[1] != '.') {
        cmd_error(j->c, "invalid field specifier: %s", cmd_quote(tok, q, sizeof q));
        ok = false;
      } else {
        ok = field_num(j->c, tok + 2, &o.field);
      }
    } else {
      cmd_error(j->c, "invalid file number in field spec: %s", cmd_quote(tok, q, sizeof q));
      ok = false;
    }
    if (!ok) break;
    ospec *n = realloc(j->o, (j->no + 1) * sizeof *n);
    if (!n) {
      ok = false;
      break;
    }
    j->o = n;
    j->o[j->no++] = o;
  }
  free(copy);
  return ok;
}

static bool load(jn *j, jfile *f, const char *name)
{
  size_t len;
  char q[1024];
  f->name = name;
  int rc = cmd_read_all(name, &f->data, &len);
  if (rc < 0) {
    cmd_error(j->c, "%s: %s", cmd_quotef(name, q, sizeof q), cmd_strerror(rc));
    return false;
  }
  text_rec *recs = NULL;
  size_t n = 0, cap = 0;
  if (!text_split(f->data, len, j->eol, &recs, &n, &cap)) return false;
  f->l = calloc(n ? n : 1, sizeof *f->l);
  if (!f->l) {
    free(recs);
    return false;
  }
  for (size_t i = 0; i < n; i++) {
    f->l[i].r = recs[i];
    if (!split(j, &f->l[i])) {
      free(recs);
      return false;
    }
  }
  f->n = n;
  free(recs);
  return true;
}

int acs__cmd_join(acs_cmd *c, int argc, char **argv)
{
  enum { CHECK = 256, NOCHECK, HEADER };
  static const cmd_opt longs[] = {{"ignore-case", 'i', CMD_NOARG}, {"check-order", CHECK, CMD_NOARG},
                                  {"nocheck-order", NOCHECK, CMD_NOARG}, {"header", HEADER, CMD_NOARG},
                                  {"zero-terminated", 'z', CMD_NOARG}, {0}};
  jn *j = calloc(1, sizeof *j);
  if (!j) {
    cmd_error(c, "memory exhausted");
    return 1;
  }
  j->c = c;
  j->tab = NO_TAB;
  j->pairs = true;
  j->eol = '\n';
  int status = 1;
  char q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "a:e:ij:o:t:v:z1:2:", longs);
  int opt;
  bool f1set = false, f2set = false;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a':
    case 'v': {
      if (strcmp(g.arg, "1") && strcmp(g.arg, "2")) {
        cmd_error(c, "invalid field number: %s", cmd_quote(g.arg, q, sizeof q));
        goto out;
      }
      j->unp[g.arg[0] - '1'] = true;
      if (opt == 'v') j->pairs = false;
      break;
    }
    case 'e':
      if (j->empty && strcmp(j->empty, g.arg)) {
        cmd_error(c, "conflicting empty-field replacement strings");
        goto out;
      }
      j->empty = g.arg;
      break;
    case 'i': j->icase = true; break;
    case 'j': {
      size_t v;
      if (!field_num(c, g.arg, &v)) goto out;
      if ((f1set && v != j->jf[0]) || (f2set && v != j->jf[1])) {
        cmd_error(c, "incompatible join fields %zu, %zu", (f1set ? j->jf[0] : j->jf[1]) + 1, v + 1);
        goto out;
      }
      j->jf[0] = j->jf[1] = v;
      f1set = f2set = true;
      break;
    }
    case '1':
    case '2': {
      size_t v;
      if (!field_num(c, g.arg, &v)) goto out;
      int w = opt - '1';
      bool *set = w ? &f2set : &f1set;
      if (*set && v != j->jf[w]) {
        cmd_error(c, "incompatible join fields %zu, %zu", j->jf[w] + 1, v + 1);
        goto out;
      }
      j->jf[w] = v;
      *set = true;
      break;
    }
    case 'o':
      if (!strcmp(g.arg, "auto")) j->autoformat = true;
      else if (!add_specs(j, g.arg)) goto out;
      break;
    case 't': {
      int t;
      if (!g.arg[0]) t = '\n';
      else if (g.arg[1]) {
        if (!strcmp(g.arg, "\\0")) t = 0;
        else {
          cmd_error(c, "multi-character tab %s", cmd_quote(g.arg, q, sizeof q));
          goto out;
        }
      } else {
        t = (unsigned char)g.arg[0];
      }
      if (j->tab != NO_TAB && j->tab != t) {
        cmd_error(c, "incompatible tabs");
        goto out;
      }
      j->tab = t;
      break;
    }
    case 'z': j->eol = 0; break;
    case CHECK: j->check = 1; break;
    case NOCHECK: j->check = -1; break;
    case HEADER: j->header_lines = true; break;
    }
  }
  if (opt < 0) {
    status = opt == CMD_HELP_DONE ? 0 : 1;
    goto out;
  }
  char **ops = cmd_operands(&g);
  if (g.nops < 2) {
    if (g.nops == 0) cmd_usage_error(c, "missing operand");
    else cmd_usage_error(c, "missing operand after %s", cmd_quote(ops[g.nops - 1], q, sizeof q));
    goto out;
  }
  if (g.nops > 2) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(ops[2], q, sizeof q));
    goto out;
  }
  if (!strcmp(ops[0], "-") && !strcmp(ops[1], "-")) {
    cmd_error(c, "both files cannot be standard input");
    goto out;
  }
  j->osep = j->tab == NO_TAB ? ' ' : (char)j->tab;
  if (!load(j, &j->f[0], ops[0]) || !load(j, &j->f[1], ops[1])) goto out;
  run(j);
  status = j->fatal ? 1 : 0;
  if (!j->fatal && (j->warned[0] || j->warned[1])) {
    cmd_error(c, "input is not in sorted order");
    status = 1;
  }
out:
  for (int w = 0; w < 2; w++) {
    for (size_t i = 0; i < j->f[w].n; i++) free(j->f[w].l[i].f);
    free(j->f[w].l);
    free(j->f[w].data);
  }
  free(j->o);
  free(j);
  return status;
}
