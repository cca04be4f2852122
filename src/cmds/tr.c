/* tr.c - translate or delete characters.
**
** Usage: tr [OPTION]... STRING1 [STRING2]
** Translate, squeeze, and/or delete characters from standard input,
** writing to standard output.  STRING1 and STRING2 specify arrays of
** characters ARRAY1 and ARRAY2 that control the action.
**
**   -c, -C, --complement    use the complement of ARRAY1
**   -d, --delete            delete characters in ARRAY1, do not translate
**   -s, --squeeze-repeats   replace each sequence of a repeated character
**                             that is listed in the last specified ARRAY,
**                             with a single occurrence of that character
**   -t, --truncate-set1     first truncate ARRAY1 to length of ARRAY2
**       --help        display this help and exit
**       --version     output version information and exit
**
** ARRAYs are specified as strings of characters.  Most represent themselves.
** Interpreted sequences are:
**
**   \NNN            character with octal value NNN (1 to 3 octal digits)
**   \\              backslash
**   \a              audible BEL
**   \b              backspace
**   \f              form feed
**   \n              new line
**   \r              return
**   \t              horizontal tab
**   \v              vertical tab
**   CHAR1-CHAR2     all characters from CHAR1 to CHAR2 in ascending order
**   [CHAR*]         in ARRAY2, copies of CHAR until length of ARRAY1
**   [CHAR*REPEAT]   REPEAT copies of CHAR, REPEAT octal if starting with 0
**   [:alnum:]       all letters and digits
**   [:alpha:]       all letters
**   [:blank:]       all horizontal whitespace
**   [:cntrl:]       all control characters
**   [:digit:]       all digits
**   [:graph:]       all printable characters, not including space
**   [:lower:]       all lower case letters
**   [:print:]       all printable characters, including space
**   [:punct:]       all punctuation characters
**   [:space:]       all horizontal or vertical whitespace
**   [:upper:]       all upper case letters
**   [:xdigit:]      all hexadecimal digits
**   [=CHAR=]        all characters which are equivalent to CHAR
**
** Translation occurs if -d is not given and both STRING1 and STRING2 appear.
** -t may be used only when translating.  ARRAY2 is extended to length of
** ARRAY1 by repeating its last character as necessary.  Excess characters
** of ARRAY2 are ignored.  Character classes expand in unspecified order;
** while translating, [:lower:] and [:upper:] may be used in pairs to
** specify case conversion.  Squeezing occurs after translation or deletion.
*/

/* GNU coreutils' tr on bytes (the C locale). Each string is expanded to
** an array of bytes; classes expand in ascending order, so [:lower:] and
** [:upper:] at the same place map letter to letter. The checks and their
** messages are GNU's (reversed ranges, [c*] in string1, classes in
** string2, misaligned case classes, an empty string2). */
#include "cmd.h"
#include "lib_text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct set {
  unsigned char *v;
  size_t n, cap;
  long fill_at;  /* string2's [c*]: where the copies go, or -1 */
  int fill_ch;
  struct { size_t at; int cls; } cases[16]; /* where [:upper:] / [:lower:] expanded */
  int ncases;
  bool other_class;
} set;

enum { C_UPPER = 1, C_LOWER = 2 };

static bool push(set *s, int ch)
{
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 64;
    unsigned char *v = realloc(s->v, cap);
    if (!v) return false;
    s->v = v;
    s->cap = cap;
  }
  s->v[s->n++] = (unsigned char)ch;
  return true;
}

static const char *const classes[] = {"alnum", "alpha", "blank", "cntrl", "digit", "graph",
                                      "lower", "print", "punct", "space", "upper", "xdigit", NULL};

static bool in_class(int k, int ch)
{
  switch (k) {
  case 0: return isalnum(ch);
  case 1: return isalpha(ch);
  case 2: return isblank(ch);
  case 3: return iscntrl(ch);
  case 4: return isdigit(ch);
  case 5: return isgraph(ch);
  case 6: return islower(ch);
  case 7: return isprint(ch);
  case 8: return ispunct(ch);
  case 9: return isspace(ch);
  case 10: return isupper(ch);
  default: return isxdigit(ch);
  }
}

/* one character of s at *i, with escapes; *escaped says it was one */
static int one_char(const char *s, size_t len, size_t *i, bool *escaped)
{
  *escaped = false;
  if (s[*i] != '\\' || *i + 1 >= len) return (unsigned char)s[(*i)++];
  *escaped = true;
  char ch = s[*i + 1];
  *i += 2;
  switch (ch) {
  case 'a': return '\a';
  case 'b': return '\b';
  case 'f': return '\f';
  case 'n': return '\n';
  case 'r': return '\r';
  case 't': return '\t';
  case 'v': return '\v';
  }
  if (ch >= '0' && ch <= '7') {
    int v = ch - '0';
    for (int k = 0; k < 2 && *i < len && s[*i] >= '0' && s[*i] <= '7'; k++) {
      int nv = v * 8 + (s[*i] - '0');
      if (nv > 255) break; /* GNU: \400 is \40 then '0' */
      v = nv;
      (*i)++;
    }
    return v;
  }
  return (unsigned char)ch;
}

