/* expand.c - word expansion: tilde, parameters (param.c), command and
** arithmetic substitution, field splitting on IFS, pathname expansion
** (glob.c) and quote removal, in POSIX order.
**
** Expansion writes characters into the current field with one attribute
** each (quoted or not): splitting happens as unquoted expansion results
** are written, globbing when a field ends (its unquoted * ? [ are
** active), and quote removal is never needed since quotes were parts. */
#include "sh.h"

#include <errno.h>
#include <fcntl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* what a quoted character is escaped from in a pattern: the glob and
** extglob characters, and - ^ which are special in brackets */
#define PAT_SPECIAL "*?[]\\()|@+!-^"

enum { X_FIELDS, X_STRING, X_PATTERN, X_REGEX };

struct xout {
  int mode;
  strv *fields;
  sbuf cur, attr;   /* attr: '1' quoted, '0' not */
  bool present;     /* the field exists even if empty (quotes, text) */
  bool ws_ended;    /* the last field was ended by IFS white space */
  bool magic;       /* unquoted glob characters in the field */
  bool split_lit;   /* the word of an unquoted ${x:-word}: its text splits too */
  bool assign;      /* an assignment's value: tildes after each ':' too */
  const char *ifs;
};

static bool ifs_has(const char *ifs, char c) { return c && strchr(ifs, c); }
static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n'; }

static void end_field(xout *o, bool force)
{
  if (!o->present && !force) return;
  char *s = xstrndup(o->cur.s ? o->cur.s : "", o->cur.len);
  if (o->magic && !sh.opt_f && o->mode == X_FIELDS) {
    /* the pattern: quoted characters escaped */
    sbuf p = {0};
    for (size_t i = 0; i < o->cur.len; i++) {
      char c = o->cur.s[i];
      if (o->attr.s[i] == '1' && strchr(PAT_SPECIAL, c)) sb_addc(&p, '\\');
      sb_addc(&p, c);
    }
    /* a word whose glob characters make no pattern ("[", "b[") is no
    ** pattern: bash neither looks it up nor lets nullglob drop it */
    if (!pat_has_magic(p.s)) {
      /* kept as it is */
    } else if (glob_expand(p.s, o->fields)) {
      free(s);
      s = NULL;
    } else if (shopt_on("failglob")) {
      /* as bash: the rest of the top-level command is not run */
      sh_error("no match: %s", s);
      sh.status = 1;
      sh.aborting = true;
      free(s);
      s = NULL;
    } else if (shopt_on("nullglob")) {
      free(s);
      s = NULL;
    }
    sb_free(&p);
  }
  if (s) sv_push(o->fields, s);
  o->cur.len = o->attr.len = 0;
  o->present = o->magic = false;
}

/* Append text; split: it is an unquoted expansion result. */
void xo_text(xout *o, const char *s, size_t n, bool quoted, bool split)
{
  /* quoted nothing is still a field ("$x" empty, the last of "$@") */
  if (!n && quoted && o->mode == X_FIELDS) {
    o->present = true;
    o->ws_ended = false;
  }
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (split && o->mode == X_FIELDS && !quoted && ifs_has(o->ifs, c)) {
      if (is_ws(c)) {
        if (o->present) {
          end_field(o, false);
          o->ws_ended = true;
        }
      } else {
        if (o->present) end_field(o, false);
        else if (!o->ws_ended) end_field(o, true);
        o->ws_ended = false;
      }
      continue;
    }
    if ((o->mode == X_PATTERN && quoted && strchr(PAT_SPECIAL, c)) ||
        (o->mode == X_REGEX && quoted && strchr("\\.[]()*+?{}|^$", c))) {
      sb_addc(&o->cur, '\\');
      sb_addc(&o->attr, '1');
    }
    sb_addc(&o->cur, c);
    sb_addc(&o->attr, quoted ? '1' : '0');
    if (!quoted && (c == '*' || c == '?' || c == '[')) o->magic = true;
    /* @( +( !( start extglob groups */
    if (!quoted && c == '(' && o->cur.len > 1 && o->attr.s[o->cur.len - 2] == '0' &&
        strchr("@+!", o->cur.s[o->cur.len - 2]) && shopt_on("extglob"))
      o->magic = true;
    o->present = true;
    o->ws_ended = false;
  }
}

