/* od.c - dump files in octal and other formats.
**
** Usage: od [OPTION]... [FILE]...
** Write an unambiguous representation, octal bytes by default,
** of FILE to standard output.  With more than one FILE argument,
** concatenate them in the listed order to form the input.
**
** With no FILE, or when FILE is -, read standard input.
**
**   -A, --address-radix=RADIX   output format for file offsets; RADIX is one
**                                 of [doxn], for Decimal, Octal, Hex or None
**       --endian={big|little}   swap input bytes according the specified order
**   -j, --skip-bytes=BYTES      skip BYTES input bytes first
**   -N, --read-bytes=BYTES      limit dump to BYTES input bytes
**   -S BYTES, --strings[=BYTES]  output strings of at least BYTES graphic chars;
**                                 3 is implied when BYTES is not specified
**   -t, --format=TYPE           select output format or formats
**   -v, --output-duplicates     do not use * to mark line suppression
**   -w[BYTES], --width[=BYTES]  output BYTES bytes per output line;
**                                 32 is implied when BYTES is not specified
**       --help        display this help and exit
**       --version     output version information and exit
**
** Traditional format specifications may be intermixed; they accumulate:
**   -a   same as -t a,  select named characters, ignoring high-order bit
**   -b   same as -t o1, select octal bytes
**   -c   same as -t c,  select printable characters or backslash escapes
**   -d   same as -t u2, select unsigned decimal 2-byte units
**   -f   same as -t fF, select floats
**   -i   same as -t dI, select decimal ints
**   -l   same as -t dL, select decimal longs
**   -o   same as -t o2, select octal 2-byte units
**   -s   same as -t d2, select decimal 2-byte units
**   -x   same as -t x2, select hexadecimal 2-byte units
**
** TYPE is made up of one or more of these specifications:
**   a          named character, ignoring high-order bit
**   c          printable character or backslash escape
**   d[SIZE]    signed decimal, SIZE bytes per integer
**   f[SIZE]    floating point, SIZE bytes per float
**   o[SIZE]    octal, SIZE bytes per integer
**   u[SIZE]    unsigned decimal, SIZE bytes per integer
**   x[SIZE]    hexadecimal, SIZE bytes per integer
**
** SIZE is a number.  For TYPE in [doux], SIZE may also be C for
** sizeof(char), S for sizeof(short), I for sizeof(int) or L for
** sizeof(long).  If TYPE is f, SIZE may also be F for sizeof(float), D
** for sizeof(double) or L for sizeof(long double).
**
** Adding a z suffix to any type displays printable characters at the end
** of each output line.
**
** BYTES is hex with 0x or 0X prefix, and may have a multiplier suffix:
**   b    512
**   KB   1000
**   K    1024
**   MB   1000*1000
**   M    1024*1024
** and so on for G, T, P, E, Z, Y.
*/

/* GNU coreutils 9.1's od: each type's field is as wide as its widest value,
** and the fields of all the types on one line are spread to a common block
** width, the spare spaces shared out from the right as GNU does, so that
** the columns of different sizes line up. Floats print in the shortest
** form that reads back to the same value (gnulib's ftoastr: %g from the
** type's digits upward). Identical full lines print once then "*". */
#include "cmd.h"
#include "lib_stream.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_SPECS = 64 };

typedef struct spec {
  char type;  /* a c d f o u x */
  int size;   /* bytes per datum */
  int width;  /* the widest value's characters */
  int pad;    /* spare columns of the block, shared out between the fields */
  bool hexl;  /* z: the printable characters after the line */
} spec;

typedef struct od {
  acs_cmd *c;
  spec specs[MAX_SPECS];
  int n;
  char radix;       /* d o x n */
  bool big_endian;
  bool all;         /* -v */
  uint64_t width;   /* bytes per line */
} od;

static int int_width(char type, int size)
{
  static const int oct[] = {0, 3, 6, 8, 11, 14, 16, 19, 22};
  static const int udec[] = {0, 3, 5, 8, 10, 13, 15, 17, 20};
  static const int sdec[] = {0, 4, 6, 8, 11, 14, 16, 18, 20};
  switch (type) {
  case 'o': return oct[size];
  case 'u': return udec[size];
  case 'd': return sdec[size];
  default: return size * 2;
  }
}

