/* printf.c - bash's printf builtin: the format reused until the
** arguments are used up, flags, widths and precisions (also `*`), the
** conversions d i u o x X c s b q e E f F g G and %%, escapes in the
** format, 'c for a character's code, and -v VAR. */
#include "sh.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct pf {
  sbuf out;
  char **args;
  int nargs, next;
  bool err;
  bool stop; /* \c in %b */
} pf;

static const char *arg(pf *p)
{
  return p->next < p->nargs ? p->args[p->next++] : NULL;
}

static long long num_arg(pf *p, const char *a, bool is_unsigned)
{
  if (!a || !*a) return 0;
  if (a[0] == '\'' || a[0] == '"') {
    /* the character's code point (bash in a UTF-8 locale) */
    unsigned cp = 0;
    if (a[1]) utf8_dec(a + 1, a + strlen(a), &cp);
    return cp;
  }
  char *end;
  errno = 0;
  /* strtoumax and strtoimax as bash calls them: "-1" is 2^64-1 for %u, and
  ** a number past the range is clamped with a warning, the status kept */
  long long v = is_unsigned ? (long long)strtoull(a, &end, 0) : strtoll(a, &end, 0);
  if (*end || end == a) {
    sh_error("printf: %s: invalid number", a);
    p->err = true;
    if (end == a) return 0;
  } else if (errno == ERANGE) {
    sh_error("printf: warning: %s: Numerical result out of range", a);
  }
  return v;
}

