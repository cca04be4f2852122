/* cat.c - concatenate files and print on the standard output.
**
** Usage: cat [OPTION]... [FILE]...
** Concatenate FILE(s) to standard output.
**
** With no FILE, or when FILE is -, read standard input.
**
**   -A, --show-all           equivalent to -vET
**   -b, --number-nonblank    number nonempty output lines, overrides -n
**   -e                       equivalent to -vE
**   -E, --show-ends          display $ at end of each line
**   -n, --number             number all output lines
**   -s, --squeeze-blank      suppress repeated empty output lines
**   -t                       equivalent to -vT
**   -T, --show-tabs          display TAB characters as ^I
**   -u                       (ignored)
**   -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' cat. A file that cannot be read is reported as GNU words
** it and the others are still printed; the exit status is then 1. */
#include "cmd.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>


typedef struct opts {
  bool number, nonblank, ends, squeeze, tabs, nonprinting;
} opts;

typedef struct state {
  bool line_start;
  int newlines; /* consecutive newlines just printed, for -s and -b */
  long line;
} state;

static bool plain(const opts *o)
{
  return !o->number && !o->nonblank && !o->ends && !o->squeeze && !o->tabs && !o->nonprinting;
}

static void number(acs_cmd *cm, state *s)
{
  char b[32];
  int n = snprintf(b, sizeof b, "%6ld\t", ++s->line);
  cmd_out(cm, b, (size_t)n);
}

static void emit(acs_cmd *cm, const opts *o, state *s, const unsigned char *p, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    unsigned char c = p[i];
    if (c == '\n') {
      if (s->line_start) {
        s->newlines++;
        if (o->squeeze && s->newlines > 1) continue;
        if (o->number && !o->nonblank) number(cm, s);
      }
      if (o->ends) cmd_out(cm, "$", 1);
      cmd_out(cm, "\n", 1);
      s->line_start = true;
      continue;
    }
    if (s->line_start) {
      if (o->number || o->nonblank) number(cm, s);
      s->line_start = false;
    }
    s->newlines = 0;
    if (c == '\t') {
      cmd_out(cm, o->tabs ? "^I" : "\t", o->tabs ? 2 : 1);
    } else if (o->nonprinting && (c < 32 || c >= 127)) {
      char b[4];
      size_t k = 0;
      if (c >= 128) {
        b[k++] = 'M';
        b[k++] = '-';
        c -= 128;
      }
      if (c < 32) {
        b[k++] = '^';
        b[k++] = (char)(c + 64);
      } else if (c == 127) {
        b[k++] = '^';
        b[k++] = '?';
      } else {
        b[k++] = (char)c;
      }
      cmd_out(cm, b, k);
    } else {
      cmd_out(cm, &c, 1);
    }
  }
}

static int cat_fd(acs_cmd *cm, const char *name, int fd, const opts *o, state *s)
{
  static unsigned char buf[ACS__SYS_MAX_DATA];
  for (;;) {
    ssize_t n = acs_sys_read(fd, buf, sizeof buf);
    if (n == 0) return 0;
    if (n < 0) {
      char q[1024];
      cmd_error(cm, "%s: %s", cmd_quotef(name, q, sizeof q), cmd_strerror((int)n));
      return 1;
    }
    if (plain(o)) cmd_out(cm, buf, (size_t)n);
    else emit(cm, o, s, buf, (size_t)n);
    if (cmd_out_error(cm)) return 1; /* reported once, at the end */
  }
}

int acs__cmd_cat(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"show-all", 'A', CMD_NOARG}, {"number-nonblank", 'b', CMD_NOARG}, {"show-ends", 'E', CMD_NOARG},
      {"number", 'n', CMD_NOARG}, {"squeeze-blank", 's', CMD_NOARG}, {"show-tabs", 'T', CMD_NOARG},
      {"show-nonprinting", 'v', CMD_NOARG}, {0}};
  opts o = {0};
  state s = {.line_start = true};
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "AbeEnstTuv", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'A': o.nonprinting = o.ends = o.tabs = true; break;
    case 'b': o.nonblank = o.number = true; break;
    case 'e': o.nonprinting = o.ends = true; break;
    case 'E': o.ends = true; break;
    case 'n': o.number = true; break;
    case 's': o.squeeze = true; break;
    case 't': o.nonprinting = o.tabs = true; break;
    case 'T': o.tabs = true; break;
    case 'u': break;
    case 'v': o.nonprinting = true; break;
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
  for (int i = 0; i < nfiles && !cmd_out_error(c); i++) {
    if (!strcmp(files[i], "-")) {
      status |= cat_fd(c, "-", 0, &o, &s);
      continue;
    }
    int fd = acs_sys_open(files[i], O_RDONLY, 0);
    if (fd < 0) {
      char q[1024];
      cmd_error(c, "%s: %s", cmd_quotef(files[i], q, sizeof q), cmd_strerror(fd));
      status = 1;
      continue;
    }
    status |= cat_fd(c, files[i], fd, &o, &s);
    acs_sys_close(fd);
  }
  return status;
}