/* One -t string, which may hold several types ("x1z", "cd2"). */
static bool add_types(od *o, const char *s)
{
  const char *p = s;
  while (*p) {
    if (o->n == MAX_SPECS) {
      cmd_error(o->c, "too many output formats");
      return false;
    }
    spec *t = &o->specs[o->n];
    memset(t, 0, sizeof *t);
    t->type = *p++;
    switch (t->type) {
    case 'a':
    case 'c':
      t->size = 1;
      t->width = 3;
      break;
    case 'd':
    case 'o':
    case 'u':
    case 'x':
      t->size = 4;
      if (*p == 'C') t->size = 1, p++;
      else if (*p == 'S') t->size = 2, p++;
      else if (*p == 'I') t->size = 4, p++;
      else if (*p == 'L') t->size = 8, p++;
      else if (*p >= '0' && *p <= '9') {
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        if (v != 1 && v != 2 && v != 4 && v != 8) {
          cmd_error(o->c, "invalid type string '%s';\nthis system doesn't provide a %lu-byte integral type", s, v);
          return false;
        }
        t->size = (int)v;
        p = end;
      }
      t->width = int_width(t->type, t->size);
      break;
    case 'f':
      t->size = 8;
      if (*p == 'F') t->size = 4, p++;
      else if (*p == 'D') t->size = 8, p++;
      else if (*p == 'L') t->size = 16, p++;
      else if (*p >= '0' && *p <= '9') {
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        if (v != 4 && v != 8 && v != 16) {
          cmd_error(o->c, "invalid type string '%s';\nthis system doesn't provide a %lu-byte floating point type", s, v);
          return false;
        }
        t->size = (int)v;
        p = end;
      }
      t->width = t->size == 4 ? 15 : t->size == 8 ? 24 : 29;
      break;
    default:
      cmd_error(o->c, "invalid character '%c' in type string '%s'", t->type, s);
      return false;
    }
    if (*p == 'z') t->hexl = true, p++;
    o->n++;
  }
  return true;
}

static uint64_t load(const od *o, const unsigned char *p, int size)
{
  uint64_t v = 0;
  for (int i = 0; i < size; i++) {
    int k = o->big_endian ? i : size - 1 - i;
    v = v << 8 | p[k];
  }
  return v;
}

/* The shortest %g that reads back as the same value (gnulib's ftoastr). */
static void fmt_float(const od *o, const unsigned char *p, int size, char *buf, size_t cap)
{
  unsigned char b[16];
  for (int i = 0; i < size; i++) b[i] = o->big_endian ? p[size - 1 - i] : p[i];
  if (size == 4) {
    float x;
    memcpy(&x, b, 4);
    for (int prec = fabsf(x) < FLT_MIN ? 1 : FLT_DIG;; prec++) {
      snprintf(buf, cap, "%.*g", prec, (double)x);
      if (prec >= 9 || strtof(buf, NULL) == x) return;
    }
  } else if (size == 8) {
    double x;
    memcpy(&x, b, 8);
    for (int prec = fabs(x) < DBL_MIN ? 1 : DBL_DIG;; prec++) {
      snprintf(buf, cap, "%.*g", prec, x);
      if (prec >= 17 || strtod(buf, NULL) == x) return;
    }
  } else {
    long double x;
    memset(&x, 0, sizeof x);
    memcpy(&x, b, sizeof x < 16 ? sizeof x : 16);
    for (int prec = fabsl(x) < LDBL_MIN ? 1 : LDBL_DIG;; prec++) {
      snprintf(buf, cap, "%.*Lg", prec, x);
      if (prec >= 21 || strtold(buf, NULL) == x) return;
    }
  }
}

