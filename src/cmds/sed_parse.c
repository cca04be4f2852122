/* sed_parse.c - sed's script compiler: addresses, commands, s and y,
** labels and blocks, with GNU sed 4.9's messages ("sed: -e expression #1,
** char 3: unterminated `s' command"). */
#include "sed.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The pieces (-e expressions and -f files) are joined with newlines, as
** GNU joins them, so a command may continue into the next piece; each
** keeps its start for the messages. */
typedef struct parser {
  sed *s;
  const char *t;
  size_t len, pos;
  size_t *starts;
  char **files;
  size_t npieces;
  int *expr_no;
  bool failed;
} parser;

static void fail_at(parser *p, size_t at, const char *fmt, const char *arg)
{
  if (p->failed) return;
  p->failed = true;
  size_t k = 0;
  while (k + 1 < p->npieces && p->starts[k + 1] <= at && at > 0) k++;
  char msg[512];
  snprintf(msg, sizeof msg, fmt, arg ? arg : "");
  if (p->files[k]) {
    int line = 1;
    for (size_t i = p->starts[k]; i < at && i < p->len; i++)
      if (p->t[i] == '\n') line++;
    cmd_error(p->s->c, "file %s line %d: %s", p->files[k], line, msg);
  } else {
    cmd_error(p->s->c, "-e expression #%d, char %zu: %s", p->expr_no[k], at - p->starts[k], msg);
  }
}

static void fail(parser *p, const char *fmt) { fail_at(p, p->pos, fmt, NULL); }

static int peek(parser *p) { return p->pos < p->len ? (unsigned char)p->t[p->pos] : EOF; }
static int next(parser *p) { return p->pos < p->len ? (unsigned char)p->t[p->pos++] : EOF; }

static void skip_ws(parser *p)
{
  while (p->pos < p->len && (p->t[p->pos] == ' ' || p->t[p->pos] == '\t')) p->pos++;
}

/* ---- regular expressions -------------------------------------------- */

/* the text up to an unescaped delim; \delim becomes delim, \n a newline;
** other escapes stay for convert_escapes. NULL when unterminated. */
static char *delimited(parser *p, int delim, bool regex, size_t *outlen)
{
  size_t cap = 64, n = 0;
  char *o = malloc(cap);
  for (;;) {
    int ch = next(p);
    if (ch == EOF) {
      free(o);
      return NULL;
    }
    if (n + 4 > cap) o = realloc(o, cap *= 2);
    if (ch == delim) break;
    if (ch == '\n' && regex) {
      free(o);
      return NULL;
    }
    if (ch == '\\') {
      int d = next(p);
      if (d == EOF) {
        free(o);
        return NULL;
      }
      if (d == delim && delim != '\n') o[n++] = (char)d;
      else if (d == 'n' && regex) o[n++] = '\n';
      else if (d == '\n' && !regex) o[n++] = '\n';
      else {
        o[n++] = '\\';
        o[n++] = (char)d;
      }
      continue;
    }
    o[n++] = (char)ch;
  }
  o[n] = 0;
  *outlen = n;
  return o;
}

