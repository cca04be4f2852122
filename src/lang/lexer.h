/* lexer.h - ECMAScript (and TypeScript/JSX) tokens over a UTF-8 buffer.
**
** The lexer is driven by the parser: whether a "/" starts a regular
** expression, and where a template continues after "}", depend on the
** grammar, so the parser says which it expects. Tokens are byte ranges of
** the source; nothing is copied. */
#ifndef ACS_LANG_LEXER_H
#define ACS_LANG_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef enum acs__tk {
  TK_EOF,
  TK_IDENT,     /* identifiers and keywords (the parser compares text) */
  TK_PRIVATE,   /* #name */
  TK_NUMBER,
  TK_BIGINT,
  TK_STRING,
  TK_TEMPLATE,  /* `...` with no substitution */
  TK_TEMPLATE_HEAD,   /* `...${ */
  TK_TEMPLATE_MIDDLE, /* }...${ */
  TK_TEMPLATE_TAIL,   /* }...` */
  TK_REGEX,
  TK_PUNCT,
  TK_JSX_TEXT,
  TK_ERROR,
} acs__tk;

/* Punctuators, by their text. */
typedef enum acs__p {
  P_NONE,
  P_LBRACE, P_RBRACE, P_LPAREN, P_RPAREN, P_LBRACK, P_RBRACK,
  P_DOT, P_ELLIPSIS, P_SEMI, P_COMMA, P_LT, P_GT, P_LE, P_GE,
  P_EQ, P_NE, P_SEQ, P_SNE, P_PLUS, P_MINUS, P_STAR, P_SLASH, P_PERCENT,
  P_STARSTAR, P_INC, P_DEC, P_SHL, P_SAR, P_SHR, P_AMP, P_PIPE, P_CARET,
  P_BANG, P_TILDE, P_AND, P_OR, P_NULLISH, P_QUESTION, P_QDOT, P_COLON,
  P_ASSIGN, P_PLUS_EQ, P_MINUS_EQ, P_STAR_EQ, P_SLASH_EQ, P_PERCENT_EQ,
  P_STARSTAR_EQ, P_SHL_EQ, P_SAR_EQ, P_SHR_EQ, P_AMP_EQ, P_PIPE_EQ,
  P_CARET_EQ, P_AND_EQ, P_OR_EQ, P_NULLISH_EQ, P_ARROW, P_AT, P_HASH,
  P_COUNT
} acs__p;

typedef struct acs__token {
  uint8_t kind;       /* acs__tk */
  uint8_t punct;      /* acs__p when kind == TK_PUNCT */
  bool nl_before;     /* a line terminator precedes it (for ASI) */
  bool escaped;       /* an identifier written with \u escapes */
  uint32_t start, end; /* byte offsets */
  uint32_t line;      /* 1-based line of start */
} acs__token;

typedef struct acs__lexer {
  const char *src;
  uint32_t len;
  uint32_t pos;
  uint32_t line;
  uint32_t line_start; /* byte offset where the current line begins */
  const char *error;   /* set with TK_ERROR: the engine's wording */
  uint32_t error_pos;
  bool html;           /* Annex B: <!-- and a line's leading --> are comments (scripts) */
} acs__lexer;

void acs__lex_init(acs__lexer *L, const char *src, uint32_t len);

/* The next token. regex_ok: a "/" here starts a regular expression. */
acs__token acs__lex_next(acs__lexer *L, bool regex_ok);

/* After the "}" that closes a template substitution: lex the template's
** continuation starting at that "}" (byte offset rbrace). */
acs__token acs__lex_template_continue(acs__lexer *L, uint32_t rbrace);

/* JSX: text up to the next "{" or "<", and attribute strings. */
acs__token acs__lex_jsx_text(acs__lexer *L, uint32_t from);

/* Move the lexer back so the next token starts at pos (used to split ">>"
** into ">" ">" for TypeScript generics, and to re-lex). line is the line
** of pos. */
void acs__lex_reset(acs__lexer *L, uint32_t pos, uint32_t line, uint32_t line_start);

/* Text of a punctuator. */
const char *acs__punct_text(acs__p p);

/* Column (1-based, UTF-16 code units as the engine counts) of a byte offset
** on a line that starts at line_start. */
uint32_t acs__lex_column(const char *src, uint32_t line_start, uint32_t pos);

/* Whether t is the identifier `word` (a literal: inlined so that its
** length is a constant). */
static inline bool acs__tok_is(const acs__lexer *L, const acs__token *t, const char *word)
{
  if (t->kind != TK_IDENT || L->src[t->start] != word[0] || t->escaped) return false;
  size_t n = __builtin_strlen(word);
  return t->end - t->start == n && __builtin_memcmp(L->src + t->start, word, n) == 0;
}

#endif