static void fmt_datum(const od *o, const spec *t, const unsigned char *p, int w, char *buf, size_t cap)
{
  static const char *const names[] = {
      "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht",  "nl",  "vt",  "ff",
      "cr",  "so",  "si",  "dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em",
      "sub", "esc", "fs",  "gs",  "rs",  "us",  "sp"};
  char tmp[64];
  switch (t->type) {
  case 'a': {
    int ch = *p & 0x7f;
    if (ch <= 32) snprintf(tmp, sizeof tmp, "%s", names[ch]);
    else if (ch == 127) snprintf(tmp, sizeof tmp, "del");
    else snprintf(tmp, sizeof tmp, "%c", ch);
    snprintf(buf, cap, "%*s", w, tmp);
    return;
  }
  case 'c': {
    static const char esc[] = "\0abtnvfr";
    int ch = *p;
    if (ch == 0) snprintf(tmp, sizeof tmp, "\\0");
    else if (ch >= 7 && ch <= 13) snprintf(tmp, sizeof tmp, "\\%c", esc[ch - 6]);
    else if (ch >= 32 && ch < 127) snprintf(tmp, sizeof tmp, "%c", ch);
    else snprintf(tmp, sizeof tmp, "%03o", ch);
    snprintf(buf, cap, "%*s", w, tmp);
    return;
  }
  case 'f':
    fmt_float(o, p, t->size, tmp, sizeof tmp);
    snprintf(buf, cap, "%*s", w, tmp);
    return;
  }
  uint64_t v = load(o, p, t->size);
  int digits = t->width;
  switch (t->type) {
  case 'd': {
    int64_t s = t->size == 8 ? (int64_t)v : (int64_t)(v ^ (1ULL << (t->size * 8 - 1))) - (int64_t)(1ULL << (t->size * 8 - 1));
    snprintf(buf, cap, "%*lld", w, (long long)s);
    return;
  }
  case 'u': snprintf(buf, cap, "%*llu", w, (unsigned long long)v); return;
  case 'o': snprintf(buf, cap, "%*.*llo", w, digits, (unsigned long long)v); return;
  default: snprintf(buf, cap, "%*.*llx", w, digits, (unsigned long long)v); return;
  }
}

static void address(od *o, uint64_t a, char end)
{
  switch (o->radix) {
  case 'd': cmd_printf(o->c, "%07llu", (unsigned long long)a); break;
  case 'x': cmd_printf(o->c, "%06llx", (unsigned long long)a); break;
  case 'o': cmd_printf(o->c, "%07llo", (unsigned long long)a); break;
  default: return;
  }
  if (end) cmd_putc(o->c, end);
}

/* One line of n bytes (the block is zeroed past them) in every format. */
static void line(od *o, uint64_t addr, const unsigned char *block, uint64_t n)
{
  for (int i = 0; i < o->n; i++) {
    const spec *t = &o->specs[i];
    if (i == 0) address(o, addr, 0);
    else if (o->radix != 'n') cmd_printf(o->c, "%*s", o->radix == 'x' ? 6 : 7, "");
    int fields = (int)(o->width / (uint64_t)t->size);
    int blank = (int)((o->width - n) / (uint64_t)t->size);
    int pad_left = t->pad;
    const unsigned char *p = block;
    for (int k = fields; k > blank; k--) {
      int next_pad = (int)((int64_t)t->pad * (k - 1) / fields);
      char buf[128];
      fmt_datum(o, t, p, pad_left - next_pad + t->width, buf, sizeof buf);
      cmd_puts(o->c, buf);
      pad_left = next_pad;
      p += t->size;
    }
    if (t->hexl) {
      int fill = blank * t->width + t->pad * blank / fields;
      cmd_printf(o->c, "%*s  >", fill, "");
      for (uint64_t k = 0; k < n; k++) cmd_putc(o->c, block[k] >= 32 && block[k] < 127 ? block[k] : '.');
      cmd_putc(o->c, '<');
    }
    cmd_putc(o->c, '\n');
  }
}

static bool parse_bytes(od *o, cmd_getopt *g, uint64_t *out)
{
  if (cmd_parse_size(g->arg, true, false, out)) return true;
  char *end;
  errno = 0;
  strtoull(g->arg, &end, 0);
  if (end != g->arg && *g->arg != '-' && errno == ERANGE)
    cmd_error(o->c, "%s argument '%s' too large", g->opt, g->arg);
  else if (end != g->arg && *g->arg != '-' && *end)
    cmd_error(o->c, "invalid suffix in %s argument '%s'", g->opt, g->arg);
  else cmd_error(o->c, "invalid %s argument '%s'", g->opt, g->arg);
  return false;
}