/* GNU sed's escapes that glibc's regcomp does not know: \t \a \f \v \r
** \dNNN \oNNN \xHH \cX */
static char *convert_escapes(const char *r, size_t len)
{
  char *o = malloc(len * 2 + 2), *q = o;
  for (size_t i = 0; i < len; i++) {
    if (r[i] != '\\' || i + 1 >= len) {
      *q++ = r[i];
      continue;
    }
    char d = r[++i];
    int v = -1;
    switch (d) {
    case 't': v = '\t'; break;
    case 'a': v = 7; break;
    case 'f': v = '\f'; break;
    case 'v': v = '\v'; break;
    case 'r': v = '\r'; break;
    case 'c':
      if (i + 1 < len) v = toupper((unsigned char)r[++i]) ^ 0x40;
      break;
    case 'd': case 'o': case 'x': {
      int base = d == 'd' ? 10 : d == 'o' ? 8 : 16, max = d == 'x' ? 2 : 3, k = 0, acc = 0;
      while (k < max && i + 1 < len) {
        char h = r[i + 1];
        int dv = isdigit((unsigned char)h) ? h - '0' : isxdigit((unsigned char)h) ? (tolower((unsigned char)h) - 'a' + 10) : 99;
        if (dv >= base) break;
        acc = acc * base + dv;
        i++;
        k++;
      }
      if (k) v = acc & 255;
      else {
        *q++ = '\\';
        *q++ = d;
        continue;
      }
      break;
    }
    default:
      *q++ = '\\';
      *q++ = d;
      continue;
    }
    /* what an escape makes is as if typed, as in GNU sed 4.9: \x2e is any
    ** character, \x5c a backslash that escapes what follows */
    *q++ = (char)v;
  }
  *q = 0;
  return o;
}

static sed_re *compile_re(parser *p, const char *r, size_t len, bool icase, bool multiline)
{
  if (len == 0) return NULL; /* the last expression used, at run time */
  char *x = convert_escapes(r, len);
  sed_re *re = calloc(1, sizeof *re);
  int flags = (p->s->extended ? REG_EXTENDED : 0) | (icase ? REG_ICASE : 0) | (multiline ? REG_NEWLINE : 0);
  int rc = regcomp(&re->re, x, flags);
  free(x);
  if (rc) {
    char msg[256];
    regerror(rc, &re->re, msg, sizeof msg);
    fail_at(p, p->pos, "%s", msg);
    free(re);
    return NULL;
  }
  re->nsub = re->re.re_nsub;
  return re;
}

/* ---- addresses ------------------------------------------------------- */

/* GNU reads a number into an unsigned long, wrapping past 2^64 (`q` then
** exits with the low bits); what is past INT64_MAX after the wrap is a
** count no input reaches either way */
static bool number(parser *p, int64_t *v)
{
  if (!isdigit(peek(p))) return false;
  uint64_t n = 0;
  while (isdigit(peek(p))) n = n * 10 + (uint64_t)(next(p) - '0');
  *v = n > INT64_MAX ? INT64_MAX : (int64_t)n;
  return true;
}

static bool regex_addr(parser *p, sed_addr *a, int delim)
{
  size_t n;
  char *r = delimited(p, delim, true, &n);
  if (!r) {
    fail(p, "unterminated address regex");
    return false;
  }
  bool icase = false, ml = false;
  for (;;) {
    if (peek(p) == 'I') icase = true, p->pos++;
    else if (peek(p) == 'M') ml = true, p->pos++;
    else break;
  }
  a->type = A_RE;
  a->re = compile_re(p, r, n, icase, ml);
  free(r);
  return !p->failed;
}

/* false with nothing consumed: no address */
static bool address(parser *p, sed_addr *a, bool second)
{
  int ch = peek(p);
  if (ch == '/') {
    p->pos++;
    return regex_addr(p, a, '/');
  }
  if (ch == '\\') {
    p->pos++;
    int d = next(p);
    if (d == EOF || d == '\n' || d == '\\') {
      fail(p, "unexpected `,'");
      return false;
    }
    return regex_addr(p, a, d);
  }
  if (ch == '$') {
    p->pos++;
    a->type = A_LAST;
    return true;
  }
  if (second && (ch == '+' || ch == '~')) {
    p->pos++;
    if (!number(p, &a->n)) {
      fail(p, "expected newer version of sed");
      return false;
    }
    a->type = ch == '+' ? A_PLUS : A_TILDE;
    return true;
  }
  int64_t v;
  if (number(p, &v)) {
    a->n = v;
    a->type = A_LINE;
    if (peek(p) == '~' && !second) {
      p->pos++;
      int64_t st = 0;
      number(p, &st);
      a->type = A_STEP;
      a->step = st;
    }
    return true;
  }
  return false;
}

