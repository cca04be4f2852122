/* sort.c - sort lines of text files.
**
** Usage: sort [OPTION]... [FILE]...
**   or:  sort [OPTION]... --files0-from=F
** Write sorted concatenation of all FILE(s) to standard output.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
** Ordering options:
**
**   -b, --ignore-leading-blanks  ignore leading blanks
**   -d, --dictionary-order      consider only blanks and alphanumeric characters
**   -f, --ignore-case           fold lower case to upper case characters
**   -g, --general-numeric-sort  compare according to general numerical value
**   -i, --ignore-nonprinting    consider only printable characters
**   -M, --month-sort            compare (unknown) < 'JAN' < ... < 'DEC'
**   -h, --human-numeric-sort    compare human readable numbers (e.g., 2K 1G)
**   -n, --numeric-sort          compare according to string numerical value
**   -R, --random-sort           shuffle, but group identical keys
**       --random-source=FILE    (accepted and ignored)
**   -r, --reverse               reverse the result of comparisons
**       --sort=WORD             sort according to WORD:
**                                 general-numeric -g, human-numeric -h, month -M,
**                                 numeric -n, random -R, version -V
**   -V, --version-sort          natural sort of (version) numbers within text
**
** Other options:
**
**       --batch-size=NMERGE   (accepted and ignored)
**   -c, --check, --check=diagnose-first  check for sorted input; do not sort
**   -C, --check=quiet, --check=silent  like -c, but do not report first bad line
**       --compress-program=PROG  (accepted and ignored)
**       --files0-from=F       read input from the files specified by
**                             NUL-terminated names in file F;
**                             If F is - then read names from standard input
**   -k, --key=KEYDEF          sort via a key; KEYDEF gives location and type
**   -m, --merge               merge already sorted files; do not sort
**   -o, --output=FILE         write result to FILE instead of standard output
**   -s, --stable              stabilize sort by disabling last-resort comparison
**   -S, --buffer-size=SIZE    (accepted and ignored: the sort is in memory)
**   -t, --field-separator=SEP  use SEP instead of non-blank to blank transition
**   -T, --temporary-directory=DIR  (accepted and ignored)
**       --parallel=N          (accepted and ignored)
**   -u, --unique              with -c, check for strict ordering;
**                               without -c, output only the first of an equal run
**   -z, --zero-terminated     line delimiter is NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
**
** KEYDEF is F[.C][OPTS][,F[.C][OPTS]] for start and stop position, where F is a
** field number and C a character position in the field; both are origin 1, and
** the stop position defaults to the line's end.  If neither -t nor -b is in
** effect, characters in a field are counted from the beginning of the preceding
** whitespace.  OPTS is one or more single-letter ordering options [bdfgiMhnRrV],
** which override global ordering options for that key.  If no key is given, use
** the entire line as the key.
*/

/* GNU coreutils' sort in the C locale. The whole input is read into memory
** (the box's memory is the limit; no temporary files) and sorted with a
** stable merge sort, so -s and -u keep input order among equal keys.
** Keys, their field and character offsets, per-key flags and the way
** global flags pass to keys without any are GNU's (begfield/limfield);
** lines whose keys tie are compared whole, bytewise, unless -s or -u (the
** "last-resort comparison"), and -r reverses that too. -n compares the
** digit strings without converting them (any length), -g with strtold, -h
** by suffix then number, -V with gnulib's filevercmp order. */
#include "cmd.h"
#include "lib_text.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NO_TAB 256

typedef struct key {
  size_t sword, schar, eword, echar; /* sword SIZE_MAX: the line's start; eword SIZE_MAX: its end */
  bool skipsblanks, skipeblanks, numeric, general, human, month, version, random, reverse;
  bool translate;
  int ignore; /* 0, 'd' or 'i' */
} key;

typedef struct sorter {
  key *keys;
  size_t nkeys;
  key gkey;
  int tab; /* a byte, or NO_TAB */
  bool unique, stable, reverse;
  uint64_t salt;
} sorter;

