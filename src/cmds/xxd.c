/* xxd.c - make a hexdump or do the reverse.
**
** Usage:
**        xxd [options] [infile [outfile]]
**     or
**        xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]
** Options:
**     -a          toggle autoskip: A single '*' replaces nul-lines. Default off.
**     -b          binary digit dump (incompatible with -ps,-i,-r). Default hex.
**     -C          capitalize variable names in C include file style (-i).
**     -c cols     format <cols> octets per line. Default 16 (-i: 12, -ps: 30).
**     -e          little-endian dump (incompatible with -ps,-i,-r).
**     -g bytes    number of octets per group in normal output. Default 2 (-e: 4).
**     -h          print this summary.
**     -i          output in C include file style.
**     -l len      stop after <len> octets.
**     -n name     set the variable name used in C include output (-i).
**     -o off      add <off> to the displayed file position.
**     -ps         output in postscript plain hexdump style.
**     -r          reverse operation: convert (or patch) hexdump into binary.
**     -r -s off   revert with <off> added to file positions found in hexdump.
**     -d          show offset in decimal instead of hex.
**     -s [+][-]seek  start at <seek> bytes abs. (or +: rel.) infile offset.
**     -u          use upper case hex letters.
**     -v          show version: "xxd 2022-01-14 by Juergen Weigert et al.".
*/

/* vim's xxd as Debian 12 ships it (2022-01-14). Its own option syntax:
** only an option's first two characters count ("-ps" is -p, "-rp" is -r
** alone), a value follows attached or as the next word ("-c8", "-c 8",
** "-cols 8"), numbers are strtol's base 0, and options end at the first
** operand. The reverse reader is xxd's: an address up to the first non-hex
** character, then hex pairs until the line's columns are full or three
** non-hex characters in a row; -p ignores white space and addresses.
** Exit statuses as xxd's: 1 usage, 2 an input or output file, 3 a write,
** 4 a seek, 5 a backward seek on a stream. */
#include "cmd.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NORMAL, PLAIN, CINCLUDE, BITS, LITTLE };

typedef struct xxd {
  acs_cmd *c;
  int type;
  int cols, group;
  bool upper, capitalize, decimal, revert;
  long long seek, length, display_off;
  bool seek_rel, seek_neg, has_length;
  bool autoskip;   /* -a: runs of NUL lines become '*' */
  int zero_seen;   /* xxd's xxdline state for -a */
  char held[4100]; /* the second NUL line of a run, printed if it ends there */
  char last[4100]; /* the last line made, for the end of a -a dump */
  const char *name; /* -n */
  int in, out;      /* box fds */
  bool out_file;
} xxd;

static int usage(acs_cmd *c)
{
  cmd_flush(c);
  const char *h = c->help;
  char head[64];
  int k = snprintf(head, sizeof head, "Usage:\n       %s", c->name);
  cmd_write_fd(2, head, (size_t)k);
  const char *rest = strstr(h, "xxd [options]");
  if (rest) rest += 3;
  else rest = h;
  cmd_write_fd(2, rest, strlen(rest));
  return 1;
}

/* The value of option argv[*i] (attached after two characters, or the
** next word); NULL when missing. */
static const char *value(int argc, char **argv, int *i, const char *long_tail)
{
  const char *p = argv[*i] + 2;
  if (*p && (!long_tail || strncmp(p, long_tail, strlen(long_tail)))) return p;
  if (*i + 1 >= argc) return NULL;
  return argv[++*i];
}

static int read_all(xxd *x, unsigned char *buf, size_t n)
{
  size_t got = 0;
  while (got < n) {
    ssize_t r = acs_sys_read(x->in, buf + got, n - got);
    if (r <= 0) break;
    got += (size_t)r;
  }
  return (int)got;
}

static void hex_byte(xxd *x, char *o, unsigned b)
{
  const char *d = x->upper ? "0123456789ABCDEF" : "0123456789abcdef";
  o[0] = d[b >> 4];
  o[1] = d[b & 15];
}

