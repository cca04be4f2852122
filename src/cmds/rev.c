/* rev.c - reverse lines characterwise.
**
** Usage: rev [options] [file ...]
**
** Reverse lines characterwise.
**
** Options:
**  -h, --help     display this help
**  -V, --version  display version
*/

/* util-linux 2.38's rev (Debian's): each line is printed reversed by
** characters (UTF-8 ones in a UTF-8 locale, bytes below 128 in the C
** locale), its newline kept at the end. A byte that is no character there
** ends that file with util-linux's message (the lines done so far, then
** "Invalid or incomplete multibyte or wide character"), as its fgetws
** does; a file that cannot be opened is reported; the status is then 1. */
#include "cmd.h"
#include "lib_text.h"

#include <stdio.h>
#include <string.h>

static void flip(char *s, size_t n)
{
  for (size_t a = 0, b = n ? n - 1 : 0; a < b; a++, b--) {
    char t = s[a];
    s[a] = s[b];
    s[b] = t;
  }
}

/* the length of the UTF-8 character at s (at most n bytes), or 0 */
static size_t u8len(const unsigned char *s, size_t n)
{
  size_t k = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
  if (!k || k > n || (k == 2 && s[0] < 0xC2)) return 0;
  for (size_t i = 1; i < k; i++)
    if ((s[i] & 0xC0) != 0x80) return 0;
  return k;
}

/* reverses line l by characters; false on a byte that is none */
static bool reverse(char *l, size_t len, bool utf8)
{
  if (!utf8) {
    for (size_t i = 0; i < len; i++)
      if ((unsigned char)l[i] >= 0x80) return false;
    flip(l, len);
    return true;
  }
  for (size_t i = 0; i < len;) {
    size_t k = u8len((unsigned char *)l + i, len - i);
    if (!k) return false;
    flip(l + i, k); /* each character's bytes back in order after the whole flip */
    i += k;
  }
  flip(l, len);
  return true;
}

int acs__cmd_rev(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "hV", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    int st;
    if (opt == 'h') cmd_help_version(c, "--help", &st);
    else cmd_help_version(c, "--version", &st);
    return 0;
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int nfiles = g.nops, status = 0;
  if (!nfiles) {
    files = dash;
    nfiles = 1;
  }
  cmd_in *in = cmd_in_new();
  bool utf8 = text_utf8_locale();
  for (int i = 0; in && i < nfiles && !cmd_out_error(c); i++) {
    size_t done = 0;
    if (cmd_in_open(NULL, in, files[i]) < 0) {
      cmd_error(c, "cannot open %s: %s", files[i], cmd_strerror(in->err));
      status = 1;
      continue;
    }
    for (;;) {
      char *l;
      ssize_t n = cmd_getdelim(in, &l, '\n');
      if (n < 0) {
        cmd_error(c, "%s: %s", files[i], cmd_strerror((int)n));
        status = 1;
        break;
      }
      if (n == 0) break;
      bool nl = l[n - 1] == '\n';
      size_t len = (size_t)n - nl;
      if (!reverse(l, len, utf8)) {
        /* straight to fd 2, before the buffered lines, as rev's stdio does */
        char m[1200];
        int k = snprintf(m, sizeof m, "%s: %s: %zu: Invalid or incomplete multibyte or wide character\n", c->name,
                         strcmp(files[i], "-") ? files[i] : "stdin", done);
        acs_sys_write_all(2, m, (size_t)k);
        status = 1;
        break;
      }
      cmd_out(c, l, len);
      if (nl) cmd_putc(c, '\n');
      done++;
    }
    cmd_in_close(in);
  }
  cmd_in_free(in);
  return status;
}
