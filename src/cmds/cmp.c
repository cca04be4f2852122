/* cmp.c - compare two files byte by byte.
**
** Usage: cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]
** Compare two files byte by byte.
**
** The optional SKIP1 and SKIP2 specify the number of bytes to skip
** at the beginning of each file (zero by default).
**
** Mandatory arguments to long options are mandatory for short options too.
**   -b, --print-bytes          print differing bytes
**   -i, --ignore-initial=SKIP         skip first SKIP bytes of both inputs
**   -i, --ignore-initial=SKIP1:SKIP2  skip first SKIP1 bytes of FILE1 and
**                                       first SKIP2 bytes of FILE2
**   -l, --verbose              output byte numbers and differing byte values
**   -n, --bytes=LIMIT          compare at most LIMIT bytes
**   -s, --quiet, --silent      suppress all normal output
**       --help                 display this help and exit
**   -v, --version              output version information and exit
**
** SKIP values may be followed by the following multiplicative suffixes:
** kB 1000, K 1024, MB 1,000,000, M 1,048,576,
** GB 1,000,000,000, G 1,073,741,824, and so on for T, P, E, Z, Y.
** If a FILE is '-' or missing, read standard input.
** Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.
*/

/* GNU diffutils' cmp 3.8: "differ: char N, line M" (byte with -b), -l's
** offsets as wide as the smaller regular file's size needs, and "EOF on
** NAME after byte N" on stderr when one input is a prefix of the other. */
#include "cmd.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

typedef struct side {
  const char *name;
  int fd;
  bool close;
  unsigned char buf[65536];
  size_t at, len;
  bool eof;
  int err;
  int64_t skip;
} side;

static bool fill(side *s)
{
  if (s->at < s->len) return true;
  if (s->eof || s->err) return false;
  ssize_t n = acs_sys_read(s->fd, s->buf, sizeof s->buf);
  if (n < 0) s->err = (int)n;
  if (n <= 0) {
    s->eof = n == 0;
    return false;
  }
  s->at = 0;
  s->len = (size_t)n;
  return true;
}

static bool parse_skip(const char *s, int64_t *v)
{
  if (!*s) return false;
  return cmd_parse_num(s, true, v) && *v >= 0;
}

/* coreutils' and diffutils' way of showing a byte: ^X, M-x, M-^X */
static void byte_text(unsigned ch, char *b)
{
  size_t k = 0;
  if (ch >= 128) {
    b[k++] = 'M';
    b[k++] = '-';
    ch -= 128;
  }
  if (ch < 32) {
    b[k++] = '^';
    b[k++] = (char)(ch + 64);
  } else if (ch == 127) {
    b[k++] = '^';
    b[k++] = '?';
  } else {
    b[k++] = (char)ch;
  }
  b[k] = 0;
}

static bool bad_value(acs_cmd *c, const char *what, const char *v)
{
  char q[1024];
  cmd_usage_error(c, "invalid %s value %s", what, cmd_quote(v, q, sizeof q));
  return false;
}

static bool skips(acs_cmd *c, const char *v, int64_t *s1, int64_t *s2)
{
  const char *colon = strchr(v, ':');
  char a[256];
  if (!colon) {
    if (!parse_skip(v, s1)) return bad_value(c, "--ignore-initial", v);
    *s2 = *s1;
    return true;
  }
  size_t n = (size_t)(colon - v);
  if (n >= sizeof a) return bad_value(c, "--ignore-initial", v);
  memcpy(a, v, n);
  a[n] = 0;
  if (!parse_skip(a, s1) || !parse_skip(colon + 1, s2)) return bad_value(c, "--ignore-initial", v);
  return true;
}

