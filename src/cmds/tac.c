/* tac.c - concatenate and print files in reverse.
**
** Usage: tac [OPTION]... [FILE]...
** Write each FILE to standard output, last line first.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -b, --before             attach the separator before instead of after
**   -r, --regex              interpret the separator as a regular expression
**   -s, --separator=STRING   use STRING as the separator instead of newline
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' tac. A file is read whole, then GNU's loop runs on it:
** find the last separator before the previous one, print the record after
** it (or, with -b, from it), and go on towards the start. With -r the
** separator is a regular expression in the syntax GNU's tac gets from
** re_compile_pattern's default (Emacs': + ? * are operators, \| and \( \)
** alternate and group, no intervals), translated to an extended one for
** regcomp; a match is the longest at the rightmost place one starts. */
#include "cmd.h"
#include "lib_text.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

/* Emacs regex syntax to POSIX ERE */
static char *emacs_to_ere(const char *s)
{
  size_t n = strlen(s);
  char *o = malloc(n * 2 + 1), *p = o;
  if (!o) return NULL;
  for (size_t i = 0; i < n; i++) {
    char ch = s[i];
    if (ch == '[') { /* a bracket expression goes as it is */
      size_t j = i + 1;
      if (j < n && s[j] == '^') j++;
      if (j < n && s[j] == ']') j++;
      while (j < n && s[j] != ']') j++;
      if (j >= n) j = n - 1;
      memcpy(p, s + i, j - i + 1);
      p += j - i + 1;
      i = j;
      continue;
    }
    if (ch == '\\' && i + 1 < n) {
      char nx = s[++i];
      if (nx == '|' || nx == '(' || nx == ')') *p++ = nx;
      else {
        *p++ = '\\';
        *p++ = nx;
      }
      continue;
    }
    if (ch == '(' || ch == ')' || ch == '|' || ch == '{' || ch == '}') *p++ = '\\';
    *p++ = ch;
  }
  *p = 0;
  return o;
}

typedef struct sep {
  const char *s;
  size_t len;
  bool regex;
  regex_t re;
} sep;

/* the rightmost separator wholly inside buf[0..i): start and length */
static bool find(const sep *sp, const char *buf, size_t i, size_t *start, size_t *len)
{
  if (!sp->regex) {
    if (sp->len > i) return false;
    for (size_t k = i - sp->len + 1; k-- > 0;) {
      if (sp->len == 1) {
        const char *hit = memrchr(buf, sp->s[0], k + 1);
        if (!hit) return false;
        *start = (size_t)(hit - buf);
        *len = 1;
        return true;
      }
      if (!memcmp(buf + k, sp->s, sp->len)) {
        *start = k;
        *len = sp->len;
        return true;
      }
    }
    return false;
  }
  /* every place a match starts, left to right; the last one wins */
  bool found = false;
  size_t from = 0;
  while (from < i) {
    regmatch_t m = {.rm_so = (regoff_t)from, .rm_eo = (regoff_t)i};
    if (regexec(&sp->re, buf, 1, &m, REG_STARTEND)) break;
    found = true;
    *start = (size_t)m.rm_so;
    *len = (size_t)(m.rm_eo - m.rm_so);
    from = (size_t)m.rm_so + 1;
  }
  return found;
}

static void tac_buf(acs_cmd *c, const sep *sp, bool before, const char *buf, size_t n)
{
  size_t past_end = n, i = n;
  bool first = true;
  while (i > 0 && !cmd_out_error(c)) {
    size_t ms, ml;
    if (!find(sp, buf, i, &ms, &ml)) break;
    if (!before) {
      size_t me = ms + ml;
      if (!first || me != past_end) cmd_out(c, buf + me, past_end - me);
      past_end = me;
      first = false;
    } else {
      cmd_out(c, buf + ms, past_end - ms);
      past_end = ms;
    }
    i = ms;
  }
  cmd_out(c, buf, past_end);
}

int acs__cmd_tac(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"before", 'b', CMD_NOARG}, {"regex", 'r', CMD_NOARG},
                                  {"separator", 's', CMD_ARG}, {0}};
  sep sp = {.s = "\n", .len = 1};
  bool before = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "brs:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'b') before = true;
    else if (opt == 'r') sp.regex = true;
    else if (opt == 's') {
      sp.s = g.arg;
      sp.len = strlen(g.arg);
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (!sp.len) { /* GNU: an empty separator is a NUL byte */
    sp.s = "";
    sp.len = 1;
    sp.regex = false;
  }
  if (sp.regex) {
    char *ere = emacs_to_ere(sp.s);
    int rc = ere ? regcomp(&sp.re, ere, REG_EXTENDED) : REG_ESPACE;
    free(ere);
    if (rc) {
      char msg[256];
      regerror(rc, &sp.re, msg, sizeof msg);
      cmd_error(c, "%s", msg);
      return 1;
    }
  }
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int nfiles = g.nops, status = 0;
  if (!nfiles) {
    files = dash;
    nfiles = 1;
  }
  char q[1024];
  for (int i = 0; i < nfiles && !cmd_out_error(c); i++) {
    char *data;
    size_t len;
    int rc;
    if (strcmp(files[i], "-")) {
      int fd = acs_sys_open(files[i], 0, 0);
      if (fd < 0) {
        cmd_error(c, "failed to open %s for reading: %s", cmd_quote(files[i], q, sizeof q), cmd_strerror(fd));
        status = 1;
        continue;
      }
      acs_sys_close(fd);
    }
    rc = cmd_read_all(files[i], &data, &len);
    if (rc < 0) {
      cmd_error(c, "%s: read error: %s", cmd_quotef(files[i], q, sizeof q), cmd_strerror(rc));
      status = 1;
      continue;
    }
    tac_buf(c, &sp, before, data, len);
    free(data);
  }
  if (sp.regex) regfree(&sp.re);
  return status;
}
