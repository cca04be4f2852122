/* jsx.c - JSX to React.createElement calls (the classic runtime), edited in
** place: tags, attributes and children become the call's arguments while
** the expressions inside stay where they were, and every line break of the
** element stays on its line. The factory can be changed per file with the
** @jsx and @jsxFrag pragmas. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool jsx_ident_char(unsigned char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '-' || c >= 0x80;
}

static void skip_ws(P *p, uint32_t *i)
{
  while (*i < p->len) {
    char c = p->src[*i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') (*i)++;
    else if (c == '/' && *i + 1 < p->len && p->src[*i + 1] == '*') {
      const char *e = strstr(p->src + *i + 2, "*/");
      *i = e ? (uint32_t)(e - p->src) + 2 : p->len;
    } else if (c == '/' && *i + 1 < p->len && p->src[*i + 1] == '/') {
      while (*i < p->len && p->src[*i] != '\n') (*i)++;
    } else break;
  }
}

/* Re-synchronise the lexer to a byte position (line counted from the
** last known point). */
static void lex_to(P *p, uint32_t pos)
{
  uint32_t line = p->L.line, ls = p->L.line_start;
  uint32_t from = p->L.pos <= pos ? p->L.pos : 0;
  if (from == 0) line = 1, ls = 0;
  for (uint32_t i = from; i < pos; i++) {
    char c = p->src[i];
    if (c == '\n' || (c == '\r' && !(i + 1 < p->len && p->src[i + 1] == '\n'))) line++, ls = i + 1;
  }
  acs__lex_reset(&p->L, pos, line, ls);
}

static void next_at(P *p, uint32_t pos)
{
  lex_to(p, pos);
  p->prev_end = pos;
  p->tok = acs__lex_next(&p->L, false);
}

/* The name at i (a.b.c, ns:name, or an identifier with dashes). */
static uint32_t scan_name(P *p, uint32_t i)
{
  while (i < p->len && (jsx_ident_char((unsigned char)p->src[i]) || p->src[i] == '.' || p->src[i] == ':')) i++;
  return i;
}

/* Generated code names the factory as "\x04" + its member path: the
** finisher puts the root back, as a read of the import when the file
** imports it (import React from "react"), so that it resolves as the
** user's own reference would. */
static const char *factory(P *p)
{
  p->jsx_used = true;
  return "\x04" "f";
}
static const char *fragment(P *p)
{
  p->jsx_used = true;
  return "\x04" "g";
}

/* Decode the entities JSX text and attribute strings may hold, and write
** the result as a JS string literal body (escapes added). */
static void put_js_string(char **o, const char *s, size_t n)
{
  static const struct { const char *name; const char *utf8; } ents[] = {
      {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}, {"nbsp", "\xc2\xa0"},
      {"copy", "\xc2\xa9"}, {"reg", "\xc2\xae"}, {"hellip", "\xe2\x80\xa6"}, {"mdash", "\xe2\x80\x94"},
      {"ndash", "\xe2\x80\x93"}, {"times", "\xc3\x97"}, {"middot", "\xc2\xb7"}, {"bull", "\xe2\x80\xa2"}};
  char *q = *o;
  *q++ = '"';
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '&') {
      const char *semi = memchr(s + i, ';', n - i < 12 ? n - i : 12);
      if (semi) {
        size_t len = (size_t)(semi - (s + i)) - 1;
        const char *name = s + i + 1;
        bool done = false;
        if (len > 1 && name[0] == '#') {
          unsigned long cp = name[1] == 'x' ? strtoul(name + 2, NULL, 16) : strtoul(name + 1, NULL, 10);
          if (cp && cp < 0x110000) {
            q += sprintf(q, cp < 0x10000 ? "\\u%04lx" : "\\u{%lx}", cp);
            done = true;
          }
        } else {
          for (size_t k = 0; k < sizeof ents / sizeof *ents; k++)
            if (strlen(ents[k].name) == len && !memcmp(ents[k].name, name, len)) {
              for (const char *u = ents[k].utf8; *u; u++) {
                if (*u == '"') *q++ = '\\';
                *q++ = *u;
              }
              done = true;
              break;
            }
        }
        if (done) {
          i = (size_t)(semi - s);
          continue;
        }
      }
    }
    if (c == '"' || c == '\\') *q++ = '\\', *q++ = c;
    else if (c == '\n') *q++ = '\\', *q++ = 'n';
    else if (c == '\r') continue;
    else *q++ = c;
  }
  *q++ = '"';
  *o = q;
}

