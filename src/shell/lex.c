/* lex.c - the shell's lexer: operators, words as lists of parts (literal
** text, quotes, parameters, command and arithmetic substitutions), and the
** bodies of here-documents, read at the newline that ends their line.
**
** Lexing is contextual: the parser says when `((` starts arithmetic and
** when it is inside [[ ]]; a $( ) is found by running the parser on what
** follows, as bash does, so `)` in a case pattern inside it is right. */
#include "sh.h"

#include <errno.h>

#include <stdarg.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

int lx_peekc(lexer *lx, size_t ahead)
{
  size_t p = lx->pos + ahead;
  if (p >= lx->src->len && !src_more(lx->src, p)) return -1;
  if (p >= lx->src->len) return -1;
  return (unsigned char)lx->src->text[p];
}

int lx_getc(lexer *lx)
{
  int c = lx_peekc(lx, 0);
  if (c < 0) return -1;
  lx->pos++;
  if (c == '\n') lx->line++;
  return c;
}

void lx_error(lexer *lx, const char *fmt, ...)
{
  if (lx->err) return;
  lx->err = true;
  char tmp[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  lx->errmsg = xstrdup(tmp);
}

/* ---- building parts ---------------------------------------------------- */

typedef struct pbuild {
  lexer *lx;
  wpart *head, **tail;
  sbuf lit;
  bool litq;
} pbuild;

static void pb_init(pbuild *b, lexer *lx)
{
  memset(b, 0, sizeof *b);
  b->lx = lx;
  b->tail = &b->head;
}

static void pb_flush(pbuild *b)
{
  if (!b->lit.len) return;
  wpart *p = ar_alloc(b->lx->ar, sizeof *p);
  p->kind = P_LIT;
  p->quoted = b->litq;
  p->text = ar_strndup(b->lx->ar, b->lit.s, b->lit.len);
  p->len = b->lit.len;
  *b->tail = p;
  b->tail = &p->next;
  b->lit.len = 0;
}

static void pb_char(pbuild *b, char c, bool quoted)
{
  if (b->lit.len && b->litq != quoted) pb_flush(b);
  b->litq = quoted;
  sb_addc(&b->lit, c);
}

static wpart *pb_part(pbuild *b, int kind)
{
  pb_flush(b);
  wpart *p = ar_alloc(b->lx->ar, sizeof *p);
  p->kind = kind;
  *b->tail = p;
  b->tail = &p->next;
  return p;
}

/* an empty quoted literal: "" and '' make a word even when empty */
static void pb_empty_quoted(pbuild *b)
{
  wpart *p = pb_part(b, P_LIT);
  p->quoted = true;
  p->text = "";
}

static wpart *pb_done(pbuild *b)
{
  pb_flush(b);
  sb_free(&b->lit);
  return b->head;
}

static word *mkword(lexer *lx, wpart *parts, size_t start)
{
  word *w = ar_alloc(lx->ar, sizeof *w);
  w->parts = parts;
  w->start = start;
  if (lx->pos >= start) w->raw = ar_strndup(lx->ar, lx->src->text + start, lx->pos - start);
  else w->raw = "";
  return w;
}

/* ---- modes -------------------------------------------------------------- */

enum { M_WORD, M_DQ, M_BRACE, M_HEREDOC, M_ARITH, M_ARITH_SEMI, M_ARITH_SQ };

static wpart *lex_parts(lexer *lx, int mode, const char *stop, bool in_dq);

static bool is_meta(int c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '|' || c == '<' ||
         c == '>' || c == '(' || c == ')';
}

static bool is_special_param(int c)
{
  return c == '?' || c == '#' || c == '$' || c == '!' || c == '@' || c == '*' || c == '-' ||
         (c >= '0' && c <= '9');
}

static bool is_name_start(int c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_name_char(int c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

static int hexv(int c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static void utf8(sbuf *b, unsigned long u)
{
  if (u < 0x80) sb_addc(b, (char)u);
  else if (u < 0x800) {
    sb_addc(b, (char)(0xC0 | (u >> 6)));
    sb_addc(b, (char)(0x80 | (u & 63)));
  } else if (u < 0x10000) {
    sb_addc(b, (char)(0xE0 | (u >> 12)));
    sb_addc(b, (char)(0x80 | ((u >> 6) & 63)));
    sb_addc(b, (char)(0x80 | (u & 63)));
  } else {
    sb_addc(b, (char)(0xF0 | (u >> 18)));
    sb_addc(b, (char)(0x80 | ((u >> 12) & 63)));
    sb_addc(b, (char)(0x80 | ((u >> 6) & 63)));
    sb_addc(b, (char)(0x80 | (u & 63)));
  }
}

/* $'...': the escapes of ANSI C, decoded now (after the $'). */
static void lex_ansi(lexer *lx, pbuild *b)
{
  sbuf t = {0};
  for (;;) {
    int c = lx_getc(lx);
    if (c < 0) {
      lx_error(lx, "unexpected EOF while looking for matching `''");
      break;
    }
    if (c == '\'') break;
    if (c != '\\') {
      sb_addc(&t, (char)c);
      continue;
    }
    c = lx_getc(lx);
    int v;
    switch (c) {
    case 'a': sb_addc(&t, '\a'); break;
    case 'b': sb_addc(&t, '\b'); break;
    case 'e': case 'E': sb_addc(&t, 033); break;
    case 'f': sb_addc(&t, '\f'); break;
    case 'n': sb_addc(&t, '\n'); break;
    case 'r': sb_addc(&t, '\r'); break;
    case 't': sb_addc(&t, '\t'); break;
    case 'v': sb_addc(&t, '\v'); break;
    case '\\': sb_addc(&t, '\\'); break;
    case '\'': sb_addc(&t, '\''); break;
    case '"': sb_addc(&t, '"'); break;
    case '?': sb_addc(&t, '?'); break;
    case 'c':
      c = lx_getc(lx);
      sb_addc(&t, (char)(c & 31));
      break;
    case 'x':
      v = 0;
      if (hexv(lx_peekc(lx, 0)) < 0) {
        sb_adds(&t, "\\x");
        break;
      }
      for (int i = 0; i < 2 && hexv(lx_peekc(lx, 0)) >= 0; i++) v = v * 16 + hexv(lx_getc(lx));
      sb_addc(&t, (char)v);
      break;
    case 'u': case 'U': {
      int max = c == 'u' ? 4 : 8;
      unsigned long u = 0;
      int i = 0;
      for (; i < max && hexv(lx_peekc(lx, 0)) >= 0; i++) u = u * 16 + (unsigned long)hexv(lx_getc(lx));
      if (!i) {
        sb_addc(&t, '\\');
        sb_addc(&t, (char)c);
      } else utf8(&t, u);
      break;
    }
    default:
      if (c >= '0' && c <= '7') {
        v = c - '0';
        for (int i = 0; i < 2 && lx_peekc(lx, 0) >= '0' && lx_peekc(lx, 0) <= '7'; i++)
          v = v * 8 + (lx_getc(lx) - '0');
        sb_addc(&t, (char)v);
      } else if (c < 0) {
        sb_addc(&t, '\\');
      } else {
        sb_addc(&t, '\\');
        sb_addc(&t, (char)c);
      }
    }
  }
  if (!t.len) pb_empty_quoted(b);
  for (size_t i = 0; i < t.len; i++) pb_char(b, t.s[i], true);
  sb_free(&t);
}

/* `...`: the text up to the closing backquote, with \` \\ \$ (and \" in
** double quotes) unescaped; it is parsed when it runs. */
static void lex_backquote(lexer *lx, pbuild *b, bool in_dq)
{
  int line = lx->line;
  sbuf t = {0};
  for (;;) {
    int c = lx_getc(lx);
    if (c < 0) {
      lx_error(lx, "unexpected EOF while looking for matching ``'");
      break;
    }
    if (c == '`') break;
    if (c == '\\') {
      int d = lx_peekc(lx, 0);
      if (d == '`' || d == '\\' || d == '$' || (in_dq && d == '"')) {
        sb_addc(&t, (char)lx_getc(lx));
        continue;
      }
      if (d == '\n') {
        lx_getc(lx);
        continue;
      }
    }
    sb_addc(&t, (char)c);
  }
  wpart *p = pb_part(b, P_CMDSUB);
  p->text = ar_strndup(lx->ar, t.s ? t.s : "", t.len);
  p->len = t.len;
  p->line = line;
  sb_free(&t);
}

/* After "$(": the commands up to the matching ")". */
static wpart *lex_cmdsub(lexer *lx, pbuild *b)
{
  size_t start = lx->pos;
  int line = lx->line;
  /* the parser keeps one token of lookahead: save and restore around it */
  int tok = lx->tok, rop = lx->rop, rfd = lx->rfd, tline = lx->tline;
  size_t tstart = lx->tstart, tend = lx->tend, prev_end = lx->prev_end;
  word *tw = lx->tword;
  bool peeked = lx->peeked, dbr = lx->dbracket;
  lx->peeked = false;
  lx->dbracket = false;
  lx->depth++;
  size_t end = ps_skip_cmdsub(lx);
  lx->depth--;
  lx->tok = tok, lx->rop = rop, lx->rfd = rfd, lx->tline = tline, lx->tstart = tstart;
  lx->tword = tw, lx->peeked = peeked, lx->dbracket = dbr;
  lx->tend = tend, lx->prev_end = prev_end;
  if (end == (size_t)-1) return NULL;
  wpart *p = pb_part(b, P_CMDSUB);
  p->text = ar_strndup(lx->ar, lx->src->text + start, end - 1 - start);
  p->len = end - 1 - start;
  p->line = line;
  return p;
}

static word *lex_sub(lexer *lx, int mode, const char *stop, bool in_dq)
{
  size_t start = lx->pos;
  wpart *p = lex_parts(lx, mode, stop, in_dq);
  return mkword(lx, p, start);
}

/* A ${...} bash cannot expand: read to its closing brace and keep its
** text; expanding it fails ("bad substitution", status 1, the rest of
** the command line not run), as in bash, which finds it then and not
** when it parses. */
static void brace_bad(lexer *lx, wpart *p, size_t start)
{
  int depth = 1;
  for (;;) {
    int c = lx_getc(lx);
    if (c < 0) {
      lx_error(lx, "unexpected EOF while looking for matching `}'");
      return;
    }
    if (c == '\\') {
      lx_getc(lx);
    } else if (c == '\'') {
      while ((c = lx_getc(lx)) >= 0 && c != '\'') {}
    } else if (c == '{') {
      depth++;
    } else if (c == '}' && --depth == 0) {
      break;
    }
  }
  p->op = PO_BAD;
  p->bang = false;
  p->all = 0;
  p->index = p->sub = p->sub2 = NULL;
  p->text = ar_strndup(lx->ar, lx->src->text + start, lx->pos - start);
  p->len = lx->pos - start;
}

/* After "${". */
static void lex_brace(lexer *lx, pbuild *b, bool in_dq)
{
  size_t start = lx->pos - 2;
  wpart *p = pb_part(b, P_PARAM);
  sbuf name = {0};
  int c = lx_peekc(lx, 0);
  if (c == '!' && lx_peekc(lx, 1) != '}' &&
      (is_name_start(lx_peekc(lx, 1)) || is_special_param(lx_peekc(lx, 1)) ||
       (lx_peekc(lx, 1) >= '0' && lx_peekc(lx, 1) <= '9'))) {
    lx_getc(lx);
    p->bang = true;
    c = lx_peekc(lx, 0);
  } else if (c == '#' && lx_peekc(lx, 1) != '}' &&
      (is_name_start(lx_peekc(lx, 1)) || is_special_param(lx_peekc(lx, 1)))) {
    lx_getc(lx);
    p->op = PO_LEN;
    c = lx_peekc(lx, 0);
  }
  if (is_name_start(c)) {
    while (is_name_char(lx_peekc(lx, 0))) sb_addc(&name, (char)lx_getc(lx));
  } else if (c >= '0' && c <= '9') {
    while (lx_peekc(lx, 0) >= '0' && lx_peekc(lx, 0) <= '9') sb_addc(&name, (char)lx_getc(lx));
  } else if (is_special_param(c)) {
    sb_addc(&name, (char)lx_getc(lx));
  } else {
    sb_free(&name);
    brace_bad(lx, p, start);
    return;
  }
  p->text = ar_strndup(lx->ar, name.s, name.len);
  p->len = name.len;
  bool ident = name.len && is_name_start((unsigned char)name.s[0]);
  sb_free(&name);
  if (ident && lx_peekc(lx, 0) == '[') {
    lx_getc(lx);
    p->subscripted = true;
    int d = lx_peekc(lx, 0);
    if ((d == '@' || d == '*') && lx_peekc(lx, 1) == ']') {
      p->all = (char)lx_getc(lx);
    } else {
      p->index = lex_sub(lx, M_BRACE, "]", false);
      if (!p->index->parts && lx_peekc(lx, 0) == ']') { /* ${a[]} */
        lx_getc(lx);
        brace_bad(lx, p, start);
        return;
      }
    }
    if (lx_peekc(lx, 0) != ']') {
      brace_bad(lx, p, start);
      return;
    }
    lx_getc(lx);
  } else if (ident && p->bang && (lx_peekc(lx, 0) == '@' || lx_peekc(lx, 0) == '*') &&
             lx_peekc(lx, 1) == '}') {
    p->all = (char)lx_getc(lx); /* ${!prefix*} */
  }
  c = lx_getc(lx);
  if (c == '}') return;
  if (p->op == PO_LEN || c < 0) {
    if (c < 0) lx_error(lx, "unexpected EOF while looking for matching `}'");
    else brace_bad(lx, p, start);
    return;
  }
  if (c == ':') {
    int d = lx_peekc(lx, 0);
    if (d == '-' || d == '=' || d == '?' || d == '+') {
      p->colon = true;
      c = lx_getc(lx);
    } else if (d == '}') {
      brace_bad(lx, p, start); /* ${s:}: bash's bad substitution; ${s::} is not */
      return;
    } else {
      p->op = PO_SLICE;
      p->sub = lex_sub(lx, M_BRACE, ":}", in_dq);
      if (lx_peekc(lx, 0) == ':') {
        lx_getc(lx);
        p->sub2 = lex_sub(lx, M_BRACE, "}", in_dq);
      }
      if (lx_getc(lx) != '}') lx_error(lx, "bad substitution");
      return;
    }
  }
  switch (c) {
  case '-': p->op = PO_DEFAULT; break;
  case '=': p->op = PO_ASSIGN; break;
  case '?': p->op = PO_ERROR; break;
  case '+': p->op = PO_ALT; break;
  case '#':
    p->op = PO_RM_SPRE;
    if (lx_peekc(lx, 0) == '#') lx_getc(lx), p->op = PO_RM_LPRE;
    break;
  case '%':
    p->op = PO_RM_SSUF;
    if (lx_peekc(lx, 0) == '%') lx_getc(lx), p->op = PO_RM_LSUF;
    break;
  case '/':
    p->op = PO_SUB;
    if (lx_peekc(lx, 0) == '/') lx_getc(lx), p->op = PO_SUB_ALL;
    else if (lx_peekc(lx, 0) == '#') lx_getc(lx), p->op = PO_SUB_PRE;
    else if (lx_peekc(lx, 0) == '%') lx_getc(lx), p->op = PO_SUB_SUF;
    /* bash looks for the pattern's end from its second character: after
    ** "//" a '/' begins the pattern (${x////c} puts c for each /) */
    bool lead = p->op == PO_SUB_ALL && lx_peekc(lx, 0) == '/';
    if (lead) lx_getc(lx);
    p->sub = lex_sub(lx, M_BRACE, "/}", false);
    if (lead) {
      wpart *slash = ar_alloc(lx->ar, sizeof *slash);
      slash->kind = P_LIT;
      slash->text = "/";
      slash->len = 1;
      slash->next = p->sub->parts;
      p->sub->parts = slash;
    }
    if (lx_peekc(lx, 0) == '/') {
      lx_getc(lx);
      p->sub2 = lex_sub(lx, M_BRACE, "}", in_dq);
    }
    if (lx_getc(lx) != '}') lx_error(lx, "bad substitution");
    return;
  case '^':
    p->op = PO_UPPER1;
    if (lx_peekc(lx, 0) == '^') lx_getc(lx), p->op = PO_UPPER;
    break;
  case ',':
    p->op = PO_LOWER1;
    if (lx_peekc(lx, 0) == ',') lx_getc(lx), p->op = PO_LOWER;
    break;
  case '~':
    p->op = PO_TOGGLE1;
    if (lx_peekc(lx, 0) == '~') lx_getc(lx), p->op = PO_TOGGLE;
    break;
  case '@': {
    int l = lx_getc(lx);
    if (l < 0 || !l || !strchr("QEULuaAPK", l) || lx_peekc(lx, 0) != '}') {
      if (l == '}') lx->pos--;
      brace_bad(lx, p, start);
      return;
    }
    lx_getc(lx);
    p->op = PO_AT;
    p->at_op = (char)l;
    return;
  }
  default:
    lx->pos--;
    brace_bad(lx, p, start);
    return;
  }
  /* in double quotes, the word of ${x-word} keeps single quotes as text */
  bool dq_arg = in_dq && (p->op == PO_DEFAULT || p->op == PO_ASSIGN || p->op == PO_ERROR ||
                          p->op == PO_ALT);
  p->sub = lex_sub(lx, M_BRACE, "}", dq_arg);
  if (lx_getc(lx) != '}') lx_error(lx, "bad substitution");
}

/* After "$". */
static void lex_dollar(lexer *lx, pbuild *b, bool in_dq)
{
  /* a line continuation after the $ joins it to what follows ($\<newline>?) */
  while (lx_peekc(lx, 0) == '\\' && lx_peekc(lx, 1) == '\n') lx_getc(lx), lx_getc(lx);
  int c = lx_peekc(lx, 0);
  if (c == '(') {
    lx_getc(lx);
    if (lx_peekc(lx, 0) == '(') {
      lx_getc(lx);
      wpart *p = pb_part(b, P_ARITH);
      p->sub = lex_sub(lx, M_ARITH, NULL, false);
      if (lx_getc(lx) != ')' || lx_getc(lx) != ')') lx_error(lx, "unexpected EOF while looking for matching `))'");
      return;
    }
    lex_cmdsub(lx, b);
    return;
  }
  if (c == '{') {
    lx_getc(lx);
    lex_brace(lx, b, in_dq);
    return;
  }
  if (c == '[') { /* $[expr]: bash's old form of $((expr)) */
    lx_getc(lx);
    wpart *p = pb_part(b, P_ARITH);
    p->sub = lex_sub(lx, M_ARITH_SQ, NULL, false);
    if (lx_getc(lx) != ']') lx_error(lx, "unexpected EOF while looking for matching `]'");
    return;
  }
  if (c == '\'' && !in_dq) {
    lx_getc(lx);
    lex_ansi(lx, b);
    return;
  }
  if (c == '"' && !in_dq) {
    return; /* $"..." is "..." (no translation): the quote comes next */
  }
  if (is_name_start(c)) {
    wpart *p = pb_part(b, P_PARAM);
    sbuf name = {0};
    while (is_name_char(lx_peekc(lx, 0))) sb_addc(&name, (char)lx_getc(lx));
    p->text = ar_strndup(lx->ar, name.s, name.len);
    p->len = name.len;
    sb_free(&name);
    return;
  }
  if (c >= 0 && is_special_param(c)) {
    lx_getc(lx);
    wpart *p = pb_part(b, P_PARAM);
    char s[2] = {(char)c, 0};
    p->text = ar_strndup(lx->ar, s, 1);
    p->len = 1;
    return;
  }
  pb_char(b, '$', in_dq);
}

static void lex_dq(lexer *lx, pbuild *b)
{
  wpart *p = pb_part(b, P_DQ);
  size_t start = lx->pos;
  wpart *inner = lex_parts(lx, M_DQ, NULL, true);
  if (lx_getc(lx) != '"') lx_error(lx, "unexpected EOF while looking for matching `\"'");
  p->sub = mkword(lx, inner, start);
}

/* The parts of one word (or of the inside of quotes, braces, arithmetic,
** a here-document), up to what ends it in that mode. */
static wpart *lex_parts(lexer *lx, int mode, const char *stop, bool in_dq)
{
  pbuild b;
  pb_init(&b, lx);
  int depth = 0; /* parentheses in arithmetic, braces in ${} words */
  int ext = 0;   /* inside an extglob group of a word: ( | ) are text */
  int sq = 0;    /* brackets inside a ${a[...]} subscript: ${a[a[0]]} */
  int tern = 0;  /* ?s of a slice's offset waiting for their : */
  /* "${x-'}'}": in double quotes a ${ }'s single quotes stay, but a } in
  ** them does not end it (bash) */
  bool lit_sq = false;
  bool q = mode == M_DQ || mode == M_HEREDOC;
  while (!lx->err) {
    int c = lx_peekc(lx, 0);
    if (c < 0) break;
    if (mode == M_WORD && c >= 0 && strchr("@*+?!", c) && lx_peekc(lx, 1) == '(' &&
        (ext || lx->dbracket || shopt_on("extglob"))) {
      lx_getc(lx);
      lx_getc(lx);
      pb_char(&b, (char)c, false);
      pb_char(&b, '(', false);
      ext++;
      continue;
    }
    if (mode == M_WORD && ext && is_meta(c)) {
      /* bash reads an extglob group to its ) whole: blanks, newlines and
      ** operators in it are text */
      lx_getc(lx);
      pb_char(&b, (char)c, false);
      if (c == '(') ext++;
      if (c == ')') ext--;
      continue;
    }
    if (mode == M_WORD && (c == '<' || c == '>') && lx_peekc(lx, 1) == '(' && !lx->dbracket) {
      lx_getc(lx);
      lx_getc(lx);
      wpart *p = lex_cmdsub(lx, &b);
      if (p) p->kind = P_PROCSUB, p->op = c;
      continue;
    }
    if (mode == M_WORD && is_meta(c)) break;
    if (mode == M_DQ && c == '"') break;
    if (mode == M_BRACE && stop[0] == ']' && !stop[1]) {
      if (c == '[') sq++;
      else if (c == ']' && sq > 0) {
        sq--;
        lx_getc(lx);
        pb_char(&b, ']', false);
        continue;
      }
    }
    if (mode == M_BRACE && stop[0] == ':' && stop[1] == '}' && !stop[2]) {
      /* ${s: x ? 1 : 2 : 1}: a ternary's : belongs to the offset */
      if (c == '?') tern++;
      else if (c == ':' && tern > 0) {
        tern--;
        lx_getc(lx);
        pb_char(&b, ':', false);
        continue;
      }
    }
    if (mode == M_BRACE && depth == 0 && !lit_sq && strchr(stop, c)) break;
    if (mode == M_ARITH_SQ) { /* $[ ... ] */
      if (c == ']' && depth == 0) break;
      if (c == '[') depth++;
      if (c == ']') depth--;
    }
    if (mode == M_ARITH || mode == M_ARITH_SEMI) {
      if (c == ')' && depth == 0 && lx_peekc(lx, 1) == ')') break;
      if (c == ';' && depth == 0 && mode == M_ARITH_SEMI) break;
      if (c == '(') depth++;
      if (c == ')') depth--;
    }
    if (mode == M_BRACE && !lit_sq) {
      if (c == '{') depth++;
      if (c == '}') depth--;
    }
    lx_getc(lx);
    switch (c) {
    case '\\': {
      int d = lx_peekc(lx, 0);
      if (d == '\n') { /* line continuation */
        lx_getc(lx);
        continue;
      }
      if (d < 0) {
        pb_char(&b, '\\', q);
        continue;
      }
      /* in double quotes (a ${...} in them too) \ escapes only $ ` \ " and there } */
      if ((q || (mode == M_BRACE && in_dq)) && !(d == '$' || d == '`' || d == '\\' || ((mode == M_DQ || in_dq) && d == '"') ||
                 (mode == M_BRACE && in_dq && d == '}'))) {
        pb_char(&b, '\\', true);
        continue;
      }
      lx_getc(lx);
      pb_char(&b, (char)d, true);
      continue;
    }
    case '\'':
      if (!q && mode == M_BRACE && in_dq) lit_sq = !lit_sq;
      if (q || (mode == M_BRACE && in_dq)) break;
      {
        bool any = false;
        for (;;) {
          int d = lx_getc(lx);
          if (d < 0) {
            lx_error(lx, "unexpected EOF while looking for matching `''");
            break;
          }
          if (d == '\'') break;
          pb_char(&b, (char)d, true);
          any = true;
        }
        if (!any) pb_empty_quoted(&b);
      }
      continue;
    case '"':
      if (q) break;
      lex_dq(lx, &b);
      continue;
    case '$':
      lex_dollar(lx, &b, q || in_dq);
      continue;
    case '`':
      lex_backquote(lx, &b, q);
      continue;
    default:
      break;
    }
    pb_char(&b, (char)c, q);
  }
  return pb_done(&b);
}

word *lx_word_from(lexer *lx, const char *text, size_t len, int mode)
{
  /* a private source over text; nodes still go to lx's arena */
  source tmp = {.text = (char *)text, .len = len, .cap = len, .fd = -1, .eof = true};
  lexer sub = {.src = &tmp, .ar = lx->ar, .line = lx->line};
  wpart *p = lex_parts(&sub, mode == 0 ? M_HEREDOC : mode, "", false);
  word *w = ar_alloc(lx->ar, sizeof *w);
  w->parts = p;
  w->raw = "";
  if (sub.err) free(sub.errmsg);
  /* a here-document inside the text's $( ) noted its body here */
  free(sub.hd);
  free(tmp.hds);
  return w;
}

word *lx_word_text(arena *ar, const char *text, size_t len)
{
  source tmp = {.text = (char *)text, .len = len, .cap = len, .fd = -1, .eof = true};
  lexer sub = {.src = &tmp, .ar = ar, .line = sh.line};
  wpart *p = lex_parts(&sub, M_WORD, NULL, false);
  word *w = ar_alloc(ar, sizeof *w);
  memset(w, 0, sizeof *w);
  w->parts = p;
  if (sub.err) free(sub.errmsg);
  free(sub.hd); /* as in lx_word_from */
  free(tmp.hds);
  return w;
}

word *lx_regex_word(lexer *lx)
{
  while (lx_peekc(lx, 0) == ' ' || lx_peekc(lx, 0) == '\t') lx_getc(lx);
  size_t start = lx->pos;
  int depth = 0;
  for (;;) {
    int c = lx_peekc(lx, 0);
    if (c < 0 || c == '\n') break;
    if ((c == ' ' || c == '\t') && depth == 0) break;
    lx_getc(lx);
    if (c == '\\') {
      lx_getc(lx);
    } else if (c == '\'') {
      while ((c = lx_getc(lx)) >= 0 && c != '\'') {}
    } else if (c == '"') {
      while ((c = lx_getc(lx)) >= 0 && c != '"')
        if (c == '\\') lx_getc(lx);
    } else if (c == '(') {
      depth++;
    } else if (c == ')') {
      if (depth == 0) { /* the ) of an enclosing ( [[ ... ]] ) group */
        lx->pos--;
        break;
      }
      depth--;
    }
  }
  source tmp = {.text = lx->src->text + start, .len = lx->pos - start, .cap = lx->pos - start, .fd = -1,
                .eof = true};
  lexer sub = {.src = &tmp, .ar = lx->ar, .line = lx->line};
  wpart *p = lex_parts(&sub, M_BRACE, "", false);
  if (sub.err) free(sub.errmsg);
  free(sub.hd); /* as in lx_word_from */
  free(tmp.hds);
  word *w = mkword(lx, p, start);
  lx->peeked = false;
  return w;
}

word *lx_arith_until_dparen(lexer *lx)
{
  word *w = lex_sub(lx, M_ARITH, NULL, false);
  if (lx_getc(lx) != ')' || lx_getc(lx) != ')') lx_error(lx, "unexpected EOF while looking for `))'");
  return w;
}

word *lx_arith_until_semi(lexer *lx)
{
  return lex_sub(lx, M_ARITH_SEMI, NULL, false);
}

/* ---- here-documents ------------------------------------------------------ */

/* The delimiter with quotes removed; quoted: any quoting in it. */
static char *hd_delim(const char *raw, bool *quoted)
{
  sbuf b = {0};
  *quoted = false;
  for (const char *p = raw; *p; p++) {
    if (*p == '\'' || *p == '"') {
      *quoted = true;
      char q = *p++;
      while (*p && *p != q) sb_addc(&b, *p++);
      if (!*p) break;
    } else if (*p == '\\' && p[1]) {
      *quoted = true;
      sb_addc(&b, *++p);
    } else if (*p == '$' && (p[1] == '\'' || p[1] == '"')) {
      continue;
    } else {
      sb_addc(&b, *p);
    }
  }
  return sb_take(&b);
}

void lx_read_heredocs(lexer *lx)
{
  for (size_t i = 0; i < lx->nhd; i++) {
    redir *r = lx->hd[i].r;
    bool quoted;
    char *delim = hd_delim(r->hd_delim, &quoted);
    r->hd_expand = !quoted;
    size_t start = lx->pos;
    int first_line = lx->line, nread = 0;
    sbuf body = {0};
    bool found = false;
    while (!found) {
      if (lx_peekc(lx, 0) < 0) break;
      sbuf line = {0};
      int c;
      while ((c = lx_getc(lx)) >= 0 && c != '\n') sb_addc(&line, (char)c);
      nread++;
      const char *l = line.s ? line.s : "";
      if (r->hd_strip)
        while (*l == '\t') l++;
      if (!strcmp(l, delim)) found = true;
      else {
        /* a last line without its newline gets one, as bash's */
        sb_adds(&body, l);
        sb_addc(&body, '\n');
      }
      sb_free(&line);
      if (c < 0) break;
    }
    if (!found && !lx->depth)
      sh_error_at(NULL, nread ? first_line + nread - 1 : first_line - 1,
                  "warning: here-document at line %d delimited by end-of-file (wanted `%s')",
                  first_line - 1, delim);
    source *s = lx->src;
    if (s->nhd + 1 > s->caphd) {
      s->caphd = s->caphd * 2 + 8;
      s->hds = xrealloc(s->hds, s->caphd * sizeof *s->hds);
    }
    s->hds[s->nhd++] = (hd_range){lx->hd[i].op, start, lx->pos};
    r->hd_body = ar_strndup(lx->ar, body.s ? body.s : "", body.len);
    r->hd_eof = ar_strndup(lx->ar, delim, strlen(delim));
    if (r->hd_expand) {
      r->target = lx_word_from(lx, body.s ? body.s : "", body.len, 0);
    } else {
      word *w = ar_alloc(lx->ar, sizeof *w);
      wpart *p = ar_alloc(lx->ar, sizeof *p);
      p->kind = P_LIT;
      p->quoted = true;
      p->text = ar_strndup(lx->ar, body.s ? body.s : "", body.len);
      p->len = body.len;
      w->parts = p;
      w->raw = "";
      r->target = w;
    }
    sb_free(&body);
    free(delim);
  }
  lx->nhd = 0;
}

/* ---- tokens ---------------------------------------------------------------- */

static int op2(lexer *lx, int c1, int c2)
{
  return lx_peekc(lx, 0) == c1 && (c2 < 0 || lx_peekc(lx, 1) == c2);
}

static int redir_op(lexer *lx)
{
  int c = lx_getc(lx);
  if (c == '<') {
    if (op2(lx, '<', '<')) return lx_getc(lx), lx_getc(lx), R_HERESTR;
    if (op2(lx, '<', '-')) return lx_getc(lx), lx_getc(lx), -R_HEREDOC; /* <<- */
    if (op2(lx, '<', -1)) return lx_getc(lx), R_HEREDOC;
    if (op2(lx, '>', -1)) return lx_getc(lx), R_RDWR;
    if (op2(lx, '&', -1)) return lx_getc(lx), R_DUPIN;
    return R_IN;
  }
  if (op2(lx, '>', -1)) return lx_getc(lx), R_APPEND;
  if (op2(lx, '&', -1)) return lx_getc(lx), R_DUPOUT;
  if (op2(lx, '|', -1)) return lx_getc(lx), R_CLOBBER;
  return R_OUT;
}

/* name=( ... ): the text up to the matching ')' (quotes, $( ), comments
** and newlines inside) as a P_ARRAY part after the word's parts */
static wpart *lex_compound(lexer *lx, wpart *head)
{
  lx_getc(lx); /* ( */
  size_t from = lx->pos;
  int depth = 1;
  bool word_start = true;
  for (;;) {
    int c = lx_getc(lx);
    if (c < 0) {
      lx_error(lx, "syntax error: unexpected end of file");
      return head;
    }
    if (c == '\\') {
      lx_getc(lx);
    } else if (c == '\'') {
      while ((c = lx_getc(lx)) >= 0 && c != '\'') {}
    } else if (c == '"') {
      while ((c = lx_getc(lx)) >= 0 && c != '"')
        if (c == '\\') lx_getc(lx);
    } else if (c == '#' && word_start) {
      while ((c = lx_peekc(lx, 0)) >= 0 && c != '\n') lx_getc(lx);
    } else if (c == '(') {
      depth++;
    } else if (c == ')' && --depth == 0) {
      break;
    } else if (depth == 1 && strchr("&|;<>", c)) {
      /* an operator among the elements: bash's parse error */
      lx_error(lx, "syntax error near unexpected token `%c'", c);
      return head;
    }
    word_start = c == ' ' || c == '\t' || c == '\n' || c == '(';
  }
  wpart *p = ar_alloc(lx->ar, sizeof *p);
  memset(p, 0, sizeof *p);
  p->kind = P_ARRAY;
  p->len = lx->pos - 1 - from;
  p->text = ar_strndup(lx->ar, lx->src->text + from, p->len);
  if (!head) return p;
  wpart *t = head;
  while (t->next) t = t->next;
  t->next = p;
  return head;
}

static int lex_token(lexer *lx)
{
  lx->tword = NULL;
  lx->rvar = NULL;
  for (;;) {
    int c = lx_peekc(lx, 0);
    if (c == ' ' || c == '\t') {
      lx_getc(lx);
      continue;
    }
    if (c == '\\' && lx_peekc(lx, 1) == '\n') {
      lx_getc(lx);
      lx_getc(lx);
      continue;
    }
    if (c == '#') {
      while ((c = lx_peekc(lx, 0)) >= 0 && c != '\n') lx_getc(lx);
      continue;
    }
    break;
  }
  lx->tstart = lx->pos;
  lx->tline = lx->line;
  int c = lx_peekc(lx, 0);
  if (c < 0) {
    /* a text that does not end in a newline ends as if it did (bash: `echo >`
    ** is an unexpected newline, and an unfinished `if` ends on the next line) */
    source *s = lx->src;
    if (!lx->end_nl && !lx->depth && s->fd < 0 && !s->interactive && s->len && s->text[s->len - 1] != '\n') {
      lx->end_nl = true;
      lx->line++;
      if (lx->nhd) lx_read_heredocs(lx);
      return T_NL;
    }
    return T_EOF;
  }
  if (c == '\n') {
    lx_getc(lx);
    if (lx->nhd) lx_read_heredocs(lx);
    return T_NL;
  }
  if (c == '&') {
    lx_getc(lx);
    if (op2(lx, '&', -1)) return lx_getc(lx), T_ANDAND;
    if (op2(lx, '>', '>')) {
      lx_getc(lx), lx_getc(lx);
      lx->rop = R_ALLAPPEND, lx->rfd = -1;
      return T_REDIR;
    }
    if (op2(lx, '>', -1)) {
      lx_getc(lx);
      lx->rop = R_ALLOUT, lx->rfd = -1;
      return T_REDIR;
    }
    return T_AMP;
  }
  if (c == '|') {
    lx_getc(lx);
    if (op2(lx, '|', -1)) return lx_getc(lx), T_OROR;
    if (op2(lx, '&', -1)) return lx_getc(lx), T_PIPEAMP;
    return T_PIPE;
  }
  if (c == ';') {
    lx_getc(lx);
    if (op2(lx, ';', '&')) return lx_getc(lx), lx_getc(lx), T_DSEMIAND;
    if (op2(lx, ';', -1)) return lx_getc(lx), T_DSEMI;
    if (op2(lx, '&', -1)) return lx_getc(lx), T_SEMIAND;
    return T_SEMI;
  }
  if (c == '(') {
    lx_getc(lx);
    if (!lx->dbracket && op2(lx, '(', -1)) return lx_getc(lx), T_DLPAREN;
    return T_LPAREN;
  }
  if (c == ')') {
    lx_getc(lx);
    return T_RPAREN;
  }
  if ((c == '<' || c == '>') && !lx->dbracket && lx_peekc(lx, 1) != '(') {
    lx->rfd = -1;
    lx->rop = redir_op(lx);
    return T_REDIR;
  }
  /* {name} right before < or > names a variable for a new descriptor */
  if (c == '{' && !lx->dbracket && is_name_start(lx_peekc(lx, 1))) {
    size_t k = 1;
    while (is_name_char(lx_peekc(lx, k))) k++;
    int d = lx_peekc(lx, k + 1);
    if (lx_peekc(lx, k) == '}' && (d == '<' || d == '>') && lx_peekc(lx, k + 2) != '(') {
      sbuf name = {0};
      lx_getc(lx);
      for (size_t i = 1; i < k; i++) sb_addc(&name, (char)lx_getc(lx));
      lx_getc(lx);
      lx->rvar = ar_strndup(lx->ar, name.s, name.len);
      sb_free(&name);
      lx->rfd = -1;
      lx->rop = redir_op(lx);
      return T_REDIR;
    }
  }
  /* a number right before < or > is the descriptor of the redirection */
  if (c >= '0' && c <= '9' && !lx->dbracket) {
    /* as bash: any number that fits an int (2147483647 is one, and
    ** 00003 is 3); a longer one is a word */
    size_t k = 0;
    long long v = 0;
    for (int ch; (ch = lx_peekc(lx, k)) >= '0' && ch <= '9'; k++)
      if (v <= INT_MAX) v = v * 10 + (ch - '0');
    int d = lx_peekc(lx, k);
    if ((d == '<' || d == '>') && v <= INT_MAX) {
      int fd = (int)v;
      for (size_t i = 0; i < k; i++) lx_getc(lx);
      lx->rop = redir_op(lx);
      lx->rfd = fd;
      return T_REDIR;
    }
  }
  size_t start = lx->pos;
  wpart *p;
  if (lx->dbracket && (c == '<' || c == '>')) {
    pbuild b;
    pb_init(&b, lx);
    pb_char(&b, (char)lx_getc(lx), false);
    p = pb_done(&b);
  } else {
    p = lex_parts(lx, M_WORD, NULL, false);
    asg g;
    if (!lx->err && lx_peekc(lx, 0) == '(' && lx->pos > start &&
        asg_parse(lx->src->text + start, lx->pos - start, &g) == lx->pos - start)
      p = lex_compound(lx, p);
  }
  lx->tword = mkword(lx, p, start);
  return lx->err ? T_ERR : T_WORD;
}

int lx_peek(lexer *lx)
{
  if (!lx->peeked) {
    lx->tok = lex_token(lx);
    lx->tend = lx->pos;
    if (lx->err) lx->tok = T_ERR;
    lx->peeked = true;
  }
  return lx->tok;
}

void lx_consume(lexer *lx)
{
  lx->peeked = false;
  lx->prev_end = lx->tend;
}

int lx_next(lexer *lx)
{
  int t = lx_peek(lx);
  lx_consume(lx);
  return t;
}

const char *tok_name(lexer *lx, int tok)
{
  switch (tok) {
  case T_EOF: return "end of file";
  case T_NL: return "newline";
  case T_SEMI: return ";";
  case T_AMP: return "&";
  case T_PIPE: return "|";
  case T_PIPEAMP: return "|&";
  case T_ANDAND: return "&&";
  case T_OROR: return "||";
  case T_DSEMI: return ";;";
  case T_SEMIAND: return ";&";
  case T_DSEMIAND: return ";;&";
  case T_LPAREN: return "(";
  case T_RPAREN: return ")";
  case T_DLPAREN: return "((";
  case T_REDIR: return "redirection";
  case T_WORD: return lx->tword && lx->tword->raw ? lx->tword->raw : "word";
  default: return "?";
  }
}
