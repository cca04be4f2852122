/*
** Functions printed as bash prints them (declare -f, type, set).
**
** A model reads `type f` or `declare -f` to see what a function does and
** may paste it back; both expect bash's layout, not the text as typed:
** `f () `, `{ `, a command a line indented by four, `;` after each but
** the last, `if ...; then` / `while ...; do` / `for ... ;` + `do` lines,
** case items with their `;;` on a line of their own, redirections as
** `> file` and `1>&2`, here-document bodies after the line that names
** them. The rules below were measured against bash 5.2 on the host,
** quirks included (a here-document that ends a line takes the `;` of the
** next command, and `&&`/`|` after one leave the text on the next line).
*/
#include "sh.h"

#include <stdlib.h>
#include <string.h>

typedef struct fp {
  sbuf b;
  int ind;      /* the indentation of the lines being printed */
  int step;     /* what a level adds: 4, or 0 for the environment's form */
  int skip;     /* commands that go on the current line: no indentation */
  int conn;     /* inside a list, pipeline or &&/||: here-documents wait */
  int in_fn;    /* inside a function's body: a command a line (else, in $( ), one line) */
  bool was_hd;  /* the last connector printed here-document bodies */
  redir **hd;   /* here-documents waiting for their connector */
  size_t nhd, caphd;
} fp;

static void indent(fp *p, int n)
{
  for (int i = 0; i < n; i++) sb_addc(&p->b, ' ');
}

static void newline(fp *p, const char *s)
{
  sb_addc(&p->b, '\n');
  indent(p, p->ind);
  sb_adds(&p->b, s);
}

/* bash's: no `;` right after a `&` or at the start of a line */
static void semicolon(fp *p)
{
  if (p->b.len && (p->b.s[p->b.len - 1] == '&' || p->b.s[p->b.len - 1] == '\n')) return;
  sb_addc(&p->b, ';');
}

static void cmd(fp *p, node *n);
static void flush_hd(fp *p);

/* `$(` (or `<(`, `>(`: kind) at s[-2]: its commands as bash prints them (it re-lays out a
** command substitution when it reads it: one line, `; ` between
** commands, newlines kept). The length up to and with the `)`, or 0 when
** the text does not parse (it is then copied as it is). */
static size_t cmdsub_text(fp *p, char kind, const char *s, size_t n)
{
  source *src = src_new_text(s, n, "function");
  lexer lx = {.src = src, .ar = &src->ar, .line = 1};
  node *list = NULL;
  size_t end = ps_cmdsub(&lx, &list);
  bool ok = end != (size_t)-1 && !lx.err;
  if (ok) {
    fp q = {.step = 4};
    cmd(&q, list);
    flush_hd(&q);
    sb_addc(&p->b, kind);
    sb_addc(&p->b, '(');
    if (q.b.s && q.b.s[0] == '(') sb_addc(&p->b, ' '); /* not $(( */
    if (q.b.s) sb_adds(&p->b, q.b.s);
    sb_addc(&p->b, ')');
    sb_free(&q.b);
    free(q.hd);
  }
  free(lx.hd);
  free(lx.errmsg);
  src_unref(src);
  return ok ? end : 0;
}

/* from s[i] (an opening c) to its match, copied as it is; the index of
** the match */
static size_t copy_through(fp *p, const char *s, size_t i, size_t end, char open, char close, bool esc)
{
  int depth = 0;
  for (; i < end; i++) {
    sb_addc(&p->b, s[i]);
    if (esc && s[i] == '\\' && i + 1 < end) sb_addc(&p->b, s[++i]);
    else if (s[i] == open && open != close) depth++;
    else if (s[i] == close && (open == close ? depth++ > 0 : --depth == 0)) break;
  }
  return i;
}

static void sq(fp *p, const char *s)
{
  sb_addc(&p->b, '\'');
  for (; *s; s++) {
    if (*s == '\'') sb_adds(&p->b, "'\\''");
    else sb_addc(&p->b, *s);
  }
  sb_addc(&p->b, '\'');
}

/* $'...' at s[i]: bash decodes it when it reads it and prints the
** result single-quoted; the index of its closing quote */
static size_t ansi_c(fp *p, const char *s, size_t i, size_t end)
{
  size_t j = i + 2;
  while (j < end && s[j] != '\'') j += s[j] == '\\' ? 2 : 1;
  if (j >= end) j = end - 1;
  arena ar = {0};
  word *w = lx_word_text(&ar, s + i, j + 1 - i);
  sbuf t = {0};
  for (wpart *q = w ? w->parts : NULL; q; q = q->next)
    if (q->kind == P_LIT && q->text) sb_add(&t, q->text, q->len);
  sb_addc(&t, 0);
  sq(p, t.s);
  sb_free(&t);
  ar_free(&ar);
  return j;
}