static int hexv(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void sb_utf8(sbuf *b, unsigned long u)
{
  if (u < 0x80) sb_addc(b, (char)u);
  else if (u < 0x800) sb_addc(b, (char)(0xC0 | (u >> 6))), sb_addc(b, (char)(0x80 | (u & 63)));
  else if (u < 0x10000)
    sb_addc(b, (char)(0xE0 | (u >> 12))), sb_addc(b, (char)(0x80 | ((u >> 6) & 63))),
        sb_addc(b, (char)(0x80 | (u & 63)));
  else
    sb_addc(b, (char)(0xF0 | (u >> 18))), sb_addc(b, (char)(0x80 | ((u >> 12) & 63))),
        sb_addc(b, (char)(0x80 | ((u >> 6) & 63))), sb_addc(b, (char)(0x80 | (u & 63)));
}

/* one escape at s (after the backslash); returns the characters used.
** in_b: %b's rules (\0NNN, \c stops). */
static size_t escape(pf *p, sbuf *b, const char *s, bool in_b)
{
  int v;
  switch (*s) {
  case 'a': sb_addc(b, '\a'); return 1;
  case 'b': sb_addc(b, '\b'); return 1;
  case 'e': case 'E': sb_addc(b, 033); return 1;
  case 'f': sb_addc(b, '\f'); return 1;
  case 'n': sb_addc(b, '\n'); return 1;
  case 'r': sb_addc(b, '\r'); return 1;
  case 't': sb_addc(b, '\t'); return 1;
  case 'v': sb_addc(b, '\v'); return 1;
  case '\\': sb_addc(b, '\\'); return 1;
  case '"': sb_addc(b, '"'); return 1;
  case '\'': sb_addc(b, '\''); return 1;
  case '?': sb_addc(b, '?'); return 1;
  case 'c':
    if (in_b) {
      p->stop = true;
      return 1;
    }
    sb_adds(b, "\\c");
    return 1;
  case 'x': {
    size_t k = 1;
    v = 0;
    while (k < 3 && hexv(s[k]) >= 0) v = v * 16 + hexv(s[k++]);
    if (k == 1) {
      sb_adds(b, "\\x");
      return 1;
    }
    sb_addc(b, (char)v);
    return k;
  }
  case 'u': case 'U': {
    size_t k = 1, max = *s == 'u' ? 5 : 9;
    unsigned long u = 0;
    while (k < max && hexv(s[k]) >= 0) u = u * 16 + (unsigned long)hexv(s[k++]);
    if (k == 1) {
      sb_addc(b, '\\');
      sb_addc(b, *s);
      return 1;
    }
    sb_utf8(b, u);
    return k;
  }
  default:
    if (*s >= '0' && *s <= '7') {
      size_t k = 0, max = 3;
      if (in_b && *s == '0') k = 1, max = 4;
      v = 0;
      while (k < max && s[k] >= '0' && s[k] <= '7') v = v * 8 + (s[k++] - '0');
      sb_addc(b, (char)v);
      return k;
    }
    sb_addc(b, '\\');
    if (!*s) return 0;
    sb_addc(b, *s);
    return 1;
  }
}

static void quote_q(sbuf *b, const char *s)
{
  if (!*s) {
    sb_adds(b, "''");
    return;
  }
  bool ctl = false;
  for (const char *p = s; *p; p++)
    if ((unsigned char)*p < 32 || *p == 127) ctl = true;
  if (ctl) {
    sb_adds(b, "$'");
    for (const char *p = s; *p; p++) {
      unsigned char c = (unsigned char)*p;
      switch (c) {
      case '\n': sb_adds(b, "\\n"); break;
      case '\t': sb_adds(b, "\\t"); break;
      case '\r': sb_adds(b, "\\r"); break;
      case '\a': sb_adds(b, "\\a"); break;
      case '\b': sb_adds(b, "\\b"); break;
      case '\f': sb_adds(b, "\\f"); break;
      case '\v': sb_adds(b, "\\v"); break;
      case 033: sb_adds(b, "\\E"); break;
      case '\'': sb_adds(b, "\\'"); break;
      case '\\': sb_adds(b, "\\\\"); break;
      default:
        if (c < 32 || c == 127) sb_printf(b, "\\%03o", c);
        else sb_addc(b, (char)c);
      }
    }
    sb_addc(b, '\'');
    return;
  }
  for (const char *p = s; *p; p++) {
    if (strchr(" '\"\\|&;()<>!{}*[]?^$`,", *p) || ((*p == '#' || *p == '~') && p == s))
      sb_addc(b, '\\');
    sb_addc(b, *p);
  }
}

/* one pass over the format; false when it used no argument */
static bool one_pass(pf *p, const char *f)
{
  int used_before = p->next;
  bool conv = false;
  while (*f && !p->stop) {
    if (*f == '\\') {
      f++;
      f += escape(p, &p->out, f, false);
      continue;
    }
    if (*f != '%') {
      sb_addc(&p->out, *f++);
      continue;
    }
    if (f[1] == '%') {
      sb_addc(&p->out, '%');
      f += 2;
      continue;
    }
    const char *start = f++;
    char spec[64];
    size_t sl = 0;
    spec[sl++] = '%';
    while (*f && strchr("-+ #0", *f) && sl < 40) spec[sl++] = *f++;
    if (*f == '*') {
      f++;
      const char *a = arg(p);
      sl += (size_t)snprintf(spec + sl, sizeof spec - sl, "%d", (int)num_arg(p, a, false));
    } else {
      while (*f >= '0' && *f <= '9' && sl < 50) spec[sl++] = *f++;
    }
    if (*f == '.') {
      spec[sl++] = *f++;
      if (*f == '*') {
        f++;
        const char *a = arg(p);
        sl += (size_t)snprintf(spec + sl, sizeof spec - sl, "%d", (int)num_arg(p, a, false));
      } else {
        while (*f >= '0' && *f <= '9' && sl < 58) spec[sl++] = *f++;
      }
    }
    while (*f == 'l' || *f == 'h' || *f == 'L' || *f == 'j' || *f == 'z' || *f == 't') f++;
    if (*f == '(') { /* %(strftime)T: seconds since the epoch, -1 now */
      const char *close = strchr(f, ')');
      if (!close || close[1] != 'T') {
        sh_error("printf: `%s': invalid time format specification", start);
        p->err = true;
        return false;
      }
      char tf[256];
      snprintf(tf, sizeof tf, "%.*s", (int)(close - f - 1), f + 1);
      f = close + 2;
      conv = true;
      const char *a = arg(p);
      long long t = a && *a ? num_arg(p, a, false) : -1;
      time_t when = t < 0 ? time(NULL) : (time_t)t;
      /* the box has no zone files: times are UTC */
      struct tm tm;
      gmtime_r(&when, &tm);
      /* bash formats into 128 bytes: a longer result is empty */
      char out[128];
      size_t n = strftime(out, sizeof out, tf, &tm);
      out[n] = 0;
      spec[sl] = 's';
      spec[sl + 1] = 0;
      sb_printf(&p->out, spec, out);
      continue;
    }
    char c = *f;
    if (!c) {
      sh_error("printf: `%s': missing format character", start);
      p->err = true;
      return false;
    }
    f++;
    conv = true;
    spec[sl] = 0;
    const char *a;
    switch (c) {
    case 'd': case 'i': {
      a = arg(p);
      long long v = num_arg(p, a, false);
      spec[sl++] = 'l', spec[sl++] = 'l', spec[sl++] = 'd', spec[sl] = 0;
      sb_printf(&p->out, spec, v);
      break;
    }
    case 'u': case 'o': case 'x': case 'X': {
      a = arg(p);
      long long v = num_arg(p, a, true);
      spec[sl++] = 'l', spec[sl++] = 'l', spec[sl++] = c, spec[sl] = 0;
      sb_printf(&p->out, spec, (unsigned long long)v);
      break;
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A': {
      a = arg(p);
      double v = 0;
      if (a && *a) {
        char *end;
        v = strtod(a, &end);
        if (*end) {
          sh_error("printf: %s: invalid number", a);
          p->err = true;
        }
      }
      spec[sl++] = c, spec[sl] = 0;
      sb_printf(&p->out, spec, v);
      break;
    }
    case 'c': {
      a = arg(p);
      spec[sl++] = 'c', spec[sl] = 0;
      if (a && *a) sb_printf(&p->out, spec, a[0]);
      else if (a || true) {
        /* an empty or missing argument prints nothing but the padding */
        spec[sl - 1] = 's';
        sb_printf(&p->out, spec, "");
      }
      break;
    }
    case 's': case 'b': case 'q': {
      a = arg(p);
      const char *s = a ? a : "";
      sbuf t = {0};
      if (c == 'b') {
        for (const char *q = s; *q && !p->stop;) {
          if (*q == '\\') {
            q++;
            q += escape(p, &t, q, true);
          } else {
            sb_addc(&t, *q++);
          }
        }
        s = t.s ? t.s : "";
      } else if (c == 'q') {
        quote_q(&t, s);
        s = t.s;
      }
      spec[sl++] = 's', spec[sl] = 0;
      sb_printf(&p->out, spec, s);
      sb_free(&t);
      break;
    }
    default:
      sh_error("printf: `%c': invalid format character", c);
      p->err = true;
      return false;
    }
  }
  return conv && p->next > used_before;
}

int bi_printf(int argc, char **argv)
{
  int i = 1;
  const char *var = NULL;
  if (i < argc && !strcmp(argv[i], "-v")) {
    if (i + 1 >= argc) {
      sh_error("printf: -v: option requires an argument");
      return 2;
    }
    var = argv[i + 1];
    i += 2;
    const char *br = strchr(var, '[');
    size_t vl = strlen(var);
    bool elem = br && br > var && vl > 2 && var[vl - 1] == ']' && is_name(var, (size_t)(br - var));
    if (!elem && !is_name(var, vl)) {
      sh_error("printf: `%s': not a valid identifier", var);
      return 2;
    }
  }
  if (i < argc && !strcmp(argv[i], "--")) i++;
  if (i >= argc) {
    sh_usage("printf: usage: printf [-v var] format [arguments]\n");
    return 2;
  }
  pf p = {.args = argv + i + 1, .nargs = argc - i - 1};
  const char *fmt = argv[i];
  for (;;) {
    bool used = one_pass(&p, fmt);
    if (p.stop || !used || p.next >= p.nargs) break;
  }
  if (var) {
    const char *br = strchr(var, '[');
    size_t vl = strlen(var);
    if (br && br > var && vl > 2 && var[vl - 1] == ']' && is_name(var, (size_t)(br - var))) {
      char *name = xstrndup(var, (size_t)(br - var));
      char *sub = arr_sub_text(br + 1, vl - (size_t)(br - var) - 2);
      int rc = var_elem_set(name, sub, p.out.s ? p.out.s : "", false);
      free(name);
      free(sub);
      if (rc < 0) p.err = true;
    } else {
      var_set(var, p.out.s ? p.out.s : "", 0);
    }
  } else if (p.out.len) {
    out_add(p.out.s, p.out.len);
  }
  sb_free(&p.out);
  int err = out_flush_err();
  if (err) {
    sh_error("printf: write error: %s", strerror(-err));
    return 1;
  }
  return p.err ? 1 : 0;
}