/* the bracket construct at s[i] ('['), when it is one: 1 done, 0 not one,
** -1 an error was printed */
static int bracket(acs_cmd *c, const char *s, size_t len, size_t *i, set *out, bool is_set2)
{
  size_t j = *i + 1;
  if (j < len && (s[j] == ':' || s[j] == '=')) {
    char kind = s[j];
    const char *end = NULL;
    for (size_t k = j + 1; k + 1 < len; k++)
      if (s[k] == kind && s[k + 1] == ']') {
        end = s + k;
        break;
      }
    if (!end) return 0;
    size_t nlen = (size_t)(end - (s + j + 1));
    const char *name = s + j + 1;
    if (kind == '=') {
      if (nlen != 1) {
        if (nlen == 0) return 0;
        cmd_error(c, "%.*s: equivalence class operand must be a single character", (int)nlen, name);
        return -1;
      }
      push(out, (unsigned char)name[0]);
    } else {
      if (nlen == 0) return 0;
      int k = 0;
      while (classes[k] && (strlen(classes[k]) != nlen || strncmp(classes[k], name, nlen))) k++;
      if (!classes[k]) {
        char q[256];
        snprintf(q, sizeof q, "%.*s", (int)nlen, name);
        char qq[300];
        cmd_error(c, "invalid character class %s", cmd_quote(q, qq, sizeof qq));
        return -1;
      }
      if (k == 6 || k == 10) {
        if (out->ncases < 16) {
          out->cases[out->ncases].at = out->n;
          out->cases[out->ncases++].cls = k == 10 ? C_UPPER : C_LOWER;
        }
      } else {
        out->other_class = true;
      }
      for (int ch = 0; ch < 256; ch++)
        if (in_class(k, ch)) push(out, ch);
    }
    *i = (size_t)(end - s) + 2;
    return 1;
  }
  /* [c*n] */
  if (j >= len) return 0;
  size_t k = j;
  bool esc;
  int ch = one_char(s, len, &k, &esc);
  if (k >= len || s[k] != '*') return 0;
  size_t close = k + 1;
  while (close < len && s[close] != ']') close++;
  if (close >= len) return 0;
  const char *num = s + k + 1;
  size_t nlen = close - (k + 1);
  if (!is_set2) {
    cmd_error(c, "the [c*] repeat construct may not appear in string1");
    return -1;
  }
  if (nlen == 0) {
    if (out->fill_at >= 0) {
      cmd_error(c, "only one [c*] repeat construct may appear in string2");
      return -1;
    }
    out->fill_at = (long)out->n;
    out->fill_ch = ch;
  } else {
    char buf[64];
    snprintf(buf, sizeof buf, "%.*s", (int)nlen, num);
    char *e;
    unsigned long long r = strtoull(buf, &e, buf[0] == '0' ? 8 : 10);
    if (*e || nlen >= sizeof buf - 1 || !isdigit((unsigned char)buf[0])) {
      char q[128];
      cmd_error(c, "invalid repeat count %s in [c*n] construct", cmd_quote(buf, q, sizeof q));
      return -1;
    }
    if (r == 0) {
      if (out->fill_at >= 0) {
        cmd_error(c, "only one [c*] repeat construct may appear in string2");
        return -1;
      }
      out->fill_at = (long)out->n;
      out->fill_ch = ch;
    }
    for (unsigned long long t = 0; t < r && t < (1u << 24); t++) push(out, ch);
  }
  *i = close + 1;
  return 1;
}

static bool expand(acs_cmd *c, const char *s, set *out, bool is_set2)
{
  size_t len = strlen(s), i = 0;
  out->fill_at = -1;
  while (i < len) {
    if (s[i] == '[') {
      int r = bracket(c, s, len, &i, out, is_set2);
      if (r < 0) return false;
      if (r > 0) continue;
    }
    bool esc;
    size_t at = i;
    int a = one_char(s, len, &i, &esc);
    if (i < len && s[i] == '-' && i + 1 < len) {
      size_t k = i + 1;
      bool esc2;
      int b = one_char(s, len, &k, &esc2);
      if (b < a) {
        char r[64];
        snprintf(r, sizeof r, "%.*s", (int)(k - at), s + at);
        cmd_error(c, "range-endpoints of '%s' are in reverse collating sequence order", r);
        return false;
      }
      for (int ch = a; ch <= b; ch++) push(out, ch);
      i = k;
      continue;
    }
    push(out, a);
  }
  return true;
}