/* a record and where its first key begins and ends (found once) */
typedef struct srec {
  const char *s;
  size_t len;
  const char *kb, *ke;
} srec;

static bool blank(unsigned char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; }

static bool ignored(int how, unsigned char ch)
{
  if (how == 'd') return !isalnum(ch) && !isblank(ch);
  if (how == 'i') return !isprint(ch);
  return false;
}

static const char *begfield(const sorter *s, const srec *l, const key *k)
{
  const char *p = l->s, *lim = l->s + l->len;
  size_t sword = k->sword;
  if (s->tab != NO_TAB) {
    while (p < lim && sword--) {
      while (p < lim && (unsigned char)*p != s->tab) p++;
      if (p < lim) p++;
    }
  } else {
    while (p < lim && sword--) {
      while (p < lim && blank((unsigned char)*p)) p++;
      while (p < lim && !blank((unsigned char)*p)) p++;
    }
  }
  if (k->skipsblanks)
    while (p < lim && blank((unsigned char)*p)) p++;
  return (size_t)(lim - p) < k->schar ? lim : p + k->schar;
}

static const char *limfield(const sorter *s, const srec *l, const key *k)
{
  const char *p = l->s, *lim = l->s + l->len;
  size_t eword = k->eword, echar = k->echar;
  if (echar == 0) eword++;
  if (s->tab != NO_TAB) {
    while (p < lim && eword--) {
      while (p < lim && (unsigned char)*p != s->tab) p++;
      if (p < lim && (eword || echar)) p++;
    }
  } else {
    while (p < lim && eword--) {
      while (p < lim && blank((unsigned char)*p)) p++;
      while (p < lim && !blank((unsigned char)*p)) p++;
    }
  }
  if (echar) {
    if (k->skipeblanks)
      while (p < lim && blank((unsigned char)*p)) p++;
    p = (size_t)(lim - p) < echar ? lim : p + echar;
  }
  return p;
}

/* ---- numbers as strings: GNU's strnumcmp with '.' and no thousands */

static int frac(const char *a, const char *b)
{
  /* both at '.', or one at '.' and the other past its number */
  if (*a == '.') a++;
  else a = "";
  if (*b == '.') b++;
  else b = "";
  while (*a == *b && isdigit((unsigned char)*a)) a++, b++;
  if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) return *a - *b;
  if (isdigit((unsigned char)*a)) {
    while (*a == '0') a++;
    return isdigit((unsigned char)*a);
  }
  if (isdigit((unsigned char)*b)) {
    while (*b == '0') b++;
    return isdigit((unsigned char)*b) ? -1 : 0;
  }
  return 0;
}

static bool nonzero_number(const char *p)
{
  while (*p == '0') p++;
  if (*p == '.')
    do p++;
    while (*p == '0');
  return isdigit((unsigned char)*p);
}

/* magnitudes of two non-negative digit strings */
static int mag(const char *a, const char *b)
{
  while (*a == '0') a++;
  while (*b == '0') b++;
  while (*a == *b && isdigit((unsigned char)*a)) a++, b++;
  if ((*a == '.' && !isdigit((unsigned char)*b)) || (*b == '.' && !isdigit((unsigned char)*a)))
    return frac(a, b);
  int d = *a - *b;
  size_t la = 0, lb = 0;
  while (isdigit((unsigned char)a[la])) la++;
  while (isdigit((unsigned char)b[lb])) lb++;
  if (la != lb) return la < lb ? -1 : 1;
  if (!la) return 0;
  if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) return d;
  return 0;
}

static int strnum(const char *a, const char *b)
{
  bool na = *a == '-', nb = *b == '-';
  if (na && nb) return mag(b + 1, a + 1);
  if (na) return nonzero_number(a + 1) ? -1 : nonzero_number(b) ? -1 : 0;
  if (nb) return nonzero_number(b + 1) ? 1 : nonzero_number(a) ? 1 : 0;
  return mag(a, b);
}