/* JSX text as React sees it: lines trimmed, blank lines dropped, the rest
** joined by single spaces. Returns the literal (or NULL when nothing is
** left) followed by the text's line breaks, so that lines stay put. */
static char *text_child(P *p, uint32_t s, uint32_t e)
{
  size_t cap = (e - s) * 7 + 16;
  char *buf = malloc(cap), *joined = malloc(e - s + 1);
  if (!buf || !joined) {
    free(buf);
    free(joined);
    return NULL;
  }
  size_t jl = 0;
  int newlines = 0;
  uint32_t i = s;
  bool first_line = true;
  while (i <= e) {
    uint32_t ls = i;
    while (i < e && p->src[i] != '\n') i++;
    uint32_t le = i;
    bool last_line = i >= e;
    uint32_t a = ls, b = le;
    if (!first_line) while (a < b && (p->src[a] == ' ' || p->src[a] == '\t' || p->src[a] == '\r')) a++;
    if (!last_line) while (b > a && (p->src[b - 1] == ' ' || p->src[b - 1] == '\t' || p->src[b - 1] == '\r')) b--;
    if (b > a) {
      if (jl) joined[jl++] = ' ';
      memcpy(joined + jl, p->src + a, b - a);
      jl += b - a;
    }
    if (!last_line) newlines++;
    first_line = false;
    i++;
  }
  char *o = buf;
  if (jl) {
    *o++ = ',';
    *o++ = ' ';
    put_js_string(&o, joined, jl);
  }
  for (int k = 0; k < newlines; k++) *o++ = '\n';
  *o = 0;
  free(joined);
  return buf;
}

static void parse_element(P *p);

/* Children up to the closing tag; `pos` is just after the opening ">". */
static void parse_children(P *p, uint32_t pos, const char *name, uint32_t name_len)
{
  for (;;) {
    if (p->err) return;
    uint32_t i = pos;
    while (i < p->len && p->src[i] != '<' && p->src[i] != '{') i++;
    if (i > pos) {
      char *t = text_child(p, pos, i);
      if (!t) {
        p->oom = p->err = true;
        return;
      }
      acs__edit_replace(p, pos, i, t);
      free(t);
    }
    if (i >= p->len) {
      acs__p_error(p, i, "Unterminated JSX contents");
      return;
    }
    if (p->src[i] == '{') {
      /* an expression child, an empty one, or a spread */
      uint32_t j = i + 1;
      skip_ws(p, &j);
      if (j < p->len && p->src[j] == '}') {
        acs__edit_blank(p, i, j + 1);
        pos = j + 1;
        continue;
      }
      acs__edit_replace(p, i, i + 1, ", ");
      next_at(p, i + 1);
      if (acs__p_eat(p, P_ELLIPSIS)) acs__edit_blank(p, p->prev_end - 3, p->prev_end);
      acs__parse_assign(p);
      if (p->err) return;
      if (!acs__p_punct(p, P_RBRACE)) {
        acs__p_error(p, p->tok.start, "Expected '}' to end a JSX expression");
        return;
      }
      acs__edit_replace(p, p->tok.start, p->tok.end, "");
      pos = p->tok.end;
      continue;
    }
    /* "<": a closing tag or a child element */
    uint32_t j = i + 1;
    skip_ws(p, &j);
    if (j < p->len && p->src[j] == '/') {
      j++;
      skip_ws(p, &j);
      uint32_t ne = scan_name(p, j);
      if (ne - j != name_len || memcmp(p->src + j, name, name_len) != 0) {
        acs__p_error(p, j, "Expected corresponding JSX closing tag for '%.*s'", (int)name_len, name);
        return;
      }
      skip_ws(p, &ne);
      if (ne >= p->len || p->src[ne] != '>') {
        acs__p_error(p, ne, "Expected '>'");
        return;
      }
      acs__edit_replace(p, i, ne + 1, ")");
      next_at(p, ne + 1);
      return;
    }
    acs__edit_insert(p, i, ", ");
    next_at(p, i);
    parse_element(p);
    if (p->err) return;
    pos = p->prev_end;
  }
}