static uint64_t lcm(uint64_t a, uint64_t b)
{
  uint64_t x = a, y = b;
  while (y) {
    uint64_t t = x % y;
    x = y;
    y = t;
  }
  return a / x * b;
}

/* A byte at a time from the stream, buffered; -1 at the end. */
typedef struct byte_reader {
  cmd_stream *s;
  unsigned char buf[65536];
  size_t at, end;
} byte_reader;

static int next_byte(byte_reader *r)
{
  if (r->at == r->end) {
    r->end = cmd_stream_read(r->s, r->buf, sizeof r->buf);
    r->at = 0;
    if (!r->end) return -1;
  }
  return r->buf[r->at++];
}

/* -S: NUL-terminated runs of at least min printable bytes, as GNU's
** dump_strings finds them (a run cut by -N's end prints too). */
static int dump_strings(od *o, cmd_stream *s, uint64_t skip, bool limited, uint64_t limit, uint64_t min)
{
  if (skip && cmd_stream_skip(s, skip) < skip) {
    cmd_error(o->c, "cannot skip past end of combined input");
    return 1;
  }
  byte_reader *r = malloc(sizeof *r);
  char *buf = malloc((size_t)min + 1);
  size_t cap = (size_t)min + 1;
  if (!r || !buf) {
    free(r);
    free(buf);
    cmd_error(o->c, "memory exhausted");
    return 1;
  }
  r->s = s;
  r->at = r->end = 0;
  uint64_t addr = skip, end = skip + limit;
  for (;;) {
  tryline:
    if (limited && (end < min || end - min <= addr)) break;
    size_t i;
    int ch;
    for (i = 0; i < min; i++) {
      ch = next_byte(r);
      addr++;
      if (ch < 0) goto done;
      if (ch < 32 || ch >= 127) goto tryline;
      buf[i] = (char)ch;
    }
    while (!limited || addr < end) {
      if (i + 1 >= cap) {
        char *nb = realloc(buf, cap * 2);
        if (!nb) goto done;
        buf = nb;
        cap *= 2;
      }
      ch = next_byte(r);
      addr++;
      if (ch < 0) goto done;
      if (ch == 0) break;
      if (ch < 32 || ch >= 127) goto tryline;
      buf[i++] = (char)ch;
    }
    address(o, addr - i - 1, ' ');
    cmd_out(o->c, buf, i);
    cmd_putc(o->c, '\n');
    if (cmd_out_error(o->c)) break;
  }
done:
  free(r);
  free(buf);
  return s->status;
}

static int dump(od *o, cmd_stream *s, uint64_t skip, bool limited, uint64_t limit)
{
  if (skip && cmd_stream_skip(s, skip) < skip) {
    cmd_error(o->c, "cannot skip past end of combined input");
    return 1;
  }
  if (!cmd_stream_open(s)) return s->status; /* GNU prints nothing then */
  unsigned char *block = calloc(2, (size_t)o->width);
  if (!block) {
    cmd_error(o->c, "memory exhausted");
    return 1;
  }
  unsigned char *prev = block + o->width;
  uint64_t addr = skip;
  bool first = true, same = false;
  for (;;) {
    uint64_t want = o->width;
    if (limited && limit - (addr - skip) < want) want = limit - (addr - skip);
    if (!want) break;
    size_t n = cmd_stream_read(s, block, (size_t)want);
    if (!n) break;
    memset(block + n, 0, (size_t)(o->width - n));
    if (!o->all && !first && n == o->width && !memcmp(block, prev, n)) {
      if (!same) cmd_puts(o->c, "*\n");
      same = true;
    } else {
      line(o, addr, block, n);
      same = false;
    }
    first = false;
    memcpy(prev, block, n);
    addr += n;
    if (cmd_out_error(o->c) || n < want) break;
  }
  address(o, addr, '\n');
  free(block);
  return s->status;
}