/* A word as the parser kept it, in bash's form: without its line
** continuations, its command substitutions re-laid out, a compound
** assignment's elements one space apart. */
static void word_text(fp *p, const word *w)
{
  const char *s = w->raw ? w->raw : "";
  size_t n = strlen(s), end = n;
  const wpart *last = w->parts;
  while (last && last->next) last = last->next;
  if (last && last->kind == P_ARRAY) {
    const char *open = strchr(s, '(');
    if (open) end = (size_t)(open - s);
  }
  bool dq = false;
  for (size_t i = 0; i < end; i++) {
    char c = s[i];
    if (c == '\\' && i + 1 < end) {
      if (s[i + 1] != '\n') {
        sb_addc(&p->b, c);
        sb_addc(&p->b, s[i + 1]);
      }
      i++;
    } else if (c == '\'' && !dq) {
      i = copy_through(p, s, i, end, '\'', '\'', false);
    } else if (c == '$' && s[i + 1] == '\'' && !dq) {
      i = ansi_c(p, s, i, end);
    } else if (c == '`') {
      i = copy_through(p, s, i, end, '`', '`', true);
    } else if (c == '$' && s[i + 1] == '(' && s[i + 2] == '(') {
      sb_adds(&p->b, "$(("); /* arithmetic: as written, but for its $( )s */
      i += 2;
    } else if ((c == '$' || ((c == '<' || c == '>') && !dq)) && s[i + 1] == '(') {
      size_t used = cmdsub_text(p, c, s + i + 2, end - i - 2); /* $( ), <( ), >( ) */
      if (used) i += 1 + used;
      else sb_addc(&p->b, c);
    } else {
      if (c == '"') dq = !dq;
      sb_addc(&p->b, c);
    }
  }
  if (end == n) return;
  arena ar = {0};
  word *el = arr_words(&ar, last->text);
  sb_addc(&p->b, '(');
  if (!el && last->text[strspn(last->text, " \t\n")]) sb_adds(&p->b, last->text); /* did not lex */
  for (word *e = el; e; e = e->next) {
    word_text(p, e);
    if (e->next) sb_addc(&p->b, ' ');
  }
  sb_addc(&p->b, ')');
  ar_free(&ar);
}

static void words(fp *p, const word *w, const char *sep)
{
  for (; w; w = w->next) {
    word_text(p, w);
    if (w->next) sb_adds(&p->b, sep);
  }
}

static void hd_bodies(fp *p)
{
  sb_addc(&p->b, '\n');
  for (size_t i = 0; i < p->nhd; i++) {
    sb_adds(&p->b, p->hd[i]->hd_body ? p->hd[i]->hd_body : "");
    sb_adds(&p->b, p->hd[i]->hd_eof ? p->hd[i]->hd_eof : "");
    sb_addc(&p->b, '\n');
  }
  p->nhd = 0;
}

/* A connector, then the bodies of the here-documents named before it. */
static void connector(fp *p, const char *s)
{
  bool text = s[0] && strcmp(s, ";");
  if (text) sb_adds(&p->b, s);
  if (!p->nhd) return;
  hd_bodies(p);
  if (text) sb_addc(&p->b, ' ');
  p->was_hd = true;
}

static void flush_hd(fp *p)
{
  if (p->nhd) connector(p, "");
}

/* the number before an operator: the descriptor, or {name} */
static void redir_fd(fp *p, const redir *r, int deflt)
{
  if (r->fdvar) sb_printf(&p->b, "{%s}", r->fdvar);
  else if (r->fd >= 0 && r->fd != deflt) sb_printf(&p->b, "%d", r->fd);
}

static int fd_of(const redir *r, int deflt) { return r->fd < 0 ? deflt : r->fd; }

