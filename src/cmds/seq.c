/* seq.c - print a sequence of numbers.
**
** Usage: seq [OPTION]... LAST
**   or:  seq [OPTION]... FIRST LAST
**   or:  seq [OPTION]... FIRST INCREMENT LAST
** Print numbers from FIRST to LAST, in steps of INCREMENT.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -f, --format=FORMAT      use printf style floating-point FORMAT
**   -s, --separator=STRING   use STRING to separate numbers (default: \n)
**   -w, --equal-width        equalize width by padding with leading zeroes
**       --help        display this help and exit
**       --version     output version information and exit
**
** If FIRST or INCREMENT is omitted, it defaults to 1.  That is, an
** omitted INCREMENT defaults to 1 even when LAST is smaller than FIRST.
** The sequence of numbers ends when the sum of the current number and
** INCREMENT would become greater than LAST.
** FIRST, INCREMENT, and LAST are interpreted as floating point values.
** INCREMENT is usually positive if FIRST is smaller than LAST, and
** INCREMENT is usually negative if FIRST is greater than LAST.
** INCREMENT must not be 0; none of FIRST, INCREMENT and LAST may be NaN.
** FORMAT must be suitable for printing one argument of type 'double';
** it defaults to %.PRECf if FIRST, INCREMENT, and LAST are all fixed point
** decimal numbers with maximum precision PREC, and to %g otherwise.
*/

/* GNU coreutils' seq: numbers are long doubles; the default format's
** precision and (for -w) width come from how the operands are written, as
** GNU's scan_arg works them out; each value is FIRST + i * INCREMENT, and
** one more is printed when it prints as LAST (GNU's guard against
** rounding). Options stop at an operand that looks like a negative
** number, and at the first operand. */
#include "cmd.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct operand {
  long double value;
  size_t width;
  int precision;
} operand;

static bool scan(acs_cmd *c, const char *arg, operand *r)
{
  char q[1024];
  char *end;
  r->value = strtold(arg, &end);
  if (end == arg || *end) {
    cmd_usage_error(c, "invalid floating point argument: %s", cmd_quote(arg, q, sizeof q));
    return false;
  }
  if (isnan(r->value)) {
    cmd_usage_error(c, "invalid 'not-a-number' argument: %s", cmd_quote(arg, q, sizeof q));
    return false;
  }
  while (isspace((unsigned char)*arg) || *arg == '+') arg++;
  r->width = 0;
  r->precision = INT_MAX;
  const char *dp = strchr(arg, '.');
  if (!dp && !strchr(arg, 'p')) r->precision = 0;
  if (!arg[strcspn(arg, "xX")] && isfinite(r->value)) {
    size_t frac = 0;
    long w = (long)strlen(arg);
    if (dp) {
      frac = strcspn(dp + 1, "eE");
      if (frac <= INT_MAX) r->precision = (int)frac;
      w += frac == 0 ? -1 : (dp == arg || !isdigit((unsigned char)dp[-1]));
    }
    const char *e = strchr(arg, 'e');
    if (!e) e = strchr(arg, 'E');
    if (e) {
      long ex = strtol(e + 1, NULL, 10);
      if (ex < -LONG_MAX) ex = -LONG_MAX;
      r->precision += ex < 0 ? (int)-ex : -(int)(r->precision < ex ? r->precision : ex);
      w -= (long)(strlen(arg) - (size_t)(e - arg));
      if (ex < 0) {
        if (dp) {
          if (e == dp + 1) w++;
        } else {
          w++;
        }
        ex = -ex;
      } else {
        if (dp && r->precision == 0 && frac) w--;
        ex = -(r->precision < ex ? r->precision : ex);
      }
      w += ex;
    }
    r->width = w > 0 ? (size_t)w : 0;
  }
  return true;
}