/* ---- commands -------------------------------------------------------- */

static sed_cmd *new_cmd(sed *s)
{
  if (s->ncmds == s->ccmds) {
    s->ccmds = s->ccmds ? s->ccmds * 2 : 32;
    s->cmds = realloc(s->cmds, s->ccmds * sizeof *s->cmds);
  }
  sed_cmd *c = &s->cmds[s->ncmds++];
  memset(c, 0, sizeof *c);
  c->wfile = -1;
  c->num = -1;
  return c;
}

/* after a command: spaces, then ; or a newline or } or # or the end */
static bool end_of_cmd(parser *p)
{
  skip_ws(p);
  int ch = peek(p);
  if (ch == EOF || ch == '\n' || ch == ';') {
    if (ch != EOF) p->pos++;
    return true;
  }
  if (ch == '}' || ch == '#') return true;
  p->pos++;
  fail(p, "extra characters after command");
  return false;
}

/* a label or a file name: to the end of the line (labels also to ';') */
static char *rest(parser *p, bool label)
{
  skip_ws(p);
  size_t st = p->pos;
  while (p->pos < p->len && p->t[p->pos] != '\n' && !(label && (p->t[p->pos] == ';'))) p->pos++;
  size_t e = p->pos;
  if (label)
    while (e > st && (p->t[e - 1] == ' ' || p->t[e - 1] == '\t')) e--;
  if (p->pos < p->len) p->pos++;
  return strndup(p->t + st, e - st);
}

static int wfile(parser *p, const char *name)
{
  sed *s = p->s;
  for (size_t i = 0; i < s->nwfiles; i++)
    if (!strcmp(s->wfiles[i].name, name)) return (int)i;
  int fd = -1;
  if (!strcmp(name, "/dev/stderr")) fd = 2;
  else if (strcmp(name, "/dev/stdout")) {
    fd = acs_sys_open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
      if (!p->failed) cmd_error(s->c, "couldn't open file %s: %s", name, cmd_strerror(fd));
      p->failed = true;
      s->status = 4;
      return -1;
    }
  }
  s->wfiles = realloc(s->wfiles, (s->nwfiles + 1) * sizeof *s->wfiles);
  s->wfiles[s->nwfiles] = (sed_wfile){strdup(name), fd};
  return (int)s->nwfiles++;
}

/* one escape of a text after its backslash (ch): the bytes it makes */
static size_t text_escape(parser *p, int ch, char *o)
{
  static const char from[] = "ntafvr", to[] = "\n\t\a\f\v\r";
  const char *k = strchr(from, ch);
  if (k && ch) {
    *o = to[k - from];
    return 1;
  }
  if (ch == 'c' && peek(p) != EOF) {
    *o = (char)(toupper(next(p)) ^ 0x40);
    return 1;
  }
  if (ch == 'd' || ch == 'o' || ch == 'x') {
    int base = ch == 'd' ? 10 : ch == 'o' ? 8 : 16, max = ch == 'x' ? 2 : 3, got = 0, acc = 0;
    while (got < max && peek(p) != EOF) {
      int h = peek(p), dv = isdigit(h) ? h - '0' : isxdigit(h) ? tolower(h) - 'a' + 10 : 99;
      if (dv >= base) break;
      acc = acc * base + dv;
      p->pos++;
      got++;
    }
    *o = got ? (char)acc : (char)ch;
    return 1;
  }
  *o = (char)ch;
  return 1;
}

