/* expand.c - convert tabs to spaces.
**
** Usage: expand [OPTION]... [FILE]...
** Convert tabs in each FILE to spaces, writing to standard output.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -i, --initial    do not convert tabs after non blanks
**   -t, --tabs=N     have tabs N characters apart, not 8
**   -t, --tabs=LIST  use comma separated list of tab positions.
**                      The last specified position can be prefixed with '/'
**                      to specify a tab size to use after the last
**                      explicitly specified tab stop.  Also a prefix of '+'
**                      can be used to align remaining tab stops relative to
**                      the last specified tab stop instead of the first column
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' expand: columns count bytes (the C locale), a backspace
** goes back one, a tab past the last stop of a list becomes one space; the
** files are one stream (a line may go on into the next file), and the
** obsolete -N and -N,M forms set the stops. */
#include "cmd.h"
#include "lib_tabs.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int acs__cmd_expand(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"initial", 'i', CMD_NOARG}, {"tabs", 't', CMD_ARG}, {0}};
  tabs t = {0};
  bool entire = true;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "it:0::1::2::3::4::5::6::7::8::9::", longs);
  int opt, status = 1;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'i') entire = false;
    else if (opt == 't') {
      if (!tabs_parse(c, &t, g.arg)) goto out;
    } else {
      char stop[2] = {(char)opt, 0};
      if (!tabs_parse(c, &t, g.arg ? g.arg - 1 : stop)) goto out;
    }
  }
  if (opt < 0) {
    status = opt == CMD_HELP_DONE ? 0 : 1;
    goto out;
  }
  if (!tabs_finish(c, &t)) goto out;
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int n = g.nops;
  if (!n) {
    files = dash;
    n = 1;
  }
  tabs_input *ti = malloc(sizeof *ti);
  if (!ti) goto out;
  tabs_input_init(ti, c, files, n);
  int ch;
  uint64_t column = 0;
  size_t index = 0;
  bool convert = true;
  while ((ch = tabs_getc(ti)) >= 0) {
    if (convert) {
      if (ch == '\t') {
        bool last;
        uint64_t next = tabs_next(&t, column, &index, &last);
        if (last) next = column + 1;
        while (++column < next) cmd_putc(c, ' ');
        ch = ' ';
      } else if (ch == '\b') {
        column -= !!column;
        index -= !!index;
      } else {
        column++;
      }
      convert = entire || isblank(ch);
    }
    cmd_putc(c, ch);
    if (ch == '\n') {
      column = 0;
      index = 0;
      convert = true;
    }
    if (cmd_out_error(c)) break;
  }
  status = ti->status;
  tabs_input_free(ti);
  free(ti);
out:
  tabs_free(&t);
  return status;
}
