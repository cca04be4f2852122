/* uniq.c - report or omit repeated lines.
**
** Usage: uniq [OPTION]... [INPUT [OUTPUT]]
** Filter adjacent matching lines from INPUT (or standard input),
** writing to OUTPUT (or standard output).
**
** With no options, matching lines are merged to the first occurrence.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -c, --count           prefix lines by the number of occurrences
**   -d, --repeated        only print duplicate lines, one for each group
**   -D                    print all duplicate lines
**       --all-repeated[=METHOD]  like -D, but allow separating groups
**                                  with an empty line;
**                                  METHOD={none(default),prepend,separate}
**   -f, --skip-fields=N   avoid comparing the first N fields
**       --group[=METHOD]  show all items, separating groups with an empty line;
**                           METHOD={separate(default),prepend,append,both}
**   -i, --ignore-case     ignore differences in case when comparing
**   -s, --skip-chars=N    avoid comparing the first N characters
**   -u, --unique          only print unique lines
**   -z, --zero-terminated     line delimiter is NUL, not newline
**   -w, --check-chars=N   compare no more than N characters in lines
**       --help        display this help and exit
**       --version     output version information and exit
**
** A field is a run of blanks (usually spaces and/or TABs), then non-blank
** characters.  Fields are skipped before chars.
*/

/* GNU coreutils' uniq. It streams: only the current group's first line
** is kept. The three switches are GNU's (print unique lines, the first
** of a repeated group, the later ones), which is how -d, -u and -D
** combine. The obsolete -N (skip N fields) is accepted. */
#include "cmd.h"
#include "lib_text.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct opts {
  bool count, unique, first_rep, later_rep, icase;
  int delimit; /* --all-repeated: 0 none, 1 prepend, 2 separate */
  int group;   /* --group: 0 off, 1 separate, 2 prepend, 3 append, 4 both */
  int64_t skip_fields, skip_chars, check_chars;
  int delim;
} opts;

static bool sep(unsigned char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; }

static const char *field(const opts *o, const char *s, size_t len, size_t *flen)
{
  size_t i = 0;
  for (int64_t f = 0; f < o->skip_fields && i < len; f++) {
    while (i < len && sep((unsigned char)s[i])) i++;
    while (i < len && !sep((unsigned char)s[i])) i++;
  }
  i += (size_t)o->skip_chars < len - i ? (size_t)o->skip_chars : len - i;
  size_t n = len - i;
  if ((int64_t)n > o->check_chars) n = (size_t)o->check_chars;
  *flen = n;
  return s + i;
}

static bool same(const opts *o, const text_buf *a, const char *b, size_t blen)
{
  size_t na, nb;
  const char *fa = field(o, a->data, a->len, &na), *fb = field(o, b, blen, &nb);
  if (na != nb) return false;
  if (!o->icase) return !memcmp(fa, fb, na);
  for (size_t i = 0; i < na; i++)
    if (toupper((unsigned char)fa[i]) != toupper((unsigned char)fb[i])) return false;
  return true;
}

static void line_out(acs_cmd *c, const opts *o, const char *s, size_t len, uint64_t n)
{
  if (o->count) cmd_printf(c, "%7llu ", (unsigned long long)n);
  cmd_out(c, s, len);
  cmd_putc(c, o->delim);
}

typedef struct state {
  text_buf prev; /* the current group's first line, without its delimiter */
  uint64_t n;    /* lines in the group */
  bool have, printed_group;
} state;

/* the group in st ends */
static void group_end(acs_cmd *c, const opts *o, state *st)
{
  if (!st->have || o->group || o->later_rep) return;
  if ((st->n == 1 && o->unique) || (st->n > 1 && o->first_rep)) line_out(c, o, st->prev.data, st->prev.len, st->n);
}

static void one_line(acs_cmd *c, const opts *o, state *st, const char *s, size_t len)
{
  bool match = st->have && same(o, &st->prev, s, len);
  if (o->group) {
    if (!st->have) {
      if (o->group == 2 || o->group == 4) cmd_putc(c, o->delim);
    } else if (!match) {
      cmd_putc(c, o->delim);
    }
    cmd_out(c, s, len);
    cmd_putc(c, o->delim);
  } else if (o->later_rep && match) {
    if (st->n == 1) {
      if (o->delimit == 1 || (o->delimit == 2 && st->printed_group)) cmd_putc(c, o->delim);
      st->printed_group = true;
      if (o->first_rep) line_out(c, o, st->prev.data, st->prev.len, 0);
    }
    line_out(c, o, s, len, 0);
  }
  if (match) {
    st->n++;
    return;
  }
  group_end(c, o, st);
  st->prev.len = 0;
  text_buf_add(&st->prev, s, len);
  st->n = 1;
  st->have = true;
}

static bool num_opt(acs_cmd *c, const char *arg, const char *what, int64_t *out)
{
  int64_t v;
  if (cmd_parse_num(arg, false, &v) && v >= 0) {
    *out = v;
    return true;
  }
  if (text_num_too_big(arg)) {
    *out = INT64_MAX;
    return true;
  }
  cmd_error(c, "%s: invalid number of %s", arg, what);
  return false;
}

