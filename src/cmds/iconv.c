/* iconv.c - convert text from one character encoding to another.
**
** Usage: iconv [OPTION...] [FILE...]
** Convert encoding of given files from one encoding to another.
**
**  Input/Output format specification:
**   -f, --from-code=NAME       encoding of original text
**   -t, --to-code=NAME         encoding for output
**
**  Information:
**   -l, --list                 list the coded character sets known to be here
**
**  Output control:
**   -c                         omit invalid characters from output
**   -o, --output=FILE          output file
**   -s, --silent               suppress warnings
**       --verbose              print progress information
**
**       --help                 Give this help list
**       --version              Print program version
*/

/* glibc's iconv program on glibc's iconv(3). iconv_open works in a box
** process: UTF-8, ISO-8859-1, ASCII, UTF-16 and UTF-32 (and their LE/BE
** forms) are built into glibc, and the gconv modules for the other
** character sets are shared libraries under /usr/lib, which the walls let
** a box process read as they let it dlopen libcrypto. Each file is read
** whole, then converted; as glibc's program does, an invalid sequence
** stops everything with "illegal input sequence at position N" (N counted
** in the file) after what was converted before it, a sequence cut short
** at the end is "incomplete character", and -c drops what cannot be
** converted (glibc's //IGNORE). -l prints the common names one per line
** with glibc's "//" suffix; glibc's full list comes from its private alias
** tables (gconv-modules), which no public API gives. */
#include "cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const known[] = {
    "ANSI_X3.4-1968", "ASCII", "CP1252", "ISO-10646", "ISO-10646/UCS2", "ISO-10646/UCS4",
    "ISO-8859-1", "ISO-8859-15", "ISO-8859-2", "ISO8859-1", "ISO_8859-1", "L1", "LATIN1",
    "UCS-2", "UCS-2BE", "UCS-2LE", "UCS-4", "UCS-4BE", "UCS-4LE", "US-ASCII", "UTF-16",
    "UTF-16BE", "UTF-16LE", "UTF-32", "UTF-32BE", "UTF-32LE", "UTF-7", "UTF-8", "UTF8",
    "WCHAR_T", "WINDOWS-1252"};

/* The locale's character set, as glibc's nl_langinfo(CODESET) names it for
** the locales a box has (C/POSIX and C.UTF-8): iconv's default codes. */
static const char *locale_codeset(void)
{
  static const char *const vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
  for (size_t i = 0; i < 3; i++) {
    const char *v = getenv(vars[i]);
    if (!v || !*v) continue;
    return strcasestr(v, "utf-8") || strcasestr(v, "utf8") ? "UTF-8" : "ANSI_X3.4-1968";
  }
  return "ANSI_X3.4-1968";
}

static int by_version(const void *a, const void *b)
{
  return strverscmp(*(const char *const *)a, *(const char *const *)b);
}

typedef struct conv {
  acs_cmd *c;
  iconv_t cd;
  bool omit, silent;
  int out_fd; /* -o's file, or -1 for stdout */
  bool write_failed;
} conv;

static void put(conv *v, const char *p, size_t n)
{
  if (v->out_fd >= 0) {
    if (n && !v->write_failed && cmd_write_fd(v->out_fd, p, n) < 0) v->write_failed = true;
  } else {
    cmd_out(v->c, p, n);
  }
}

