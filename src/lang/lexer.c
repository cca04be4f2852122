/* lexer.c - tokens for ECMAScript 2025, TypeScript and JSX. */
#include "lexer.h"

#include <string.h>

static const char *const punct_texts[P_COUNT] = {
    [P_NONE] = "", [P_LBRACE] = "{", [P_RBRACE] = "}", [P_LPAREN] = "(",
    [P_RPAREN] = ")", [P_LBRACK] = "[", [P_RBRACK] = "]", [P_DOT] = ".",
    [P_ELLIPSIS] = "...", [P_SEMI] = ";", [P_COMMA] = ",", [P_LT] = "<",
    [P_GT] = ">", [P_LE] = "<=", [P_GE] = ">=", [P_EQ] = "==", [P_NE] = "!=",
    [P_SEQ] = "===", [P_SNE] = "!==", [P_PLUS] = "+", [P_MINUS] = "-",
    [P_STAR] = "*", [P_SLASH] = "/", [P_PERCENT] = "%", [P_STARSTAR] = "**",
    [P_INC] = "++", [P_DEC] = "--", [P_SHL] = "<<", [P_SAR] = ">>",
    [P_SHR] = ">>>", [P_AMP] = "&", [P_PIPE] = "|", [P_CARET] = "^",
    [P_BANG] = "!", [P_TILDE] = "~", [P_AND] = "&&", [P_OR] = "||",
    [P_NULLISH] = "??", [P_QUESTION] = "?", [P_QDOT] = "?.", [P_COLON] = ":",
    [P_ASSIGN] = "=", [P_PLUS_EQ] = "+=", [P_MINUS_EQ] = "-=", [P_STAR_EQ] = "*=",
    [P_SLASH_EQ] = "/=", [P_PERCENT_EQ] = "%=", [P_STARSTAR_EQ] = "**=",
    [P_SHL_EQ] = "<<=", [P_SAR_EQ] = ">>=", [P_SHR_EQ] = ">>>=", [P_AMP_EQ] = "&=",
    [P_PIPE_EQ] = "|=", [P_CARET_EQ] = "^=", [P_AND_EQ] = "&&=", [P_OR_EQ] = "||=",
    [P_NULLISH_EQ] = "?\?=", [P_ARROW] = "=>", [P_AT] = "@", [P_HASH] = "#",
};

const char *acs__punct_text(acs__p p) { return p < P_COUNT ? punct_texts[p] : ""; }

void acs__lex_init(acs__lexer *L, const char *src, uint32_t len)
{
  memset(L, 0, sizeof *L);
  L->src = src;
  L->len = len;
  L->line = 1;
}

void acs__lex_reset(acs__lexer *L, uint32_t pos, uint32_t line, uint32_t line_start)
{
  L->pos = pos;
  L->line = line;
  L->line_start = line_start;
}


