/* numfmt.c - convert numbers to and from human-readable strings.
**
** Usage: numfmt [OPTION]... [NUMBER]...
** Reformat NUMBER(s), or the numbers from standard input if none are specified.
**
** Mandatory arguments to long options are mandatory for short options too.
**       --debug          print warnings about invalid input (ignored)
**   -d, --delimiter=X    use X instead of whitespace for field delimiter
**       --field=FIELDS   replace the numbers in these input fields (default=1)
**                          see FIELDS below
**       --format=FORMAT  use printf style floating-point FORMAT;
**                          see FORMAT below for details
**       --from=UNIT      auto-scale input numbers to UNITs; default is 'none';
**                          see UNIT below
**       --from-unit=N    specify the input unit size (instead of the default 1)
**       --grouping       use locale-defined grouping of digits, e.g. 1,000,000
**                          (which means it has no effect in the C/POSIX locale)
**       --header[=N]     print (without converting) the first N header lines;
**                          N defaults to 1 if not specified
**       --invalid=MODE   failure mode for invalid numbers: MODE can be:
**                          abort (default), fail, warn, ignore
**       --padding=N      pad the output to N characters; positive N will
**                          right-align; negative N will left-align;
**                          padding is ignored if the output is wider than N;
**                          the default is to automatically pad if a whitespace
**                          is found
**       --round=METHOD   use METHOD for rounding when scaling; METHOD can be:
**                          up, down, from-zero (default), towards-zero, nearest
**       --suffix=SUFFIX  add SUFFIX to output numbers, and accept optional
**                          SUFFIX in input numbers
**       --to=UNIT        auto-scale output numbers to UNITs; see UNIT below
**       --to-unit=N      the output unit size (instead of the default 1)
**   -z, --zero-terminated    line delimiter is NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
**
** UNIT options:
**   none       no auto-scaling is done; suffixes will trigger an error
**   auto       accept optional single/two letter suffix:
**                1K = 1000,
**                1Ki = 1024,
**                1M = 1000000,
**                1Mi = 1048576,
**   si         accept optional single letter suffix:
**                1K = 1000,
**                1M = 1000000,
**                ...
**   iec        accept optional single letter suffix:
**                1K = 1024,
**                1M = 1048576,
**                ...
**   iec-i      accept optional two-letter suffix:
**                1Ki = 1024,
**                1Mi = 1048576,
**                ...
**
** FIELDS supports cut(1) style field ranges:
**   N    N'th field, counted from 1
**   N-   from N'th field, to end of line
**   N-M  from N'th to M'th field (inclusive)
**   -M   from first to M'th field (inclusive)
**   -    all fields
** Multiple fields/ranges can be separated with commas
**
** FORMAT must be suitable for printing one floating-point argument '%f'.
** Optional quote (%'f) will enable --grouping (if supported by current locale).
** Optional width value (%10f) will pad output. Optional zero (%010f) width
** will zero pad the number. Optional negative values (%-10f) will left align.
** Optional precision (%.1f) will override the input determined precision.
**
** Exit status is 0 if all input numbers were successfully converted.
** By default, numfmt will stop at the first conversion error with exit status 2.
** With --invalid='fail' a warning is printed for each conversion error
** and the exit status is 2.  With --invalid='warn' each conversion error is
** diagnosed, but the exit status is 0.  With --invalid='ignore' conversion
** errors are not diagnosed and the exit status is 0.
*/

/* GNU coreutils 9.1's numfmt: its field splitting (a field keeps the
** blanks before it, and each separator prints as one space), its number
** reader (digits, an optional fraction whose length is the output's
** precision, one suffix letter, 'i' for auto and iec-i), its rounding of
** the scaled value (one decimal below 10) before printing with %Lf, the
** automatic padding to a field's own width, and its messages and statuses
** (2 for a conversion error; the C locale, so --grouping does nothing). */
#include "cmd.h"
#include "lib_cquote.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { S_NONE, S_AUTO, S_SI, S_IEC, S_IECI };
enum { R_UP, R_DOWN, R_FROM_ZERO, R_TO_ZERO, R_NEAREST };
enum { I_ABORT, I_FAIL, I_WARN, I_IGNORE };

typedef struct range {
  uint64_t lo, hi;
} range;