int acs__cmd_od(acs_cmd *c, int argc, char **argv)
{
  enum { ENDIAN = 256 };
  static const cmd_opt longs[] = {
      {"address-radix", 'A', CMD_ARG}, {"endian", ENDIAN, CMD_ARG},     {"skip-bytes", 'j', CMD_ARG},
      {"read-bytes", 'N', CMD_ARG},    {"format", 't', CMD_ARG},        {"output-duplicates", 'v', CMD_NOARG},
      {"width", 'w', CMD_OPTARG},      {"strings", 'S', CMD_OPTARG},    {0}};
  od o;
  memset(&o, 0, sizeof o);
  o.c = c;
  o.radix = 'o';
  uint64_t skip = 0, limit = 0, width = 16;
  bool limited = false, width_given = false, strings = false;
  uint64_t string_min = 3;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "A:aBbcDdeFfHhIij:LlN:OoS:st:vw::Xx", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    const char *t = NULL;
    switch (opt) {
    case 'A':
      if (!strchr("doxn", g.arg[0]) || !g.arg[0] || g.arg[1]) {
        cmd_error(c, "invalid output address radix '%s'; it must be one character from [doxn]", g.arg);
        return 1;
      }
      o.radix = g.arg[0];
      break;
    case ENDIAN:
      if (!strcmp(g.arg, "big")) o.big_endian = true;
      else if (!strcmp(g.arg, "little")) o.big_endian = false;
      else {
        cmd_error(c, "invalid argument '%s' for '--endian'", g.arg);
        char msg[512];
        int k = snprintf(msg, sizeof msg, "Valid arguments are:\n  - 'little'\n  - 'big'\nTry '%s --help' for more information.\n", c->name);
        cmd_write_fd(2, msg, (size_t)k);
        return 1;
      }
      break;
    case 'j':
      if (!parse_bytes(&o, &g, &skip)) return 1;
      break;
    case 'N':
      if (!parse_bytes(&o, &g, &limit)) return 1;
      limited = true;
      break;
    case 'v': o.all = true; break;
    case 'S':
      strings = true;
      string_min = 3;
      if (g.arg && !parse_bytes(&o, &g, &string_min)) return 1;
      break;
    case 'w':
      width_given = true;
      width = 32;
      if (g.arg && !parse_bytes(&o, &g, &width)) return 1;
      break;
    case 't': t = g.arg; break;
    case 'a': t = "a"; break;
    case 'b': t = "o1"; break;
    case 'c': t = "c"; break;
    case 'D': t = "u4"; break;
    case 'd': t = "u2"; break;
    case 'e': case 'F': t = "fD"; break;
    case 'f': t = "fF"; break;
    case 'H': case 'X': t = "x4"; break;
    case 'h': case 'x': t = "x2"; break;
    case 'i': t = "dI"; break;
    case 'I': case 'L': case 'l': t = "dL"; break;
    case 'O': t = "o4"; break;
    case 'B': case 'o': t = "o2"; break;
    case 's': t = "d2"; break;
    }
    if (t && !add_types(&o, t)) return 1;
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (strings) {
    if (o.n) {
      cmd_error(c, "no type may be specified when dumping strings");
      return 1;
    }
    cmd_stream s;
    cmd_stream_init(&s, c, cmd_operands(&g), g.nops);
    int rc = dump_strings(&o, &s, skip, limited, limit, string_min);
    cmd_stream_close(&s);
    return rc;
  }
  if (!o.n) add_types(&o, "o2");
  uint64_t m = 1;
  for (int i = 0; i < o.n; i++) m = lcm(m, (uint64_t)o.specs[i].size);
  if (width_given && (width == 0 || width % m)) {
    cmd_error(c, "warning: invalid width %llu; using %llu instead", (unsigned long long)width, (unsigned long long)m);
    width = m;
  } else if (!width_given && width % m) {
    width = m;
  }
  o.width = width;
  uint64_t block_w = 0;
  for (int i = 0; i < o.n; i++) {
    uint64_t w = (uint64_t)(o.specs[i].width + 1) * (width / (uint64_t)o.specs[i].size);
    if (w > block_w) block_w = w;
  }
  for (int i = 0; i < o.n; i++)
    o.specs[i].pad = (int)(block_w - (uint64_t)o.specs[i].width * (width / (uint64_t)o.specs[i].size));
  cmd_stream s;
  cmd_stream_init(&s, c, cmd_operands(&g), g.nops);
  int rc = dump(&o, &s, skip, limited, limit);
  cmd_stream_close(&s);
  return rc;
}
