/* printf.c - format and print data.
**
** Usage: printf FORMAT [ARGUMENT]...
**   or:  printf OPTION
** Print ARGUMENT(s) according to FORMAT, or execute according to OPTION:
**
**       --help        display this help and exit
**       --version     output version information and exit
**
** FORMAT controls the output as in C printf.  Interpreted sequences are:
**
**   \"      double quote
**   \\      backslash
**   \a      alert (BEL)
**   \b      backspace
**   \c      produce no further output
**   \e      escape
**   \f      form feed
**   \n      new line
**   \r      carriage return
**   \t      horizontal tab
**   \v      vertical tab
**   \NNN    byte with octal value NNN (1 to 3 digits)
**   \xHH    byte with hexadecimal value HH (1 to 2 digits)
**   \uHHHH  Unicode (ISO/IEC 10646) character with hex value HHHH (4 digits)
**   \UHHHHHHHH  Unicode character with hex value HHHHHHHH (8 digits)
**   %%      a single %
**   %b      ARGUMENT as a string with '\' escapes interpreted,
**           except that octal escapes are of the form \0 or \0NNN
**   %q      ARGUMENT is printed in a format that can be reused as shell input,
**           escaping non-printable characters with the proposed POSIX $'' syntax.
**
** and all C format specifications ending with one of diouxXfeEgGcs, with
** ARGUMENTs converted to proper type first.  Variable widths are handled.
*/

/* GNU coreutils' printf as a program (the shells' builtins differ in
** their messages). The format is reused while arguments remain; a
** numeric argument may be 'c (the code of c), and one that is not all a
** number is reported as GNU words it and still printed as far as it
** converted, with exit status 1. \u and \U print UTF-8 (the box has no
** other charset), and a code GNU calls invalid is an error. */
#include "cmd.h"
#include "lib_text.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pf {
  acs_cmd *c;
  char **args;
  int nargs, next;
  int status;
  bool stop;
} pf;

static const char *take(pf *p) { return p->next < p->nargs ? p->args[p->next++] : NULL; }

