/* head.c - output the first part of files.
**
** Usage: head [OPTION]... [FILE]...
** Print the first 10 lines of each FILE to standard output.
** With more than one FILE, precede each with a header giving the file name.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -c, --bytes=[-]NUM       print the first NUM bytes of each file;
**                              with the leading '-', print all but the last
**                              NUM bytes of each file
**   -n, --lines=[-]NUM       print the first NUM lines instead of the first 10;
**                              with the leading '-', print all but the last
**                              NUM lines of each file
**   -q, --quiet, --silent    never print headers giving file names
**   -v, --verbose            always print headers giving file names
**   -z, --zero-terminated    line delimiter is NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
**
** NUM may have a multiplier suffix:
** b 512, kB 1000, K 1024, MB 1000*1000, M 1024*1024,
** GB 1000*1000*1000, G 1024*1024*1024, and so on for T, P, E, Z, Y.
** Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
*/

/* GNU coreutils' head, with its obsolete first argument (-5, -5c, -2kq).
** "All but the last N" keeps only the last N bytes or lines in memory (a
** ring of lines), so it streams; head stops reading as soon as it has
** printed what it was asked for, so `yes | head -1` ends, and leaves a
** seekable input just after the part it printed. */
#include "cmd.h"
#include "lib_text.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

typedef struct opts {
  bool bytes, all_but;
  int64_t count;
  int delim;
} opts;

/* the first count bytes or lines */
static int head_first(acs_cmd *c, cmd_in *in, const opts *o)
{
  int64_t left = o->count;
  unsigned char buf[16384];
  while (left > 0) {
    size_t want = sizeof buf;
    ssize_t n = cmd_in_read(in, buf, want);
    if (n <= 0) return (int)n;
    size_t take = (size_t)n;
    if (o->bytes) {
      if ((int64_t)take > left) take = (size_t)left;
      left -= (int64_t)take;
    } else {
      for (size_t i = 0; i < (size_t)n; i++)
        if (buf[i] == o->delim && --left == 0) {
          take = i + 1;
          break;
        }
    }
    cmd_out(c, buf, take);
    if (cmd_out_error(c)) return 0;
    if (left == 0) {
      /* leave a seekable input just after what was printed, as GNU does,
      ** so that { head -n 1; cat; } < file goes on where head stopped */
      int64_t unread = (int64_t)((size_t)n - take + (in->end - in->start));
      if (unread > 0 && acs_sys_lseek(in->fd, -unread, SEEK_CUR) >= 0) in->start = in->end;
    }
  }
  return 0;
}

/* all but the last count bytes: a window of count bytes trails the output */
static int head_but_bytes(acs_cmd *c, cmd_in *in, int64_t count)
{
  text_buf win = {0};
  unsigned char buf[16384];
  for (;;) {
    ssize_t n = cmd_in_read(in, buf, sizeof buf);
    if (n < 0) {
      free(win.data);
      return (int)n;
    }
    if (n == 0) break;
    if (!text_buf_add(&win, buf, (size_t)n)) {
      free(win.data);
      return -12;
    }
    if ((int64_t)win.len > count) {
      size_t out = win.len - (size_t)count;
      cmd_out(c, win.data, out);
      memmove(win.data, win.data + out, win.len - out);
      win.len -= out;
      if (cmd_out_error(c)) break;
    }
  }
  free(win.data);
  return 0;
}

/* all but the last count lines: a ring of the last count lines read */
static int head_but_lines(acs_cmd *c, cmd_in *in, int64_t count, int delim)
{
  if (count == 0) return head_first(c, in, &(opts){.bytes = true, .count = INT64_MAX, .delim = delim});
  size_t ring_n = (size_t)count;
  text_buf *ring = NULL;
  size_t have = 0, at = 0;
  int rc = 0;
  for (;;) {
    char *line;
    ssize_t n = cmd_getdelim(in, &line, delim);
    if (n <= 0) {
      rc = (int)n;
      break;
    }
    if (have < ring_n) {
      if (have % 1024 == 0) {
        text_buf *p = realloc(ring, (have + 1024 < ring_n ? have + 1024 : ring_n) * sizeof *ring);
        if (!p) {
          rc = -12;
          break;
        }
        ring = p;
      }
      ring[have] = (text_buf){0};
      text_buf_add(&ring[have++], line, (size_t)n);
      continue;
    }
    cmd_out(c, ring[at].data, ring[at].len);
    ring[at].len = 0;
    text_buf_add(&ring[at], line, (size_t)n);
    at = (at + 1) % ring_n;
    if (cmd_out_error(c)) break;
  }
  for (size_t i = 0; i < have; i++) free(ring[i].data);
  free(ring);
  return rc;
}