/* "$@": a new field between two parameters (force: even an empty one) */
void xo_break(xout *o, bool force)
{
  if (o->mode == X_FIELDS) {
    end_field(o, force);
    o->ws_ended = false;
  } else {
    xo_text(o, " ", 1, true, false);
  }
}

bool xo_fields(xout *o) { return o->mode == X_FIELDS; }

/* an empty quoted string: the field exists */
static void xo_mark(xout *o) { o->present = true, o->ws_ended = false; }
void xo_present(xout *o) { xo_mark(o); }

/* ---- tilde --------------------------------------------------------------- */

static char *home_of(const char *user)
{
  int fd = acs_sys_open("/etc/passwd", 0, 0);
  if (fd < 0) return NULL;
  sbuf b = {0};
  char buf[4096];
  ssize_t n;
  while ((n = acs_sys_read(fd, buf, sizeof buf)) > 0) sb_add(&b, buf, (size_t)n);
  acs_sys_close(fd);
  char *res = NULL;
  size_t ul = strlen(user);
  for (char *line = b.s; line && *line && !res;) {
    char *nl = strchr(line, '\n');
    if (nl) *nl = 0;
    if (!strncmp(line, user, ul) && line[ul] == ':') {
      /* name:pw:uid:gid:gecos:home:shell */
      char *f = line;
      for (int i = 0; i < 5 && f; i++) {
        f = strchr(f, ':');
        if (f) f++;
      }
      if (f) {
        char *e = strchr(f, ':');
        res = e ? xstrndup(f, (size_t)(e - f)) : xstrdup(f);
      }
    }
    line = nl ? nl + 1 : NULL;
  }
  sb_free(&b);
  return res;
}

char *ex_tilde(const char *prefix)
{
  if (!*prefix) {
    const char *h = var_get("HOME");
    return h ? xstrdup(h) : home_of("root");
  }
  if (!strcmp(prefix, "+")) {
    const char *p = var_get("PWD");
    return p ? xstrdup(p) : NULL;
  }
  if (!strcmp(prefix, "-")) {
    const char *p = var_get("OLDPWD");
    return p ? xstrdup(p) : NULL;
  }
  return home_of(prefix);
}

/* An unquoted literal that may start with a tilde prefix (at the start of
** a word, or after = and : in an assignment). */
static void lit_tilde(xout *o, const char *s, size_t n, bool last_part, bool assign, bool split)
{
  size_t i = 0;
  bool at_start = true;
  while (i < n) {
    if (at_start && s[i] == '~') {
      size_t j = i + 1;
      while (j < n && s[j] != '/' && !(assign && s[j] == ':')) j++;
      if (j < n || last_part) {
        char *pre = xstrndup(s + i + 1, j - i - 1);
        char *h = is_name(pre, strlen(pre)) || !*pre || !strcmp(pre, "+") || !strcmp(pre, "-")
                      ? ex_tilde(pre) : NULL;
        free(pre);
        if (h) {
          xo_text(o, h, strlen(h), true, false);
          free(h);
          i = j;
          at_start = false;
          continue;
        }
      }
    }
    at_start = false;
    size_t j = i;
    while (j < n && !(assign && s[j] == ':')) j++;
    if (j < n) j++; /* the ':' itself */
    xo_text(o, s + i, j - i, false, split);
    if (assign && j > i && s[j - 1] == ':') at_start = true;
    i = j;
  }
}

/* ---- substitutions -------------------------------------------------------- */

