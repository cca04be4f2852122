/* wc.c - print newline, word, and byte counts for each file.
**
** Usage: wc [OPTION]... [FILE]...
**   or:  wc [OPTION]... --files0-from=F
** Print newline, word, and byte counts for each FILE, and a total line if
** more than one FILE is specified.  A word is a non-zero-length sequence of
** printable characters delimited by white space.
**
** With no FILE, or when FILE is -, read standard input.
**
** The options below may be used to select which counts are printed, always in
** the following order: newline, word, character, byte, maximum line length.
**   -c, --bytes            print the byte counts
**   -m, --chars            print the character counts
**   -l, --lines            print the newline counts
**       --files0-from=F    read input from the files specified by
**                            NUL-terminated names in file F;
**                            If F is - then read names from standard input
**   -L, --max-line-length  print the maximum display width
**   -w, --words            print the word counts
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils 9.1's wc; in a UTF-8 locale -m counts characters, -L
** their widths and -w takes Unicode spaces as separators. The
** column width is GNU's: 1 when one count of one file is asked for,
** otherwise the digits of the sum of the regular files' sizes, and at
** least 7 when any input is not a regular file (a pipe). Words are
** printable non-space runs; other bytes neither make nor end a word. -L
** counts tabs to the next multiple of 8 and ends a line at \n, \r, \f. */
#include "cmd.h"
#include "lib_text.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct counts {
  uint64_t lines, words, chars, bytes, maxlen;
} counts;

typedef struct opts {
  bool lines, words, chars, bytes, maxlen;
  int width;
} opts;

static bool u_space(uint32_t u)
{
  return u == 0x85 || u == 0xa0 || u == 0x1680 || (u >= 0x2000 && u <= 0x200a) || u == 0x2028 || u == 0x2029 ||
         u == 0x202f || u == 0x205f || u == 0x3000;
}

/* wc in a UTF-8 locale: characters, their widths and Unicode spaces;
** bytes that are no character count as bytes only, as GNU's do */
static int count_fd_utf8(int fd, counts *k)
{
  static unsigned char buf[65536 + 4];
  bool in_word = false;
  uint64_t pos = 0;
  size_t keep = 0;
  for (;;) {
    ssize_t n = acs_sys_read(fd, buf + keep, 65536);
    if (n < 0) return (int)n;
    size_t len = keep + (size_t)n;
    k->bytes += (uint64_t)n;
    size_t i = 0;
    while (i < len) {
      unsigned char ch = buf[i];
      uint32_t u;
      size_t need = ch < 0x80 ? 1 : (ch & 0xE0) == 0xC0 ? 2 : (ch & 0xF0) == 0xE0 ? 3 : (ch & 0xF8) == 0xF0 ? 4 : 0;
      if (need > 1 && i + need > len && n > 0) break; /* the rest comes with the next read */
      bool ok = need >= 1 && i + need <= len;
      if (ok && need > 1) {
        u = ch & (0xFF >> (need + 1));
        for (size_t j = 1; j < need && ok; j++) {
          if ((buf[i + j] & 0xC0) != 0x80) ok = false;
          u = u << 6 | (buf[i + j] & 0x3F);
        }
        if (ok && ((need == 2 && u < 0x80) || (need == 3 && u < 0x800) || (need == 4 && (u < 0x10000 || u > 0x10FFFF)) ||
                   (u >= 0xD800 && u <= 0xDFFF)))
          ok = false;
      } else {
        u = ch;
      }
      if (!ok) {
        i++;
        continue;
      }
      i += need;
      k->chars++;
      if (u < 0x80) {
        switch (u) {
        case '\n': k->lines++; /* fall through */
        case '\r':
        case '\f':
          if (pos > k->maxlen) k->maxlen = pos;
          pos = 0;
          k->words += in_word;
          in_word = false;
          continue;
        case '\t':
          pos += 8 - pos % 8;
          k->words += in_word;
          in_word = false;
          continue;
        case ' ': pos++; /* fall through */
        case '\v':
          k->words += in_word;
          in_word = false;
          continue;
        }
      }
      if (u_space(u)) {
        pos++;
        k->words += in_word;
        in_word = false;
        continue;
      }
      int w = text_u_width(u);
      if (w >= 0) {
        pos += (uint64_t)w;
        in_word = true;
      }
    }
    keep = len - i;
    memmove(buf, buf + i, keep);
    if (n == 0) break;
  }
  k->words += in_word;
  if (pos > k->maxlen) k->maxlen = pos;
  return 0;
}

static int count_fd(int fd, counts *k)
{
  static unsigned char buf[65536];
  bool in_word = false;
  uint64_t pos = 0;
  for (;;) {
    ssize_t n = acs_sys_read(fd, buf, sizeof buf);
    if (n < 0) return (int)n;
    if (n == 0) break;
    k->bytes += (uint64_t)n;
    for (ssize_t i = 0; i < n; i++) {
      unsigned char ch = buf[i];
      switch (ch) {
      case '\n': k->lines++; /* fall through */
      case '\r':
      case '\f':
        if (pos > k->maxlen) k->maxlen = pos;
        pos = 0;
        k->words += in_word;
        in_word = false;
        break;
      case '\t':
        pos += 8 - pos % 8;
        k->words += in_word;
        in_word = false;
        break;
      case ' ': pos++; /* fall through */
      case '\v':
        k->words += in_word;
        in_word = false;
        break;
      default:
        if (isprint(ch)) {
          pos++;
          in_word = true;
        }
      }
    }
  }
  k->words += in_word;
  if (pos > k->maxlen) k->maxlen = pos;
  k->chars = k->bytes;
  return 0;
}