typedef struct nf {
  acs_cmd *c;
  int from, to, round, invalid;
  long double from_unit, to_unit;
  const char *suffix;
  size_t padding;
  bool left, auto_pad, grouping;
  int zero_pad;
  long user_precision;
  char *prefix_fmt, *suffix_fmt;
  char delim; /* 0: white space */
  char eol;
  range *fields;
  size_t nfields;
  bool all_fields;
  bool failed; /* a conversion error (status 2) */
  bool stop;   /* --invalid=abort met one */
} nf;

static long double powerld(long double base, unsigned x)
{
  long double r = 1;
  while (x--) r *= base;
  return r;
}

static long double round_val(long double v, int how)
{
  intmax_t mul = (intmax_t)(v / (long double)INTMAX_MAX);
  v -= (long double)INTMAX_MAX * (long double)mul;
  intmax_t r;
  intmax_t t = (intmax_t)v;
  switch (how) {
  case R_UP: r = t < v ? t + 1 : t; break;
  case R_DOWN: r = t > v ? t - 1 : t; break;
  case R_FROM_ZERO: r = v < 0 ? (t > v ? t - 1 : t) : (t < v ? t + 1 : t); break;
  case R_TO_ZERO: r = t; break;
  default: r = (intmax_t)(v < 0 ? v - 0.5L : v + 0.5L); break;
  }
  return (long double)INTMAX_MAX * (long double)mul + (long double)r;
}

static bool field_wanted(const nf *n, uint64_t f)
{
  if (n->all_fields) return true;
  for (size_t i = 0; i < n->nfields; i++)
    if (f >= n->fields[i].lo && f <= n->fields[i].hi) return true;
  return false;
}

/* The message for a conversion error, as --invalid asks. */
static void conv_error(nf *n, const char *fmt, const char *a, const char *b)
{
  n->failed = true;
  if (n->invalid == I_ABORT) n->stop = true;
  if (n->invalid == I_IGNORE) return;
  char qa[1024], qb[1024];
  cmd_error(n->c, fmt, cmd_quote_c(a, qa, sizeof qa), b ? cmd_quote_c(b, qb, sizeof qb) : "");
}

static int digits_of(const char **p, long double *v, int *count)
{
  int d = 0;
  long double x = 0;
  while (**p >= '0' && **p <= '9') {
    x = x * 10 + (**p - '0');
    (*p)++;
    d++;
  }
  *v = x;
  *count = d;
  return d;
}

/* Reads a number of field text s (blanks skipped); false on an error,
** already reported. */
static bool parse_number(nf *n, const char *s, long double *val, size_t *precision)
{
  const char *p = s;
  bool neg = *p == '-';
  if (neg) p++;
  long double v, frac;
  int d;
  if (!digits_of(&p, &v, &d) && *p != '.') { /* ".5" is a number */
    conv_error(n, "invalid number: %s", s, NULL);
    return false;
  }
  if (d > 27) {
    conv_error(n, "value too large to be converted: %s", s, NULL);
    return false;
  }
  *precision = 0;
  if (*p == '.') {
    p++;
    const char *f = p;
    if (*f == '-' || !digits_of(&p, &frac, &d)) {
      conv_error(n, "invalid number: %s", s, NULL);
      return false;
    }
    v += frac / powerld(10, (unsigned)d);
    *precision = (size_t)d;
  }
  if (neg) v = -v;
  int power = 0;
  long double base = n->from == S_IEC || n->from == S_IECI ? 1024 : 1000;
  while (*p == ' ' || *p == '\t') p++;
  if (*p) {
    static const char units[] = "KMGTPEZY";
    const char *u = strchr(units, *p);
    if (!u || !*p) {
      conv_error(n, "invalid suffix in input: %s", s, NULL);
      return false;
    }
    if (n->from == S_NONE) {
      conv_error(n, "rejecting suffix in input: %s (consider using --from)", s, NULL);
      return false;
    }
    power = (int)(u - units) + 1;
    p++;
    if (n->from == S_AUTO && *p == 'i') {
      base = 1024;
      p++;
    } else if (n->from == S_IECI) {
      if (*p != 'i') {
        conv_error(n, "missing 'i' suffix in input: %s (e.g Ki/Mi/Gi)", s, NULL);
        return false;
      }
      p++;
    }
    *precision = 0;
  }
  if (*p) {
    conv_error(n, "invalid suffix in input %s: %s", s, p);
    return false;
  }
  *val = v * powerld(base, (unsigned)power);
  return true;
}