static void strip_newlines(sbuf *b)
{
  while (b->len && b->s[b->len - 1] == '\n') b->s[--b->len] = 0;
}

char *ex_cmdsub(const char *text, int line, int *status)
{
  char *file = cmdsub_input_file(text, line);
  if (file) {
    /* $(<file): the file, read by the shell */
    sbuf b = {0};
    int fd = acs_sys_open(file, O_RDONLY, 0);
    *status = 0;
    if (fd < 0) {
      sh_error("%s: %s", file, sh_strerror(fd));
      *status = 1;
    } else {
      char buf[65536];
      ssize_t n;
      while ((n = acs_sys_read(fd, buf, sizeof buf)) > 0) sb_add(&b, buf, (size_t)n);
      acs_sys_close(fd);
    }
    free(file);
    strip_newlines(&b);
    return b.s ? sb_take(&b) : xstrdup("");
  }
  int p[2];
  int rc = acs_sys_pipe(p, 0);
  if (rc < 0) {
    sh_perror("cannot make pipe for command substitution", rc);
    *status = 1;
    return xstrdup("");
  }
  out_flush();
  const int fds[2][2] = {{1, p[1]}, {p[0], -1}};
  trace_level++; /* its trace is marked a level deeper */
  int pid = spawn_subshell(text, line, fds, 2);
  trace_level--;
  acs_sys_close(p[1]);
  sbuf b = {0};
  char buf[65536];
  ssize_t n;
  while ((n = acs_sys_read(p[0], buf, sizeof buf)) > 0) sb_add(&b, buf, (size_t)n);
  acs_sys_close(p[0]);
  *status = pid > 0 ? wait_status(pid) : 127;
  strip_newlines(&b);
  /* bash drops NUL bytes of a substitution (with a warning) */
  size_t k = 0;
  for (size_t i = 0; i < b.len; i++)
    if (b.s[i]) b.s[k++] = b.s[i];
  if (b.s) b.s[k] = 0;
  b.len = k;
  return sb_take(&b);
}

static void ex_arith_part(xout *o, wpart *p, bool quoted)
{
  char *e = ex_string(p->sub);
  if (!e) return;
  int64_t v;
  if (!arith_eval(e, &v)) {
    free(e);
    sh.aborting = true;
    return;
  }
  free(e);
  char num[32];
  int n = snprintf(num, sizeof num, "%lld", (long long)v);
  xo_text(o, num, (size_t)n, quoted, !quoted);
}

/* "$@" (or "${a[@]}") alone makes no word when there are no parameters */
static bool only_at(wpart *p)
{
  if (!p) return false;
  for (; p; p = p->next)
    if (p->kind != P_PARAM || (p->op != PO_NONE && p->op != PO_SLICE && p->op != PO_ALT)) return false;
    else if (p->all == '@' && !(p->bang && !p->subscripted)) continue; /* "${a[@]}" */
    else if (p->all || strcmp(p->text, "@")) return false;
  return true;
}

void ex_parts(xout *o, wpart *p, bool quoted)
{
  for (; p && !sh.aborting; p = p->next) {
    switch (p->kind) {
    case P_LIT:
      if (!p->len && p->quoted) xo_mark(o);
      xo_text(o, p->text, p->len, quoted || p->quoted, o->split_lit && !p->quoted && !quoted);
      break;
    case P_DQ:
      if (!only_at(p->sub->parts)) xo_mark(o);
      ex_parts(o, p->sub->parts, true);
      break;
    case P_PARAM:
      ex_param(o, p, quoted);
      break;
    case P_CMDSUB: {
      int st;
      char *s = ex_cmdsub(p->text, p->line, &st);
      sh.cmdsub_status = st;
      sh.cmdsub_ran = true;
      sh.status = st; /* "$(false)$?" sees it */
      xo_text(o, s, strlen(s), quoted, !quoted);
      free(s);
      break;
    }
    case P_PROCSUB: {
      char *path = ex_procsub(p->text, p->line, (char)p->op);
      xo_text(o, path, strlen(path), true, false);
      free(path);
      break;
    }
    case P_ARITH:
      ex_arith_part(o, p, quoted);
      break;
    case P_ARRAY: /* as text: declare and local read it (arrays.c) */
      xo_text(o, "(", 1, true, false);
      xo_text(o, p->text, p->len, true, false);
      xo_text(o, ")", 1, true, false);
      break;
    }
  }
}