int acs__cmd_uniq(acs_cmd *c, int argc, char **argv)
{
  enum { ALLREP = 256, GROUP };
  static const cmd_opt longs[] = {{"count", 'c', CMD_NOARG},      {"repeated", 'd', CMD_NOARG},
                                  {"all-repeated", ALLREP, CMD_OPTARG}, {"skip-fields", 'f', CMD_ARG},
                                  {"group", GROUP, CMD_OPTARG},   {"ignore-case", 'i', CMD_NOARG},
                                  {"skip-chars", 's', CMD_ARG},   {"unique", 'u', CMD_NOARG},
                                  {"zero-terminated", 'z', CMD_NOARG}, {"check-chars", 'w', CMD_ARG},
                                  {0}};
  opts o = {.unique = true, .first_rep = true, .check_chars = INT64_MAX, .delim = '\n'};
  char q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "0123456789cdDf:is:uw:z", longs);
  int opt, digit_arg = -1;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
      if (digit_arg != g.i) o.skip_fields = 0;
      digit_arg = g.i;
      o.skip_fields = o.skip_fields > (INT64_MAX - 9) / 10 ? INT64_MAX : o.skip_fields * 10 + (opt - '0');
      break;
    case 'c': o.count = true; break;
    case 'd': o.unique = false; break;
    case 'D':
      o.unique = false;
      o.later_rep = true;
      break;
    case ALLREP:
      o.unique = false;
      o.later_rep = true;
      if (!g.arg || !strcmp(g.arg, "none")) o.delimit = 0;
      else if (!strcmp(g.arg, "prepend")) o.delimit = 1;
      else if (!strcmp(g.arg, "separate")) o.delimit = 2;
      else {
        text_bad_arg(c, "all-repeated", g.arg, "  - 'none'\n  - 'prepend'\n  - 'separate'\n");
        return 1;
      }
      break;
    case GROUP:
      if (!g.arg || !strcmp(g.arg, "separate")) o.group = 1;
      else if (!strcmp(g.arg, "prepend")) o.group = 2;
      else if (!strcmp(g.arg, "append")) o.group = 3;
      else if (!strcmp(g.arg, "both")) o.group = 4;
      else {
        text_bad_arg(c, "group", g.arg, "  - 'prepend'\n  - 'append'\n  - 'separate'\n  - 'both'\n");
        return 1;
      }
      break;
    case 'f':
      if (!num_opt(c, g.arg, "fields to skip", &o.skip_fields)) return 1;
      break;
    case 'i': o.icase = true; break;
    case 's':
      if (!num_opt(c, g.arg, "bytes to skip", &o.skip_chars)) return 1;
      break;
    case 'u': o.first_rep = false; break;
    case 'w':
      if (!num_opt(c, g.arg, "bytes to compare", &o.check_chars)) return 1;
      break;
    case 'z': o.delim = 0; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **ops = cmd_operands(&g);
  if (g.nops > 2) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(ops[2], q, sizeof q));
    return 1;
  }
  if (o.group && (o.count || !o.unique || !o.first_rep || o.later_rep)) {
    cmd_usage_error(c, "--group is mutually exclusive with -c/-d/-D/-u");
    return 1;
  }
  if (o.count && o.later_rep) {
    cmd_usage_error(c, "printing all duplicated lines and repeat counts is meaningless");
    return 1;
  }
  const char *inname = g.nops > 0 ? ops[0] : "-";
  cmd_in *in = cmd_in_new();
  if (!in) {
    cmd_error(c, "memory exhausted");
    return 1;
  }
  if (cmd_in_open(c, in, inname) < 0) {
    cmd_in_free(in);
    return 1;
  }
  int ofd = -1;
  if (g.nops > 1 && strcmp(ops[1], "-")) {
    ofd = acs_sys_open(ops[1], O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (ofd < 0) {
      cmd_error(c, "%s: %s", cmd_quotef(ops[1], q, sizeof q), cmd_strerror(ofd));
      cmd_in_free(in);
      return 1;
    }
    /* OUTPUT becomes stdout, so the frame's buffer and write errors serve */
    acs_sys_dup2(ofd, 1);
    acs_sys_close(ofd);
  }
  state st = {0};
  int status = 0;
  for (;;) {
    char *line;
    ssize_t n = cmd_getdelim(in, &line, o.delim);
    if (n < 0) {
      cmd_error(c, "%s: %s", cmd_quotef(inname, q, sizeof q), cmd_strerror((int)n));
      status = 1;
      break;
    }
    if (n == 0) break;
    if (line[n - 1] == (char)o.delim) n--;
    one_line(c, &o, &st, line, (size_t)n);
    if (cmd_out_error(c)) break;
  }
  group_end(c, &o, &st);
  if (o.group >= 3 && st.have) cmd_putc(c, o.delim);
  free(st.prev.data);
  cmd_in_free(in);
  return status;
}