static void one_redir(fp *p, const redir *r)
{
  const char *t = r->target && r->target->raw ? r->target->raw : "";
  switch (r->op) {
  case R_IN: redir_fd(p, r, 0); sb_adds(&p->b, "< "); break;
  case R_OUT: redir_fd(p, r, 1); sb_adds(&p->b, "> "); break;
  case R_APPEND: redir_fd(p, r, 1); sb_adds(&p->b, ">> "); break;
  case R_CLOBBER: redir_fd(p, r, 1); sb_adds(&p->b, ">| "); break;
  case R_RDWR:
    /* bash names the descriptor unless it is 1, so `<>` shows as `0<>` */
    if (r->fdvar) sb_printf(&p->b, "{%s}", r->fdvar);
    else if (fd_of(r, 0) != 1) sb_printf(&p->b, "%d", fd_of(r, 0));
    sb_adds(&p->b, "<> ");
    break;
  case R_HERESTR: redir_fd(p, r, 0); sb_adds(&p->b, "<<< "); break;
  case R_ALLOUT: sb_adds(&p->b, "&> "); break;
  case R_ALLAPPEND: sb_adds(&p->b, "&>> "); break;
  case R_DUPIN:
  case R_DUPOUT: {
    int fd = fd_of(r, r->op == R_DUPIN ? 0 : 1);
    if (r->op == R_DUPOUT && !r->fdvar && fd == 1 && t[0] && t[0] != '-' && !(t[0] >= '0' && t[0] <= '9') &&
        t[0] != '$' && t[0] != '`') {
      sb_adds(&p->b, "&> "); /* >&file is both outputs to file */
      break;
    }
    if (r->fdvar) sb_printf(&p->b, "{%s}", r->fdvar);
    else sb_printf(&p->b, "%d", fd);
    /* a close is printed as >&- whichever way it was written */
    sb_adds(&p->b, !strcmp(t, "-") ? ">&" : r->op == R_DUPIN ? "<&" : ">&");
    break;
  }
  case R_HEREDOC:
    if (r->fdvar) sb_printf(&p->b, "{%s}", r->fdvar);
    else if (fd_of(r, 0) != 0) sb_printf(&p->b, "%d", fd_of(r, 0));
    sb_adds(&p->b, r->hd_strip ? "<<-" : "<<");
    if (!r->hd_expand) sq(p, r->hd_eof ? r->hd_eof : "");
    else sb_adds(&p->b, r->hd_eof ? r->hd_eof : "");
    return;
  }
  if (r->target) word_text(p, r->target);
}

static void redirs(fp *p, const redir *r)
{
  size_t first = p->nhd;
  p->was_hd = false;
  for (; r; r = r->next) {
    one_redir(p, r);
    if (r->op == R_HEREDOC) {
      if (p->nhd + 1 > p->caphd) {
        p->caphd = p->caphd * 2 + 4;
        p->hd = xrealloc(p->hd, p->caphd * sizeof *p->hd);
      }
      p->hd[p->nhd++] = (redir *)r;
    }
    if (r->next) sb_addc(&p->b, ' ');
  }
  /* outside a connector the bodies follow at once */
  if (!p->conn && p->nhd > first) hd_bodies(p);
}

static void cond_text(fp *p, const cond *c)
{
  if (c->paren) sb_adds(&p->b, "( ");
  switch (c->kind) {
  case C_AND:
  case C_OR:
    cond_text(p, c->l);
    sb_adds(&p->b, c->kind == C_AND ? " && " : " || ");
    cond_text(p, c->r);
    break;
  case C_NOT:
    sb_adds(&p->b, "! ");
    cond_text(p, c->l);
    break;
  case C_UNARY:
    sb_adds(&p->b, c->op);
    sb_addc(&p->b, ' ');
    word_text(p, c->a);
    break;
  case C_BINARY:
    word_text(p, c->a);
    sb_printf(&p->b, " %s ", c->op);
    word_text(p, c->b);
    break;
  case C_WORD:
    sb_adds(&p->b, "-n "); /* a word alone is its -n test */
    word_text(p, c->a);
    break;
  }
  if (c->paren) sb_adds(&p->b, " )");
}

/* an arithmetic for's part: from its first non-blank; empty is 1 */
static void arith_part(fp *p, const word *w)
{
  const char *s = w && w->raw ? w->raw : "";
  while (*s == ' ' || *s == '\t' || *s == '\n') s++;
  sb_adds(&p->b, *s ? s : "1");
}

static void body(fp *p, node *n)
{
  p->ind += p->step;
  cmd(p, n);
  flush_hd(p);
  p->ind -= p->step;
}

/* the commands of a list, pipeline or &&/|| after the first */
static void next_cmd(fp *p, node *n)
{
  cmd(p, n);
  flush_hd(p);
}

