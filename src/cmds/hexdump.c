/* hexdump.c - display file contents in hexadecimal, decimal, octal, or ascii.
**
** Usage:
**  hexdump [options] <file>...
**
** Display file contents in hexadecimal, decimal, octal, or ascii.
**
** Options:
**  -b, --one-byte-octal      one-byte octal display
**  -c, --one-byte-char       one-byte character display
**  -C, --canonical           canonical hex+ASCII display
**  -d, --two-bytes-decimal   two-byte decimal display
**  -o, --two-bytes-octal     two-byte octal display
**  -x, --two-bytes-hex       two-byte hexadecimal display
**  -e, --format <format>     format string to be used for displaying data
**  -f, --format-file <file>  file that contains format strings
**  -n, --length <length>     interpret only length bytes of input
**  -s, --skip <offset>       skip offset bytes from the beginning
**  -v, --no-squeezing        output identical lines
**
**  -h, --help                display this help
**  -V, --version             display version
**
** Arguments:
**  <length> and <offset> arguments may be followed by the suffixes for
**    GiB, TiB, PiB, EiB, ZiB, and YiB (the "iB" is optional)
*/

/* util-linux 2.38's hexdump (Debian's bsdextrautils). -e and -f format
** strings are lib_hexfmt's; the built-in formats are done here: each format is a row of fixed
** slots joined by one space, a short last line keeps the empty slots as
** spaces, two-byte units are little-endian with a missing high byte read
** as zero, a line equal to the one before becomes one "*", and the end
** address closes the dump unless it is 0. -s seeks (a pipe cannot: "stdin:
** Illegal seek", status 1) and moves on to the next file when one is
** shorter than the skip. */
#include "cmd.h"
#include "lib_hexfmt.h"
#include "lib_stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { F_HEX2, F_CANON, F_OCT1, F_CHAR, F_DEC2, F_OCT2, F_HEX2W, MAX_FMTS = 32 };

typedef struct hd {
  acs_cmd *c;
  int fmts[MAX_FMTS];
  int n;
  bool all;
} hd;

static void slot(acs_cmd *c, int f, const unsigned char *p, size_t i, size_t n)
{
  char b[16];
  bool have = i < n;
  unsigned v2 = have ? p[i] | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0u) : 0u;
  switch (f) {
  case F_HEX2: have ? snprintf(b, sizeof b, "%04x", v2) : snprintf(b, sizeof b, "%4s", ""); break;
  case F_DEC2: have ? snprintf(b, sizeof b, "  %05u", v2) : snprintf(b, sizeof b, "%7s", ""); break;
  case F_OCT2: have ? snprintf(b, sizeof b, " %06o", v2) : snprintf(b, sizeof b, "%7s", ""); break;
  case F_HEX2W: have ? snprintf(b, sizeof b, "   %04x", v2) : snprintf(b, sizeof b, "%7s", ""); break;
  case F_OCT1: have ? snprintf(b, sizeof b, "%03o", p[i]) : snprintf(b, sizeof b, "%3s", ""); break;
  default: { /* F_CHAR */
    static const char esc[] = "abtnvfr";
    unsigned ch = have ? p[i] : ' ';
    if (!have) snprintf(b, sizeof b, "%3s", "");
    else if (ch == 0) snprintf(b, sizeof b, " \\0");
    else if (ch >= 7 && ch <= 13) snprintf(b, sizeof b, " \\%c", esc[ch - 7]);
    else if (ch >= 32 && ch < 127) snprintf(b, sizeof b, "  %c", ch);
    else snprintf(b, sizeof b, "%03o", ch);
  }
  }
  cmd_puts(c, b);
}

static void line(hd *h, uint64_t addr, const unsigned char *p, size_t n)
{
  for (int k = 0; k < h->n; k++) {
    int f = h->fmts[k];
    if (f == F_CANON) {
      cmd_printf(h->c, "%08llx  ", (unsigned long long)addr);
      for (size_t i = 0; i < 16; i++) {
        if (i < n) cmd_printf(h->c, "%02x ", p[i]);
        else cmd_puts(h->c, "   ");
        if (i == 7) cmd_putc(h->c, ' ');
      }
      cmd_puts(h->c, " |");
      for (size_t i = 0; i < n; i++) cmd_putc(h->c, p[i] >= 32 && p[i] < 127 ? p[i] : '.');
      cmd_puts(h->c, "|\n");
      continue;
    }
    cmd_printf(h->c, "%07llx", (unsigned long long)addr);
    size_t step = f == F_OCT1 || f == F_CHAR ? 1 : 2;
    for (size_t i = 0; i < 16; i += step) {
      cmd_putc(h->c, ' ');
      slot(h->c, f, p, i, n);
    }
    cmd_putc(h->c, '\n');
  }
}