/* the text of a, i, c: GNU's one-line form or the classic a\ newline */
static void text_arg(parser *p, sed_cmd *c)
{
  skip_ws(p);
  if (peek(p) == EOF) {
    fail(p, "expected \\ after `a', `c' or `i'");
    return;
  }
  if (peek(p) == '\\') { /* a\ keeps the blanks that follow it */
    p->pos++;
    if (peek(p) == '\n') p->pos++;
  }
  size_t cap = 64, n = 0;
  char *o = malloc(cap);
  for (;;) {
    int ch = next(p);
    if (ch == EOF) break;
    if (n + 2 > cap) o = realloc(o, cap *= 2);
    if (ch == '\\') { /* GNU's escapes work in the text too: \t is a tab */
      ch = next(p);
      if (ch == EOF) break;
      if (n + 8 > cap) o = realloc(o, cap *= 2);
      n += text_escape(p, ch, o + n);
      continue;
    }
    if (ch == '\n') break;
    o[n++] = (char)ch;
  }
  if (n + 2 > cap) o = realloc(o, cap = n + 2); /* the newline and the NUL */
  if (n) o[n++] = '\n'; /* an empty text (a\ at the end) adds nothing */
  o[n] = 0;
  c->text = o;
  c->tlen = n;
}

static bool parse_repl(parser *p, sed_cmd *c, const char *r, size_t len)
{
  size_t cap = 8;
  c->rp = malloc(cap * sizeof *c->rp);
  char *lit = malloc(len + 1);
  size_t ln = 0;
#define FLUSH_LIT()                                                                     \
  do {                                                                                  \
    if (ln) {                                                                           \
      if (c->nrp == cap) c->rp = realloc(c->rp, (cap *= 2) * sizeof *c->rp);            \
      c->rp[c->nrp++] = (repl_part){R_LIT, memcpy(malloc(ln + 1), lit, ln), ln, 0};     \
      ln = 0;                                                                           \
    }                                                                                   \
  } while (0)
#define ADD(k, v)                                                                       \
  do {                                                                                  \
    FLUSH_LIT();                                                                        \
    if (c->nrp == cap) c->rp = realloc(c->rp, (cap *= 2) * sizeof *c->rp);            \
    c->rp[c->nrp++] = (repl_part){k, NULL, 0, v};                                       \
  } while (0)
  for (size_t i = 0; i < len; i++) {
    char ch = r[i];
    if (ch == '&') {
      ADD(R_GROUP, 0);
      continue;
    }
    if (ch != '\\' || i + 1 >= len) {
      lit[ln++] = ch;
      continue;
    }
    char d = r[++i];
    if (d >= '0' && d <= '9') {
      int g = d - '0';
      if (c->re && (size_t)g > c->re->nsub) {
        char ref[8];
        snprintf(ref, sizeof ref, "\\%d", g);
        free(lit);
        fail_at(p, p->pos, "invalid reference %s on `s' command's RHS", ref);
        return false;
      }
      ADD(R_GROUP, g);
    } else if (strchr("LUluE", d)) {
      ADD(R_CASE, d);
    } else {
      switch (d) {
      case 'n': lit[ln++] = '\n'; break;
      case 't': lit[ln++] = '\t'; break;
      case 'a': lit[ln++] = 7; break;
      case 'f': lit[ln++] = '\f'; break;
      case 'v': lit[ln++] = '\v'; break;
      case 'r': lit[ln++] = '\r'; break;
      case 'c':
        if (i + 1 < len) lit[ln++] = (char)(toupper((unsigned char)r[++i]) ^ 0x40);
        break;
      case 'd': case 'o': case 'x': {
        int base = d == 'd' ? 10 : d == 'o' ? 8 : 16, max = d == 'x' ? 2 : 3, k = 0, acc = 0;
        while (k < max && i + 1 < len) {
          int h = (unsigned char)r[i + 1];
          int dv = isdigit(h) ? h - '0' : isxdigit(h) ? tolower(h) - 'a' + 10 : 99;
          if (dv >= base) break;
          acc = acc * base + dv;
          i++;
          k++;
        }
        lit[ln++] = k ? (char)acc : d;
        break;
      }
      default: lit[ln++] = d;
      }
    }
  }
  FLUSH_LIT();
  free(lit);
  return true;
#undef ADD
#undef FLUSH_LIT
}

