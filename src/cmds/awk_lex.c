/* awk_lex.c - the program's text to a token array. A slash starts a
** regex unless the token before it ends an operand (then it divides), as
** in every awk; a name directly followed by "(" calls a function. */
#include "awk.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const char *const awk_builtin_names[B_COUNT] = {
    "length", "substr", "index", "split", "sub", "gsub", "gensub", "match", "sprintf",
    "tolower", "toupper", "int", "sqrt", "exp", "log", "sin", "cos", "atan2", "rand",
    "srand", "system", "close", "fflush", "strftime", "systime", "mktime", "asort",
    "asorti", "compl", "and", "or", "xor", "lshift", "rshift", "strtonum", "isarray",
    "typeof"};

static const struct {
  const char *w;
  int t;
} keywords[] = {
    {"BEGIN", T_BEGIN}, {"END", T_END}, {"BEGINFILE", T_BEGINFILE}, {"ENDFILE", T_ENDFILE},
    {"function", T_FUNCTION}, {"func", T_FUNCTION}, {"if", T_IF}, {"else", T_ELSE},
    {"while", T_WHILE}, {"for", T_FOR}, {"do", T_DO}, {"break", T_BREAK},
    {"continue", T_CONTINUE}, {"next", T_NEXT}, {"nextfile", T_NEXTFILE}, {"exit", T_EXIT},
    {"return", T_RETURN}, {"delete", T_DELETE}, {"getline", T_GETLINE}, {"print", T_PRINT},
    {"printf", T_PRINTF}, {"in", T_IN}};

typedef struct lx {
  awk *A;
  const char *s;
  size_t n, i;
  int line;
} lx;

static void push(awk *A, token t)
{
  if (A->ntok % 256 == 0) {
    token *nt = realloc(A->toks, (A->ntok + 257) * sizeof *nt);
    if (!nt) awk_fatal(A, "out of memory");
    A->toks = nt;
  }
  A->toks[A->ntok++] = t;
}

static bool operand_end(awk *A)
{
  if (!A->ntok) return false;
  switch (A->toks[A->ntok - 1].t) {
  case T_NAME: case T_NUMBER: case T_STRING: case T_ERE: case T_RPAREN: case T_RBRACKET:
  case T_DOLLAR: case T_INCR: case T_DECR: case T_BUILTIN: return true;
  default: return false;
  }
}

/* the escapes of strings (and, with re, what a regex keeps for regcomp) */
static size_t unescape(lx *L, size_t i, char *out, size_t *on)
{
  const char *s = L->s;
  char c = s[i];
  switch (c) {
  case 'n': out[(*on)++] = '\n'; return i + 1;
  case 't': out[(*on)++] = '\t'; return i + 1;
  case 'r': out[(*on)++] = '\r'; return i + 1;
  case 'a': out[(*on)++] = '\a'; return i + 1;
  case 'b': out[(*on)++] = '\b'; return i + 1;
  case 'f': out[(*on)++] = '\f'; return i + 1;
  case 'v': out[(*on)++] = '\v'; return i + 1;
  case '\\': out[(*on)++] = '\\'; return i + 1;
  case '"': out[(*on)++] = '"'; return i + 1;
  case 'x': {
    int v = 0, k = 0;
    size_t j = i + 1;
    while (k < 2 && j < L->n && isxdigit((unsigned char)s[j])) {
      v = v * 16 + (isdigit((unsigned char)s[j]) ? s[j] - '0' : (tolower((unsigned char)s[j]) - 'a' + 10));
      j++, k++;
    }
    if (!k) {
      out[(*on)++] = 'x';
      return i + 1;
    }
    out[(*on)++] = (char)v;
    return j;
  }
  default:
    if (c >= '0' && c <= '7') {
      int v = 0, k = 0;
      size_t j = i;
      while (k < 3 && j < L->n && s[j] >= '0' && s[j] <= '7') v = v * 8 + (s[j++] - '0'), k++;
      out[(*on)++] = (char)v;
      return j;
    }
    if (c == '\n') { /* a continued line inside a string */
      L->line++;
      return i + 1;
    }
    L->A->lint_line = L->line;
    awk_warn(L->A, "escape sequence `\\%c' treated as plain `%c'", c, c);
    out[(*on)++] = c;
    return i + 1;
  }
}

