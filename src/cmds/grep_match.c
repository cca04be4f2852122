/* grep_match.c - grep's patterns (grep_match.h). */
#include "grep_match.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* -G -E -F all go through glibc's regcomp, which has GNU's extensions
** (\w \b \< \| \+ ...) in both syntaxes; a -F string is escaped into a
** basic expression. Lines are searched with REG_STARTEND, so NUL bytes in
** them are data and ^ keeps its meaning when a search starts mid-line. */

static char *escape_fixed(const char *p, size_t len)
{
  char *o = malloc(len * 2 + 1), *q = o;
  if (!o) return NULL;
  for (size_t i = 0; i < len; i++) {
    if (strchr("\\.[*^$", p[i]) && p[i]) *q++ = '\\';
    *q++ = p[i];
  }
  *q = 0;
  return o;
}

/* GNU grep 3.8 warns of a repetition with nothing before it in an
** extended expression and lets it repeat nothing: it is dropped for
** glibc, which would refuse it */
static char *leading_repeat(acs_cmd *c, char *p)
{
  bool start = true, bracket = false, warned = false;
  for (size_t i = 0; p[i]; i++) {
    char ch = p[i];
    if (bracket) {
      if (ch == ']') bracket = false;
      continue;
    }
    if (start && strchr("*+?{", ch)) {
      if (!warned) cmd_error(c, "warning: %s at start of expression", ch == '{' ? "{...}" : (char[]){ch, 0});
      warned = true;
      size_t n = 1;
      if (ch == '{') { /* an interval: {N}, {N,}, {,M}, {N,M} */
        n = strspn(p + i + 1, "0123456789,") + 1;
        if (p[i + n] != '}') continue;
        n++;
      }
      memmove(p + i, p + i + n, strlen(p + i + n) + 1);
      i--;
      start = false;
      continue;
    }
    start = false;
    if (ch == '\\' && p[i + 1]) i++;
    else if (ch == '[') {
      bracket = true;
      if (p[i + 1] == '^') i++;
      if (p[i + 1] == ']') i++;
    } else if (ch == '(' || ch == '|') start = true;
  }
  return p;
}

static bool compile_perl(acs_cmd *c, gm_set *s, const char *pat, size_t len)
{
  static const char *const names[] = {"pcre2_compile_8", "pcre2_match_data_create_from_pattern_8",
                                      "pcre2_match_8", "pcre2_get_ovector_pointer_8",
                                      "pcre2_get_error_message_8", "pcre2_code_free_8"};
  if (!cmd_dlsyms(c, "libpcre2-8.so.0", names, s->fn, 6)) return false;
  pcre2_code *(*comp)(PCRE2_SPTR, PCRE2_SIZE, uint32_t, int *, PCRE2_SIZE *, pcre2_compile_context *) = s->fn[0];
  pcre2_match_data *(*mdnew)(const pcre2_code *, pcre2_general_context *) = s->fn[1];
  int (*errmsg)(int, PCRE2_UCHAR *, PCRE2_SIZE) = s->fn[4];
  /* -w and -x wrap the pattern as GNU grep does */
  const char *pre = s->lines ? "^(?:" : s->words ? "(?<!\\w)(?:" : "";
  const char *post = s->lines ? ")$" : s->words ? ")(?!\\w)" : "";
  size_t pl = strlen(pre), ql = strlen(post);
  char *w = malloc(pl + len + ql + 1);
  if (!w) return false;
  memcpy(w, pre, pl);
  memcpy(w + pl, pat, len);
  memcpy(w + pl + len, post, ql + 1);
  int err;
  PCRE2_SIZE off;
  uint32_t opts = s->icase ? PCRE2_CASELESS : 0;
  pcre2_code *code = comp((PCRE2_SPTR)w, pl + len + ql, opts, &err, &off, NULL);
  free(w);
  if (!code) {
    PCRE2_UCHAR msg[256];
    errmsg(err, msg, sizeof msg);
    cmd_error(c, "%s", (char *)msg);
    return false;
  }
  s->pcre = code;
  s->pmd = mdnew(code, NULL);
  return s->pmd != NULL;
}