/* The number as text (GNU's double_to_human), into buf. */
static void humanize(nf *n, long double val, size_t precision, char *buf, size_t size)
{
  char fmt[64];
  int k = snprintf(fmt, sizeof fmt, "%%%s", n->grouping ? "'" : "");
  if (n->zero_pad) k += snprintf(fmt + k, sizeof fmt - (size_t)k, "0%d", n->zero_pad);
  if (n->to == S_NONE) {
    long double scale = powerld(10, (unsigned)precision);
    val = round_val(val * scale, n->round) / scale;
    snprintf(fmt + k, sizeof fmt - (size_t)k, ".*Lf");
    snprintf(buf, size, fmt, (int)precision, val);
    return;
  }
  long double base = n->to == S_SI ? 1000 : 1024;
  unsigned power = 0;
  while (fabsl(val) >= base && power < 8) {
    val /= base;
    power++;
  }
  unsigned adjust = 0;
  if (n->user_precision >= 0) adjust = power * 3 < (unsigned long)n->user_precision ? power * 3 : (unsigned)n->user_precision;
  else if (fabsl(val) < 10) adjust = 1;
  long double scale = powerld(10, adjust);
  val = round_val(val * scale, n->round) / scale;
  if (fabsl(val) >= base) {
    val /= base;
    power++;
  }
  bool point = val != 0 && fabsl(val) < 10 && power > 0;
  int prec = n->user_precision >= 0 ? (int)n->user_precision : point;
  static const char *const units[] = {"", "K", "M", "G", "T", "P", "E", "Z", "Y"};
  snprintf(fmt + k, sizeof fmt - (size_t)k, ".*Lf%%s%%s");
  snprintf(buf, size, fmt, prec, val, units[power], n->to == S_IECI && power > 0 ? "i" : "");
}

/* One selected field: its text is printed converted, or as it was. */
static void field(nf *n, char *text, uint64_t f)
{
  if (!field_wanted(n, f)) {
    cmd_puts(n->c, text);
    return;
  }
  size_t tl = strlen(text);
  char *trimmed = NULL;
  if (n->suffix && tl > strlen(n->suffix) && !strcmp(text + tl - strlen(n->suffix), n->suffix)) {
    trimmed = text + tl - strlen(n->suffix);
    *trimmed = 0;
  }
  const char *p = text;
  while (*p == ' ' || *p == '\t') p++;
  size_t width = n->padding;
  if (n->auto_pad) width = p > text || f > 1 ? strlen(text) : 0;
  long double val;
  size_t precision;
  bool ok = parse_number(n, p, &val, &precision);
  if (ok) {
    val = val * n->from_unit / n->to_unit;
    size_t used = n->user_precision >= 0 ? (size_t)n->user_precision : precision;
    unsigned x = 0;
    for (long double t = fabsl(val); t >= 10 && x < 100; t /= 10) x++;
    if (n->to == S_NONE && x + used > 18) {
      char num[64];
      snprintf(num, sizeof num, "%Lg", val);
      char msg[160];
      if (used) snprintf(msg, sizeof msg, "value/precision too large to be printed: '%s/%zu' (consider using --to)", num, used);
      else snprintf(msg, sizeof msg, "value too large to be printed: '%s' (consider using --to)", num);
      n->failed = true;
      if (n->invalid == I_ABORT) n->stop = true;
      if (n->invalid != I_IGNORE) cmd_error(n->c, "%s", msg);
      ok = false;
    } else if (x > 26) {
      char num[64];
      snprintf(num, sizeof num, "%Lg", val);
      n->failed = true;
      if (n->invalid == I_ABORT) n->stop = true;
      if (n->invalid != I_IGNORE) cmd_error(n->c, "value too large to be printed: '%s' (cannot handle values > 999Y)", num);
      ok = false;
    }
  }
  if (trimmed && !ok) *trimmed = n->suffix[0];
  if (!ok) {
    if (!n->stop) cmd_puts(n->c, text);
    return;
  }
  char buf[256];
  humanize(n, val, n->user_precision >= 0 ? (size_t)n->user_precision : precision, buf, sizeof buf);
  if (n->suffix) strncat(buf, n->suffix, sizeof buf - strlen(buf) - 1);
  if (n->prefix_fmt) cmd_puts(n->c, n->prefix_fmt);
  size_t bl = strlen(buf);
  if (width > bl && !n->left) cmd_printf(n->c, "%*s", (int)(width - bl), "");
  cmd_puts(n->c, buf);
  if (width > bl && n->left) cmd_printf(n->c, "%*s", (int)(width - bl), "");
  if (n->suffix_fmt) cmd_puts(n->c, n->suffix_fmt);
}

