/* echo.c - display a line of text.
**
** Usage: echo [SHORT-OPTION]... [STRING]...
**   or:  echo LONG-OPTION
** Echo the STRING(s) to standard output.
**
**   -n             do not output the trailing newline
**   -e             enable interpretation of backslash escapes
**   -E             disable interpretation of backslash escapes (default)
**       --help     display this help and exit
**       --version  output version information and exit
*/

/* GNU coreutils' echo (not a shell's builtin): the strings separated by
** spaces, then a newline. Options come first and only as whole words of
** n, e and E letters (-ne, -En); anything else is printed. --help and
** --version are options only when they are the only argument. -e knows
** \\ \a \b \c (stop) \e \f \n \r \t \v \0NNN (octal) \xHH (hex). */
#include "cmd.h"

#include <string.h>


static int hexval(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Print s with escapes; false when \c asked to stop everything. */
static bool escaped(acs_cmd *cm, const char *s)
{
  for (; *s; s++) {
    if (*s != '\\' || !s[1]) {
      cmd_out(cm, s, 1);
      continue;
    }
    char c = *++s, o;
    switch (c) {
    case 'a': o = '\a'; break;
    case 'b': o = '\b'; break;
    case 'c': return false;
    case 'e': o = 033; break;
    case 'f': o = '\f'; break;
    case 'n': o = '\n'; break;
    case 'r': o = '\r'; break;
    case 't': o = '\t'; break;
    case 'v': o = '\v'; break;
    case '\\': o = '\\'; break;
    case 'x': {
      int v = hexval(s[1]);
      if (v < 0) { /* no digit: printed as it is */
        cmd_out(cm, "\\x", 2);
        continue;
      }
      s++;
      if (hexval(s[1]) >= 0) v = v * 16 + hexval(*++s);
      o = (char)v;
      break;
    }
    case '0': {
      int v = 0;
      for (int i = 0; i < 3 && s[1] >= '0' && s[1] <= '7'; i++) v = v * 8 + (*++s - '0');
      o = (char)v;
      break;
    }
    default:
      cmd_out(cm, s - 1, 2);
      continue;
    }
    cmd_out(cm, &o, 1);
  }
  return true;
}

int acs__cmd_echo(acs_cmd *c, int argc, char **argv)
{
  int status;
  if (argc == 2 && cmd_help_version(c, argv[1], &status)) return status;
  bool newline = true, esc = false;
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || !a[1] || a[strspn(a + 1, "neE") + 1]) break;
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'n') newline = false;
      else if (*p == 'e') esc = true;
      else esc = false;
    }
  }
  for (int first = i; i < argc; i++) {
    if (i > first) cmd_out(c, " ", 1);
    if (esc && !escaped(c, argv[i])) return 0;
    if (!esc) cmd_puts(c, argv[i]);
  }
  if (newline) cmd_out(c, "\n", 1);
  return 0;
}