static int numcompare(const char *a, const char *b)
{
  while (blank((unsigned char)*a)) a++;
  while (blank((unsigned char)*b)) b++;
  return strnum(a, b);
}

static int general(const char *a, const char *b)
{
  char *ea, *eb;
  long double x = strtold(a, &ea), y = strtold(b, &eb);
  if (a == ea) return b == eb ? 0 : -1;
  if (b == eb) return 1;
  if (x < y) return -1;
  if (x > y) return 1;
  if (x == y) return 0;
  if (y == y) return -1; /* x is a NaN */
  if (x == x) return 1;
  return 0;
}

static int unit_order(const char *p)
{
  bool minus = *p == '-';
  p += minus;
  char maxd = 0;
  while (isdigit((unsigned char)*p)) maxd = *p > maxd ? *p : maxd, p++;
  if (*p == '.')
    for (p++; isdigit((unsigned char)*p); p++) maxd = *p > maxd ? *p : maxd;
  if (maxd <= '0') return 0;
  static const char units[] = "KMGTPEZYRQ";
  int o = 0;
  if (*p == 'k') o = 1;
  else if (*p) {
    const char *u = strchr(units, *p);
    o = u ? (int)(u - units) + 1 : 0;
  }
  return minus ? -o : o;
}

static int human(const char *a, const char *b)
{
  while (blank((unsigned char)*a)) a++;
  while (blank((unsigned char)*b)) b++;
  int d = unit_order(a) - unit_order(b);
  return d ? d : strnum(a, b);
}

static int month_of(const char *p, const char *lim)
{
  static const char *const names[] = {"JAN", "FEB", "MAR", "APR", "MAY", "JUN",
                                      "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"};
  while (p < lim && blank((unsigned char)*p)) p++;
  if (lim - p < 3) return 0;
  for (int m = 0; m < 12; m++)
    if (toupper((unsigned char)p[0]) == names[m][0] && toupper((unsigned char)p[1]) == names[m][1] &&
        toupper((unsigned char)p[2]) == names[m][2])
      return m + 1;
  return 0;
}

static uint64_t hash(uint64_t salt, const char *p, size_t n)
{
  uint64_t h = 1469598103934665603ull ^ salt;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
  return h ^ (h >> 29);
}

static int text_cmp(const key *k, const char *a, const char *la, const char *b, const char *lb)
{
  if (k->ignore || k->translate) {
    for (;;) {
      while (a < la && ignored(k->ignore, (unsigned char)*a)) a++;
      while (b < lb && ignored(k->ignore, (unsigned char)*b)) b++;
      if (!(a < la && b < lb)) break;
      int ca = (unsigned char)*a, cb = (unsigned char)*b;
      if (k->translate) ca = toupper(ca), cb = toupper(cb);
      if (ca != cb) return ca - cb;
      a++, b++;
    }
    return (a < la) - (b < lb);
  }
  size_t na = (size_t)(la - a), nb = (size_t)(lb - b);
  int d = memcmp(a, b, na < nb ? na : nb);
  if (d) return d;
  return na < nb ? -1 : na > nb;
}

static void key_bounds(const sorter *s, const srec *x, const key *k, const char **a, const char **la)
{
  *la = k->eword != SIZE_MAX ? limfield(s, x, k) : x->s + x->len;
  if (k->sword != SIZE_MAX) {
    *a = begfield(s, x, k);
  } else {
    *a = x->s;
    if (k->skipsblanks)
      while (*a < *la && blank((unsigned char)**a)) (*a)++;
  }
  if (*la < *a) *la = *a;
}