_Noreturn static void lex_error(lx *L, size_t pos, const char *msg)
{
  token t = {.t = T_EOF, .line = L->line, .pos = pos};
  L->A->lint_line = L->line;
  awk_syntax(L->A, &t, msg);
}

int awk_lex(awk *A)
{
  lx L = {A, A->src, A->srclen, 0, 1};
  const char *s = L.s;
  while (L.i < L.n) {
    size_t st = L.i;
    char c = s[L.i];
    bool sp = st > 0 && (s[st - 1] == ' ' || s[st - 1] == '\t');
    token t = {.line = L.line, .pos = st, .space_before = sp};
    if (c == ' ' || c == '\t' || c == '\r') {
      L.i++;
      continue;
    }
    if (c == '\\' && L.i + 1 < L.n && s[L.i + 1] == '\n') {
      L.i += 2;
      L.line++;
      continue;
    }
    if (c == '\\' && L.i + 2 < L.n && s[L.i + 1] == '\r' && s[L.i + 2] == '\n') {
      L.i += 3;
      L.line++;
      continue;
    }
    if (c == '#') {
      while (L.i < L.n && s[L.i] != '\n') L.i++;
      continue;
    }
    if (c == '\n') {
      t.t = T_NEWLINE;
      push(A, t);
      L.i++;
      L.line++;
      continue;
    }
    if (c == '"') {
      char *buf = malloc(L.n - L.i + 1);
      size_t bn = 0, i = L.i + 1;
      if (!buf) awk_fatal(A, "out of memory");
      for (;;) {
        if (i >= L.n || s[i] == '\n') {
          free(buf);
          lex_error(&L, st, "unterminated string");
        }
        if (s[i] == '"') break;
        if (s[i] == '\\' && i + 1 < L.n) i = unescape(&L, i + 1, buf, &bn);
        else buf[bn++] = s[i++];
      }
      t.t = T_STRING;
      t.str = astr_new(A, buf, bn);
      free(buf);
      L.i = i + 1;
      push(A, t);
      continue;
    }
    if (c == '/' && !operand_end(A)) {
      size_t i = L.i + 1;
      bool br = false;
      for (;;) {
        if (i >= L.n || s[i] == '\n') lex_error(&L, st + 1, "unterminated regexp");
        if (s[i] == '\\' && i + 1 < L.n) {
          i += 2;
          continue;
        }
        if (br) {
          if (s[i] == ']' && !(s[i - 1] == '[' || (s[i - 1] == '^' && s[i - 2] == '['))) br = false;
        } else if (s[i] == '[') {
          br = true;
        } else if (s[i] == '/') {
          break;
        }
        i++;
      }
      t.t = T_ERE;
      t.str = astr_new(A, s + L.i + 1, i - L.i - 1);
      L.i = i + 1;
      push(A, t);
      continue;
    }
    if (isdigit((unsigned char)c) || (c == '.' && L.i + 1 < L.n && isdigit((unsigned char)s[L.i + 1]))) {
      size_t i = L.i;
      if (c == '0' && i + 2 < L.n && (s[i + 1] == 'x' || s[i + 1] == 'X') && isxdigit((unsigned char)s[i + 2])) {
        double v = 0;
        for (i += 2; i < L.n && isxdigit((unsigned char)s[i]); i++)
          v = v * 16 + (isdigit((unsigned char)s[i]) ? s[i] - '0' : tolower((unsigned char)s[i]) - 'a' + 10);
        t.num = v;
      } else {
        const char *end;
        t.num = awk_strtod(s + i, &end);
        size_t e = (size_t)(end - s);
        /* gawk reads 011 as octal when every digit is one */
        if (c == '0' && e > i + 1) {
          bool oct = true;
          for (size_t k = i + 1; k < e; k++)
            if (s[k] < '0' || s[k] > '7') oct = false;
          if (oct) {
            double v = 0;
            for (size_t k = i + 1; k < e; k++) v = v * 8 + (s[k] - '0');
            t.num = v;
          }
        }
        i = e;
      }
      t.t = T_NUMBER;
      L.i = i;
      push(A, t);
      continue;
    }
    if (isalpha((unsigned char)c) || c == '_') {
      size_t i = L.i;
      while (i < L.n && (isalnum((unsigned char)s[i]) || s[i] == '_')) i++;
      size_t len = i - L.i;
      t.t = T_NAME;
      for (size_t k = 0; k < sizeof keywords / sizeof *keywords; k++)
        if (strlen(keywords[k].w) == len && !memcmp(keywords[k].w, s + L.i, len)) t.t = keywords[k].t;
      if (t.t == T_NAME)
        for (int k = 0; k < B_COUNT; k++)
          if (strlen(awk_builtin_names[k]) == len && !memcmp(awk_builtin_names[k], s + L.i, len)) {
            t.t = T_BUILTIN;
            t.sub = k;
          }
      if (t.t == T_NAME && i < L.n && s[i] == '(') t.t = T_FUNC_NAME;
      t.str = astr_new(A, s + L.i, len);
      L.i = i;
      push(A, t);
      continue;
    }
    /* operators, longest first */
    static const struct {
      const char *op;
      int t;
    } ops[] = {
        {"**=", T_POW_ASSIGN}, {"&&", T_AND}, {"||", T_OR}, {"==", T_EQ}, {"!=", T_NE},
        {"<=", T_LE}, {">=", T_GE}, {">>", T_APPEND}, {"++", T_INCR}, {"--", T_DECR},
        {"+=", T_ADD_ASSIGN}, {"-=", T_SUB_ASSIGN}, {"*=", T_MUL_ASSIGN}, {"/=", T_DIV_ASSIGN},
        {"%=", T_MOD_ASSIGN}, {"^=", T_POW_ASSIGN}, {"**", T_POW}, {"!~", T_NOMATCH},
        {"|&", T_PIPEAMP}, {"{", T_LBRACE}, {"}", T_RBRACE}, {"(", T_LPAREN}, {")", T_RPAREN},
        {"[", T_LBRACKET}, {"]", T_RBRACKET}, {";", T_SEMI}, {",", T_COMMA}, {"+", T_PLUS},
        {"-", T_MINUS}, {"*", T_STAR}, {"/", T_SLASH}, {"%", T_PERCENT}, {"^", T_POW},
        {"!", T_NOT}, {">", T_GT}, {"<", T_LT}, {"|", T_PIPE}, {"?", T_QUESTION},
        {":", T_COLON}, {"~", T_TILDE}, {"$", T_DOLLAR}, {"=", T_ASSIGN}};
    bool found = false;
    for (size_t k = 0; k < sizeof ops / sizeof *ops; k++) {
      size_t len = strlen(ops[k].op);
      if (L.i + len <= L.n && !memcmp(s + L.i, ops[k].op, len)) {
        t.t = ops[k].t;
        L.i += len;
        found = true;
        break;
      }
    }
    if (!found) {
      /* gawk takes the character as a token it cannot use: the error
      ** falls on what follows */
      size_t j = st + 1;
      while (j < L.n && (s[j] == ' ' || s[j] == '\t')) j++;
      lex_error(&L, j, "syntax error");
    }
    push(A, t);
  }
  token e = {.t = T_EOF, .line = L.line, .pos = L.n};
  push(A, e);
  return 0;
}