static void parse_s(parser *p, sed_cmd *c)
{
  int delim = next(p);
  if (delim == EOF || delim == '\n' || delim == '\\') {
    fail(p, "unterminated `s' command");
    return;
  }
  size_t rl, pl;
  char *re = delimited(p, delim, true, &rl);
  char *rep = re ? delimited(p, delim, false, &pl) : NULL;
  if (!re || !rep) {
    free(re);
    p->pos = p->len;
    fail(p, "unterminated `s' command");
    return;
  }
  bool icase = false, ml = false;
  for (;;) {
    int ch = peek(p);
    if (ch == 'g') {
      p->pos++;
      if (c->global) {
        fail(p, "multiple `g' options to `s' command");
        break;
      }
      c->global = true;
    } else if (ch == 'p') {
      p->pos++;
      if (c->print) {
        fail(p, "multiple `p' options to `s' command");
        break;
      }
      c->print = true;
    } else if (ch == 'i' || ch == 'I') {
      p->pos++;
      icase = true;
    } else if (ch == 'm' || ch == 'M') {
      p->pos++;
      ml = true;
    } else if (ch == 'e') {
      p->pos++;
      c->eval = true;
    } else if (isdigit(ch)) {
      int64_t v;
      number(p, &v);
      if (c->nth) {
        fail(p, "multiple number options to `s' command");
        break;
      }
      if (v == 0) {
        fail(p, "number option to `s' command may not be zero");
        break;
      }
      c->nth = v;
    } else if (ch == 'w') {
      p->pos++;
      char *name = rest(p, false);
      if (!*name) fail(p, "missing filename in r/R/w/W commands");
      else c->wfile = wfile(p, name);
      free(name);
      break;
    } else if (ch == EOF || ch == '\n' || ch == ';' || ch == ' ' || ch == '\t' || ch == '}' || ch == '#') {
      break;
    } else {
      p->pos++;
      fail(p, "unknown option to `s'");
      break;
    }
  }
  if (!p->failed) {
    /* GNU has read the ; or newline after the flags when it compiles */
    size_t keep = p->pos;
    if (c->wfile < 0 && (peek(p) == ';' || peek(p) == '\n')) p->pos++;
    if (rl == 0 && (icase || ml)) fail(p, "cannot specify modifiers on empty regexp");
    else c->re = compile_re(p, re, rl, icase, ml);
    if (!p->failed) parse_repl(p, c, rep, pl);
    p->pos = keep;
  }
  free(re);
  free(rep);
}

static void parse_y(parser *p, sed_cmd *c)
{
  int delim = next(p);
  size_t al = 0, bl = 0;
  char *a = delim == EOF || delim == '\n' || delim == '\\' ? NULL : delimited(p, delim, false, &al);
  char *b = a ? delimited(p, delim, false, &bl) : NULL;
  if (!a || !b) {
    free(a);
    p->pos = p->len;
    fail(p, "unterminated `y' command");
    return;
  }
  /* \\ and \n are the escapes y knows */
  char *v[2] = {a, b};
  size_t *l[2] = {&al, &bl};
  for (int k = 0; k < 2; k++) {
    size_t o = 0;
    for (size_t i = 0; i < *l[k]; i++) {
      if (v[k][i] == '\\' && i + 1 < *l[k]) {
        char d = v[k][++i];
        v[k][o++] = d == 'n' ? '\n' : d == 't' ? '\t' : d;
      } else v[k][o++] = v[k][i];
    }
    *l[k] = o;
  }
  if (al != bl) fail(p, "strings for `y' command are different lengths");
  else {
    c->ymap = malloc(256);
    for (int i = 0; i < 256; i++) c->ymap[i] = (unsigned char)i;
    for (size_t i = 0; i < al; i++) c->ymap[(unsigned char)a[i]] = (unsigned char)b[i];
  }
  free(a);
  free(b);
}