static bool blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; }

static void line(nf *n, char *s, bool newline)
{
  uint64_t f = 0;
  for (;;) {
    f++;
    char *start = s, *end = s;
    if (n->delim) {
      while (*end && *end != n->delim) end++;
    } else {
      while (*end && blank(*end)) end++;
      while (*end && !blank(*end)) end++;
    }
    char sep = *end;
    *end = 0;
    field(n, start, f);
    if (n->stop) return;
    if (!sep) break;
    cmd_putc(n->c, n->delim ? n->delim : ' ');
    s = end + 1;
  }
  if (newline) cmd_putc(n->c, n->eol);
}

static bool parse_fields(nf *n, const char *spec)
{
  size_t cap = 8;
  n->fields = malloc(cap * sizeof *n->fields);
  if (!n->fields) return false;
  const char *p = spec;
  if (!strcmp(spec, "-")) {
    n->all_fields = true;
    return true;
  }
  for (;;) {
    range r = {1, UINT64_MAX};
    char *end;
    if (*p == '-') {
      r.hi = strtoull(p + 1, &end, 10);
      if (end == p + 1) goto bad;
      p = end;
    } else {
      if (*p < '0' || *p > '9') goto bad;
      r.lo = strtoull(p, &end, 10);
      p = end;
      if (*p == '-') {
        p++;
        if (*p >= '0' && *p <= '9') {
          r.hi = strtoull(p, &end, 10);
          p = end;
        }
      } else {
        r.hi = r.lo;
      }
    }
    if (r.lo == 0 || r.hi == 0) {
      cmd_usage_error(n->c, "fields are numbered from 1");
      return false;
    }
    if (r.lo > r.hi) {
      cmd_usage_error(n->c, "invalid decreasing range");
      return false;
    }
    if (n->nfields == cap) {
      cap *= 2;
      range *nr = realloc(n->fields, cap * sizeof *nr);
      if (!nr) return false;
      n->fields = nr;
    }
    n->fields[n->nfields++] = r;
    if (!*p) return true;
    if (*p != ',' && *p != ' ') goto bad;
    p++;
  }
bad: {
  char q[1024];
  cmd_usage_error(n->c, "invalid field value %s", cmd_quote(spec, q, sizeof q));
  return false;
}
}

static int pick(acs_cmd *c, const char *opt, const char *arg, const char *const *names, int count)
{
  for (int i = 0; i < count; i++)
    if (!strcmp(names[i], arg)) return i;
  char msg[1024];
  int k = snprintf(msg, sizeof msg, "%s: invalid argument '%s' for '%s'\nValid arguments are:\n", c->name, arg, opt);
  for (int i = 0; i < count && k < 900; i++) k += snprintf(msg + k, sizeof msg - (size_t)k, "  - '%s'\n", names[i]);
  k += snprintf(msg + k, sizeof msg - (size_t)k, "Try '%s --help' for more information.\n", c->name);
  cmd_flush(c);
  cmd_write_fd(2, msg, (size_t)k);
  return -1;
}