/* FORMAT with an L before its one floating conversion, into out */
static bool long_format(acs_cmd *c, const char *fmt, char *out, size_t size)
{
  char q[1024];
  size_t i = 0, o = 0, n = strlen(fmt);
  bool found = false;
  if (n + 2 > size) {
    cmd_error(c, "format %s is too long", cmd_quote(fmt, q, sizeof q));
    return false;
  }
  while (i < n) {
    if (fmt[i] != '%') {
      out[o++] = fmt[i++];
      continue;
    }
    if (fmt[i + 1] == '%') {
      out[o++] = '%';
      out[o++] = '%';
      i += 2;
      continue;
    }
    if (found) {
      cmd_error(c, "format %s has too many %% directives", cmd_quote(fmt, q, sizeof q));
      return false;
    }
    found = true;
    out[o++] = fmt[i++];
    while (i < n && strchr("-+ #0'", fmt[i])) out[o++] = fmt[i++];
    while (i < n && isdigit((unsigned char)fmt[i])) out[o++] = fmt[i++];
    if (i < n && fmt[i] == '.') {
      out[o++] = fmt[i++];
      while (i < n && isdigit((unsigned char)fmt[i])) out[o++] = fmt[i++];
    }
    if (i >= n) {
      cmd_error(c, "format %s ends in %%", cmd_quote(fmt, q, sizeof q));
      return false;
    }
    if (!strchr("aAeEfFgG", fmt[i])) {
      cmd_error(c, "format %s has unknown %%%c directive", cmd_quote(fmt, q, sizeof q), fmt[i]);
      return false;
    }
    out[o++] = 'L';
    out[o++] = fmt[i++];
  }
  out[o] = 0;
  if (!found) {
    cmd_error(c, "format %s has no %% directive", cmd_quote(fmt, q, sizeof q));
    return false;
  }
  return true;
}

static bool all_digits(const char *s) { return isdigit((unsigned char)*s) && !s[strspn(s, "0123456789")]; }

/* a <= b for digit strings without leading zeros */
static int dcmp(const char *a, size_t na, const char *b, size_t nb)
{
  if (na != nb) return na < nb ? -1 : 1;
  return memcmp(a, b, na);
}

/* GNU's seq_fast: integers of any length as digit strings */
static int seq_fast(acs_cmd *c, const char *a, const char *b, unsigned step, const char *sep)
{
  while (a[0] == '0' && a[1]) a++;
  while (b[0] == '0' && b[1]) b++;
  size_t na = strlen(a), nb = strlen(b), cap = (na > nb ? na : nb) + 2;
  char *cur = malloc(cap + 1);
  if (!cur) return 1;
  /* the number is kept right-aligned in cur: digits at cur[off..cap) */
  size_t off = cap - na;
  memcpy(cur + off, a, na);
  cur[cap] = 0;
  bool first = true;
  while (dcmp(cur + off, cap - off, b, nb) <= 0) {
    if (!first) cmd_puts(c, sep);
    first = false;
    cmd_out(c, cur + off, cap - off);
    if (cmd_out_error(c)) break;
    unsigned carry = step;
    for (size_t i = cap; carry && i-- > off;) {
      unsigned d = (unsigned)(cur[i] - '0') + carry;
      cur[i] = (char)('0' + d % 10);
      carry = d / 10;
    }
    while (carry) {
      if (off == 0) break; /* cannot happen: cap leaves room past b */
      cur[--off] = (char)('0' + carry % 10);
      carry /= 10;
    }
    if (cap - off > nb) break;
  }
  if (!first) cmd_puts(c, "\n");
  free(cur);
  return 0;
}

static bool negative_number(const char *a)
{
  return a[0] == '-' && (a[1] == '.' || isdigit((unsigned char)a[1]));
}