/* An element or fragment; the current token is "<". Leaves the token
** after it current. */
static void parse_element(P *p)
{
  uint32_t lt = p->tok.start;
  uint32_t i = lt + 1;
  skip_ws(p, &i);
  if (i < p->len && p->src[i] == '>') {
    /* fragment */
    char head[256];
    snprintf(head, sizeof head, "%s(%s, null", factory(p), fragment(p));
    acs__edit_replace(p, lt, i + 1, head);
    parse_children(p, i + 1, "", 0);
    return;
  }
  uint32_t ns = i, ne = scan_name(p, i);
  if (ne == ns) {
    acs__p_error(p, i, "Expected a JSX tag name");
    return;
  }
  /* a lower-case or dashed name is an intrinsic element: a string */
  bool intrinsic = false;
  if ((p->src[ns] >= 'a' && p->src[ns] <= 'z') || memchr(p->src + ns, '-', ne - ns) ||
      memchr(p->src + ns, ':', ne - ns))
    intrinsic = !memchr(p->src + ns, '.', ne - ns);
  size_t hl = strlen(factory(p)) + (ne - ns) + 8;
  char *head = malloc(hl);
  if (!head) {
    p->oom = p->err = true;
    return;
  }
  if (intrinsic) snprintf(head, hl, "%s(\"%.*s\"", factory(p), (int)(ne - ns), p->src + ns);
  else snprintf(head, hl, "%s(", factory(p));
  acs__edit_replace(p, lt, intrinsic ? ne : ns, head);
  free(head);
  if (!intrinsic) {
    /* a component: its first name is a reference */
    uint32_t fe = ns;
    while (fe < ne && p->src[fe] != '.') fe++;
    acs__reference(p, ns, fe, 0);
    if (p->src[ns] == 't' && fe - ns == 4 && !memcmp(p->src + ns, "this", 4)) p->nrefs--;
  }
  /* attributes, after the type arguments of a component in .tsx
  ** (<List<number> items={[1]} />), which go */
  uint32_t a = ne;
  if (p->ts && !intrinsic) {
    uint32_t k = ne;
    skip_ws(p, &k);
    if (k < p->len && p->src[k] == '<') {
      next_at(p, k);
      acs__ts_type_args(p);
      if (p->err) return;
      acs__edit_blank(p, k, p->prev_end);
      a = p->prev_end;
    }
  }
  bool any = false;
  for (;;) {
    skip_ws(p, &a);
    if (a >= p->len) {
      acs__p_error(p, a, "Unterminated JSX element");
      return;
    }
    char c = p->src[a];
    if (c == '/' || c == '>') break;
    acs__edit_insert(p, a, any ? ", " : ", {");
    any = true;
    if (c == '{') {
      /* {...spread} */
      next_at(p, a + 1);
      if (!acs__p_punct(p, P_ELLIPSIS)) {
        acs__p_error(p, p->tok.start, "Expected '...' in a JSX spread attribute");
        return;
      }
      acs__edit_blank(p, a, a + 1);
      acs__p_next(p);
      acs__parse_assign(p);
      if (p->err) return;
      if (!acs__p_punct(p, P_RBRACE)) {
        acs__p_error(p, p->tok.start, "Expected '}'");
        return;
      }
      acs__edit_replace(p, p->tok.start, p->tok.end, "");
      a = p->tok.end;
      /* "...x" needs its dots back: the blank above removed only "{" */
      continue;
    }
    uint32_t an = a, ae = scan_name(p, a);
    if (ae == an) {
      acs__p_error(p, a, "Unexpected character in a JSX tag");
      return;
    }
    bool quote = memchr(p->src + an, '-', ae - an) || memchr(p->src + an, ':', ae - an);
    if (quote) {
      char q[256];
      snprintf(q, sizeof q, "\"%.*s\"", (int)(ae - an), p->src + an);
      acs__edit_replace(p, an, ae, q);
    }
    uint32_t v = ae;
    skip_ws(p, &v);
    if (v < p->len && p->src[v] == '=') {
      uint32_t w = v + 1;
      skip_ws(p, &w);
      if (w < p->len && (p->src[w] == '"' || p->src[w] == '\'')) {
        const char *end = memchr(p->src + w + 1, p->src[w], p->len - w - 1);
        if (!end) {
          acs__p_error(p, w, "Unterminated string constant");
          return;
        }
        uint32_t se = (uint32_t)(end - p->src) + 1;
        char *lit = malloc((se - w) * 7 + 8), *o = lit;
        if (!lit) {
          p->oom = p->err = true;
          return;
        }
        *o++ = ':';
        *o++ = ' ';
        put_js_string(&o, p->src + w + 1, se - w - 2);
        *o = 0;
        acs__edit_replace(p, v, se, lit);
        free(lit);
        a = se;
      } else if (w < p->len && p->src[w] == '{') {
        acs__edit_replace(p, v, w + 1, ": ");
        next_at(p, w + 1);
        acs__parse_assign(p);
        if (p->err) return;
        if (!acs__p_punct(p, P_RBRACE)) {
          acs__p_error(p, p->tok.start, "Expected '}'");
          return;
        }
        acs__edit_replace(p, p->tok.start, p->tok.end, "");
        a = p->tok.end;
      } else if (w < p->len && p->src[w] == '<') {
        acs__edit_replace(p, v, v + 1, ": ");
        next_at(p, w);
        parse_element(p);
        a = p->prev_end;
      } else {
        acs__p_error(p, w, "JSX value should be either an expression or a quoted JSX text");
        return;
      }
    } else {
      acs__edit_insert(p, ae, ": true");
      a = ae;
    }
  }
  if (any) acs__edit_insert(p, a, "}");
  else acs__edit_insert(p, a, ", null");
  if (p->src[a] == '/') {
    uint32_t g = a + 1;
    skip_ws(p, &g);
    if (g >= p->len || p->src[g] != '>') {
      acs__p_error(p, g, "Expected '>'");
      return;
    }
    acs__edit_replace(p, a, g + 1, ")");
    next_at(p, g + 1);
    return;
  }
  acs__edit_blank(p, a, a + 1);
  parse_children(p, a + 1, p->src + ns, ne - ns);
}

void acs__jsx_element(P *p) { parse_element(p); }

/* @jsx / @jsxFrag pragmas in the leading comments. */
void acs__jsx_pragmas(P *p)
{
  const char *s = p->src, *end = p->src + p->len;
  const char *at = s;
  while ((at = memmem(at, (size_t)(end - at), "@jsx", 4)) != NULL) {
    const char *q = at + 4;
    bool frag = (size_t)(end - q) >= 4 && !memcmp(q, "Frag", 4);
    if (frag) q += 4;
    if (q < end && (*q == ' ' || *q == '\t')) {
      while (q < end && (*q == ' ' || *q == '\t')) q++;
      const char *e = q;
      while (e < end && (jsx_ident_char((unsigned char)*e) || *e == '.')) e++;
      if (e > q) {
        char *name = acs__p_strndup(p, (uint32_t)(q - s), (uint32_t)(e - s));
        if (frag) {
          free(p->jsx_fragment);
          p->jsx_fragment = name;
        } else {
          free(p->jsx_factory);
          p->jsx_factory = name;
        }
      }
    }
    at += 4;
  }
}