static bool parse_format(nf *n, const char *fmt)
{
  char q[1024];
  size_t i = 0, prefix_len = 0;
  while (!(fmt[i] == '%' && fmt[i + 1] != '%')) {
    if (!fmt[i]) {
      cmd_error(n->c, "format %s has no %% directive", cmd_quote(fmt, q, sizeof q));
      return false;
    }
    i += (fmt[i] == '%') + 1;
    prefix_len = i;
  }
  i++;
  for (;;) {
    size_t skip = strspn(fmt + i, " ");
    i += skip;
    if (fmt[i] == '\'') n->grouping = true, i++;
    else if (fmt[i] == '0') n->zero_pad = 1, i++;
    else if (!skip) break;
  }
  char *end;
  errno = 0;
  long pad = strtol(fmt + i, &end, 10);
  if (errno == ERANGE) {
    cmd_error(n->c, "invalid format %s (width overflow)", cmd_quote(fmt, q, sizeof q));
    return false;
  }
  if (end != fmt + i && pad) {
    if (pad < 0) n->left = true, n->padding = (size_t)-pad;
    else if (n->zero_pad) n->zero_pad = (int)pad;
    else n->padding = (size_t)pad;
  }
  i = (size_t)(end - fmt);
  if (!fmt[i]) {
    cmd_error(n->c, "format %s ends in %%", cmd_quote(fmt, q, sizeof q));
    return false;
  }
  if (fmt[i] == '.') {
    i++;
    errno = 0;
    long prec = strtol(fmt + i, &end, 10);
    if (errno == ERANGE || prec < 0 || fmt[i] == ' ' || fmt[i] == '\t' || fmt[i] == '+') {
      cmd_error(n->c, "invalid precision in format %s", cmd_quote(fmt, q, sizeof q));
      return false;
    }
    n->user_precision = prec;
    i = (size_t)(end - fmt);
  }
  if (fmt[i] != 'f') {
    cmd_error(n->c, "invalid format %s, directive must be %%[0]['][-][N][.][N]f", cmd_quote(fmt, q, sizeof q));
    return false;
  }
  i++;
  size_t suffix_pos = i;
  for (; fmt[i]; i += (fmt[i] == '%') + 1)
    if (fmt[i] == '%' && fmt[i + 1] != '%') {
      cmd_error(n->c, "format %s has too many %% directives", cmd_quote(fmt, q, sizeof q));
      return false;
    }
  if (prefix_len) { /* "%%" before the directive prints one % */
    n->prefix_fmt = strndup(fmt, prefix_len);
    char *o = n->prefix_fmt;
    for (const char *p = n->prefix_fmt; o && *p; p++) {
      *o++ = *p;
      if (*p == '%' && p[1] == '%') p++;
    }
    if (o) *o = 0;
  }
  if (fmt[suffix_pos]) n->suffix_fmt = strdup(fmt + suffix_pos);
  return true;
}

static bool parse_unit(acs_cmd *c, const char *arg, long double *out)
{
  uint64_t v;
  bool ok = arg[0] >= '0' && arg[0] <= '9';
  if (ok) {
    char *end;
    errno = 0;
    v = strtoull(arg, &end, 10);
    static const char units[] = "KMGTPEZY";
    uint64_t mult = 1;
    if (*end) {
      const char *u = strchr(units, *end);
      ok = u != NULL;
      if (ok) {
        uint64_t base = 1000;
        if (end[1] == 'i' && !end[2]) base = 1024;
        else if (end[1]) ok = false;
        if (!end[1]) base = 1000;
        for (long k = 0; k <= u - units; k++) mult *= base;
      }
    }
    ok = ok && !errno && v;
    *out = (long double)v * (long double)mult;
  }
  if (!ok) {
    char q[1024];
    cmd_error(c, "invalid unit size: %s", cmd_quote(arg, q, sizeof q));
  }
  return ok;
}

