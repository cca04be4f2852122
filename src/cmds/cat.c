/* cat.c - concatenate files and print on the standard output.
**
** usage: cat [-AbeEnstTuv] [FILE]...
**
** GNU coreutils' cat. No FILE, or "-", is standard input.
**   -A  --show-all          as -vET
**   -b  --number-nonblank   number nonempty lines (overrides -n)
**   -e                      as -vE
**   -E  --show-ends         $ at the end of each line
**   -n  --number            number all lines
**   -s  --squeeze-blank     repeated empty lines become one
**   -t                      as -vT
**   -T  --show-tabs         TAB as ^I
**   -u                      ignored
**   -v  --show-nonprinting  ^ and M- notation, except for LFD and TAB
** A file that cannot be read is reported as GNU words it and the others
** are still printed; the exit status is then 1. */
#include "cmd.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>

static const char help[] =
    "Usage: cat [OPTION]... [FILE]...\n"
    "Concatenate FILE(s) to standard output.\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "  -A, --show-all           equivalent to -vET\n"
    "  -b, --number-nonblank    number nonempty output lines, overrides -n\n"
    "  -e                       equivalent to -vE\n"
    "  -E, --show-ends          display $ at end of each line\n"
    "  -n, --number             number all output lines\n"
    "  -s, --squeeze-blank      suppress repeated empty output lines\n"
    "  -t                       equivalent to -vT\n"
    "  -T, --show-tabs          display TAB characters as ^I\n"
    "  -u                       (ignored)\n"
    "  -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

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

static void number(state *s)
{
  char b[32];
  int n = snprintf(b, sizeof b, "%6ld\t", ++s->line);
  cmd_out(b, (size_t)n);
}

static void emit(const opts *o, state *s, const unsigned char *p, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    unsigned char c = p[i];
    if (c == '\n') {
      if (s->line_start) {
        s->newlines++;
        if (o->squeeze && s->newlines > 1) continue;
        if (o->number && !o->nonblank) number(s);
      }
      if (o->ends) cmd_out("$", 1);
      cmd_out("\n", 1);
      s->line_start = true;
      continue;
    }
    if (s->line_start) {
      if (o->number || o->nonblank) number(s);
      s->line_start = false;
    }
    s->newlines = 0;
    if (c == '\t') {
      cmd_out(o->tabs ? "^I" : "\t", o->tabs ? 2 : 1);
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
      cmd_out(b, k);
    } else {
      cmd_out(&c, 1);
    }
  }
}

static int cat_fd(const char *name, int fd, const opts *o, state *s)
{
  static unsigned char buf[ACS__SYS_MAX_DATA];
  for (;;) {
    ssize_t n = acs_sys_read(fd, buf, sizeof buf);
    if (n == 0) return 0;
    if (n < 0) {
      cmd_error("cat", "%s: %s", name, cmd_strerror((int)n));
      return 1;
    }
    if (plain(o)) cmd_out(buf, (size_t)n);
    else emit(o, s, buf, (size_t)n);
    if (cmd_out_error()) return 1; /* reported once, at the end */
  }
}

int acs__cmd_cat(int argc, char **argv)
{
  opts o = {0};
  state s = {.line_start = true};
  int status = 0, nfiles = 0;
  char **files = argv + 1;
  bool dashdash = false;
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (dashdash || a[0] != '-' || !a[1]) {
      files[nfiles++] = a;
      continue;
    }
    if (!strcmp(a, "--")) {
      dashdash = true;
      continue;
    }
    if (a[1] == '-') {
      static const struct { const char *name; char letter; } longs[] = {
          {"show-all", 'A'}, {"number-nonblank", 'b'}, {"show-ends", 'E'}, {"number", 'n'},
          {"squeeze-blank", 's'}, {"show-tabs", 'T'}, {"show-nonprinting", 'v'}};
      if (cmd_help_version("cat", help, a, &status)) return status;
      char letter = 0;
      for (size_t k = 0; k < sizeof longs / sizeof *longs && !letter; k++)
        if (!strcmp(a + 2, longs[k].name)) letter = longs[k].letter;
      if (!letter) {
        cmd_error("cat", "unrecognized option '%s'", a);
        cmd_error("cat", "Try 'cat --help' for more information.");
        return 1;
      }
      static char one[3] = "-?";
      one[1] = letter;
      a = one;
    }
    for (const char *p = a + 1; *p; p++) {
      switch (*p) {
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
      default:
        cmd_error("cat", "invalid option -- '%c'", *p);
        cmd_error("cat", "Try 'cat --help' for more information.");
        return 1;
      }
    }
  }
  static char *dash[] = {"-"};
  if (nfiles == 0) {
    files = dash;
    nfiles = 1;
  }
  for (int i = 0; i < nfiles && !cmd_out_error(); i++) {
    if (!strcmp(files[i], "-")) {
      status |= cat_fd("-", 0, &o, &s);
      continue;
    }
    int fd = acs_sys_open(files[i], O_RDONLY, 0);
    if (fd < 0) {
      cmd_error("cat", "%s: %s", files[i], cmd_strerror(fd));
      status = 1;
      continue;
    }
    status |= cat_fd(files[i], fd, &o, &s);
    acs_sys_close(fd);
  }
  if (!cmd_flush()) {
    cmd_error("cat", "write error: %s", cmd_strerror(cmd_out_error()));
    return 1;
  }
  return status;
}