int acs__cmd_hexdump(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"one-byte-octal", 'b', CMD_NOARG}, {"one-byte-char", 'c', CMD_NOARG}, {"canonical", 'C', CMD_NOARG},
      {"two-bytes-decimal", 'd', CMD_NOARG}, {"two-bytes-octal", 'o', CMD_NOARG}, {"two-bytes-hex", 'x', CMD_NOARG},
      {"length", 'n', CMD_ARG}, {"skip", 's', CMD_ARG}, {"no-squeezing", 'v', CMD_NOARG},
      {"format", 'e', CMD_ARG}, {"format-file", 'f', CMD_ARG},
      {"help", 'h', CMD_NOARG}, {"version", 'V', CMD_NOARG}, {0}};
  hd h = {.c = c};
  uint64_t skip = 0, length = 0;
  bool limited = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "bcCdoxe:f:n:s:vhV", longs);
  int opt;
  hexfmt *fmts = NULL; /* -e/-f: then the built-in formats are not used */
  int rc = 1;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    int f = -1;
    switch (opt) {
    case 'e':
    case 'f': {
      if (!fmts && !(fmts = cmd_hexfmt_new(c))) goto out;
      if (opt == 'e') {
        if (!cmd_hexfmt_add(fmts, g.arg)) goto out;
        break;
      }
      char *data;
      size_t len;
      int r = cmd_read_all(g.arg, &data, &len);
      if (r < 0) {
        cmd_error(c, "%s: %s", g.arg, cmd_strerror(r));
        goto out;
      }
      bool ok = true;
      for (char *l = strtok(data, "\n"); l && ok; l = strtok(NULL, "\n")) {
        char *t = l + strspn(l, " \t");
        if (*t && *t != '#') ok = cmd_hexfmt_add(fmts, l);
      }
      free(data);
      if (!ok) goto out;
      break;
    }
    case 'b': f = F_OCT1; break;
    case 'c': f = F_CHAR; break;
    case 'C': f = F_CANON; break;
    case 'd': f = F_DEC2; break;
    case 'o': f = F_OCT2; break;
    case 'x': f = F_HEX2W; break;
    case 'v': h.all = true; break;
    case 'h': cmd_puts(c, c->help); rc = 0; goto out;
    case 'V': cmd_printf(c, "%s from util-linux 2.38.1 (agent-code-sandbox)\n", c->name); rc = 0; goto out;
    case 'n':
    case 's':
      if (!cmd_parse_size(g.arg, true, false, opt == 'n' ? &length : &skip)) {
        cmd_error(c, "failed to parse %s: '%s': Invalid argument", opt == 'n' ? "length" : "offset", g.arg);
        goto out;
      }
      if (opt == 'n') limited = true;
      break;
    }
    if (f >= 0 && h.n < MAX_FMTS) h.fmts[h.n++] = f;
  }
  if (opt < 0) {
    rc = opt == CMD_HELP_DONE ? 0 : 1;
    goto out;
  }
  if (!h.n) h.fmts[h.n++] = F_HEX2;
  bool canon = h.fmts[h.n - 1] == F_CANON; /* the last format's end address */
  cmd_stream s;
  cmd_stream_init(&s, c, cmd_operands(&g), g.nops);
  s.util_linux = true;
  uint64_t addr = skip ? cmd_stream_skip(&s, skip) : 0;
  if (s.seek_failed) {
    cmd_stream_close(&s);
    goto out;
  }
  if (fmts) {
    rc = cmd_hexfmt_dump(fmts, &s, addr, limited, length, h.all);
    cmd_stream_close(&s);
    goto out;
  }
  unsigned char cur[16], prev[16];
  bool first = true, same = false;
  while (!limited || length) {
    size_t want = limited && length < 16 ? (size_t)length : 16;
    size_t n = cmd_stream_read(&s, cur, want);
    if (!n) break;
    if (limited) length -= n;
    if (!h.all && !first && n == 16 && !memcmp(cur, prev, 16)) {
      if (!same) cmd_puts(c, "*\n");
      same = true;
    } else {
      line(&h, addr, cur, n);
      same = false;
    }
    first = false;
    memcpy(prev, cur, n);
    addr += n;
    if (n < want || cmd_out_error(c)) break;
  }
  if (addr) cmd_printf(c, canon ? "%08llx\n" : "%07llx\n", (unsigned long long)addr);
  cmd_stream_close(&s);
  rc = s.status;
out:
  cmd_hexfmt_free(fmts);
  return rc;
}
