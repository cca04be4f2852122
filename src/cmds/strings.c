/* strings.c - print the sequences of printable characters in files.
**
** Usage: strings [option(s)] [file(s)]
**  Display printable strings in [file(s)] (stdin by default)
**  The options are:
**   -a - --all                Scan the entire file, not just the data section [default]
**   -f --print-file-name      Print the name of the file before each string
**   -n <number>               Locate & print any sequence of at least <number>
**     --bytes=<number>         displayable characters.  (The default is 4).
**   -t --radix={o,d,x}        Print the location of the string in base 8, 10 or 16
**   -w --include-all-whitespace Include all whitespace as valid string characters
**   -o                        An alias for --radix=o
**   -e --encoding={s,S}       Select character size: s = 7-bit, S = 8-bit
**   -s --output-separator=<string> String used to separate strings in output.
**   -h --help                 Display this information
**   -v -V --version           Print the program's version number
*/

/* GNU binutils 2.40's strings on plain bytes: every file is scanned whole
** (-a, its default; -d, which would read only an object file's data
** sections, is not offered). A string is a run of at least -n printable
** ASCII characters or tabs (-w: any white space; -e S: bytes >= 128 too),
** printed up to the byte that ends it, the last one even without an end. */
#include "cmd.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

typedef struct sopts {
  acs_cmd *c;
  size_t min;
  char radix; /* 0, 'o', 'd', 'x' */
  bool names, whitespace, eight_bit;
  const char *sep;
} sopts;

static bool printable(const sopts *o, unsigned ch)
{
  if (ch >= 128) return o->eight_bit;
  if (ch == '\t' || (ch >= 32 && ch < 127)) return true;
  return o->whitespace && isspace((int)ch);
}

static int scan(const sopts *o, int fd, const char *name)
{
  static unsigned char buf[65536];
  char *run = malloc(o->min + 1);
  if (!run) {
    cmd_error(o->c, "memory exhausted");
    return 1;
  }
  size_t have = 0; /* characters of the run held in run[] (fewer than min) */
  bool printing = false;
  uint64_t off = 0, start = 0;
  int rc = 0;
  for (;;) {
    ssize_t n = acs_sys_read(fd, buf, sizeof buf);
    if (n <= 0) {
      if (n < 0) {
        cmd_error(o->c, "%s: %s", name, cmd_strerror((int)n));
        rc = 1;
      }
      break;
    }
    for (ssize_t i = 0; i < n; i++, off++) {
      unsigned ch = buf[i];
      if (!printable(o, ch)) {
        if (printing) cmd_puts(o->c, o->sep ? o->sep : "\n");
        printing = false;
        have = 0;
        continue;
      }
      if (printing) {
        cmd_putc(o->c, (int)ch);
        continue;
      }
      if (!have) start = off;
      run[have++] = (char)ch;
      if (have == o->min) {
        /* the run is long enough: print it without its separator yet */
        if (o->names) cmd_printf(o->c, "%s: ", name);
        if (o->radix == 'o') cmd_printf(o->c, "%7llo ", (unsigned long long)start);
        else if (o->radix == 'd') cmd_printf(o->c, "%7llu ", (unsigned long long)start);
        else if (o->radix == 'x') cmd_printf(o->c, "%7llx ", (unsigned long long)start);
        cmd_out(o->c, run, have);
        printing = true;
        have = 0;
      }
    }
    if (cmd_out_error(o->c)) break;
  }
  if (printing) cmd_puts(o->c, o->sep ? o->sep : "\n");
  free(run);
  return rc;
}

int acs__cmd_strings(acs_cmd *c, int argc, char **argv)
{
  enum { BYTES = 256 };
  static const cmd_opt longs[] = {
      {"all", 'a', CMD_NOARG},      {"print-file-name", 'f', CMD_NOARG}, {"bytes", 'n', CMD_ARG},
      {"radix", 't', CMD_ARG},      {"include-all-whitespace", 'w', CMD_NOARG},
      {"encoding", 'e', CMD_ARG},   {"output-separator", 's', CMD_ARG},  {0}};
  sopts o = {.c = c, .min = 4};
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "afn:t:woe:s:hvV0123456789", longs);
  int opt;
  /* -NUMBER is -n NUMBER: digits may follow each other in one word */
  long digits = -1;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt >= '0' && opt <= '9') {
      digits = (digits < 0 ? 0 : digits * 10) + (opt - '0');
      o.min = (size_t)digits;
      if (!g.cluster || !*g.cluster) digits = -1;
      if (!o.min) {
        cmd_error(c, "invalid minimum string length 0");
        return 1;
      }
      continue;
    }
    digits = -1;
    switch (opt) {
    case 'a': break;
    case 'f': o.names = true; break;
    case 'n': {
      char *end;
      long v = strtol(g.arg, &end, 0);
      if (*end || end == g.arg) {
        cmd_error(c, "invalid integer argument %s", g.arg);
        return 1;
      }
      if (v <= 0) {
        cmd_error(c, "invalid minimum string length %s", g.arg);
        return 1;
      }
      o.min = (size_t)v;
      break;
    }
    case 't':
      if (strlen(g.arg) != 1 || !strchr("odx", g.arg[0])) {
        cmd_flush(c);
        cmd_write_fd(2, c->help, strlen(c->help));
        return 1;
      }
      o.radix = g.arg[0];
      break;
    case 'o': o.radix = 'o'; break;
    case 'w': o.whitespace = true; break;
    case 'e':
      if (strcmp(g.arg, "s") && strcmp(g.arg, "S")) {
        cmd_error(c, "invalid encoding %s", g.arg);
        return 1;
      }
      o.eight_bit = g.arg[0] == 'S';
      break;
    case 's': o.sep = g.arg; break;
    case 'h': cmd_puts(c, c->help); return 0;
    case 'v':
    case 'V': cmd_puts(c, "GNU strings (agent-code-sandbox) 2.40\n"); return 0;
    }
  }
  if (opt < 0) {
    if (opt == CMD_HELP_DONE) return 0;
    return 1;
  }
  int rc = 0;
  if (!g.nops) return scan(&o, 0, "{standard input}");
  for (int i = 0; i < g.nops && !cmd_out_error(c); i++) {
    const char *name = cmd_operands(&g)[i];
    acs__sys_stat st;
    int r = acs_sys_stat(name, &st);
    if (r < 0) {
      cmd_error(c, "'%s': No such file", name);
      rc = 1;
      continue;
    }
    if ((st.mode & 0170000) == 0040000) {
      cmd_error(c, "Warning: '%s' is a directory", name);
      rc = 1;
      continue;
    }
    int fd = acs_sys_open(name, O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0) {
      cmd_error(c, "%s: %s", name, cmd_strerror(fd));
      rc = 1;
      continue;
    }
    rc |= scan(&o, fd, name);
    acs_sys_close(fd);
  }
  return rc;
}