/* xxd's xxdline: nz 0 for a line of NULs, 1 for another, -1 at the end.
** The first NUL line of a run prints, a second is held, more become one
** '*', and a run that ends the dump ends with its last line. */
static void put_line(xxd *x, const char *l, int nz)
{
  if (!x->autoskip) {
    cmd_puts(x->c, l);
    return;
  }
  if (!nz && x->zero_seen == 1) snprintf(x->held, sizeof x->held, "%s", l);
  if (nz || !x->zero_seen++) {
    if (nz) {
      if (nz < 0) x->zero_seen--;
      if (x->zero_seen == 2) cmd_puts(x->c, x->held);
      if (x->zero_seen > 2) cmd_puts(x->c, "*\n");
    }
    if (nz >= 0 || x->zero_seen > 0) cmd_puts(x->c, l);
    if (nz) x->zero_seen = 0;
  }
}

/* One dump line of n bytes at address a (-b, -e and the default). */
static void dump_line(xxd *x, unsigned long long a, const unsigned char *p, int n)
{
  char line[4100];
  int k = snprintf(line, sizeof line, x->decimal ? "%08llu: " : "%08llx: ", a);
  int unit = x->type == BITS ? 8 : 2;
  int g = x->group;
  int groups = (x->cols + g - 1) / g;
  int width = unit * x->cols + groups - 1; /* the hex column's width */
  int start = k;
  memset(line + k, ' ', (size_t)width + 2);
  for (int i = 0; i < n; i++) {
    int gi = i / g, in = i % g;
    int pos = in;
    if (x->type == LITTLE) pos = g - 1 - in;
    char *o = line + start + gi * (g * unit + 1) + pos * unit;
    if (x->type == BITS) {
      for (int b = 0; b < 8; b++) o[b] = (char)('0' + ((p[i] >> (7 - b)) & 1));
    } else {
      hex_byte(x, o, p[i]);
    }
  }
  k = start + width + 2;
  for (int i = 0; i < n; i++) line[k++] = p[i] >= 32 && p[i] < 127 ? (char)p[i] : '.';
  line[k++] = '\n';
  line[k] = 0;
  int nz = n < x->cols; /* a short last line always prints */
  for (int i = 0; i < n && !nz; i++) nz = p[i] != 0;
  snprintf(x->last, sizeof x->last, "%s", line);
  put_line(x, line, nz);
}

static int dump(xxd *x, const char *in_name)
{
  unsigned char buf[4096];
  unsigned long long addr = (unsigned long long)x->seek + (unsigned long long)x->display_off;
  long long left = x->has_length ? x->length : -1;
  char var[1024] = "";
  if (x->type == CINCLUDE && (x->name || in_name)) {
    const char *s = x->name ? x->name : in_name;
    size_t k = 0;
    if (!x->name && isdigit((unsigned char)*s)) var[k++] = '_', var[k++] = '_';
    for (; *s && k < sizeof var - 1; s++) {
      char ch = x->name || isalnum((unsigned char)*s) ? *s : '_';
      var[k++] = x->capitalize ? (char)toupper((unsigned char)ch) : ch;
    }
    var[k] = 0;
    cmd_printf(x->c, "unsigned char %s[] = {\n", var);
  }
  unsigned long long total = 0;
  int per = x->type == PLAIN && x->cols == 0 ? (int)sizeof buf : x->cols;
  int col = 0; /* -p and -i: bytes on the current line */
  for (;;) {
    int want = per;
    if (want > (int)sizeof buf) want = (int)sizeof buf;
    if (left >= 0 && want > left) want = (int)left;
    if (!want) break;
    int n = read_all(x, buf, (size_t)want);
    if (n <= 0) break;
    if (left >= 0) left -= n;
    if (x->type == PLAIN) {
      for (int i = 0; i < n; i++) {
        char h[2];
        hex_byte(x, h, buf[i]);
        cmd_out(x->c, h, 2);
        if (x->cols && ++col == x->cols) {
          cmd_putc(x->c, '\n');
          col = 0;
        }
      }
      if (!x->cols) col = 1;
    } else if (x->type == CINCLUDE) {
      for (int i = 0; i < n; i++) {
        if (total + (unsigned long long)i == 0) cmd_puts(x->c, "  ");
        else cmd_puts(x->c, col == 0 ? ",\n  " : ", ");
        cmd_printf(x->c, x->upper ? "0X%02X" : "0x%02x", buf[i]);
        if (++col == x->cols) col = 0;
      }
    } else {
      dump_line(x, addr, buf, n);
      addr += (unsigned long long)n;
    }
    total += (unsigned long long)n;
    if (n < want || cmd_out_error(x->c)) break;
  }
  if (x->type == PLAIN && col) cmd_putc(x->c, '\n');
  if (x->autoskip && x->zero_seen && (x->type == NORMAL || x->type == BITS || x->type == LITTLE))
    put_line(x, x->last, -1);
  if (x->type == CINCLUDE) {
    if (total) cmd_putc(x->c, '\n');
    if (var[0]) {
      cmd_printf(x->c, "};\n");
      cmd_printf(x->c, "unsigned int %s_%s = %llu;\n", var, x->capitalize ? "LEN" : "len", total);
    }
  }
  return 0;
}