static int keycompare(const sorter *s, const srec *x, const srec *y)
{
  for (size_t i = 0; i < s->nkeys; i++) {
    const key *k = &s->keys[i];
    const char *a, *la, *b, *lb;
    if (i == 0) {
      a = x->kb, la = x->ke, b = y->kb, lb = y->ke;
    } else {
      key_bounds(s, x, k, &a, &la);
      key_bounds(s, y, k, &b, &lb);
    }
    int d;
    if (k->numeric || k->general || k->human) {
      /* the keys as C strings: a NUL at each limit, put back after */
      char *ea = (char *)la, *eb = (char *)lb, sa = *ea, sb = *eb;
      *ea = 0;
      *eb = 0;
      d = k->numeric ? numcompare(a, b) : k->general ? general(a, b) : human(a, b);
      *eb = sb;
      *ea = sa;
    } else if (k->month) {
      d = month_of(a, la) - month_of(b, lb);
    } else if (k->version) {
      d = text_vercmp(a, (size_t)(la - a), b, (size_t)(lb - b));
    } else if (k->random) {
      uint64_t ha = hash(s->salt, a, (size_t)(la - a)), hb = hash(s->salt, b, (size_t)(lb - b));
      d = ha < hb ? -1 : ha > hb;
      if (!d) d = text_cmp(k, a, la, b, lb);
    } else {
      d = text_cmp(k, a, la, b, lb);
    }
    if (d) return k->reverse ? (d < 0 ? 1 : -1) : d;
  }
  return 0;
}

static int compare(const sorter *s, const srec *a, const srec *b)
{
  if (s->nkeys) {
    int d = keycompare(s, a, b);
    if (d || s->unique || s->stable) return d;
  }
  size_t n = a->len < b->len ? a->len : b->len;
  int d = memcmp(a->s, b->s, n);
  if (!d) d = a->len < b->len ? -1 : a->len > b->len;
  return s->reverse ? -d : d;
}

static void merge_sort(const sorter *s, srec *v, srec *tmp, size_t n)
{
  if (n < 2) return;
  if (n <= 8) { /* insertion sort: stable */
    for (size_t i = 1; i < n; i++) {
      srec x = v[i];
      size_t j = i;
      while (j > 0 && compare(s, &v[j - 1], &x) > 0) {
        v[j] = v[j - 1];
        j--;
      }
      v[j] = x;
    }
    return;
  }
  size_t h = n / 2;
  merge_sort(s, v, tmp, h);
  merge_sort(s, v + h, tmp, n - h);
  if (compare(s, &v[h - 1], &v[h]) <= 0) return;
  memcpy(tmp, v, h * sizeof *v);
  size_t i = 0, j = h, o = 0;
  while (i < h && j < n) v[o++] = compare(s, &v[j], &tmp[i]) < 0 ? v[j++] : tmp[i++];
  while (i < h) v[o++] = tmp[i++];
}

/* ---- options */

static bool default_key(const key *k)
{
  return !(k->ignore || k->translate || k->skipsblanks || k->skipeblanks || k->month || k->numeric ||
           k->version || k->general || k->human || k->random);
}

/* the ordering letters of s into k; where says which blanks b skips
** (1 start, 2 end, 3 both). Returns the first other character. */
static const char *ordering(const char *s, key *k, int where)
{
  for (;; s++) {
    switch (*s) {
    case 'b':
      if (where & 1) k->skipsblanks = true;
      if (where & 2) k->skipeblanks = true;
      break;
    case 'd': k->ignore = 'd'; break;
    case 'f': k->translate = true; break;
    case 'g': k->general = true; break;
    case 'h': k->human = true; break;
    case 'i': if (!k->ignore) k->ignore = 'i'; break;
    case 'M': k->month = true; break;
    case 'n': k->numeric = true; break;
    case 'R': k->random = true; break;
    case 'r': k->reverse = true; break;
    case 'V': k->version = true; break;
    default: return s;
    }
  }
}

static void key_letters(const key *k, char *out)
{
  if (k->skipsblanks || k->skipeblanks) *out++ = 'b';
  if (k->ignore == 'd') *out++ = 'd';
  if (k->translate) *out++ = 'f';
  if (k->general) *out++ = 'g';
  if (k->human) *out++ = 'h';
  if (k->ignore == 'i') *out++ = 'i';
  if (k->month) *out++ = 'M';
  if (k->numeric) *out++ = 'n';
  if (k->random) *out++ = 'R';
  if (k->reverse) *out++ = 'r';
  if (k->version) *out++ = 'V';
  *out = 0;
}

