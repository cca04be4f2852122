/* nl.c - number lines of files.
**
** Usage: nl [OPTION]... [FILE]...
** Write each FILE to standard output, with line numbers added.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -b, --body-numbering=STYLE      use STYLE for numbering body lines
**   -d, --section-delimiter=CC      use CC for logical page delimiters
**   -f, --footer-numbering=STYLE    use STYLE for numbering footer lines
**   -h, --header-numbering=STYLE    use STYLE for numbering header lines
**   -i, --line-increment=NUMBER     line number increment at each line
**   -l, --join-blank-lines=NUMBER   group of NUMBER empty lines counted as one
**   -n, --number-format=FORMAT      insert line numbers according to FORMAT
**   -p, --no-renumber               do not reset line numbers for each section
**   -s, --number-separator=STRING   add STRING after (possible) line number
**   -v, --starting-line-number=NUMBER  first line number for each section
**   -w, --number-width=NUMBER       use NUMBER columns for line numbers
**       --help        display this help and exit
**       --version     output version information and exit
**
** Default options are: -bt -d'\:' -fn -hn -i1 -l1 -n'rn' -s<TAB> -v1 -w6
**
** CC are two delimiter characters used to construct logical page delimiters;
** a missing second character implies ':'.  As a GNU extension one can specify
** more than two characters, and also specifying the empty string (-d '')
** disables section matching.
**
** STYLE is one of:
**
**   a      number all lines
**   t      number only nonempty lines
**   n      number no lines
**   pBRE   number only lines that contain a match for the basic regular
**          expression, BRE
**
** FORMAT is one of:
**
**   ln     left justified, no leading zeros
**   rn     right justified, no leading zeros
**   rz     right justified, leading zeros
*/

/* GNU coreutils' nl: sections by the delimiter lines (each one resets the
** number unless -p, and prints as an empty line), styles with pBRE through
** regcomp, -l counting runs of empty lines, a newline after a last line
** that lacks one (GNU reads lines that way). */
#include "cmd.h"

#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct style {
  char kind; /* a t n p */
  regex_t re;
  bool has_re;
} style;

static bool parse_style(acs_cmd *c, const char *arg, style *s, const char *which)
{
  char q[1024];
  if (s->has_re) {
    regfree(&s->re);
    s->has_re = false;
  }
  if ((arg[0] == 'a' || arg[0] == 't' || arg[0] == 'n') && !arg[1]) {
    s->kind = arg[0];
    return true;
  }
  if (arg[0] == 'p') {
    int rc = regcomp(&s->re, arg + 1, REG_NOSUB);
    if (rc) {
      char msg[256];
      regerror(rc, &s->re, msg, sizeof msg);
      cmd_error(c, "%s", msg);
      return false;
    }
    s->has_re = true;
    s->kind = 'p';
    return true;
  }
  cmd_usage_error(c, "invalid %s numbering style: %s", which, cmd_quote(arg, q, sizeof q));
  return false;
}

static bool parse_int(acs_cmd *c, const char *arg, const char *what, int64_t min, int64_t *out)
{
  char q[1024];
  int64_t v;
  if (!cmd_parse_num(arg, false, &v)) {
    cmd_error(c, "invalid %s: %s%s", what, cmd_quote(arg, q, sizeof q),
              arg[0] && strspn(arg + (arg[0] == '-'), "0123456789") == strlen(arg + (arg[0] == '-'))
                  ? ": Numerical result out of range"
                  : "");
    return false;
  }
  if (v < min) {
    cmd_error(c, "invalid %s: %s: Numerical result out of range", what, cmd_quote(arg, q, sizeof q));
    return false;
  }
  *out = v;
  return true;
}