static void list(fp *p, node *l)
{
  node *e = l->a;
  if (!e) return; /* an empty case item */
  if (!e->next && !e->bg) {
    cmd(p, e);
    return;
  }
  if (p->skip) p->skip--;
  else indent(p, p->ind);
  p->conn++;
  p->skip++;
  cmd(p, e);
  for (; e; e = e->next) {
    if (e->bg) {
      connector(p, " &");
      if (!e->next) break;
      sb_addc(&p->b, ' ');
      p->skip++;
    } else if (!e->next) {
      break;
    } else {
      /* in a function a command a line; in $( ) `; ` or the newline written */
      if (p->in_fn) {
        if (p->nhd) connector(p, "");
        else if (!p->was_hd) sb_addc(&p->b, ';');
        else p->was_hd = false;
        sb_addc(&p->b, '\n');
      } else if (e->nl) {
        if (p->nhd) connector(p, ";");
        sb_addc(&p->b, '\n');
        p->skip++;
      } else {
        if (p->nhd) connector(p, ";");
        else if (!p->was_hd) sb_addc(&p->b, ';');
        else p->was_hd = false;
        sb_addc(&p->b, ' ');
        p->skip++;
      }
    }
    next_cmd(p, e->next);
  }
  p->conn--;
}

static bool reserved(const char *s)
{
  static const char *const w[] = {"if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
                                  "while", "until", "do", "done", "in", "function", "time", "{", "}",
                                  "!", "[[", "]]", "coproc", NULL};
  for (int i = 0; w[i]; i++)
    if (!strcmp(s, w[i])) return true;
  return false;
}

/* `{ `, the body a level in, `}` and the body's own redirections */
static void fn_body(fp *p, node *b)
{
  sb_adds(&p->b, "{ \n");
  p->ind += p->step;
  p->in_fn++;
  cmd(p, b->kind == N_BRACE ? b->a : b);
  flush_hd(p);
  p->in_fn--;
  p->ind -= p->step;
  if (b->kind == N_BRACE && b->redirs) {
    newline(p, "} ");
    redirs(p, b->redirs);
  } else {
    newline(p, "}");
  }
}