/* Converts one file's bytes; 0, or 1 after the message. */
static int convert(conv *v, char *data, size_t len)
{
  char out[16384];
  char *in = data;
  size_t left = len;
  for (;;) {
    char *o = out, *before = in;
    size_t room = sizeof out;
    size_t r = iconv(v->cd, &in, &left, &o, &room);
    int e = errno;
    put(v, out, (size_t)(o - out));
    if (r != (size_t)-1 && left) continue;
    if (r != (size_t)-1 || (e == EILSEQ && v->omit && !left)) {
      o = out; /* the end: the shift state's closing bytes */
      room = sizeof out;
      iconv(v->cd, NULL, NULL, &o, &room);
      put(v, out, (size_t)(o - out));
      break;
    }
    if (e == E2BIG) continue;
    if (e == EILSEQ && v->omit) {
      /* glibc's //IGNORE skipped what it could; step over a byte it did not */
      if (in == before && o == out) {
        in++;
        left--;
      }
      continue;
    }
    if (e == EILSEQ) {
      cmd_error(v->c, "illegal input sequence at position %zu", (size_t)(in - data));
      return 1;
    }
    if (e == EINVAL) {
      cmd_error(v->c, "incomplete character or shift sequence at end of buffer");
      return 1;
    }
    cmd_error(v->c, "internal error (illegal descriptor)");
    return 1;
  }
  return 0;
}

int acs__cmd_iconv(acs_cmd *c, int argc, char **argv)
{
  enum { VERBOSE = 256 };
  static const cmd_opt longs[] = {
      {"from-code", 'f', CMD_ARG}, {"to-code", 't', CMD_ARG}, {"list", 'l', CMD_NOARG},
      {"output", 'o', CMD_ARG},    {"silent", 's', CMD_NOARG}, {"verbose", VERBOSE, CMD_NOARG}, {0}};
  const char *from = locale_codeset(), *to = from, *output = NULL;
  bool list = false, verbose = false;
  conv v = {.c = c, .out_fd = -1};
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "f:t:lco:s", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'f': from = g.arg; break;
    case 't': to = g.arg; break;
    case 'l': list = true; break;
    case 'c': v.omit = true; break;
    case 'o': output = g.arg; break;
    case 's': v.silent = true; break;
    case VERBOSE: verbose = true; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 64;
  if (list) { /* glibc's order is strverscmp's (UTF-8 before UTF-16) */
    const char *names[sizeof known / sizeof *known];
    size_t n = sizeof known / sizeof *known;
    memcpy(names, known, sizeof known);
    qsort(names, n, sizeof *names, by_version);
    for (size_t i = 0; i < n; i++) cmd_printf(c, "%s//\n", names[i]);
    return 0;
  }
  char tocode[512];
  snprintf(tocode, sizeof tocode, "%s%s", to, v.omit ? (strstr(to, "//") ? ",IGNORE" : "//IGNORE") : "");
  v.cd = iconv_open(tocode, from);
  if (v.cd == (iconv_t)-1) {
    cmd_error(c, "failed to start conversion processing");
    return 1;
  }
  static char *dash[] = {"-"};
  char **files = g.nops ? cmd_operands(&g) : dash;
  int nfiles = g.nops ? g.nops : 1, rc = 0;
  for (int i = 0; i < nfiles; i++) {
    char *data;
    size_t len;
    if (verbose) cmd_printf(c, "%s:\n", files[i]);
    int r = cmd_read_all(files[i], &data, &len);
    if (r < 0) {
      cmd_error(c, "cannot open input file `%s': %s", files[i], cmd_strerror(r));
      rc = 1;
      continue;
    }
    if (output && v.out_fd < 0) { /* after the first input is read: -o may name it */
      v.out_fd = acs_sys_open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
      if (v.out_fd < 0) {
        cmd_error(c, "cannot open output file: %s", cmd_strerror(v.out_fd));
        free(data);
        rc = 1;
        break;
      }
    }
    int k = convert(&v, data, len);
    free(data);
    iconv(v.cd, NULL, NULL, NULL, NULL);
    if (k) {
      rc = 1;
      break; /* glibc stops: the output may end inside a character */
    }
    if (cmd_out_error(c)) break;
  }
  if (v.out_fd >= 0) acs_sys_close(v.out_fd);
  if (v.write_failed) {
    cmd_error(c, "unable to write output");
    rc = 1;
  }
  iconv_close(v.cd);
  return rc;
}