int acs__cmd_cmp(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"print-bytes", 'b', CMD_NOARG}, {"print-chars", 'b', CMD_NOARG},
      {"ignore-initial", 'i', CMD_ARG}, {"verbose", 'l', CMD_NOARG}, {"bytes", 'n', CMD_ARG},
      {"quiet", 's', CMD_NOARG}, {"silent", 's', CMD_NOARG}, {0}};
  c->try_named = true;
  bool bytes = false, verbose = false, silent = false;
  int64_t skip[2] = {0, 0}, limit = -1;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "bci:ln:sv", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'b': case 'c': bytes = true; break;
    case 'l': verbose = true; break;
    case 's': silent = true; break;
    case 'v': cmd_help_version(c, "--version", &opt); return 0;
    case 'i':
      if (!skips(c, g.arg, &skip[0], &skip[1])) return 2;
      break;
    case 'n':
      if (!parse_skip(g.arg, &limit)) {
        bad_value(c, "--bytes", g.arg);
        return 2;
      }
      break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 2;
  char **ops = cmd_operands(&g), q[1024];
  if (g.nops < 1) {
    cmd_usage_error(c, "missing operand after %s", cmd_quote(c->name, q, sizeof q));
    return 2;
  }
  for (int i = 2; i < 4 && i < g.nops; i++)
    if (!parse_skip(ops[i], &skip[i - 2])) {
      bad_value(c, "--ignore-initial", ops[i]);
      return 2;
    }
  if (g.nops > 4) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(ops[4], q, sizeof q));
    return 2;
  }
  if (verbose && silent) {
    cmd_usage_error(c, "options -l and -s are incompatible");
    return 2;
  }
  static side sd[2];
  acs__sys_stat st[2];
  for (int i = 0; i < 2; i++) {
    side *s = &sd[i];
    memset(s, 0, offsetof(side, buf));
    s->name = i < g.nops ? ops[i] : "-";
    s->skip = skip[i];
    if (!strcmp(s->name, "-")) {
      s->fd = 0;
    } else {
      s->fd = acs_sys_open(s->name, O_RDONLY, 0);
      if (s->fd < 0) {
        if (!silent) cmd_error(c, "%s: %s", s->name, cmd_strerror(s->fd));
        if (i == 1 && sd[0].close) acs_sys_close(sd[0].fd);
        return 2;
      }
      s->close = true;
    }
    if (acs_sys_fstat(s->fd, &st[i])) memset(&st[i], 0, sizeof st[i]);
  }
  int status = 0;
  /* the same file at the same place is the same */
  if (st[0].ino && st[0].dev == st[1].dev && st[0].ino == st[1].ino && S_ISREG(st[0].mode) &&
      skip[0] == skip[1])
    goto done;
  for (int i = 0; i < 2; i++) {
    side *s = &sd[i];
    int64_t left = s->skip;
    if (left && S_ISREG(st[i].mode) && acs_sys_lseek(s->fd, left, SEEK_CUR) >= 0) left = 0;
    while (left > 0 && fill(s)) {
      size_t take = s->len - s->at;
      if ((int64_t)take > left) take = (size_t)left;
      s->at += take;
      left -= (int64_t)take;
    }
  }
  int width = 1;
  if (verbose) {
    int64_t max = limit >= 0 ? limit : INT64_MAX;
    for (int i = 0; i < 2; i++)
      if (S_ISREG(st[i].mode)) {
        int64_t rest = (int64_t)st[i].size - sd[i].skip;
        if (rest < 0) rest = 0;
        if (rest < max) max = rest;
      }
    while (max /= 10) width++;
  }
  int64_t off = 0, line = 1;
  bool last_nl = false;
  for (;;) {
    if (limit >= 0 && off >= limit) break;
    bool h0 = fill(&sd[0]), h1 = fill(&sd[1]);
    for (int i = 0; i < 2; i++)
      if (sd[i].err) {
        cmd_error(c, "%s: %s", sd[i].name, cmd_strerror(sd[i].err));
        status = 2;
        goto done;
      }
    if (!h0 || !h1) {
      if (h0 == h1) break; /* both ended together */
      side *e = h0 ? &sd[1] : &sd[0];
      if (!silent) {
        /* straight to stderr, ahead of the buffered -l lines, as GNU's
        ** unbuffered stderr and buffered stdout come out */
        char m[8192];
        int k;
        bool at_start = off > 0 && last_nl;
        if (off == 0) k = snprintf(m, sizeof m, "%s: EOF on %s which is empty\n", c->name, e->name);
        else if (verbose) k = snprintf(m, sizeof m, "%s: EOF on %s after byte %jd\n", c->name, e->name, (intmax_t)off);
        else
          k = snprintf(m, sizeof m, "%s: EOF on %s after byte %jd, %sline %jd\n", c->name, e->name,
                       (intmax_t)off, at_start ? "" : "in ", (intmax_t)(line - at_start));
        if (k > 0) acs_sys_write_all(2, m, (size_t)k < sizeof m ? (size_t)k : sizeof m - 1);
      }
      status = 1;
      break;
    }
    size_t n = sd[0].len - sd[0].at;
    if (sd[1].len - sd[1].at < n) n = sd[1].len - sd[1].at;
    if (limit >= 0 && (int64_t)n > limit - off) n = (size_t)(limit - off);
    const unsigned char *a = sd[0].buf + sd[0].at, *b = sd[1].buf + sd[1].at;
    size_t i = 0;
    while (i < n) {
      if (a[i] == b[i]) {
        /* the equal stretch at once: memcmp's speed, newlines counted */
        size_t j = i;
        while (j < n && a[j] == b[j]) j++;
        if (!verbose)
          for (const unsigned char *p = a + i; (p = memchr(p, '\n', (size_t)(a + j - p))); p++) line++;
        off += (int64_t)(j - i);
        last_nl = a[j - 1] == '\n';
        i = j;
        continue;
      }
      off++;
      status = 1;
      if (silent) goto done;
      if (!verbose) {
        if (bytes) {
          char ta[8], tb[8];
          byte_text(a[i], ta);
          byte_text(b[i], tb);
          cmd_printf(c, "%s %s differ: byte %jd, line %jd is %3o %s %3o %s\n", sd[0].name, sd[1].name,
                     (intmax_t)off, (intmax_t)line, a[i], ta, b[i], tb);
        } else {
          cmd_printf(c, "%s %s differ: char %jd, line %jd\n", sd[0].name, sd[1].name, (intmax_t)off,
                     (intmax_t)line);
        }
        goto done;
      }
      if (bytes) {
        char ta[8], tb[8];
        byte_text(a[i], ta);
        byte_text(b[i], tb);
        cmd_printf(c, "%*jd %3o %-4s %3o %s\n", width, (intmax_t)off, a[i], ta, b[i], tb);
      } else {
        cmd_printf(c, "%*jd %3o %3o\n", width, (intmax_t)off, a[i], b[i]);
      }
      i++;
      if (cmd_out_error(c)) goto done;
    }
    sd[0].at += n;
    sd[1].at += n;
  }
done:
  for (int i = 0; i < 2; i++)
    if (sd[i].close) acs_sys_close(sd[i].fd);
  return status;
}