bool gm_compile(acs_cmd *c, gm_set *s, char **pats, size_t *lens, size_t n)
{
  if (s->kind == GM_PERL) {
    if (n > 1) {
      cmd_error(c, "the -P option only supports a single pattern");
      return false;
    }
    return compile_perl(c, s, n ? pats[0] : "", n ? lens[0] : 0);
  }
  s->re = calloc(n ? n : 1, sizeof *s->re);
  if (!s->re) return false;
  s->lit = calloc(n ? n : 1, sizeof *s->lit);
  s->litlen = calloc(n ? n : 1, sizeof *s->litlen);
  if (!s->lit || !s->litlen) return false;
  s->all_lit = n > 0 && !s->icase;
  for (size_t i = 0; i < n && s->all_lit; i++) {
    const char *special = s->kind == GM_FIXED ? "" : s->kind == GM_EXTENDED ? "\\.[]*^$+?(){}|" : "\\.[]*^$";
    bool plain = lens[i] > 0 && !memchr(pats[i], 0, lens[i]);
    for (size_t k = 0; k < lens[i] && plain; k++) plain = !strchr(special, pats[i][k]);
    if (!plain) {
      s->all_lit = false;
      break;
    }
    if (!(s->lit[i] = malloc(lens[i]))) return false;
    memcpy(s->lit[i], pats[i], lens[i]);
    s->litlen[i] = lens[i];
  }
  int flags = (s->kind == GM_EXTENDED ? REG_EXTENDED : 0) | (s->icase ? REG_ICASE : 0);
  for (size_t i = 0; i < n; i++) {
    char *p = s->kind == GM_FIXED ? escape_fixed(pats[i], lens[i]) : strndup(pats[i], lens[i]);
    if (!p) return false;
    if (s->kind == GM_EXTENDED) p = leading_repeat(c, p);
    int rc = regcomp(&s->re[i], p, flags);
    free(p);
    if (rc) {
      char msg[256];
      regerror(rc, &s->re[i], msg, sizeof msg);
      cmd_error(c, "%s", msg);
      return false;
    }
    s->n++;
  }
  return true;
}

static bool is_word(unsigned char ch) { return isalnum(ch) || ch == '_'; }

/* one regexec over line[from..to); to < len hides the rest of the line */
static bool re_at(regex_t *re, const char *line, size_t len, size_t from, size_t to, size_t *ms, size_t *me)
{
  regmatch_t m[1] = {{(regoff_t)from, (regoff_t)to}};
  if (regexec(re, line, 1, m, REG_STARTEND | (to < len ? REG_NOTEOL : 0))) return false;
  *ms = (size_t)m[0].rm_so;
  *me = (size_t)m[0].rm_eo;
  return true;
}

/* -w as GNU grep does it: a match that is not a whole word is shortened
** from its end while one still starts there, then the search moves on */
static bool re_word(regex_t *re, const char *line, size_t len, size_t from, size_t *ms, size_t *me)
{
  while (from <= len) {
    size_t s, e;
    if (!re_at(re, line, len, from, len, &s, &e)) return false;
    for (;;) {
      if ((s == 0 || !is_word((unsigned char)line[s - 1])) && (e == len || !is_word((unsigned char)line[e]))) {
        *ms = s;
        *me = e;
        return true;
      }
      size_t s2, e2;
      if (e <= s || !re_at(re, line, len, s, e - 1, &s2, &e2) || s2 != s) break;
      e = e2;
    }
    from = s + 1;
  }
  return false;
}

static bool re_one(gm_set *s, regex_t *re, const char *line, size_t len, size_t from, size_t *ms, size_t *me)
{
  if (s->lines) return from == 0 && re_at(re, line, len, 0, len, ms, me) && *ms == 0 && *me == len;
  if (s->words) return re_word(re, line, len, from, ms, me);
  return re_at(re, line, len, from, len, ms, me);
}

static bool perl_find(gm_set *s, const char *line, size_t len, size_t from, size_t *ms, size_t *me)
{
  int (*match)(const pcre2_code *, PCRE2_SPTR, PCRE2_SIZE, PCRE2_SIZE, uint32_t, pcre2_match_data *,
               pcre2_match_context *) = s->fn[2];
  PCRE2_SIZE *(*ovec)(pcre2_match_data *) = s->fn[3];
  if (match(s->pcre, (PCRE2_SPTR)line, len, from, 0, s->pmd, NULL) < 0) return false;
  PCRE2_SIZE *v = ovec(s->pmd);
  *ms = v[0];
  *me = v[1];
  return true;
}

bool gm_find(gm_set *s, const char *line, size_t len, size_t from, size_t *ms, size_t *me)
{
  if (s->kind == GM_PERL) return perl_find(s, line, len, from, ms, me);
  if (s->all_lit && from == 0) {
    bool any = false;
    for (size_t i = 0; i < s->n && !any; i++) any = memmem(line, len, s->lit[i], s->litlen[i]) != NULL;
    if (!any) return false;
  }
  bool found = false;
  for (size_t i = 0; i < s->n; i++) {
    size_t a, b;
    if (!re_one(s, &s->re[i], line, len, from, &a, &b)) continue;
    if (!found || a < *ms || (a == *ms && b > *me)) {
      *ms = a;
      *me = b;
      found = true;
    }
    if (found && *ms == from && *me == len) break;
  }
  return found;
}

void gm_free(gm_set *s)
{
  for (size_t i = 0; i < s->n; i++) regfree(&s->re[i]);
  free(s->re);
  for (size_t i = 0; s->lit && i < s->n; i++) free(s->lit[i]);
  free(s->lit);
  free(s->litlen);
  if (s->pcre) {
    void (*md_free)(pcre2_code *) = s->fn[5];
    md_free(s->pcre);
  }
  memset(s, 0, sizeof *s);
}