static void print(acs_cmd *c, const opts *o, const counts *k, const char *name)
{
  const char *sep = "";
  uint64_t v[5] = {k->lines, k->words, k->chars, k->bytes, k->maxlen};
  bool on[5] = {o->lines, o->words, o->chars, o->bytes, o->maxlen};
  for (int i = 0; i < 5; i++)
    if (on[i]) {
      cmd_printf(c, "%s%*llu", sep, o->width, (unsigned long long)v[i]);
      sep = " ";
    }
  if (name) cmd_printf(c, " %s", name);
  cmd_putc(c, '\n');
}

/* the names of --files0-from F */
static char **names_from(acs_cmd *c, const char *f, int *n, char **data)
{
  size_t len;
  char q[1024];
  int rc = cmd_read_all(f, data, &len);
  if (rc < 0) {
    cmd_error(c, "cannot open %s for reading: %s", cmd_quote(f, q, sizeof q), cmd_strerror(rc));
    return NULL;
  }
  text_rec *recs = NULL;
  size_t nr = 0, cap = 0;
  text_split(*data, len, 0, &recs, &nr, &cap);
  char **names = calloc(nr + 1, sizeof *names);
  for (size_t i = 0; names && i < nr; i++) {
    names[i] = (char *)recs[i].s;
    names[i][recs[i].len] = 0;
  }
  free(recs);
  *n = (int)nr;
  return names;
}

int acs__cmd_wc(acs_cmd *c, int argc, char **argv)
{
  enum { FILES0 = 256 };
  static const cmd_opt longs[] = {{"bytes", 'c', CMD_NOARG},           {"chars", 'm', CMD_NOARG},
                                  {"lines", 'l', CMD_NOARG},           {"files0-from", FILES0, CMD_ARG},
                                  {"max-line-length", 'L', CMD_NOARG}, {"words", 'w', CMD_NOARG},
                                  {0}};
  opts o = {0};
  const char *files0 = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "clLmw", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': o.bytes = true; break;
    case 'm': o.chars = true; break;
    case 'l': o.lines = true; break;
    case 'L': o.maxlen = true; break;
    case 'w': o.words = true; break;
    case FILES0: files0 = g.arg; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (!o.bytes && !o.chars && !o.lines && !o.maxlen && !o.words) o.lines = o.words = o.bytes = true;
  char **files = cmd_operands(&g), *names_data = NULL, **names = NULL;
  int nfiles = g.nops;
  char q[1024];
  if (files0) {
    if (nfiles) {
      cmd_error(c, "extra operand %s", cmd_quote(files[0], q, sizeof q));
      cmd_usage_error(c, "file operands cannot be combined with --files0-from");
      return 1;
    }
    names = names_from(c, files0, &nfiles, &names_data);
    if (!names) return 1;
    files = names;
  }
  static char *dash[] = {NULL};
  bool implicit = false;
  if (nfiles == 0 && !files0) {
    files = dash;
    nfiles = 1;
    implicit = true;
  }
  int ncounts = o.lines + o.words + o.chars + o.bytes + o.maxlen;
  o.width = 1;
  if (!(nfiles == 1 && ncounts == 1)) {
    int minw = 1;
    uint64_t total = 0;
    for (int i = 0; i < nfiles; i++) {
      acs__sys_stat st;
      bool std = !files[i] || !strcmp(files[i], "-");
      int rc = std ? acs_sys_fstat(0, &st) : acs_sys_stat(files[i], &st);
      if (rc < 0) continue;
      if (S_ISREG(st.mode)) total += st.size;
      else minw = 7;
    }
    for (; total >= 10; total /= 10) o.width++;
    if (o.width < minw) o.width = minw;
  }
  counts sum = {0};
  int status = 0;
  bool utf8 = text_utf8_locale();
  for (int i = 0; i < nfiles && !cmd_out_error(c); i++) {
    bool std = !files[i] || !strcmp(files[i], "-");
    if (files0 && !*files[i]) {
      cmd_error(c, "invalid zero-length file name");
      status = 1;
      continue;
    }
    int fd = std ? 0 : acs_sys_open(files[i], O_RDONLY, 0);
    if (fd < 0) {
      cmd_error(c, "%s: %s", cmd_quotef(files[i], q, sizeof q), cmd_strerror(fd));
      status = 1;
      continue;
    }
    counts k = {0};
    int rc = utf8 && (o.chars || o.maxlen || o.words) ? count_fd_utf8(fd, &k) : count_fd(fd, &k);
    if (!std) acs_sys_close(fd);
    if (rc < 0) {
      cmd_error(c, "%s: %s", cmd_quotef(std ? "-" : files[i], q, sizeof q), cmd_strerror(rc));
      status = 1;
    }
    print(c, &o, &k, implicit ? NULL : files[i]);
    sum.lines += k.lines;
    sum.words += k.words;
    sum.chars += k.chars;
    sum.bytes += k.bytes;
    if (k.maxlen > sum.maxlen) sum.maxlen = k.maxlen;
  }
  if (nfiles > 1) print(c, &o, &sum, "total");
  free(names);
  free(names_data);
  return status;
}
