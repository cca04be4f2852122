/* fold.c - wrap each input line to fit in specified width.
**
** Usage: fold [OPTION]... [FILE]...
** Wrap input lines in each FILE, writing to standard output.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -b, --bytes         count bytes rather than columns
**   -s, --spaces        break at spaces
**   -w, --width=WIDTH   use WIDTH columns instead of 80
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' fold: a line is cut before the character that would
** pass WIDTH; columns count a tab to the next multiple of 8, a backspace
** back one and a carriage return to 0, unless -b; with -s the cut goes
** after the last blank when there is one. The obsolete -WIDTH is -w. */
#include "cmd.h"
#include "lib_text.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static size_t adjust(size_t col, unsigned char ch, bool bytes)
{
  if (bytes) return col + 1;
  if (ch == '\b') return col ? col - 1 : 0;
  if (ch == '\r') return 0;
  if (ch == '\t') return col + 8 - col % 8;
  return col + 1;
}

int acs__cmd_fold(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"bytes", 'b', CMD_NOARG}, {"spaces", 's', CMD_NOARG}, {"width", 'w', CMD_ARG}, {0}};
  bool bytes = false, spaces = false;
  size_t width = 80;
  char q[1024];
  /* the obsolete -WIDTH: digits alone as an option */
  for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
    if (argv[i][0] == '-' && isdigit((unsigned char)argv[i][1]) && strspn(argv[i] + 1, "0123456789") == strlen(argv[i] + 1)) {
      static char w[] = "-w";
      char *num = argv[i] + 1;
      char **nv = malloc(((size_t)argc + 2) * sizeof *nv);
      if (!nv) return 1;
      memcpy(nv, argv, (size_t)i * sizeof *nv);
      nv[i] = w;
      nv[i + 1] = num;
      memcpy(nv + i + 2, argv + i + 1, (size_t)(argc - i - 1) * sizeof *nv);
      nv[argc + 1] = NULL;
      int st = acs__cmd_fold(c, argc + 1, nv);
      free(nv);
      return st;
    }
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "bsw:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'b') bytes = true;
    else if (opt == 's') spaces = true;
    else if (opt == 'w') {
      int64_t v;
      bool num = cmd_parse_num(g.arg, false, &v);
      if (!num || v < 1) {
        bool range = (num && v < 1) || text_num_too_big(g.arg);
        cmd_error(c, "invalid number of columns: %s%s", cmd_quote(g.arg, q, sizeof q),
                  range ? ": Numerical result out of range" : "");
        return 1;
      }
      width = (size_t)v;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int n = g.nops, status = 0;
  if (!n) {
    files = dash;
    n = 1;
  }
  cmd_in *in = cmd_in_new();
  text_buf line = {0};
  unsigned char buf[16384];
  for (int i = 0; in && i < n && !cmd_out_error(c); i++) {
    if (cmd_in_open(c, in, files[i]) < 0) {
      status = 1;
      continue;
    }
    size_t col = 0;
    line.len = 0;
    for (;;) {
      ssize_t r = cmd_in_read(in, buf, sizeof buf);
      if (r < 0) {
        cmd_error(c, "%s: %s", cmd_quotef(files[i], q, sizeof q), cmd_strerror((int)r));
        status = 1;
        break;
      }
      if (r == 0) break;
      for (ssize_t k = 0; k < r; k++) {
        unsigned char ch = buf[k];
        if (ch == '\n') {
          text_buf_add(&line, &ch, 1);
          cmd_out(c, line.data, line.len);
          line.len = 0;
          col = 0;
          continue;
        }
        for (;;) { /* GNU's rescan */
          col = adjust(col, ch, bytes);
          if (col <= width) break;
          if (spaces) {
            size_t end = line.len;
            bool found = false;
            while (end) {
              end--;
              if (line.data[end] == ' ' || line.data[end] == '\t') {
                found = true;
                break;
              }
            }
            if (found) {
              end++;
              cmd_out(c, line.data, end);
              cmd_putc(c, '\n');
              memmove(line.data, line.data + end, line.len - end);
              line.len -= end;
              col = 0;
              for (size_t m = 0; m < line.len; m++) col = adjust(col, (unsigned char)line.data[m], bytes);
              continue;
            }
          }
          if (line.len == 0) break; /* one character wider than WIDTH goes alone */
          cmd_out(c, line.data, line.len);
          cmd_putc(c, '\n');
          line.len = 0;
          col = 0;
        }
        text_buf_add(&line, &ch, 1);
      }
      if (cmd_out_error(c)) break;
    }
    if (line.len) cmd_out(c, line.data, line.len);
    line.len = 0;
    cmd_in_close(in);
  }
  free(line.data);
  cmd_in_free(in);
  return status;
}