static int hexv(int ch)
{
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

static void utf8(acs_cmd *c, unsigned long u)
{
  char b[4];
  if (u < 0x80) {
    cmd_putc(c, (int)u);
    return;
  }
  if (u < 0x800) {
    b[0] = (char)(0xC0 | (u >> 6));
    b[1] = (char)(0x80 | (u & 63));
    cmd_out(c, b, 2);
  } else if (u < 0x10000) {
    b[0] = (char)(0xE0 | (u >> 12));
    b[1] = (char)(0x80 | ((u >> 6) & 63));
    b[2] = (char)(0x80 | (u & 63));
    cmd_out(c, b, 3);
  } else {
    b[0] = (char)(0xF0 | (u >> 18));
    b[1] = (char)(0x80 | ((u >> 12) & 63));
    b[2] = (char)(0x80 | ((u >> 6) & 63));
    b[3] = (char)(0x80 | (u & 63));
    cmd_out(c, b, 4);
  }
}

/* one escape at s (after the backslash); returns the characters used, or
** -1 after a fatal error. in_b: %b's rules (\0NNN, \c ends everything). */
static int escape(pf *p, const char *s, bool in_b)
{
  acs_cmd *c = p->c;
  const char *start = s;
  char ch = *s;
  static const char simple[] = "\"\\abefnrtv", values[] = "\"\\\a\b\033\f\n\r\t\v";
  const char *k = ch ? strchr(simple, ch) : NULL;
  if (k) {
    cmd_putc(c, values[k - simple]);
    return 1;
  }
  if (ch == 'c') {
    p->stop = true;
    return 1;
  }
  if (ch == 'x') {
    int v = 0, n = 0;
    for (s++; n < 2 && hexv((unsigned char)*s) >= 0; s++, n++) v = v * 16 + hexv((unsigned char)*s);
    if (!n) {
      cmd_error(c, "missing hexadecimal number in escape");
      p->status = 1;
      return -1;
    }
    cmd_putc(c, v);
    return (int)(s - start);
  }
  if ((ch >= '0' && ch <= '7')) {
    int v = 0, n = 0, most = 3;
    if (in_b && ch == '0') s++; /* %b: \0NNN */
    else if (!in_b) most = 3;
    for (; n < most && *s >= '0' && *s <= '7'; s++, n++) v = v * 8 + (*s - '0');
    cmd_putc(c, v & 255);
    return (int)(s - start);
  }
  if (ch == 'u' || ch == 'U') {
    int want = ch == 'u' ? 4 : 8;
    unsigned long u = 0;
    s++;
    for (int n = 0; n < want; n++, s++) {
      if (hexv((unsigned char)*s) < 0) {
        cmd_error(c, "missing hexadecimal number in escape");
        p->status = 1;
        return -1;
      }
      u = u * 16 + (unsigned long)hexv((unsigned char)*s);
    }
    if ((u < 0xA0 && u != 0x24 && u != 0x40 && u != 0x60) || (u >= 0xD800 && u <= 0xDFFF) || u > 0x10FFFF) {
      cmd_error(c, "invalid universal character name \\%c%0*lX", ch, want, u);
      p->status = 1;
      return -1;
    }
    if (text_utf8_locale()) utf8(c, u);
    else cmd_printf(c, "\\%c%0*lX", ch, want, u); /* GNU, when the charset lacks it */
    return (int)(s - start);
  }
  cmd_putc(c, '\\');
  if (ch) {
    cmd_putc(c, ch);
    return 1;
  }
  return 0;
}

static void bad_number(pf *p, const char *arg, const char *end)
{
  char q[1024];
  if (end == arg) cmd_error(p->c, "%s: expected a numeric value", cmd_quote(arg, q, sizeof q));
  else if (errno == ERANGE) cmd_error(p->c, "%s: %s", cmd_quote(arg, q, sizeof q), cmd_strerror(ERANGE));
  else cmd_error(p->c, "%s: value not completely converted", cmd_quote(arg, q, sizeof q));
  p->status = 1;
}

/* 'c and "c: the code of c, with GNU's warning for more after it */
static bool char_const(pf *p, const char *a, uintmax_t *v)
{
  if (a[0] != '\'' && a[0] != '"') return false;
  *v = (unsigned char)a[1];
  if (a[1] && a[2]) {
    cmd_error(p->c, "warning: %s: character(s) following character constant have been ignored", a + 2);
  }
  return true;
}

static intmax_t to_imax(pf *p, const char *a)
{
  if (!a || !*a) return 0;
  uintmax_t cv;
  if (char_const(p, a, &cv)) return (intmax_t)cv;
  char *end;
  errno = 0;
  intmax_t v = strtoimax(a, &end, 0);
  if (end == a || *end || errno) bad_number(p, a, end);
  return v;
}

static uintmax_t to_umax(pf *p, const char *a)
{
  if (!a || !*a) return 0;
  uintmax_t cv;
  if (char_const(p, a, &cv)) return cv;
  char *end;
  errno = 0;
  uintmax_t v = strtoumax(a, &end, 0);
  if (end == a || *end || errno) bad_number(p, a, end);
  return v;
}

static long double to_ld(pf *p, const char *a)
{
  if (!a || !*a) return 0;
  uintmax_t cv;
  if (char_const(p, a, &cv)) return (long double)cv;
  char *end;
  errno = 0;
  long double v = strtold(a, &end);
  if (end == a || *end || errno) bad_number(p, a, end);
  return v;
}

/* the length of a valid UTF-8 sequence of two or more bytes at s, or 0 */
static size_t u8seq(const unsigned char *s)
{
  size_t k = (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
  if (k == 2 && s[0] < 0xC2) return 0;
  for (size_t i = 1; i < k; i++)
    if ((s[i] & 0xC0) != 0x80) return 0;
  return k;
}

/* does %q need quotes for s (shell_escape style: only when it must); in
** a UTF-8 locale a valid multibyte character is printable */
static bool needs_quotes(const char *s)
{
  if (!*s) return true;
  if (*s == '#' || *s == '~') return true;
  if ((*s == '{' || *s == '}') && !s[1]) return true;
  bool utf8 = text_utf8_locale();
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    size_t k = utf8 && ch >= 0x80 ? u8seq((const unsigned char *)s) : 0;
    if (k) {
      s += k - 1;
      continue;
    }
    if (!isprint(ch) || strchr(" !\"$&'()*;<=>?[\\^`|", ch)) return true;
  }
  return false;
}

static void quoted(acs_cmd *c, const char *s)
{
  if (!needs_quotes(s)) {
    cmd_puts(c, s);
    return;
  }
  size_t size = strlen(s) * 8 + 16;
  char *buf = malloc(size);
  if (!buf) return;
  cmd_puts(c, cmd_quote(s, buf, size));
  free(buf);
}

/* %b's argument */
static void print_b(pf *p, const char *s)
{
  while (*s && !p->stop) {
    if (*s != '\\') {
      cmd_putc(p->c, *s++);
      continue;
    }
    int n = escape(p, s + 1, true);
    if (n < 0) {
      p->stop = true;
      return;
    }
    s += 1 + n;
  }
}

/* one pass over the format; false when a fatal error stopped it */
static bool pass(pf *p, const char *f)
{
  acs_cmd *c = p->c;
  while (*f && !p->stop) {
    if (*f == '\\') {
      int n = escape(p, f + 1, false);
      if (n < 0) return false;
      f += 1 + n;
      continue;
    }
    if (*f != '%') {
      cmd_putc(c, *f++);
      continue;
    }
    const char *spec = f++;
    if (*f == '%') {
      cmd_putc(c, '%');
      f++;
      continue;
    }
    char cv[64];
    size_t n = 0;
    cv[n++] = '%';
    while (*f && strchr("-+ #0'", *f)) {
      if (n < 40) cv[n++] = *f;
      f++;
    }
    int width = 0, prec = -1;
    bool has_width = false, has_prec = false;
    if (*f == '*') {
      f++;
      const char *a = take(p);
      intmax_t w = to_imax(p, a);
      if (w < -2147483647 || w > 2147483647) {
        char q[1024];
        cmd_error(c, "invalid field width: %s", cmd_quote(a, q, sizeof q));
        p->status = 1;
        return false;
      }
      width = (int)w;
      has_width = true;
    } else {
      while (isdigit((unsigned char)*f)) {
        if (n < 40) cv[n++] = *f;
        f++;
      }
    }
    if (*f == '.') {
      f++;
      has_prec = true;
      if (*f == '*') {
        f++;
        const char *a = take(p);
        intmax_t pr = to_imax(p, a);
        if (pr > 2147483647) {
          char q[1024];
          cmd_error(c, "invalid precision: %s", cmd_quote(a, q, sizeof q));
          p->status = 1;
          return false;
        }
        prec = pr < 0 ? -1 : (int)pr;
        if (pr < 0) has_prec = false;
      } else {
        prec = 0;
        for (; isdigit((unsigned char)*f); f++)
          if (prec < 100000000) prec = prec * 10 + (*f - '0');
      }
    }
    while (*f && strchr("hlLjzt", *f)) f++;
    char conv = *f;
    if (!conv || !strchr("diouxXfFeEgGaAcsbq", conv)) {
      int len = conv ? (int)(f - spec) + 1 : (int)(f - spec);
      char q[256];
      snprintf(q, sizeof q, "%.*s", len, spec);
      cmd_error(c, "%s: invalid conversion specification", q);
      p->status = 1;
      return false;
    }
    f++;
    if (has_width) n += (size_t)snprintf(cv + n, sizeof cv - n, "*");
    if (has_prec) n += (size_t)snprintf(cv + n, sizeof cv - n, ".*");
    const char *a;
    switch (conv) {
    case 'b':
      print_b(p, (a = take(p)) ? a : "");
      break;
    case 'q':
      quoted(c, (a = take(p)) ? a : "");
      break;
    case 'c':
    case 's': {
      a = take(p);
      if (!a) a = "";
      cv[n++] = conv;
      cv[n] = 0;
      if (conv == 'c' && !a[0]) {
        /* a NUL character: printf's %c prints it, a C string cannot hold it */
        int w = has_width ? width : atoi(cv + 1 + strspn(cv + 1, "-+ #0'"));
        bool left = strchr(cv, '-') != NULL || w < 0;
        if (w < 0) w = -w;
        if (!left)
          for (int k = 1; k < w; k++) cmd_putc(c, ' ');
        cmd_putc(c, 0);
        if (left)
          for (int k = 1; k < w; k++) cmd_putc(c, ' ');
        break;
      }
      if (conv == 'c') {
        int ch = (unsigned char)a[0];
        if (has_width) cmd_printf(c, cv, width, ch);
        else cmd_printf(c, cv, ch);
      } else if (has_width && has_prec) {
        cmd_printf(c, cv, width, prec, a);
      } else if (has_width) {
        cmd_printf(c, cv, width, a);
      } else if (has_prec) {
        cmd_printf(c, cv, prec, a);
      } else {
        cmd_printf(c, cv, a);
      }
      break;
    }
    case 'd':
    case 'i': {
      intmax_t v = to_imax(p, take(p));
      n += (size_t)snprintf(cv + n, sizeof cv - n, "j%c", conv);
      if (has_width && has_prec) cmd_printf(c, cv, width, prec, v);
      else if (has_width) cmd_printf(c, cv, width, v);
      else if (has_prec) cmd_printf(c, cv, prec, v);
      else cmd_printf(c, cv, v);
      break;
    }
    case 'o':
    case 'u':
    case 'x':
    case 'X': {
      uintmax_t v = to_umax(p, take(p));
      n += (size_t)snprintf(cv + n, sizeof cv - n, "j%c", conv);
      if (has_width && has_prec) cmd_printf(c, cv, width, prec, v);
      else if (has_width) cmd_printf(c, cv, width, v);
      else if (has_prec) cmd_printf(c, cv, prec, v);
      else cmd_printf(c, cv, v);
      break;
    }
    default: {
      long double v = to_ld(p, take(p));
      n += (size_t)snprintf(cv + n, sizeof cv - n, "L%c", conv);
      if (has_width && has_prec) cmd_printf(c, cv, width, prec, v);
      else if (has_width) cmd_printf(c, cv, width, v);
      else if (has_prec) cmd_printf(c, cv, prec, v);
      else cmd_printf(c, cv, v);
      break;
    }
    }
  }
  return true;
}

int acs__cmd_printf(acs_cmd *c, int argc, char **argv)
{
  int st;
  if (argc == 2 && cmd_help_version(c, argv[1], &st)) return st;
  char **args = argv + 1;
  int n = argc - 1;
  if (n > 0 && !strcmp(args[0], "--")) {
    args++;
    n--;
  }
  if (n < 1) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  pf p = {.c = c, .args = args + 1, .nargs = n - 1};
  const char *fmt = args[0];
  for (;;) {
    int before = p.next;
    if (!pass(&p, fmt)) return 1;
    if (p.stop || cmd_out_error(c)) break;
    if (p.next >= p.nargs || p.next == before) break;
  }
  if (!p.stop && p.next == 0 && p.nargs > 0) {
    char q[1024];
    cmd_error(c, "warning: ignoring excess arguments, starting with %s", cmd_quote(p.args[0], q, sizeof q));
  }
  return p.status;
}