static void ex_word(xout *o, word *w, bool assign)
{
  wpart *p = w->parts;
  if (p && p->kind == P_LIT && !p->quoted && (assign || (p->len && p->text[0] == '~'))) {
    size_t skip = 0;
    if (assign) {
      const char *eq = memchr(p->text, '=', p->len);
      skip = eq ? (size_t)(eq - p->text) + 1 : 0;
      xo_text(o, p->text, skip, false, false);
    }
    lit_tilde(o, p->text + skip, p->len - skip, p->next == NULL, assign, false);
    p = p->next;
  }
  ex_parts(o, p, false);
}

/* an argument shaped as NAME=...: bash expands its tildes as an
** assignment's (after = and each :) */
static bool looks_assign(word *w)
{
  wpart *p = w->parts;
  if (!p || p->kind != P_LIT || p->quoted) return false;
  const char *eq = memchr(p->text, '=', p->len);
  return eq && eq > p->text && is_name(p->text, (size_t)(eq - p->text)) &&
         memchr(p->text, '~', p->len);
}

static const char *cur_ifs(void)
{
  const char *ifs = var_get("IFS");
  return ifs ? ifs : " \t\n";
}

bool ex_words(word *w, strv *out)
{
  xout o = {.mode = X_FIELDS, .fields = out, .ifs = cur_ifs()};
  arena ar = {0};
  for (; w && !sh.aborting; w = w->next) {
    for (word *b = brace_expand(&ar, w); b && !sh.aborting; b = b == w ? NULL : b->next) {
      ex_word(&o, b, looks_assign(b));
      end_field(&o, false);
      o.ws_ended = false;
    }
  }
  ar_free(&ar);
  sb_free(&o.cur);
  sb_free(&o.attr);
  return !sh.aborting;
}

static char *ex_one(word *w, int mode, bool assign)
{
  strv dummy = {0};
  xout o = {.mode = mode, .fields = &dummy, .ifs = cur_ifs(), .assign = assign};
  if (w) ex_word(&o, w, assign);
  sb_free(&o.attr);
  if (sh.aborting) {
    sb_free(&o.cur);
    return NULL;
  }
  return sb_take(&o.cur);
}

char *ex_string(word *w) { return ex_one(w, X_STRING, false); }
char *ex_pattern(word *w) { return ex_one(w, X_PATTERN, false); }
char *ex_regex(word *w) { return ex_one(w, X_REGEX, false); }
char *ex_assign(word *w) { return ex_one(w, X_STRING, true); }
char *ex_heredoc(word *w) { return ex_one(w, X_STRING, false); }

/* expand a word inside a ${} operator into the caller's output */
void ex_sub_into(xout *o, word *w, bool quoted)
{
  if (!w) return;
  bool save = o->split_lit;
  o->split_lit = !quoted;
  wpart *p = w->parts;
  /* ${x:-~/dir} unquoted: the word's tilde is expanded (in an
  ** assignment's value, those after its colons too) */
  if (!quoted && p && p->kind == P_LIT && !p->quoted && p->len &&
      (p->text[0] == '~' || (o->assign && memmem(p->text, p->len, ":~", 2)))) {
    lit_tilde(o, p->text, p->len, p->next == NULL, o->assign, o->split_lit);
    p = p->next;
  }
  ex_parts(o, p, quoted);
  o->split_lit = save;
}