static void cmd(fp *p, node *n)
{
  if (!n) return;
  if (n->kind == N_LIST) {
    list(p, n);
    return;
  }
  if (p->skip) p->skip--;
  else indent(p, p->ind);
  switch (n->kind) {
  case N_SIMPLE:
    words(p, n->assigns, " ");
    if (n->assigns && n->words) sb_addc(&p->b, ' ');
    words(p, n->words, " ");
    if (n->redirs) {
      if (n->words || n->assigns) sb_addc(&p->b, ' ');
      redirs(p, n->redirs);
    }
    return;
  case N_PIPE:
    if (n->bang) sb_adds(&p->b, "! ");
    if (!n->a->next) {
      p->skip++;
      cmd(p, n->a);
      return;
    }
    p->conn++;
    p->skip++;
    cmd(p, n->a);
    for (node *e = n->a->next; e; e = e->next) {
      connector(p, " |");
      sb_addc(&p->b, ' ');
      p->skip++;
      next_cmd(p, e);
    }
    p->conn--;
    return;
  case N_AND:
  case N_OR:
    p->conn++;
    p->skip++;
    cmd(p, n->a);
    connector(p, n->kind == N_AND ? " && " : " || ");
    p->skip++;
    next_cmd(p, n->b);
    p->conn--;
    return;
  case N_TIME:
    sb_adds(&p->b, n->in ? "time -p " : "time ");
    if (n->a) {
      p->skip++;
      cmd(p, n->a);
    }
    return;
  case N_FUNC:
    sb_printf(&p->b, "function %s () \n", n->name);
    indent(p, p->ind);
    fn_body(p, n->a);
    return;
  case N_BRACE:
    if (!p->in_fn) { /* in $( ): on one line */
      sb_adds(&p->b, "{ ");
      p->skip++;
      cmd(p, n->a);
      flush_hd(p);
      semicolon(p);
      sb_adds(&p->b, " }");
      break;
    }
    sb_adds(&p->b, "{ \n");
    body(p, n->a);
    sb_addc(&p->b, '\n');
    indent(p, p->ind);
    sb_addc(&p->b, '}');
    break;
  case N_SUBSHELL:
    sb_adds(&p->b, "( ");
    p->skip++;
    cmd(p, n->a);
    flush_hd(p);
    sb_adds(&p->b, " )");
    break;
  case N_IF:
    sb_adds(&p->b, "if ");
    p->skip++;
    cmd(p, n->a);
    semicolon(p);
    sb_adds(&p->b, " then\n");
    body(p, n->b);
    if (n->c) {
      semicolon(p);
      newline(p, "else\n");
      body(p, n->c); /* an elif is an if inside the else */
    }
    semicolon(p);
    newline(p, "fi");
    break;
  case N_WHILE:
    sb_adds(&p->b, n->until ? "until " : "while ");
    p->skip++;
    cmd(p, n->a);
    flush_hd(p);
    semicolon(p);
    sb_adds(&p->b, " do\n");
    body(p, n->b);
    semicolon(p);
    newline(p, "done");
    break;
  case N_FOR:
  case N_AFOR:
    if (n->kind == N_FOR) {
      sb_printf(&p->b, "for %s in ", n->name);
      if (n->in) words(p, n->words, " ");
      else sb_adds(&p->b, "\"$@\"");
      sb_addc(&p->b, ';');
    } else {
      sb_adds(&p->b, "for ((");
      arith_part(p, n->w1);
      sb_adds(&p->b, "; ");
      arith_part(p, n->w2);
      sb_adds(&p->b, "; ");
      arith_part(p, n->w3);
      sb_adds(&p->b, "))");
    }
    newline(p, "do\n");
    body(p, n->b);
    semicolon(p);
    newline(p, "done");
    break;
  case N_CASE:
    sb_adds(&p->b, "case ");
    word_text(p, n->w1);
    sb_adds(&p->b, " in ");
    p->ind += p->step;
    for (caseitem *ci = n->items; ci; ci = ci->next) {
      newline(p, "");
      words(p, ci->pats, " | ");
      sb_adds(&p->b, ")\n");
      p->ind += p->step;
      cmd(p, ci->body);
      p->ind -= p->step;
      flush_hd(p);
      newline(p, ci->term == 1 ? ";&" : ci->term == 2 ? ";;&" : ";;");
    }
    p->ind -= p->step;
    newline(p, "esac");
    break;
  case N_ARITH:
    sb_printf(&p->b, "((%s))", n->w1 && n->w1->raw ? n->w1->raw : "");
    break;
  case N_COND:
    sb_adds(&p->b, "[[ ");
    cond_text(p, n->cond);
    sb_adds(&p->b, " ]]");
    break;
  }
  if (n->redirs) {
    sb_addc(&p->b, ' ');
    redirs(p, n->redirs);
  }
}

char *fn_format(const func *f, bool env)
{
  fp p = {.step = 4};
  if (env) {
    /* `() {  a;` then ` b` ...: one space a line, the closing brace at 0 */
    p.step = 0;
    sb_adds(&p.b, "() { ");
    p.ind = 1;
    p.in_fn = 1;
    node *b = f->body->a;
    cmd(&p, b->kind == N_BRACE ? b->a : b);
    flush_hd(&p);
    p.ind = 0;
    if (b->kind == N_BRACE && b->redirs) {
      newline(&p, "} ");
      redirs(&p, b->redirs);
    } else {
      newline(&p, "}");
    }
  } else {
    if (reserved(f->name)) sb_adds(&p.b, "function ");
    sb_printf(&p.b, "%s () \n", f->name);
    fn_body(&p, f->body->a);
  }
  free(p.hd);
  return sb_take(&p.b);
}

char *node_format(node *n)
{
  fp p = {.step = 4};
  cmd(&p, n);
  flush_hd(&p);
  free(p.hd);
  return sb_take(&p.b);
}

char *command_text(node *n, int part)
{
  fp p = {.step = 4};
  if (n->kind == N_FOR) {
    sb_printf(&p.b, "for %s in ", n->name);
    if (n->in) words(&p, n->words, " ");
    else sb_adds(&p.b, "\"$@\"");
  } else if (n->kind == N_CASE) {
    sb_adds(&p.b, "case ");
    word_text(&p, n->w1);
    sb_adds(&p.b, " in ");
  } else if (n->kind == N_AFOR) {
    sb_adds(&p.b, "((");
    arith_part(&p, part == 1 ? n->w1 : part == 2 ? n->w2 : n->w3);
    sb_adds(&p.b, "))");
  } else {
    cmd(&p, n);
    flush_hd(&p);
  }
  free(p.hd);
  return sb_take(&p.b);
}