/* Decode one UTF-8 code point at p (len bytes left); *n gets its length.
** Invalid bytes decode as themselves, one byte long. */
static uint32_t decode(const unsigned char *p, uint32_t left, uint32_t *n)
{
  unsigned c = p[0];
  if (c < 0x80 || left < 2) return *n = 1, c;
  if ((c & 0xE0) == 0xC0) return *n = 2, ((c & 0x1F) << 6) | (p[1] & 0x3F);
  if ((c & 0xF0) == 0xE0 && left >= 3)
    return *n = 3, ((c & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
  if ((c & 0xF8) == 0xF0 && left >= 4)
    return *n = 4, ((c & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) |
                       (p[3] & 0x3F);
  return *n = 1, c;
}

uint32_t acs__lex_column(const char *src, uint32_t line_start, uint32_t pos)
{
  uint32_t col = 1;
  const unsigned char *s = (const unsigned char *)src;
  for (uint32_t i = line_start; i < pos;) {
    uint32_t n;
    uint32_t cp = decode(s + i, pos - i, &n);
    col += cp >= 0x10000 ? 2 : 1;
    i += n;
  }
  return col;
}

static bool is_ws_cp(uint32_t cp)
{
  return cp == 0xA0 || cp == 0xFEFF || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
         cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

/* ASCII classes by table: the lexer asks for every byte of every name. */
enum { C_START = 1, C_PART = 2 };
#define ID_(c) [c] = C_START | C_PART
static const unsigned char ascii_class[256] = {
  ['$'] = C_START | C_PART, ['_'] = C_START | C_PART,
  ['0'] = C_PART, ['1'] = C_PART, ['2'] = C_PART, ['3'] = C_PART, ['4'] = C_PART,
  ['5'] = C_PART, ['6'] = C_PART, ['7'] = C_PART, ['8'] = C_PART, ['9'] = C_PART,
  ID_('a'), ID_('b'), ID_('c'), ID_('d'), ID_('e'), ID_('f'), ID_('g'), ID_('h'), ID_('i'),
  ID_('j'), ID_('k'), ID_('l'), ID_('m'), ID_('n'), ID_('o'), ID_('p'), ID_('q'), ID_('r'),
  ID_('s'), ID_('t'), ID_('u'), ID_('v'), ID_('w'), ID_('x'), ID_('y'), ID_('z'),
  ID_('A'), ID_('B'), ID_('C'), ID_('D'), ID_('E'), ID_('F'), ID_('G'), ID_('H'), ID_('I'),
  ID_('J'), ID_('K'), ID_('L'), ID_('M'), ID_('N'), ID_('O'), ID_('P'), ID_('Q'), ID_('R'),
  ID_('S'), ID_('T'), ID_('U'), ID_('V'), ID_('W'), ID_('X'), ID_('Y'), ID_('Z'),
};
#undef ID_
static inline bool is_id_start_ascii(int c) { return c >= 0 && c < 256 && (ascii_class[c] & C_START); }

static void newline(acs__lexer *L, uint32_t next)
{
  L->line++;
  L->line_start = next;
}

/* Skip white space and comments; returns true when a line terminator was
** crossed. Sets L->error on an unterminated comment. */
static bool skip_trivia(acs__lexer *L)
{
  bool nl = false;
  const unsigned char *s = (const unsigned char *)L->src;
  if (L->pos == 0 && L->len >= 2 && s[0] == '#' && s[1] == '!')
    while (L->pos < L->len && s[L->pos] != '\n' && s[L->pos] != '\r') L->pos++;
  while (L->pos < L->len) {
    /* runs of blanks (indentation) in a local: the hottest loop here */
    const unsigned char *q = s + L->pos, *end = s + L->len;
    while (q < end && (*q == ' ' || *q == '\t')) q++;
    L->pos = (uint32_t)(q - s);
    if (q == end) break;
    unsigned c = *q;
    if (c == '\v' || c == '\f') {
      L->pos++;
    } else if (c == '\n') {
      L->pos++;
      newline(L, L->pos);
      nl = true;
    } else if (c == '\r') {
      L->pos++;
      if (L->pos < L->len && s[L->pos] == '\n') L->pos++;
      newline(L, L->pos);
      nl = true;
    } else if (L->html && ((c == '<' && L->pos + 3 < L->len && s[L->pos + 1] == '!' && s[L->pos + 2] == '-' &&
                            s[L->pos + 3] == '-') ||
                           (c == '-' && (nl || L->pos == 0) && L->pos + 2 < L->len && s[L->pos + 1] == '-' &&
                            s[L->pos + 2] == '>'))) {
      /* an HTML-like comment: to the end of the line */
      while (L->pos < L->len && s[L->pos] != '\n' && s[L->pos] != '\r') {
        if (s[L->pos] == 0xE2 && L->pos + 2 < L->len && s[L->pos + 1] == 0x80 &&
            (s[L->pos + 2] == 0xA8 || s[L->pos + 2] == 0xA9))
          break;
        L->pos++;
      }
    } else if (c == '/' && L->pos + 1 < L->len && s[L->pos + 1] == '/') {
      /* to the end of the line: the next \n, or before it a \r or
      ** U+2028/2029 (E2 80 A8/A9), both rare enough to look for after */
      const unsigned char *e = memchr(s + L->pos, '\n', L->len - L->pos);
      uint32_t end = e ? (uint32_t)(e - s) : L->len;
      while (L->pos < end && s[L->pos] != '\r') {
        if (s[L->pos] == 0xE2 && L->pos + 2 < L->len && s[L->pos + 1] == 0x80 &&
            (s[L->pos + 2] == 0xA8 || s[L->pos + 2] == 0xA9))
          break;
        L->pos++;
      }
    } else if (c == '/' && L->pos + 1 < L->len && s[L->pos + 1] == '*') {
      uint32_t at = L->pos;
      L->pos += 2;
      for (;;) {
        if (L->pos + 1 >= L->len) {
          L->pos = L->len;
          L->error = "Unterminated multiline comment";
          L->error_pos = at;
          return nl;
        }
        if (s[L->pos] == '*' && s[L->pos + 1] == '/') {
          L->pos += 2;
          break;
        }
        if (s[L->pos] == '\n' || (s[L->pos] == '\r' && !(L->pos + 1 < L->len && s[L->pos + 1] == '\n'))) {
          newline(L, L->pos + 1);
          nl = true;
        } else if (s[L->pos] == 0xE2 && L->pos + 2 < L->len && s[L->pos + 1] == 0x80 &&
                   (s[L->pos + 2] == 0xA8 || s[L->pos + 2] == 0xA9)) {
          newline(L, L->pos + 3);
          nl = true;
        }
        L->pos++;
      }
    } else if (c >= 0x80) {
      uint32_t n;
      uint32_t cp = decode(s + L->pos, L->len - L->pos, &n);
      if (cp == 0x2028 || cp == 0x2029) {
        L->pos += n;
        newline(L, L->pos);
        nl = true;
      } else if (is_ws_cp(cp)) {
        L->pos += n;
      } else {
        break;
      }
    } else {
      break;
    }
  }
  return nl;
}

static acs__token make(acs__lexer *L, acs__tk kind, uint32_t start, uint32_t line, bool nl)
{
  acs__token t = {0};
  t.kind = (uint8_t)kind;
  t.start = start;
  t.end = L->pos;
  t.line = line;
  t.nl_before = nl;
  return t;
}

static acs__token fail(acs__lexer *L, const char *msg, uint32_t at, uint32_t line, bool nl)
{
  L->error = msg;
  L->error_pos = at;
  acs__token t = make(L, TK_ERROR, at, line, nl);
  return t;
}

/* \uXXXX or \u{X...} at pos (pointing at the backslash). */
static bool skip_unicode_escape(acs__lexer *L)
{
  const char *s = L->src;
  if (L->pos + 1 >= L->len || s[L->pos + 1] != 'u') return false;
  uint32_t p = L->pos + 2;
  if (p < L->len && s[p] == '{') {
    p++;
    uint32_t digits = 0;
    while (p < L->len && strchr("0123456789abcdefABCDEF", s[p]) && s[p]) p++, digits++;
    if (!digits || p >= L->len || s[p] != '}') return false;
    L->pos = p + 1;
    return true;
  }
  for (int i = 0; i < 4; i++, p++)
    if (p >= L->len || !s[p] || !strchr("0123456789abcdefABCDEF", s[p])) return false;
  L->pos = p;
  return true;
}

/* Identifier characters from L->pos; returns false on a bad escape. */
static bool scan_ident_rest(acs__lexer *L, bool *escaped)
{
  const unsigned char *s = (const unsigned char *)L->src;
  while (L->pos < L->len) {
    const unsigned char *q = s + L->pos, *end = s + L->len;
    while (q < end && (ascii_class[*q] & C_PART)) q++;
    L->pos = (uint32_t)(q - s);
    if (q == end) break;
    unsigned c = *q;
    if (c == '\\') {
      *escaped = true;
      if (!skip_unicode_escape(L)) return false;
    } else if (c >= 0x80) {
      uint32_t n;
      uint32_t cp = decode(s + L->pos, L->len - L->pos, &n);
      if (is_ws_cp(cp) || cp == 0x2028 || cp == 0x2029) break;
      L->pos += n;
    } else {
      break;
    }
  }
  return true;
}

static bool is_digit_of(int c, int base)
{
  if (c >= '0' && c <= '9') return c - '0' < base;
  if (base == 16) return (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  return false;
}

static void scan_digits(acs__lexer *L, int base)
{
  while (L->pos < L->len && (is_digit_of(L->src[L->pos], base) || L->src[L->pos] == '_')) L->pos++;
}

static acs__token scan_number(acs__lexer *L, uint32_t start, uint32_t line, bool nl)
{
  const char *s = L->src;
  acs__tk kind = TK_NUMBER;
  if (s[L->pos] == '0' && L->pos + 1 < L->len && strchr("xXoObB", s[L->pos + 1]) && s[L->pos + 1]) {
    char b = s[L->pos + 1];
    int base = (b == 'x' || b == 'X') ? 16 : (b == 'o' || b == 'O') ? 8 : 2;
    L->pos += 2;
    scan_digits(L, base);
    if (L->pos < L->len && s[L->pos] == 'n') L->pos++, kind = TK_BIGINT;
  } else {
    if (s[L->pos] != '.') scan_digits(L, 10);
    if (L->pos < L->len && s[L->pos] == 'n') {
      L->pos++;
      kind = TK_BIGINT;
    } else {
      if (L->pos < L->len && s[L->pos] == '.') {
        L->pos++;
        scan_digits(L, 10);
      }
      if (L->pos < L->len && (s[L->pos] == 'e' || s[L->pos] == 'E')) {
        uint32_t save = L->pos++;
        if (L->pos < L->len && (s[L->pos] == '+' || s[L->pos] == '-')) L->pos++;
        if (L->pos < L->len && is_digit_of(s[L->pos], 10)) scan_digits(L, 10);
        else L->pos = save;
      }
    }
  }
  if (L->pos < L->len && (is_id_start_ascii(s[L->pos]) || is_digit_of(s[L->pos], 10)))
  {
    acs__token t = fail(L, "No identifiers allowed directly after numeric literal", start, line, nl);
    L->error_pos = L->pos;
    return t;
  }
  return make(L, kind, start, line, nl);
}

/* Skip a line terminator at pos inside a string/template, counting lines. */
static bool skip_line_terminator(acs__lexer *L)
{
  const unsigned char *s = (const unsigned char *)L->src;
  if (s[L->pos] == '\n') {
    L->pos++;
  } else if (s[L->pos] == '\r') {
    L->pos++;
    if (L->pos < L->len && s[L->pos] == '\n') L->pos++;
  } else if (s[L->pos] == 0xE2 && L->pos + 2 < L->len && s[L->pos + 1] == 0x80 &&
             (s[L->pos + 2] == 0xA8 || s[L->pos + 2] == 0xA9)) {
    L->pos += 3;
  } else {
    return false;
  }
  newline(L, L->pos);
  return true;
}

static acs__token scan_string(acs__lexer *L, uint32_t start, uint32_t line, bool nl)
{
  const char *s = L->src;
  char q = s[L->pos++];
  while (L->pos < L->len) {
    char c = s[L->pos];
    if (c == q) {
      L->pos++;
      return make(L, TK_STRING, start, line, nl);
    }
    if (c == '\\') {
      L->pos++;
      if (L->pos >= L->len) break;
      if (!skip_line_terminator(L)) L->pos++;
      continue;
    }
    if (c == '\n' || c == '\r') break;
    L->pos++;
  }
  return fail(L, "Unexpected EOF", start, line, nl);
}

/* Template characters from L->pos up to "`" or "${". */
static acs__token scan_template(acs__lexer *L, uint32_t start, uint32_t line, bool nl,
                                bool head)
{
  const char *s = L->src;
  while (L->pos < L->len) {
    char c = s[L->pos];
    if (c == '`') {
      L->pos++;
      return make(L, head ? TK_TEMPLATE : TK_TEMPLATE_TAIL, start, line, nl);
    }
    if (c == '$' && L->pos + 1 < L->len && s[L->pos + 1] == '{') {
      L->pos += 2;
      return make(L, head ? TK_TEMPLATE_HEAD : TK_TEMPLATE_MIDDLE, start, line, nl);
    }
    if (c == '\\') {
      L->pos++;
      if (L->pos >= L->len) break;
      if (!skip_line_terminator(L)) L->pos++;
      continue;
    }
    if (!skip_line_terminator(L)) L->pos++;
  }
  return fail(L, "Unexpected EOF", start, line, nl);
}

static acs__token scan_regex(acs__lexer *L, uint32_t start, uint32_t line, bool nl)
{
  const char *s = L->src;
  bool in_class = false;
  L->pos++;
  while (L->pos < L->len) {
    char c = s[L->pos];
    if (c == '\n' || c == '\r') break;
    if (c == '\\') {
      L->pos += 2;
      continue;
    }
    if (c == '[') in_class = true;
    else if (c == ']') in_class = false;
    else if (c == '/' && !in_class) {
      L->pos++;
      bool esc = false;
      scan_ident_rest(L, &esc);
      return make(L, TK_REGEX, start, line, nl);
    }
    L->pos++;
  }
  return fail(L, "Unterminated regular expression literal", start, line, nl);
}

/* Longest punctuator at pos. */
static acs__p scan_punct(acs__lexer *L)
{
  const char *s = L->src + L->pos;
  uint32_t left = L->len - L->pos;
#define AT(i) (left > (i) ? s[i] : 0)
  char c0 = s[0], c1 = AT(1), c2 = AT(2), c3 = AT(3);
  acs__p p = P_NONE;
  int n = 1;
  switch (c0) {
  case '{': p = P_LBRACE; break;
  case '}': p = P_RBRACE; break;
  case '(': p = P_LPAREN; break;
  case ')': p = P_RPAREN; break;
  case '[': p = P_LBRACK; break;
  case ']': p = P_RBRACK; break;
  case ';': p = P_SEMI; break;
  case ',': p = P_COMMA; break;
  case '~': p = P_TILDE; break;
  case '@': p = P_AT; break;
  case '#': p = P_HASH; break;
  case ':': p = P_COLON; break;
  case '.':
    if (c1 == '.' && c2 == '.') p = P_ELLIPSIS, n = 3;
    else p = P_DOT;
    break;
  case '<':
    if (c1 == '<') p = c2 == '=' ? (n = 3, P_SHL_EQ) : (n = 2, P_SHL);
    else if (c1 == '=') p = P_LE, n = 2;
    else p = P_LT;
    break;
  case '>':
    if (c1 == '>' && c2 == '>') p = c3 == '=' ? (n = 4, P_SHR_EQ) : (n = 3, P_SHR);
    else if (c1 == '>') p = c2 == '=' ? (n = 3, P_SAR_EQ) : (n = 2, P_SAR);
    else if (c1 == '=') p = P_GE, n = 2;
    else p = P_GT;
    break;
  case '=':
    if (c1 == '=') p = c2 == '=' ? (n = 3, P_SEQ) : (n = 2, P_EQ);
    else if (c1 == '>') p = P_ARROW, n = 2;
    else p = P_ASSIGN;
    break;
  case '!':
    if (c1 == '=') p = c2 == '=' ? (n = 3, P_SNE) : (n = 2, P_NE);
    else p = P_BANG;
    break;
  case '+':
    p = c1 == '+' ? (n = 2, P_INC) : c1 == '=' ? (n = 2, P_PLUS_EQ) : P_PLUS;
    break;
  case '-':
    p = c1 == '-' ? (n = 2, P_DEC) : c1 == '=' ? (n = 2, P_MINUS_EQ) : P_MINUS;
    break;
  case '*':
    if (c1 == '*') p = c2 == '=' ? (n = 3, P_STARSTAR_EQ) : (n = 2, P_STARSTAR);
    else p = c1 == '=' ? (n = 2, P_STAR_EQ) : P_STAR;
    break;
  case '/': p = c1 == '=' ? (n = 2, P_SLASH_EQ) : P_SLASH; break;
  case '%': p = c1 == '=' ? (n = 2, P_PERCENT_EQ) : P_PERCENT; break;
  case '^': p = c1 == '=' ? (n = 2, P_CARET_EQ) : P_CARET; break;
  case '&':
    if (c1 == '&') p = c2 == '=' ? (n = 3, P_AND_EQ) : (n = 2, P_AND);
    else p = c1 == '=' ? (n = 2, P_AMP_EQ) : P_AMP;
    break;
  case '|':
    if (c1 == '|') p = c2 == '=' ? (n = 3, P_OR_EQ) : (n = 2, P_OR);
    else p = c1 == '=' ? (n = 2, P_PIPE_EQ) : P_PIPE;
    break;
  case '?':
    if (c1 == '?') p = c2 == '=' ? (n = 3, P_NULLISH_EQ) : (n = 2, P_NULLISH);
    /* "?." but not "?.5" (a conditional with a number) */
    else if (c1 == '.' && !(c2 >= '0' && c2 <= '9')) p = P_QDOT, n = 2;
    else p = P_QUESTION;
    break;
  default: return P_NONE;
  }
#undef AT
  L->pos += (uint32_t)n;
  return p;
}

acs__token acs__lex_next(acs__lexer *L, bool regex_ok)
{
  L->error = NULL;
  bool nl = skip_trivia(L);
  uint32_t start = L->pos, line = L->line;
  if (L->error) return fail(L, L->error, L->error_pos, line, nl);
  if (L->pos >= L->len) return make(L, TK_EOF, start, line, nl);
  const unsigned char *s = (const unsigned char *)L->src;
  unsigned c = s[L->pos];

  if (is_id_start_ascii((int)c) || c == '\\' || c >= 0x80) {
    bool esc = false;
    if (!scan_ident_rest(L, &esc) || L->pos == start)
      return fail(L, "Invalid character", start, line, nl);
    acs__token t = make(L, TK_IDENT, start, line, nl);
    t.escaped = esc;
    return t;
  }
  if (c >= '0' && c <= '9') return scan_number(L, start, line, nl);
  if (c == '.' && L->pos + 1 < L->len && s[L->pos + 1] >= '0' && s[L->pos + 1] <= '9')
    return scan_number(L, start, line, nl);
  if (c == '"' || c == '\'') return scan_string(L, start, line, nl);
  if (c == '`') {
    L->pos++;
    return scan_template(L, start, line, nl, true);
  }
  if (c == '/' && regex_ok) return scan_regex(L, start, line, nl);
  if (c == '#' && L->pos + 1 < L->len &&
      (is_id_start_ascii(s[L->pos + 1]) || s[L->pos + 1] == '\\' || s[L->pos + 1] >= 0x80)) {
    L->pos++;
    bool esc = false;
    if (!scan_ident_rest(L, &esc)) return fail(L, "Invalid character", start, line, nl);
    return make(L, TK_PRIVATE, start, line, nl);
  }
  acs__p p = scan_punct(L);
  if (p == P_NONE) {
    L->pos++;
    return fail(L, "Invalid character", start, line, nl);
  }
  acs__token t = make(L, TK_PUNCT, start, line, nl);
  t.punct = (uint8_t)p;
  return t;
}

acs__token acs__lex_template_continue(acs__lexer *L, uint32_t rbrace)
{
  L->pos = rbrace + 1;
  return scan_template(L, rbrace, L->line, false, false);
}

acs__token acs__lex_jsx_text(acs__lexer *L, uint32_t from)
{
  L->pos = from;
  uint32_t line = L->line;
  while (L->pos < L->len && L->src[L->pos] != '{' && L->src[L->pos] != '<') {
    if (!skip_line_terminator(L)) L->pos++;
  }
  return make(L, TK_JSX_TEXT, from, line, false);
}