static bool incompatible(acs_cmd *c, const key *k)
{
  if (k->numeric + k->general + k->human + k->month + (k->version || k->random || k->ignore) > 1) {
    char l[16];
    key_letters(k, l);
    cmd_error(c, "options '-%s' are incompatible", l);
    return true;
  }
  return false;
}

static const char *count(const char *s, size_t *out, bool *ok)
{
  *ok = isdigit((unsigned char)*s);
  size_t v = 0;
  while (isdigit((unsigned char)*s)) {
    size_t d = (size_t)(*s++ - '0');
    v = v > (SIZE_MAX - d) / 10 ? SIZE_MAX : v * 10 + d;
  }
  *out = v;
  return s;
}

static bool bad_count(acs_cmd *c, const char *at, const char *why)
{
  char q[1024];
  cmd_error(c, "%s: invalid count at start of %s", why, cmd_quote(at, q, sizeof q));
  return false;
}

static bool bad_key(acs_cmd *c, const char *spec, const char *why)
{
  char q[1024];
  cmd_error(c, "%s: invalid field specification %s", why, cmd_quote(spec, q, sizeof q));
  return false;
}

static bool parse_key(acs_cmd *c, const char *spec, key *k)
{
  *k = (key){0};
  bool ok;
  const char *s = count(spec, &k->sword, &ok);
  if (!ok) return bad_count(c, spec, "invalid number at field start");
  if (k->sword-- == 0) return bad_key(c, spec, "field number is zero");
  if (*s == '.') {
    s = count(s + 1, &k->schar, &ok);
    if (!ok) return bad_count(c, s, "invalid number after '.'");
    if (k->schar-- == 0) return bad_key(c, spec, "character offset is zero");
  }
  if (!(k->sword || k->schar)) k->sword = SIZE_MAX;
  s = ordering(s, k, 1);
  if (*s != ',') {
    k->eword = SIZE_MAX;
    k->echar = 0;
  } else {
    s = count(s + 1, &k->eword, &ok);
    if (!ok) return bad_count(c, s, "invalid number after ','");
    if (k->eword-- == 0) return bad_key(c, spec, "field number is zero");
    if (*s == '.') {
      s = count(s + 1, &k->echar, &ok);
      if (!ok) return bad_count(c, s, "invalid number after '.'");
    }
    s = ordering(s, k, 2);
  }
  if (*s) return bad_key(c, spec, "stray character in field spec");
  return true;
}

/* ---- input and output */

typedef struct input {
  char **bufs;
  size_t nbufs;
  text_rec *recs; /* as loaded */
  srec *v;        /* what is sorted: records with their first key found */
  size_t n, cap;
  size_t *file_end; /* for -m: where each file's records end */
} input;

static bool load(acs_cmd *c, input *in, const char *name, int delim)
{
  char *data;
  size_t len;
  char q[1024];
  /* GNU tells a file it cannot open from one it cannot read */
  if (strcmp(name, "-")) {
    int fd = acs_sys_open(name, O_RDONLY, 0);
    if (fd < 0) {
      cmd_error(c, "cannot read: %s: %s", cmd_quotef(name, q, sizeof q), cmd_strerror(fd));
      return false;
    }
    acs_sys_close(fd);
  }
  int rc = cmd_read_all(name, &data, &len);
  if (rc < 0) {
    cmd_error(c, "read failed: %s: %s", cmd_quotef(name, q, sizeof q), cmd_strerror(rc));
    return false;
  }
  char **b = realloc(in->bufs, (in->nbufs + 1) * sizeof *b);
  if (!b) {
    free(data);
    cmd_error(c, "memory exhausted");
    return false;
  }
  in->bufs = b;
  in->bufs[in->nbufs++] = data;
  if (!text_split(data, len, delim, &in->recs, &in->n, &in->cap)) {
    cmd_error(c, "memory exhausted");
    return false;
  }
  return true;
}