int acs__cmd_seq(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"format", 'f', CMD_ARG}, {"separator", 's', CMD_ARG},
                                  {"equal-width", 'w', CMD_NOARG}, {0}};
  const char *format = NULL, *sep = "\n";
  bool equal = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "+f:s:w", longs);
  int opt;
  char **ops;
  int nops;
  for (;;) {
    if (!g.cluster && !g.done && g.i < argc && negative_number(argv[g.i])) {
      ops = argv + g.i;
      nops = argc - g.i;
      break;
    }
    opt = cmd_getopt_next(c, &g);
    if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
    if (opt == 0) {
      ops = cmd_operands(&g);
      nops = g.nops;
      break;
    }
    if (opt == 'f') format = g.arg;
    else if (opt == 's') sep = g.arg;
    else if (opt == 'w') equal = true;
  }
  char q[1024];
  if (nops < 1) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  if (nops > 3) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(ops[3], q, sizeof q));
    return 1;
  }
  char fmt[1024];
  if (format && !long_format(c, format, fmt, sizeof fmt)) return 1;
  /* GNU's fast path: integer operands, a small positive integer step */
  if (all_digits(ops[0]) && (nops == 1 || all_digits(ops[1])) && (nops < 3 || all_digits(ops[2])) && !equal &&
      !format && strlen(sep) == 1) {
    unsigned step_v = 1;
    bool ok = true;
    if (nops == 3) {
      long double sv = strtold(ops[1], NULL);
      ok = sv > 0 && sv <= 200;
      step_v = ok ? (unsigned)sv : 1;
    }
    if (ok) return seq_fast(c, nops == 1 ? "1" : ops[0], ops[nops - 1], step_v, sep);
  }
  operand first = {1, 1, 0}, step = {1, 1, 0}, last;
  if (!scan(c, ops[nops - 1], &last)) return 1;
  if (nops >= 2 && !scan(c, ops[0], &first)) return 1;
  if (nops == 3) {
    if (!scan(c, ops[1], &step)) return 1;
    if (step.value == 0) {
      cmd_usage_error(c, "invalid Zero increment value: %s", cmd_quote(ops[1], q, sizeof q));
      return 1;
    }
  }
  if (format && equal) {
    cmd_usage_error(c, "format string may not be specified when printing equal width strings");
    return 1;
  }
  if (!format) {
    int prec = first.precision > step.precision ? first.precision : step.precision;
    if (prec != INT_MAX && last.precision != INT_MAX) {
      if (equal) {
        size_t fw = first.width + (size_t)(prec - first.precision);
        size_t lw = last.width + (size_t)(prec - last.precision);
        if (last.precision && prec == 0) lw--;
        if (last.precision == 0 && prec) lw++;
        if (first.precision == 0 && prec) fw++;
        snprintf(fmt, sizeof fmt, "%%0%zu.%dLf", fw > lw ? fw : lw, prec);
      } else {
        snprintf(fmt, sizeof fmt, "%%.%dLf", prec);
      }
    } else {
      strcpy(fmt, "%Lg");
    }
  }
  long double x = first.value, lastv = last.value, st = step.value;
  bool out_of_range = st < 0 ? x < lastv : lastv < x;
  if (out_of_range) return 0;
  char cur[512], nxt[512];
  for (long double i = 1;; i++) {
    snprintf(cur, sizeof cur, fmt, x);
    cmd_puts(c, cur);
    if (cmd_out_error(c)) return 1;
    if (out_of_range) break; /* that was the extra one */
    long double x0 = x;
    x = first.value + i * st;
    out_of_range = st < 0 ? x < lastv : lastv < x;
    if (out_of_range) {
      /* print one more when it prints as LAST and differs from the last one */
      bool extra = false;
      snprintf(nxt, sizeof nxt, fmt, x);
      char *e;
      long double xv = strtold(nxt, &e);
      if (e != nxt && xv == lastv) {
        snprintf(cur, sizeof cur, fmt, x0);
        extra = strcmp(cur, nxt) != 0;
      }
      if (!extra) break;
    }
    cmd_puts(c, sep);
  }
  cmd_puts(c, "\n");
  return 0;
}