int acs__cmd_nl(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"body-numbering", 'b', CMD_ARG},       {"section-delimiter", 'd', CMD_ARG},
                                  {"footer-numbering", 'f', CMD_ARG},     {"header-numbering", 'h', CMD_ARG},
                                  {"line-increment", 'i', CMD_ARG},       {"join-blank-lines", 'l', CMD_ARG},
                                  {"number-format", 'n', CMD_ARG},        {"no-renumber", 'p', CMD_NOARG},
                                  {"number-separator", 's', CMD_ARG},     {"starting-line-number", 'v', CMD_ARG},
                                  {"number-width", 'w', CMD_ARG},         {0}};
  style st[3] = {{.kind = 'n'}, {.kind = 't'}, {.kind = 'n'}}; /* header, body, footer */
  char delim[64] = "\\:";
  const char *sep = "\t", *fmt = "%*jd";
  int64_t incr = 1, start = 1, width = 6, join = 1;
  bool renumber = true;
  int status = 1;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "b:d:f:h:i:l:n:ps:v:w:", longs);
  int opt;
  char q[1024];
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'h': if (!parse_style(c, g.arg, &st[0], "header")) goto out; break;
    case 'b': if (!parse_style(c, g.arg, &st[1], "body")) goto out; break;
    case 'f': if (!parse_style(c, g.arg, &st[2], "footer")) goto out; break;
    case 'd':
      snprintf(delim, sizeof delim, "%s", g.arg);
      if (strlen(g.arg) == 1) strcat(delim, ":");
      break;
    case 'i': if (!parse_int(c, g.arg, "line number increment", INT64_MIN, &incr)) goto out; break;
    case 'l': if (!parse_int(c, g.arg, "line number of blank lines", 1, &join)) goto out; break;
    case 'v': if (!parse_int(c, g.arg, "starting line number", INT64_MIN, &start)) goto out; break;
    case 'w': if (!parse_int(c, g.arg, "line number field width", 1, &width)) goto out; break;
    case 'n':
      if (!strcmp(g.arg, "ln")) fmt = "%-*jd";
      else if (!strcmp(g.arg, "rn")) fmt = "%*jd";
      else if (!strcmp(g.arg, "rz")) fmt = "%0*jd";
      else {
        cmd_usage_error(c, "invalid line numbering format: %s", cmd_quote(g.arg, q, sizeof q));
        goto out;
      }
      break;
    case 'p': renumber = false; break;
    case 's': sep = g.arg; break;
    }
  }
  if (opt < 0) {
    status = opt == CMD_HELP_DONE ? 0 : 1;
    goto out;
  }
  if (width > 100000) width = 100000;
  size_t dl = strlen(delim), nblank = (size_t)width + strlen(sep);
  char *blank = malloc(nblank + 1);
  if (!blank) goto out;
  memset(blank, ' ', nblank);
  blank[nblank] = 0;
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int nfiles = g.nops;
  if (!nfiles) {
    files = dash;
    nfiles = 1;
  }
  status = 0;
  intmax_t line = start;
  int64_t blanks = 0;
  style *cur = &st[1];
  cmd_in *in = cmd_in_new();
  for (int i = 0; in && i < nfiles && !cmd_out_error(c); i++) {
    if (cmd_in_open(c, in, files[i]) < 0) {
      status = 1;
      continue;
    }
    for (;;) {
      char *l;
      ssize_t n = cmd_getdelim(in, &l, '\n');
      if (n < 0) {
        cmd_error(c, "%s: %s", cmd_quotef(files[i], q, sizeof q), cmd_strerror((int)n));
        status = 1;
        break;
      }
      if (n == 0) break;
      size_t len = (size_t)n - (l[n - 1] == '\n');
      /* a section delimiter line: CC x3 header, x2 body, x1 footer */
      int sec = -1;
      if (dl && len && len % dl == 0 && len / dl <= 3) {
        bool all = true;
        for (size_t k = 0; k < len && all; k += dl) all = !memcmp(l + k, delim, dl);
        if (all) sec = 3 - (int)(len / dl);
      }
      if (sec >= 0) {
        cur = &st[sec];
        if (renumber) line = start;
        cmd_putc(c, '\n');
        continue;
      }
      bool number = false;
      switch (cur->kind) {
      case 'a':
        if (join > 1) {
          if (len || ++blanks == join) {
            number = true;
            blanks = 0;
          }
        } else {
          number = true;
        }
        break;
      case 't': number = len > 0; break;
      case 'p': {
        char save = l[len];
        l[len] = 0;
        number = regexec(&cur->re, l, 0, NULL, 0) == 0;
        l[len] = save;
        break;
      }
      }
      if (number) {
        cmd_printf(c, fmt, (int)width, (intmax_t)line);
        cmd_puts(c, sep);
        line += incr;
      } else {
        cmd_out(c, blank, nblank);
      }
      cmd_out(c, l, len);
      cmd_putc(c, '\n');
    }
    cmd_in_close(in);
  }
  cmd_in_free(in);
  free(blank);
out:
  for (int k = 0; k < 3; k++)
    if (st[k].has_re) regfree(&st[k].re);
  return status;
}