static int check(acs_cmd *c, const sorter *s, const input *in, const char *name, bool quiet)
{
  for (size_t i = 1; i < in->n; i++) {
    int d = compare(s, &in->v[i - 1], &in->v[i]);
    if (d > 0 || (s->unique && d == 0)) {
      if (!quiet) {
        cmd_flush(c);
        char head[2048];
        int h = snprintf(head, sizeof head, "%s: %s:%zu: disorder: ", c->name, name, i + 1);
        acs_sys_write_all(2, head, (size_t)h);
        acs_sys_write_all(2, in->v[i].s, in->v[i].len);
        acs_sys_write_all(2, "\n", 1);
      }
      return 1;
    }
  }
  return 0;
}

int acs__cmd_sort(acs_cmd *c, int argc, char **argv)
{
  c->out_what = "write failed: 'standard output'"; /* GNU sort's words and status */
  c->out_status = 2;
  enum { RANDSRC = 256, SORTW, BATCH, CHECK, COMPRESS, DEBUG, FILES0, PARALLEL };
  static const cmd_opt longs[] = {
      {"ignore-leading-blanks", 'b', CMD_NOARG}, {"dictionary-order", 'd', CMD_NOARG},
      {"ignore-case", 'f', CMD_NOARG},           {"general-numeric-sort", 'g', CMD_NOARG},
      {"ignore-nonprinting", 'i', CMD_NOARG},    {"month-sort", 'M', CMD_NOARG},
      {"human-numeric-sort", 'h', CMD_NOARG},    {"numeric-sort", 'n', CMD_NOARG},
      {"random-sort", 'R', CMD_NOARG},           {"random-source", RANDSRC, CMD_ARG},
      {"reverse", 'r', CMD_NOARG},               {"sort", SORTW, CMD_ARG},
      {"version-sort", 'V', CMD_NOARG},          {"batch-size", BATCH, CMD_ARG},
      {"check", CHECK, CMD_OPTARG},              {"compress-program", COMPRESS, CMD_ARG},
      {"debug", DEBUG, CMD_NOARG},               {"files0-from", FILES0, CMD_ARG},
      {"key", 'k', CMD_ARG},                     {"merge", 'm', CMD_NOARG},
      {"output", 'o', CMD_ARG},                  {"stable", 's', CMD_NOARG},
      {"buffer-size", 'S', CMD_ARG},             {"field-separator", 't', CMD_ARG},
      {"temporary-directory", 'T', CMD_ARG},     {"parallel", PARALLEL, CMD_ARG},
      {"unique", 'u', CMD_NOARG},                {"zero-terminated", 'z', CMD_NOARG},
      {0}};
  sorter s = {.tab = NO_TAB};
  key keys[64];
  int checking = 0; /* 1 -c, 2 -C */
  bool merge = false;
  const char *output = NULL, *files0 = NULL;
  int delim = '\n';
  char q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "bcCdfghik:mMno:rRsS:t:T:uVy:z", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'b': case 'd': case 'f': case 'g': case 'h': case 'i': case 'M': case 'n': case 'R':
    case 'V': {
      char l[2] = {(char)opt, 0};
      ordering(l, &s.gkey, 3);
      break;
    }
    case 'r': s.gkey.reverse = true; break;
    case SORTW: {
      static const char *const words[] = {"general-numeric", "human-numeric", "month", "numeric", "random", "version"};
      static const char letters[] = "ghMnRV";
      int hit = -1;
      size_t len = strlen(g.arg);
      for (int i = 0; i < 6; i++)
        if (len && !strncmp(words[i], g.arg, len)) {
          if (hit >= 0 && strlen(words[i]) != len) {
            hit = -2;
            break;
          }
          hit = i;
          if (strlen(words[i]) == len) break;
        }
      if (hit < 0) {
        text_bad_arg(c, "sort", g.arg,
                     "  - 'general-numeric'\n  - 'human-numeric'\n  - 'month'\n  - 'numeric'\n  - 'random'\n  - 'version'\n");
        return 1;
      }
      char l[2] = {letters[hit], 0};
      ordering(l, &s.gkey, 3);
      break;
    }
    case CHECK:
      if (!g.arg || !strcmp(g.arg, "diagnose-first")) checking = 1;
      else if (!strcmp(g.arg, "quiet") || !strcmp(g.arg, "silent")) checking = 2;
      else {
        text_bad_arg(c, "check", g.arg, "  - 'quiet', 'silent'\n  - 'diagnose-first'\n");
        return 1;
      }
      break;
    case 'c': checking = 1; break;
    case 'C': checking = 2; break;
    case 'k':
      if (s.nkeys == sizeof keys / sizeof *keys) {
        cmd_error(c, "too many keys");
        return 2;
      }
      if (!parse_key(c, g.arg, &keys[s.nkeys])) return 2;
      s.nkeys++;
      break;
    case 'm': merge = true; break;
    case 'o':
      if (output && strcmp(output, g.arg)) {
        cmd_error(c, "multiple output files specified");
        return 2;
      }
      output = g.arg;
      break;
    case 's': s.stable = true; break;
    case 't': {
      int t;
      if (!g.arg[0]) {
        cmd_error(c, "empty tab");
        return 2;
      }
      if (g.arg[1]) {
        if (!strcmp(g.arg, "\\0")) t = 0;
        else {
          cmd_error(c, "multi-character tab %s", cmd_quote(g.arg, q, sizeof q));
          return 2;
        }
      } else {
        t = (unsigned char)g.arg[0];
      }
      if (s.tab != NO_TAB && s.tab != t) {
        cmd_error(c, "incompatible tabs");
        return 2;
      }
      s.tab = t;
      break;
    }
    case 'u': s.unique = true; break;
    case 'z': delim = 0; break;
    case FILES0: files0 = g.arg; break;
    case 'S': case 'T': case 'y': case RANDSRC: case BATCH: case COMPRESS: case DEBUG: case PARALLEL: break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 2;
  s.reverse = s.gkey.reverse;
  for (size_t i = 0; i < s.nkeys; i++) {
    key *k = &keys[i];
    if (default_key(k) && !k->reverse) {
      bool r = s.gkey.reverse;
      size_t sw = k->sword, sc = k->schar, ew = k->eword, ec = k->echar;
      *k = s.gkey;
      k->sword = sw, k->schar = sc, k->eword = ew, k->echar = ec;
      k->reverse = r;
    }
    if (incompatible(c, k)) return 2;
  }
  if (!s.nkeys && !default_key(&s.gkey)) {
    keys[0] = s.gkey;
    keys[0].sword = SIZE_MAX;
    keys[0].eword = SIZE_MAX;
    s.nkeys = 1;
  }
  if (incompatible(c, &s.gkey)) return 2;
  s.keys = keys;
  for (size_t i = 0; i < s.nkeys; i++)
    if (keys[i].random) s.salt = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)acs_sys_getpid() << 32;

  static char *dash[] = {"-"};
  char **files = cmd_operands(&g), *fdata = NULL;
  int nfiles = g.nops;
  char **fnames = NULL;
  if (files0) {
    if (nfiles) {
      cmd_error(c, "extra operand %s", cmd_quote(files[0], q, sizeof q));
      cmd_usage_error(c, "file operands cannot be combined with --files0-from");
      return 2;
    }
    size_t len;
    int rc = cmd_read_all(files0, &fdata, &len);
    if (rc < 0) {
      cmd_error(c, "cannot open %s for reading: %s", cmd_quote(files0, q, sizeof q), cmd_strerror(rc));
      return 2;
    }
    text_rec *r = NULL;
    size_t nr = 0, cap = 0;
    text_split(fdata, len, 0, &r, &nr, &cap);
    fnames = calloc(nr + 1, sizeof *fnames);
    for (size_t i = 0; fnames && i < nr; i++) {
      fnames[i] = (char *)r[i].s;
      fnames[i][r[i].len] = 0;
    }
    free(r);
    files = fnames;
    nfiles = (int)nr;
  }
  if (nfiles == 0) {
    files = dash;
    nfiles = 1;
  }
  if (checking && nfiles > 1) {
    cmd_error(c, "extra operand %s not allowed with -%c", cmd_quote(files[1], q, sizeof q),
                    checking == 1 ? 'c' : 'C');
    free(fnames);
    free(fdata);
    return 2;
  }
  input in = {0};
  int status = 0;
  in.file_end = calloc((size_t)nfiles, sizeof *in.file_end);
  for (int i = 0; i < nfiles && in.file_end; i++) {
    if (files0 && !*files[i]) {
      cmd_error(c, "invalid zero-length file name");
      status = 2;
      break;
    }
    if (!load(c, &in, files[i], delim)) {
      status = 2;
      break;
    }
    in.file_end[i] = in.n;
  }
  if (!status) {
    in.v = malloc((in.n ? in.n : 1) * sizeof *in.v);
    if (!in.v) {
      cmd_error(c, "memory exhausted");
      status = 2;
    }
    for (size_t i = 0; in.v && i < in.n; i++) {
      in.v[i] = (srec){in.recs[i].s, in.recs[i].len, NULL, NULL};
      if (s.nkeys) key_bounds(&s, &in.v[i], &s.keys[0], &in.v[i].kb, &in.v[i].ke);
    }
  }
  if (!status && checking) {
    status = check(c, &s, &in, files[0], checking == 2);
  } else if (!status) {
    srec *v = in.v, *out = NULL;
    size_t n = in.n;
    if (merge && nfiles > 1) {
      /* -m: take the least of the files' next lines, the first file's on a tie */
      out = malloc((n ? n : 1) * sizeof *out);
      size_t *at = calloc((size_t)nfiles, sizeof *at);
      for (int i = 0; at && i < nfiles; i++) at[i] = i ? in.file_end[i - 1] : 0;
      for (size_t o = 0; out && at && o < n; o++) {
        int best = -1;
        for (int i = 0; i < nfiles; i++)
          if (at[i] < in.file_end[i] && (best < 0 || compare(&s, &v[at[i]], &v[at[best]]) < 0)) best = i;
        out[o] = v[at[best]++];
      }
      free(at);
      v = out;
    } else if (!merge) {
      srec *tmp = malloc((n / 2 + 1) * sizeof *tmp);
      if (!tmp) {
        cmd_error(c, "memory exhausted");
        status = 2;
      } else {
        merge_sort(&s, v, tmp, n);
        free(tmp);
      }
    }
    int ofd = -1;
    if (!status && output && strcmp(output, "-")) {
      ofd = acs_sys_open(output, O_WRONLY | O_CREAT | O_TRUNC, 0666);
      if (ofd < 0) {
        cmd_error(c, "open failed: %s: %s", cmd_quotef(output, q, sizeof q), cmd_strerror(ofd));
        status = 2;
      }
    }
    if (ofd >= 0) {
      /* -o FILE, opened after all input is read (it may be an input),
      ** becomes stdout */
      cmd_flush(c);
      acs_sys_dup2(ofd, 1);
      acs_sys_close(ofd);
      ofd = -1;
    }
    for (size_t i = 0; !status && v && i < n && !cmd_out_error(c); i++) {
      if (s.unique && i && compare(&s, &v[i - 1], &v[i]) == 0) continue;
      cmd_out(c, v[i].s, v[i].len);
      cmd_putc(c, delim);
    }
    if (ofd >= 0) acs_sys_close(ofd);
    free(out);
  }
  for (size_t i = 0; i < in.nbufs; i++) free(in.bufs[i]);
  free(in.bufs);
  free(in.recs);
  free(in.v);
  free(in.file_end);
  free(fnames);
  free(fdata);
  return status;
}