static void parse_cmd(parser *p, size_t *stack, size_t *depth, size_t *open_at)
{
  sed *s = p->s;
  size_t at = s->ncmds;
  sed_cmd *c = new_cmd(s);
  if (address(p, &c->a1, false)) {
    if (p->failed) return;
    skip_ws(p);
    if (peek(p) == ',') {
      p->pos++;
      skip_ws(p);
      if (!address(p, &c->a2, true)) {
        if (!p->failed) fail(p, "unexpected `,'");
        return;
      }
    }
  }
  if (p->failed) return;
  skip_ws(p);
  /* GNU looks at line 0 as soon as it reads what follows the addresses */
  if (c->a1.type == A_LINE && c->a1.n == 0 && c->a2.type != A_RE && !(peek(p) == 'r' && c->a2.type == A_NONE)) {
    if (peek(p) != EOF) p->pos++;
    fail(p, "invalid usage of line address 0");
    return;
  }
  while (peek(p) == '!') {
    p->pos++;
    c->neg = true;
    skip_ws(p);
  }
  int ch = next(p);
  if (ch == EOF) {
    fail(p, "missing command");
    return;
  }
  c->cmd = (char)ch;
  if (c->a1.type == A_STEP && c->a1.n == 0 && c->a1.step <= 0) c->a1.type = A_LINE; /* 0~0 is line 0 */
  if (c->a1.type == A_LINE && c->a1.n == 0 && !(ch == 'r' && c->a2.type == A_NONE)) {
    if (c->a2.type != A_RE) {
      fail(p, "invalid usage of line address 0");
      return;
    }
    c->a1.type = A_ZERO;
  }
  if (ch == '#' && c->a1.type != A_NONE) {
    fail(p, "comments don't accept any addresses");
    return;
  }
  if (c->a2.type != A_NONE && strchr(":qQ", ch)) { /* these take one address at most */
    fail(p, ch == ':' ? ": doesn't want any addresses" : "command only uses one address");
    return;
  }
  switch (ch) {
  case '{':
    stack[(*depth)++] = at;
    if (*depth == 1) *open_at = p->pos;
    return;
  case '}':
    if (*depth == 0) {
      fail(p, "unexpected `}'");
      return;
    }
    if (c->a1.type != A_NONE) {
      fail(p, "`}' doesn't want any addresses");
      return;
    }
    s->cmds[stack[--(*depth)]].jump = at + 1;
    end_of_cmd(p);
    return;
  case '#':
    if (c->a1.type != A_NONE) {
      fail(p, "comments don't accept any addresses");
      return;
    }
    while (p->pos < p->len && p->t[p->pos] != '\n') p->pos++;
    s->ncmds--;
    return;
  case ':': {
    if (c->a1.type != A_NONE) {
      fail(p, ": doesn't want any addresses");
      return;
    }
    char *l = rest(p, true);
    if (!*l) {
      free(l);
      fail(p, "\":\" lacks a label");
      return;
    }
    c->text = l;
    return;
  }
  case 'a': case 'i': case 'c':
    text_arg(p, c);
    return;
  case 'b': case 't': case 'T':
    c->text = rest(p, true);
    return;
  case 'r': case 'R': case 'w': case 'W': {
    char *name = rest(p, false);
    if (!*name) {
      free(name);
      fail(p, "missing filename in r/R/w/W commands");
      return;
    }
    if (ch == 'w' || ch == 'W') {
      c->wfile = wfile(p, name);
      free(name);
    } else c->text = name;
    return;
  }
  case 'e':
    skip_ws(p);
    c->text = rest(p, false);
    return;
  case 'q': case 'Q': case 'l': case 'L':
    skip_ws(p);
    number(p, &c->num);
    end_of_cmd(p);
    return;
  case 's':
    parse_s(p, c);
    if (!p->failed && c->wfile < 0) end_of_cmd(p); /* w took the rest of the line */
    return;
  case 'y':
    parse_y(p, c);
    if (!p->failed) end_of_cmd(p);
    return;
  case '=': case 'd': case 'D': case 'g': case 'G': case 'h': case 'H': case 'x': case 'n': case 'N':
  case 'p': case 'P': case 'z': case 'F':
    end_of_cmd(p);
    return;
  default: {
    char u[2] = {(char)ch, 0};
    fail_at(p, p->pos, "unknown command: `%s'", u);
    return;
  }
  }
}