static int hexdigit(int c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

typedef struct reader {
  int fd;
  unsigned char buf[65536];
  size_t at, end;
} reader;

static int getch(reader *r)
{
  if (r->at == r->end) {
    ssize_t n = acs_sys_read(r->fd, r->buf, sizeof r->buf);
    if (n <= 0) return EOF;
    r->at = 0;
    r->end = (size_t)n;
  }
  return r->buf[r->at++];
}

static int skip_to_eol(reader *r, int c)
{
  while (c != '\n' && c != EOF) c = getch(r);
  return c;
}

static bool put_byte(xxd *x, unsigned char b, long long at)
{
  if (x->out_file) return acs_sys_pwrite(x->out, &b, 1, at) == 1;
  cmd_out(x->c, &b, 1);
  return !cmd_out_error(x->c);
}

static int revert(xxd *x)
{
  reader *r = malloc(sizeof *r);
  if (!r) {
    cmd_error(x->c, "memory exhausted");
    return 1;
  }
  r->fd = x->in;
  r->at = r->end = 0;
  bool plain = x->type == PLAIN;
  int cols = x->cols ? x->cols : 16;
  int n1 = -1, n2 = 0, n3 = 0, p = cols, c;
  bool ign = true;
  long long want = 0, have = 0, base = x->seek;
  int rc = 0;
  while ((c = getch(r)) != EOF) {
    if (c == '\r') continue;
    if (plain && (c == ' ' || c == '\n' || c == '\t')) continue;
    n3 = n2;
    n2 = n1;
    n1 = hexdigit(c);
    if (n1 == -1 && ign) continue;
    ign = false;
    if (!plain && p >= cols) {
      if (n1 < 0) {
        p = 0;
        continue;
      }
      want = want << 4 | n1;
      continue;
    }
    if (base + want != have) {
      if (x->out_file) {
        have = base + want;
      } else {
        if (base + want < have) {
          cmd_error(x->c, "Sorry, cannot seek backwards.");
          rc = 5;
          break;
        }
        for (; have < base + want; have++)
          if (!put_byte(x, 0, have)) break;
        if (cmd_out_error(x->c)) break;
      }
    }
    if (n2 >= 0 && n1 >= 0) {
      if (!put_byte(x, (unsigned char)(n2 << 4 | n1), have)) {
        rc = 3;
        break;
      }
      have++;
      want++;
      n1 = -1;
      if (!plain && ++p >= cols) c = skip_to_eol(r, c);
    } else if (n1 < 0 && n2 < 0 && n3 < 0) {
      c = skip_to_eol(r, c);
    }
    if (c == '\n') {
      if (!plain) want = 0;
      p = cols;
      ign = true;
    }
  }
  free(r);
  return rc;
}

int acs__cmd_xxd(acs_cmd *c, int argc, char **argv)
{
  int status;
  if (argc == 2 && cmd_help_version(c, argv[1], &status)) return status;
  xxd x = {.c = c, .type = NORMAL, .cols = -1, .group = -1};
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    const char *v;
    if (a[0] != '-' || !a[1]) break;
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    switch (a[1]) {
    case 'b': x.type = BITS; break;
    case 'e': x.type = LITTLE; break;
    case 'u': x.upper = true; break;
    case 'p': x.type = PLAIN; break;
    case 'i': x.type = CINCLUDE; break;
    case 'C': x.capitalize = true; break;
    case 'd': x.decimal = true; break;
    case 'r': x.revert = true; break;
    case 'a': x.autoskip = !x.autoskip; break;
    case 'v':
      cmd_flush(c);
      cmd_write_fd(2, "xxd 2022-01-14 by Juergen Weigert et al.\n", 41);
      return 0;
    case 'c':
      if (a[2] && !strncmp(a + 2, "apitalize", 9)) {
        x.capitalize = true;
        break;
      }
      if (!(v = value(argc, argv, &i, "ols"))) return usage(c);
      x.cols = (int)strtol(v, NULL, 0);
      break;
    case 'g':
      if (!(v = value(argc, argv, &i, "roup"))) return usage(c);
      x.group = (int)strtol(v, NULL, 0);
      break;
    case 'o':
      if (!(v = value(argc, argv, &i, "ffset"))) return usage(c);
      x.display_off = strtoll(v, NULL, 0);
      break;
    case 's':
      if (!(v = value(argc, argv, &i, "eek"))) return usage(c);
      x.seek_rel = *v == '+';
      if (*v == '+') v++;
      x.seek_neg = *v == '-';
      if (*v == '-') v++;
      x.seek = strtoll(v, NULL, 0);
      break;
    case 'l':
      if (!(v = value(argc, argv, &i, "en"))) return usage(c);
      x.length = strtoll(v, NULL, 0);
      x.has_length = true;
      break;
    case 'n':
      if (!(v = value(argc, argv, &i, "ame"))) return usage(c);
      x.name = v;
      break;
    default: return usage(c);
    }
  }
  if (argc - i > 2) return usage(c);
  const char *in_name = i < argc && strcmp(argv[i], "-") ? argv[i] : NULL;
  const char *out_name = i + 1 < argc && strcmp(argv[i + 1], "-") ? argv[i + 1] : NULL;
  if (x.cols < 0 || (x.cols == 0 && x.type != PLAIN))
    x.cols = x.type == PLAIN ? 30 : x.type == CINCLUDE ? 12 : x.type == BITS ? 6 : 16;
  if (x.cols < 1 && x.type != PLAIN) x.cols = 16;
  if ((x.type == NORMAL || x.type == BITS || x.type == LITTLE) && x.cols > 256 && !x.revert) {
    cmd_error(c, "invalid number of columns (max. 256).");
    return 1;
  }
  if (x.group < 0) x.group = x.type == BITS ? 1 : x.type == LITTLE ? 4 : 2;
  if (x.group < 1 || x.group > x.cols) x.group = x.cols;
  if (x.type == LITTLE && (x.group & (x.group - 1))) {
    cmd_error(c, "number of octets per group must be a power of 2 with -e.");
    return 1;
  }
  if (in_name) {
    x.in = acs_sys_open(in_name, O_RDONLY | O_CLOEXEC, 0);
    if (x.in < 0) {
      cmd_error(c, "%s: %s", in_name, cmd_strerror(x.in));
      return 2;
    }
  }
  x.out = 1;
  if (out_name) {
    x.out = acs_sys_open(out_name, O_WRONLY | O_CREAT | O_CLOEXEC | (x.revert ? 0 : O_TRUNC), 0666);
    if (x.out < 0) {
      cmd_error(c, "%s: %s", out_name, cmd_strerror(x.out));
      if (x.in) acs_sys_close(x.in);
      return 2;
    }
    x.out_file = x.revert;
  }
  int rc = 0;
  if (x.revert) {
    rc = revert(&x);
  } else {
    if (x.seek || x.seek_neg) {
      int64_t r = x.seek_neg ? acs_sys_lseek(x.in, -x.seek, SEEK_END) : acs_sys_lseek(x.in, x.seek, x.seek_rel ? SEEK_CUR : SEEK_SET);
      if (r < 0 && (x.seek_neg || x.seek < 0)) {
        cmd_error(c, "Sorry, cannot seek.");
        rc = 4;
      } else if (r < 0) { /* a stream: read up to the place */
        unsigned char junk[4096];
        long long left = x.seek;
        while (left > 0) {
          ssize_t n = acs_sys_read(x.in, junk, left > (long long)sizeof junk ? sizeof junk : (size_t)left);
          if (n <= 0) {
            cmd_error(c, "Sorry, cannot seek.");
            rc = 4;
            break;
          }
          left -= n;
        }
      } else {
        x.seek = r;
      }
    }
    if (!rc && x.out != 1) {
      /* the frame writes to fd 1: point it at the file for the dump */
      cmd_flush(c);
      int saved = acs_sys_dup(1);
      acs_sys_dup2(x.out, 1);
      rc = dump(&x, in_name);
      if (!cmd_flush(c)) rc = 3;
      if (saved >= 0) {
        acs_sys_dup2(saved, 1);
        acs_sys_close(saved);
      }
    } else if (!rc) {
      rc = dump(&x, in_name);
    }
  }
  if (x.in) acs_sys_close(x.in);
  if (x.out != 1) acs_sys_close(x.out);
  return rc;
}