int acs__cmd_numfmt(acs_cmd *c, int argc, char **argv)
{
  enum { DEBUG = 256, FIELD, FORMAT, FROM, FROM_UNIT, GROUPING, HEADER, INVALID, PADDING, ROUND, SUFFIX, TO, TO_UNIT };
  static const cmd_opt longs[] = {
      {"debug", DEBUG, CMD_NOARG},   {"delimiter", 'd', CMD_ARG},   {"field", FIELD, CMD_ARG},
      {"format", FORMAT, CMD_ARG},   {"from", FROM, CMD_ARG},       {"from-unit", FROM_UNIT, CMD_ARG},
      {"grouping", GROUPING, CMD_NOARG}, {"header", HEADER, CMD_OPTARG}, {"invalid", INVALID, CMD_ARG},
      {"padding", PADDING, CMD_ARG}, {"round", ROUND, CMD_ARG},     {"suffix", SUFFIX, CMD_ARG},
      {"to", TO, CMD_ARG},           {"to-unit", TO_UNIT, CMD_ARG}, {"zero-terminated", 'z', CMD_NOARG},
      {0}};
  static const char *const from_names[] = {"none", "auto", "si", "iec", "iec-i"};
  static const char *const to_names[] = {"none", "si", "iec", "iec-i"};
  static const char *const round_names[] = {"up", "down", "from-zero", "towards-zero", "nearest"};
  static const char *const invalid_names[] = {"abort", "fail", "warn", "ignore"};
  nf n = {.c = c, .round = R_FROM_ZERO, .from_unit = 1, .to_unit = 1, .user_precision = -1, .eol = '\n'};
  uint64_t header = 0;
  const char *fields = "1";
  int rc = 1, v;
  char q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "d:z", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case DEBUG: break;
    case 'd':
      if (strlen(g.arg) > 1) {
        cmd_error(c, "the delimiter must be a single character");
        goto out;
      }
      n.delim = g.arg[0];
      break;
    case FIELD: fields = g.arg; break;
    case FORMAT:
      if (!parse_format(&n, g.arg)) goto out;
      break;
    case FROM:
      if ((v = pick(c, "--from", g.arg, from_names, 5)) < 0) goto out;
      n.from = v;
      break;
    case TO:
      if ((v = pick(c, "--to", g.arg, to_names, 4)) < 0) goto out;
      n.to = v == 0 ? S_NONE : v + 1;
      break;
    case ROUND:
      if ((v = pick(c, "--round", g.arg, round_names, 5)) < 0) goto out;
      n.round = v;
      break;
    case INVALID:
      if ((v = pick(c, "--invalid", g.arg, invalid_names, 4)) < 0) goto out;
      n.invalid = v;
      break;
    case FROM_UNIT:
      if (!parse_unit(c, g.arg, &n.from_unit)) goto out;
      break;
    case TO_UNIT:
      if (!parse_unit(c, g.arg, &n.to_unit)) goto out;
      break;
    case GROUPING: n.grouping = true; break;
    case HEADER:
      header = 1;
      if (g.arg) {
        char *end;
        errno = 0;
        unsigned long long h = strtoull(g.arg, &end, 10);
        if (*g.arg == '-' || *end || !*g.arg || !h || errno) {
          cmd_error(c, "invalid header value %s", cmd_quote(g.arg, q, sizeof q));
          goto out;
        }
        header = h;
      }
      break;
    case PADDING: {
      char *end;
      errno = 0;
      long p = strtol(g.arg, &end, 10);
      if (*end || !*g.arg || !p || errno) {
        cmd_error(c, "invalid padding value %s", cmd_quote(g.arg, q, sizeof q));
        goto out;
      }
      n.left = p < 0;
      n.padding = (size_t)(p < 0 ? -p : p);
      break;
    }
    case SUFFIX: n.suffix = g.arg; break;
    case 'z': n.eol = 0; break;
    }
  }
  if (opt < 0) {
    rc = opt == CMD_HELP_DONE ? 0 : 1;
    goto out;
  }
  if (!parse_fields(&n, fields)) goto out;
  if (n.grouping && n.to != S_NONE) {
    cmd_error(c, "grouping cannot be combined with --to");
    goto out;
  }
  n.auto_pad = !n.padding && !n.delim;
  rc = 0;
  if (g.nops) {
    if (header) cmd_error(c, "--header ignored with command-line input");
    for (int i = 0; i < g.nops && !n.stop; i++) line(&n, cmd_operands(&g)[i], true);
  } else {
    cmd_in *in = cmd_in_new();
    if (!in) {
      cmd_error(c, "memory exhausted");
      rc = 1;
      goto out;
    }
    cmd_in_fd(in, 0);
    char *l;
    ssize_t len;
    while (!n.stop && (len = cmd_getdelim(in, &l, n.eol)) > 0) {
      bool nl = l[len - 1] == n.eol;
      if (nl) l[--len] = 0;
      if (header) {
        header--;
        cmd_out(c, l, (size_t)len);
        if (nl) cmd_putc(c, n.eol);
        continue;
      }
      if (memchr(l, 0, (size_t)len) && n.eol) len = (ssize_t)strlen(l);
      line(&n, l, nl);
      if (cmd_out_error(c)) break;
    }
    cmd_in_free(in);
  }
  if (n.failed && (n.invalid == I_ABORT || n.invalid == I_FAIL)) rc = 2;
out:
  free(n.fields);
  free(n.prefix_fmt);
  free(n.suffix_fmt);
  return rc;
}