static int head_one(acs_cmd *c, cmd_in *in, const opts *o)
{
  if (!o->all_but) return head_first(c, in, o);
  if (o->bytes) return head_but_bytes(c, in, o->count);
  return head_but_lines(c, in, o->count, o->delim);
}

static bool parse_count(acs_cmd *c, const char *arg, bool bytes, opts *o)
{
  o->bytes = bytes;
  o->all_but = false;
  const char *s = arg;
  if (*s == '-') {
    o->all_but = true;
    s++;
  } else if (*s == '+') {
    s++;
  }
  int64_t v;
  if (!isdigit((unsigned char)*s) || !cmd_parse_num(s, true, &v)) {
    int big = isdigit((unsigned char)*s) ? text_num_too_big(s) : 0;
    if (big == 1) {
      o->count = INT64_MAX;
      return true;
    }
    cmd_error(c, "invalid number of %s: '%s'%s", bytes ? "bytes" : "lines", arg,
              big ? ": Value too large for defined data type" : "");
    return false;
  }
  o->count = v;
  return true;
}

int acs__cmd_head(acs_cmd *c, int argc, char **argv)
{
  c->out_what = "error writing 'standard output'"; /* GNU head's words */
  static const cmd_opt longs[] = {{"bytes", 'c', CMD_ARG},         {"lines", 'n', CMD_ARG},
                                  {"quiet", 'q', CMD_NOARG},       {"silent", 'q', CMD_NOARG},
                                  {"verbose", 'v', CMD_NOARG},     {"zero-terminated", 'z', CMD_NOARG},
                                  {0}};
  opts o = {.count = 10, .delim = '\n'};
  int headers = 0; /* -1 never, 1 always */
  /* the obsolete form: a first argument -NUM[bkm][cqvlz] */
  if (argc > 1 && argv[1][0] == '-' && isdigit((unsigned char)argv[1][1])) {
    char *p = argv[1] + 1;
    int64_t v = 0;
    while (isdigit((unsigned char)*p)) {
      if (v > (INT64_MAX - 9) / 10) v = INT64_MAX / 10;
      v = v * 10 + (*p++ - '0');
    }
    int64_t mult = 1;
    for (; *p; p++) {
      switch (*p) {
      case 'b': mult = 512; o.bytes = true; break;
      case 'k': mult = 1024; o.bytes = true; break;
      case 'm': mult = 1048576; o.bytes = true; break;
      case 'c': o.bytes = true; break;
      case 'l': o.bytes = false; break;
      case 'q': headers = -1; break;
      case 'v': headers = 1; break;
      case 'z': o.delim = 0; break;
      default: cmd_usage_error(c, "invalid option -- '%c'", *p); return 1;
      }
    }
    o.count = v > INT64_MAX / mult ? INT64_MAX : v * mult;
    argv[1] = argv[0];
    argv++;
    argc--;
  }
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "c:n:qvz0123456789", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c':
    case 'n':
      if (!parse_count(c, g.arg, opt == 'c', &o)) return 1;
      break;
    case 'q': headers = -1; break;
    case 'v': headers = 1; break;
    case 'z': o.delim = 0; break;
    default: cmd_usage_error(c, "invalid trailing option -- %c", opt); return 1;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int nfiles = g.nops, status = 0;
  if (nfiles == 0) {
    files = dash;
    nfiles = 1;
  }
  bool show = headers == 1 || (headers == 0 && nfiles > 1), first = true;
  cmd_in *in = cmd_in_new();
  if (!in) {
    cmd_error(c, "memory exhausted");
    return 1;
  }
  for (int i = 0; i < nfiles && !cmd_out_error(c); i++) {
    const char *name = strcmp(files[i], "-") ? files[i] : "standard input";
    char q[1024];
    if (cmd_in_open(NULL, in, files[i]) < 0) {
      cmd_error(c, "cannot open %s for reading: %s", cmd_quote(files[i], q, sizeof q), cmd_strerror(in->err));
      status = 1;
      continue;
    }
    if (show) {
      cmd_printf(c, "%s==> %s <==\n", first ? "" : "\n", name);
      first = false;
    }
    int rc = head_one(c, in, &o);
    if (rc < 0) {
      cmd_error(c, "error reading %s: %s", cmd_quote(name, q, sizeof q), cmd_strerror(rc));
      status = 1;
    }
    cmd_in_close(in);
  }
  cmd_in_free(in);
  return status;
}
