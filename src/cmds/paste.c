/* paste.c - merge lines of files.
**
** Usage: paste [OPTION]... [FILE]...
** Write lines consisting of the sequentially corresponding lines from
** each FILE, separated by TABs, to standard output.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -d, --delimiters=LIST   reuse characters from LIST instead of TABs
**   -s, --serial            paste one file at a time instead of in parallel
**   -z, --zero-terminated    line delimiter is NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' paste. LIST knows \n \t \\ and \0 (no delimiter); the
** delimiters are used in turn and start over on each output line. Every
** "-" operand reads the next line of the one standard input. */
#include "cmd.h"

#include <stdlib.h>
#include <string.h>

/* LIST's escapes; *n delimiters into out (each one byte, or none for \0:
** marked by empty[i]) */
static bool delims(acs_cmd *c, const char *s, char *out, bool *empty, size_t *n)
{
  size_t k = 0;
  for (const char *p = s; *p; p++) {
    empty[k] = false;
    if (*p != '\\') {
      out[k++] = *p;
      continue;
    }
    p++;
    switch (*p) {
    case 0:
      cmd_error(c, "delimiter list ends with an unescaped backslash: %s", s);
      return false;
    case 'n': out[k++] = '\n'; break;
    case 't': out[k++] = '\t'; break;
    case '0': empty[k++] = true; break;
    case 'b': out[k++] = '\b'; break;
    case 'f': out[k++] = '\f'; break;
    case 'r': out[k++] = '\r'; break;
    case 'v': out[k++] = '\v'; break;
    default: out[k++] = *p; break;
    }
  }
  *n = k;
  return true;
}

int acs__cmd_paste(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"delimiters", 'd', CMD_ARG}, {"serial", 's', CMD_NOARG},
                                  {"zero-terminated", 'z', CMD_NOARG}, {0}};
  const char *list = "\t";
  bool serial = false;
  int eol = '\n';
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "d:sz", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'd') list = g.arg;
    else if (opt == 's') serial = true;
    else if (opt == 'z') eol = 0;
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  size_t len = strlen(list);
  char *d = malloc(len + 1);
  bool *empty = malloc((len + 1) * sizeof *empty);
  size_t nd = 0;
  if (!d || !empty || !delims(c, list, d, empty, &nd)) {
    free(d);
    free(empty);
    return 1;
  }
  if (nd == 0) { /* -d '': no delimiter at all */
    empty[0] = true;
    nd = 1;
  }
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int n = g.nops, status = 0;
  if (!n) {
    files = dash;
    n = 1;
  }
  cmd_in **in = calloc((size_t)n, sizeof *in);
  cmd_in *std = NULL;
  bool ok = in != NULL;
  for (int i = 0; ok && i < n; i++) {
    if (!strcmp(files[i], "-")) {
      if (!std) {
        std = cmd_in_new();
        if (std) cmd_in_fd(std, 0);
      }
      in[i] = std;
      continue;
    }
    in[i] = cmd_in_new();
    if (!in[i] || cmd_in_open(c, in[i], files[i]) < 0) {
      ok = false;
      status = 1;
    }
  }
  char q[1024];
  if (ok && serial) {
    for (int i = 0; i < n && !cmd_out_error(c); i++) {
      size_t k = 0;
      bool any = false;
      for (;;) {
        char *line;
        ssize_t r = cmd_getdelim(in[i], &line, eol);
        if (r < 0) {
          cmd_error(c, "%s: %s", cmd_quotef(files[i], q, sizeof q), cmd_strerror((int)r));
          status = 1;
          break;
        }
        if (r == 0) break;
        if (line[r - 1] == (char)eol) r--;
        if (any) {
          if (!empty[k]) cmd_putc(c, d[k]);
          k = (k + 1) % nd;
        }
        any = true;
        cmd_out(c, line, (size_t)r);
      }
      cmd_putc(c, eol);
    }
  } else if (ok) {
    /* a line is printed when any file still had one; files at their end
    ** give empty fields, and every delimiter is printed */
    bool *done = calloc((size_t)n, sizeof *done);
    char **fields = calloc((size_t)n, sizeof *fields);
    size_t *flen = calloc((size_t)n, sizeof *flen);
    while (done && fields && flen && !cmd_out_error(c)) {
      bool got = false;
      for (int i = 0; i < n; i++) {
        flen[i] = 0;
        if (done[i]) continue;
        char *line;
        ssize_t r = cmd_getdelim(in[i], &line, eol);
        if (r < 0) {
          cmd_error(c, "%s: %s", cmd_quotef(files[i], q, sizeof q), cmd_strerror((int)r));
          status = 1;
          r = 0;
        }
        if (r == 0) {
          done[i] = true;
          continue;
        }
        if (line[r - 1] == (char)eol) r--;
        char *copy = realloc(fields[i], (size_t)r + 1);
        if (!copy) continue;
        memcpy(copy, line, (size_t)r);
        fields[i] = copy;
        flen[i] = (size_t)r;
        got = true;
      }
      if (!got) break;
      size_t k = 0;
      for (int i = 0; i < n; i++) {
        if (flen[i]) cmd_out(c, fields[i], flen[i]);
        if (i + 1 < n) {
          if (!empty[k]) cmd_putc(c, d[k]);
          k = (k + 1) % nd;
        }
      }
      cmd_putc(c, eol);
    }
    for (int i = 0; fields && i < n; i++) free(fields[i]);
    free(fields);
    free(flen);
    free(done);
  }
  for (int i = 0; in && i < n; i++)
    if (in[i] != std) cmd_in_free(in[i]);
  cmd_in_free(std);
  free(in);
  free(d);
  free(empty);
  return status;
}
