/* unexpand.c - convert spaces to tabs.
**
** Usage: unexpand [OPTION]... [FILE]...
** Convert blanks in each FILE to tabs, writing to standard output.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -a, --all        convert all blanks, instead of just initial blanks
**       --first-only  convert only leading sequences of blanks (overrides -a)
**   -t, --tabs=N     have tabs N characters apart instead of 8 (enables -a)
**   -t, --tabs=LIST  use comma separated list of tab positions.
**                      The last specified position can be prefixed with '/'
**                      to specify a tab size to use after the last
**                      explicitly specified tab stop.  Also a prefix of '+'
**                      can be used to align remaining tab stops relative to
**                      the last specified tab stop instead of the first column
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' unexpand: blanks are held until it is known whether they
** reach a tab stop; a run that does becomes a tab (a single space just
** before a stop stays a space unless more blanks follow it), as GNU
** decides; past a list's last stop nothing more is converted on that line.
** The obsolete -N forms and ',' between them set the stops. */
#include "cmd.h"
#include "lib_tabs.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int acs__cmd_unexpand(acs_cmd *c, int argc, char **argv)
{
  enum { FIRST = 256 };
  static const cmd_opt longs[] = {{"tabs", 't', CMD_ARG}, {"all", 'a', CMD_NOARG}, {"first-only", FIRST, CMD_NOARG}, {0}};
  tabs t = {0};
  bool entire = false, first_only = false, have = false;
  uint64_t val = 0;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, ",0123456789at:", longs);
  int opt, status = 1;
  char *pending = NULL;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': entire = true; break;
    case 't':
      entire = true;
      if (!tabs_parse(c, &t, g.arg)) goto out;
      break;
    case FIRST: first_only = true; break;
    case ',':
      if (have) tabs_add(&t, val);
      have = false;
      break;
    default:
      if (!have) {
        val = 0;
        have = true;
      }
      if (val > (UINT64_MAX - 9) / 10) {
        cmd_error(c, "tab stop value is too large");
        goto out;
      }
      val = val * 10 + (uint64_t)(opt - '0');
    }
  }
  if (opt < 0) {
    status = opt == CMD_HELP_DONE ? 0 : 1;
    goto out;
  }
  if (first_only) entire = false;
  if (have) tabs_add(&t, val);
  if (!tabs_finish(c, &t)) goto out;
  uint64_t widest = t.size ? t.size : 8;
  for (size_t i = 0; i < t.n; i++) {
    uint64_t w = t.list[i] - (i ? t.list[i - 1] : 0);
    if (w > widest) widest = w;
  }
  if (t.extend > widest) widest = t.extend;
  if (t.increment > widest) widest = t.increment;
  pending = malloc((size_t)widest + 1);
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int n = g.nops;
  if (!n) {
    files = dash;
    n = 1;
  }
  tabs_input *ti = malloc(sizeof *ti);
  if (!ti || !pending) {
    free(ti);
    goto out;
  }
  tabs_input_init(ti, c, files, n);
  for (bool more = true; more;) {
    bool convert = true, one_before = false, prev_blank = true;
    uint64_t column = 0, next = 0;
    size_t index = 0, npend = 0;
    int ch;
    do {
      ch = tabs_getc(ti);
      if (convert) {
        bool blank = ch >= 0 && isblank(ch);
        if (blank) {
          bool last;
          next = tabs_next(&t, column, &index, &last);
          if (last) convert = false;
          if (convert) {
            if (ch == '\t') {
              column = next;
              if (npend) pending[0] = '\t';
            } else {
              column++;
              if (!(prev_blank && column == next)) {
                if (column == next) one_before = true;
                if (npend <= widest) pending[npend++] = (char)ch;
                prev_blank = true;
                continue;
              }
              pending[0] = (char)(ch = '\t');
            }
            npend = one_before;
          }
        } else if (ch == '\b') {
          column -= !!column;
          next = column;
          index -= !!index;
        } else {
          column++;
        }
        if (npend) {
          if (npend > 1 && one_before) pending[0] = '\t';
          cmd_out(c, pending, npend);
          npend = 0;
          one_before = false;
        }
        prev_blank = blank;
        convert = convert && (entire || blank);
      }
      if (ch < 0) {
        more = false;
        break;
      }
      cmd_putc(c, ch);
      if (cmd_out_error(c)) {
        more = false;
        break;
      }
    } while (ch != '\n');
  }
  status = ti->status;
  tabs_input_free(ti);
  free(ti);
out:
  free(pending);
  tabs_free(&t);
  return status;
}