bool sed_compile(sed *s, char **pieces, char **files, size_t n)
{
  parser p = {.s = s};
  size_t total = 0;
  for (size_t i = 0; i < n; i++) total += strlen(pieces[i]) + 1;
  char *t = malloc(total + 1);
  p.starts = malloc((n + 1) * sizeof *p.starts);
  p.expr_no = malloc((n + 1) * sizeof *p.expr_no);
  p.files = files;
  p.npieces = n;
  size_t at = 0;
  int e = 0;
  for (size_t i = 0; i < n; i++) {
    p.starts[i] = at;
    p.expr_no[i] = files[i] ? 0 : ++e;
    size_t l = strlen(pieces[i]);
    memcpy(t + at, pieces[i], l);
    at += l;
    if (i + 1 < n) t[at++] = '\n';
  }
  t[at] = 0;
  p.t = t;
  p.len = at;
  /* "#n" as the script's first line is -n */
  if (n && at >= 2 && t[0] == '#' && t[1] == 'n' && (at == 2 || t[2] == '\n')) s->quiet = true;
  size_t stack[256], depth = 0, open_at = 0;
  while (!p.failed) {
    while (p.pos < p.len && (isspace((unsigned char)t[p.pos]) || t[p.pos] == ';')) p.pos++;
    if (p.pos >= p.len) break;
    if (depth >= 255) {
      fail(&p, "too many nested blocks");
      break;
    }
    parse_cmd(&p, stack, &depth, &open_at);
  }
  if (!p.failed && depth) fail_at(&p, 0, "unmatched `{'", NULL);
  /* labels */
  for (size_t i = 0; i < s->ncmds && !p.failed; i++) {
    sed_cmd *c = &s->cmds[i];
    if (!strchr("btT", c->cmd)) continue;
    if (!c->text || !*c->text) {
      c->jump = s->ncmds;
      continue;
    }
    size_t k;
    for (k = 0; k < s->ncmds; k++)
      if (s->cmds[k].cmd == ':' && !strcmp(s->cmds[k].text, c->text)) break;
    if (k == s->ncmds) {
      cmd_error(s->c, "can't find label for jump to `%s'", c->text);
      p.failed = true;
      s->status = 4; /* GNU's panic, not a usage error */
    }
    c->jump = k;
  }
  if (s->sandbox)
    for (size_t i = 0; i < s->ncmds && !p.failed; i++)
      if (strchr("erwRW", s->cmds[i].cmd) || s->cmds[i].eval || s->cmds[i].wfile >= 0) {
        fail_at(&p, 0, "e/r/w commands disabled in sandbox mode", NULL);
      }
  free(t);
  free(p.starts);
  free(p.expr_no);
  return !p.failed;
}

static void free_re(sed_re *re)
{
  if (!re) return;
  regfree(&re->re);
  free(re);
}

void acs__sed_free_script(sed *s)
{
  for (size_t i = 0; i < s->ncmds; i++) {
    sed_cmd *c = &s->cmds[i];
    free_re(c->a1.re);
    free_re(c->a2.re);
    free_re(c->re);
    for (size_t k = 0; k < c->nrp; k++) free(c->rp[k].s);
    free(c->rp);
    free(c->ymap);
    free(c->text);
  }
  free(s->cmds);
  s->cmds = NULL;
  s->ncmds = s->ccmds = 0;
  for (size_t i = 0; i < s->nwfiles; i++) free(s->wfiles[i].name);
  free(s->wfiles);
  s->wfiles = NULL;
  s->nwfiles = 0;
}
