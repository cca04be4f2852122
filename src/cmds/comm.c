/* comm.c - compare two sorted files line by line.
**
** Usage: comm [OPTION]... FILE1 FILE2
** Compare sorted files FILE1 and FILE2 line by line.
**
** When FILE1 or FILE2 (not both) is -, read standard input.
**
** With no options, produce three-column output.  Column one contains
** lines unique to FILE1, column two contains lines unique to FILE2,
** and column three contains lines common to both files.
**
**   -1                      suppress column 1 (lines unique to FILE1)
**   -2                      suppress column 2 (lines unique to FILE2)
**   -3                      suppress column 3 (lines that appear in both files)
**
**       --check-order       check that the input is correctly sorted, even
**                             if all input lines are pairable
**       --nocheck-order     do not check that the input is correctly sorted
**       --output-delimiter=STR  separate columns with STR
**       --total             output a summary
**   -z, --zero-terminated   line delimiter is NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
**
** Examples:
**   comm -12 file1 file2  Print only lines present in both file1 and file2.
**   comm -3 file1 file2  Print lines in file1 not in file2, and vice versa.
*/

/* GNU coreutils' comm in the C locale (bytewise comparison). The order
** is checked as GNU does: by default only once a line was unpairable,
** each file's first disorder reported and the status 1 at the end with
** "input is not in sorted order"; --check-order stops there. An empty
** --output-delimiter is a NUL, as with GNU. */
#include "cmd.h"
#include "lib_text.h"

#include <stdlib.h>
#include <string.h>

static int cmp(const text_buf *a, const text_buf *b)
{
  size_t n = a->len < b->len ? a->len : b->len;
  int d = memcmp(a->data, b->data, n);
  if (d) return d;
  return a->len < b->len ? -1 : a->len > b->len;
}

typedef struct side {
  cmd_in *in;
  text_buf cur, prev;
  bool have, eof;
} side;

static int advance(acs_cmd *c, side *s, const char *name, int eol)
{
  if (s->have) {
    s->prev.len = 0;
    text_buf_add(&s->prev, s->cur.data, s->cur.len);
  }
  char *line;
  ssize_t r = cmd_getdelim(s->in, &line, eol);
  if (r < 0) {
    char q[1024];
    cmd_error(c, "%s: %s", cmd_quotef(name, q, sizeof q), cmd_strerror((int)r));
    return -1;
  }
  if (r == 0) {
    s->eof = true;
    s->have = false;
    return 0;
  }
  if (line[r - 1] == (char)eol) r--;
  s->cur.len = 0;
  text_buf_add(&s->cur, line, (size_t)r);
  bool had = s->have || s->prev.len || s->prev.data;
  s->have = true;
  return had ? 2 : 1; /* 2: a previous line exists to check against */
}

int acs__cmd_comm(acs_cmd *c, int argc, char **argv)
{
  enum { CHECK = 256, NOCHECK, ODELIM, TOTAL };
  static const cmd_opt longs[] = {{"check-order", CHECK, CMD_NOARG}, {"nocheck-order", NOCHECK, CMD_NOARG},
                                  {"output-delimiter", ODELIM, CMD_ARG}, {"total", TOTAL, CMD_NOARG},
                                  {"zero-terminated", 'z', CMD_NOARG}, {0}};
  bool show[4] = {false, true, true, true}, total = false;
  int check = 0; /* 0 default, 1 on, -1 off */
  const char *sep = "\t";
  size_t seplen = 1;
  int eol = '\n';
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "123z", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case '1': show[1] = false; break;
    case '2': show[2] = false; break;
    case '3': show[3] = false; break;
    case 'z': eol = 0; break;
    case CHECK: check = 1; break;
    case NOCHECK: check = -1; break;
    case TOTAL: total = true; break;
    case ODELIM:
      if (seplen && sep != g.arg && strcmp(sep, "\t") && strcmp(sep, g.arg)) {
        cmd_error(c, "multiple output delimiters specified");
        return 1;
      }
      sep = g.arg;
      seplen = *g.arg ? strlen(g.arg) : 1;
      break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **ops = cmd_operands(&g);
  char q[1024];
  if (g.nops < 2) {
    if (g.nops == 0) cmd_usage_error(c, "missing operand");
    else cmd_usage_error(c, "missing operand after %s", cmd_quote(ops[0], q, sizeof q));
    return 1;
  }
  if (g.nops > 2) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(ops[2], q, sizeof q));
    return 1;
  }
  side s[2] = {{0}, {0}};
  int status = 0;
  for (int i = 0; i < 2; i++) {
    s[i].in = cmd_in_new();
    if (!s[i].in || cmd_in_open(c, s[i].in, ops[i]) < 0) {
      cmd_in_free(s[0].in);
      cmd_in_free(s[1].in);
      return 1;
    }
  }
  bool warned[2] = {false, false}, unpairable = false;
  uint64_t counts[3] = {0, 0, 0};
  int r0 = advance(c, &s[0], ops[0], eol), r1 = advance(c, &s[1], ops[1], eol);
  if (r0 < 0 || r1 < 0) status = 1;
  while (!status && (s[0].have || s[1].have) && !cmd_out_error(c)) {
    int order = !s[0].have ? 1 : !s[1].have ? -1 : cmp(&s[0].cur, &s[1].cur);
    int col = order < 0 ? 1 : order > 0 ? 2 : 3;
    if (order) unpairable = true;
    counts[col - 1]++;
    if (show[col]) {
      int pre = col == 2 ? show[1] : col == 3 ? show[1] + show[2] : 0;
      for (int k = 0; k < pre; k++) cmd_out(c, sep, seplen);
      const text_buf *t = col == 2 ? &s[1].cur : &s[0].cur;
      cmd_out(c, t->data, t->len);
      cmd_putc(c, eol);
    }
    for (int i = 0; i < 2; i++) {
      if (!((i == 0 && order <= 0) || (i == 1 && order >= 0))) continue;
      int r = advance(c, &s[i], ops[i], eol);
      if (r < 0) {
        status = 1;
        break;
      }
      if (r == 2 && check >= 0 && (check == 1 || unpairable) && !warned[i] && cmp(&s[i].prev, &s[i].cur) > 0) {
        warned[i] = true;
        cmd_error(c, "file %d is not in sorted order", i + 1);
        if (check == 1) status = 1;
      }
    }
  }
  if (total && !status) {
    cmd_printf(c, "%llu", (unsigned long long)counts[0]);
    cmd_out(c, sep, seplen);
    cmd_printf(c, "%llu", (unsigned long long)counts[1]);
    cmd_out(c, sep, seplen);
    cmd_printf(c, "%llu", (unsigned long long)counts[2]);
    cmd_out(c, sep, seplen);
    cmd_puts(c, "total");
    cmd_putc(c, eol);
  }
  if (!status && (warned[0] || warned[1])) {
    cmd_error(c, "input is not in sorted order");
    status = 1;
  }
  for (int i = 0; i < 2; i++) {
    free(s[i].cur.data);
    free(s[i].prev.data);
    cmd_in_free(s[i].in);
  }
  return status;
}