int acs__cmd_tr(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"complement", 'c', CMD_NOARG}, {"delete", 'd', CMD_NOARG},
                                  {"squeeze-repeats", 's', CMD_NOARG}, {"truncate-set1", 't', CMD_NOARG},
                                  {0}};
  bool comp = false, del = false, squeeze = false, trunc = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "cCdst", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': case 'C': comp = true; break;
    case 'd': del = true; break;
    case 's': squeeze = true; break;
    case 't': trunc = true; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **ops = cmd_operands(&g);
  int n = g.nops;
  char q[1024];
  bool translate = !del && n >= 2;
  int need = del && squeeze ? 2 : del ? 1 : squeeze ? 1 : 2;
  int most = del && !squeeze ? 1 : 2;
  if (n < 1) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  if (n < need) {
    char m[1100];
    snprintf(m, sizeof m, "missing operand after %s", cmd_quote(ops[n - 1], q, sizeof q));
    text_usage_note(c, m, del ? "Two strings must be given when both deleting and squeezing repeats."
                              : "Two strings must be given when translating.");
    return 1;
  }
  if (n > most) {
    char m[1100];
    snprintf(m, sizeof m, "extra operand %s", cmd_quote(ops[most], q, sizeof q));
    if (most == 1) text_usage_note(c, m, "Only one string may be given when deleting without squeezing repeats.");
    else cmd_usage_error(c, "%s", m);
    return 1;
  }
  set s1 = {0}, s2 = {0};
  int status = 1;
  if (!expand(c, ops[0], &s1, false)) goto out;
  if (n > 1 && !expand(c, ops[1], &s2, true)) goto out;
  bool in1[256] = {0};
  for (size_t i = 0; i < s1.n; i++) in1[s1.v[i]] = true;
  if (comp) {
    s1.n = 0;
    for (int ch = 0; ch < 256; ch++)
      if (!in1[ch]) push(&s1, ch);
    for (int ch = 0; ch < 256; ch++) in1[ch] = !in1[ch];
  }
  unsigned char map[256];
  for (int ch = 0; ch < 256; ch++) map[ch] = (unsigned char)ch;
  if (translate) {
    if (s2.other_class) {
      cmd_error(c, "when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'");
      goto out;
    }
    if (s2.fill_at >= 0) {
      size_t want = s1.n > s2.n ? s1.n - s2.n : 0;
      size_t tail = s2.n - (size_t)s2.fill_at;
      for (size_t k = 0; k < want; k++) push(&s2, s2.fill_ch);
      if (want && tail) {
        memmove(s2.v + s2.fill_at + want, s2.v + s2.fill_at, tail);
        memset(s2.v + s2.fill_at, s2.fill_ch, want);
      }
      for (int k = 0; k < s2.ncases; k++)
        if (s2.cases[k].at >= (size_t)s2.fill_at) s2.cases[k].at += want;
    }
    for (int k = 0; k < s2.ncases; k++) {
      bool aligned = false;
      for (int m = 0; m < s1.ncases && !comp; m++)
        if (s1.cases[m].at == s2.cases[k].at) aligned = true;
      if (!aligned) {
        cmd_error(c, "misaligned [:upper:] and/or [:lower:] construct");
        goto out;
      }
    }
    if (comp && (s1.ncases || s1.other_class)) {
      bool one = true;
      for (size_t i = 1; i < s2.n; i++) one = one && s2.v[i] == s2.v[0];
      if (!one) {
        cmd_error(c, "when translating with complemented character classes,\nstring2 must map all characters in the domain to one");
        goto out;
      }
    }
    if (trunc && s1.n > s2.n) s1.n = s2.n;
    if (s2.n == 0 && s1.n > 0) {
      cmd_error(c, "when not truncating set1, string2 must be non-empty");
      goto out;
    }
    for (size_t i = 0; i < s1.n; i++) map[s1.v[i]] = s2.v[i < s2.n ? i : s2.n - 1];
  }
  bool sq[256] = {0};
  if (squeeze) {
    const set *last = n > 1 ? &s2 : &s1;
    if (n > 1)
      for (size_t i = 0; i < last->n; i++) sq[last->v[i]] = true;
    else
      for (int ch = 0; ch < 256; ch++) sq[ch] = in1[ch];
  }
  status = 0;
  unsigned char buf[65536], ob[65536];
  int prev = -1;
  for (;;) {
    ssize_t r = acs_sys_read(0, buf, sizeof buf);
    if (r < 0) {
      cmd_error(c, "read error: %s", cmd_strerror((int)r));
      status = 1;
      break;
    }
    if (r == 0) break;
    size_t o = 0;
    for (ssize_t i = 0; i < r; i++) {
      unsigned char ch = buf[i];
      if (del && in1[ch]) continue;
      ch = map[ch];
      if (squeeze && sq[ch] && prev == ch) continue;
      prev = ch;
      ob[o++] = ch;
    }
    cmd_out(c, ob, o);
    if (cmd_out_error(c)) break;
  }
out:
  free(s1.v);
  free(s2.v);
  return status;
}
