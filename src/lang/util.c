/* util.c - growing arrays, strings of the source, import records. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *acs__grow(P *p, void *arr, uint32_t *cap, uint32_t n, size_t size)
{
  if (n <= *cap) return arr;
  uint32_t c = *cap ? *cap * 2 : 16;
  while (c < n) c *= 2;
  void *np = realloc(arr, (size_t)c * size);
  if (!np) {
    p->oom = true;
    p->err = true;
    return NULL;
  }
  *cap = c;
  return np;
}

static void put_utf8(char **o, uint32_t cp);
static int hexval(char c);

/* The text of [start, end): for a name written with unicode escapes
** (\u0061bc, \u{61}bc), the name itself ("abc"), as the engine reads it.
** Every name the transform compares or writes goes through here. */
static char *name_decode(const char *src, uint32_t start, uint32_t end)
{
  char *out = malloc((size_t)(end - start) + 1), *o = out;
  if (!out) return NULL;
  for (const char *q = src + start, *e = src + end; q < e;) {
    if (*q == '\\' && q + 1 < e && q[1] == 'u') {
      uint32_t cp = 0;
      q += 2;
      if (q < e && *q == '{') {
        for (q++; q < e && *q != '}' && hexval(*q) >= 0; q++) cp = cp * 16 + (uint32_t)hexval(*q);
        if (q < e && *q == '}') q++;
      } else {
        for (int i = 0; i < 4 && q < e && hexval(*q) >= 0; i++, q++) cp = cp * 16 + (uint32_t)hexval(*q);
      }
      put_utf8(&o, cp > 0x10FFFF ? 0xFFFD : cp);
    } else {
      *o++ = *q++;
    }
  }
  *o = 0;
  return out;
}

char *acs__p_strndup(P *p, uint32_t start, uint32_t end)
{
  char *s;
  if (memchr(p->src + start, '\\', end - start)) {
    s = name_decode(p->src, start, end);
  } else if ((s = malloc(end - start + 1))) {
    memcpy(s, p->src + start, end - start);
    s[end - start] = 0;
  }
  if (!s) p->oom = p->err = true;
  return s;
}

bool acs__name_eq(P *p, uint32_t s1, uint32_t e1, uint32_t s2, uint32_t e2)
{
  bool esc = memchr(p->src + s1, '\\', e1 - s1) || memchr(p->src + s2, '\\', e2 - s2);
  if (!esc) return e1 - s1 == e2 - s2 && memcmp(p->src + s1, p->src + s2, e1 - s1) == 0;
  char *a = name_decode(p->src, s1, e1), *b = name_decode(p->src, s2, e2);
  bool eq = a && b && strcmp(a, b) == 0;
  free(a);
  free(b);
  return eq;
}

uint32_t acs__name_hash(P *p, uint32_t start, uint32_t end)
{
  char *d = memchr(p->src + start, '\\', end - start) ? name_decode(p->src, start, end) : NULL;
  const char *s = d ? d : p->src + start;
  uint32_t n = d ? (uint32_t)strlen(d) : end - start;
  uint32_t h = 2166136261u;
  for (uint32_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  free(d);
  return h;
}

static void put_utf8(char **o, uint32_t cp)
{
  char *q = *o;
  if (cp < 0x80) *q++ = (char)cp;
  else if (cp < 0x800) *q++ = (char)(0xC0 | (cp >> 6)), *q++ = (char)(0x80 | (cp & 0x3F));
  else if (cp < 0x10000)
    *q++ = (char)(0xE0 | (cp >> 12)), *q++ = (char)(0x80 | ((cp >> 6) & 0x3F)),
    *q++ = (char)(0x80 | (cp & 0x3F));
  else
    *q++ = (char)(0xF0 | (cp >> 18)), *q++ = (char)(0x80 | ((cp >> 12) & 0x3F)),
    *q++ = (char)(0x80 | ((cp >> 6) & 0x3F)), *q++ = (char)(0x80 | (cp & 0x3F));
  *o = q;
}

static int hexval(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* The value of a string literal token (quotes removed, escapes decoded).
** Specifiers are what this is for, so lone surrogates are kept as CESU. */
char *acs__p_string_value(P *p, const acs__token *t)
{
  const char *s = p->src + t->start + 1, *e = p->src + t->end - 1;
  char *out = malloc((size_t)(e - s) * 2 + 8);
  if (!out) {
    p->oom = p->err = true;
    return NULL;
  }
  char *o = out;
  while (s < e) {
    if (*s != '\\') {
      *o++ = *s++;
      continue;
    }
    s++;
    if (s >= e) break;
    char c = *s++;
    switch (c) {
    case 'n': *o++ = '\n'; break;
    case 't': *o++ = '\t'; break;
    case 'r': *o++ = '\r'; break;
    case 'b': *o++ = '\b'; break;
    case 'f': *o++ = '\f'; break;
    case 'v': *o++ = '\v'; break;
    case '0': *o++ = '\0'; break;
    case '\r': if (s < e && *s == '\n') s++; break;
    case '\n': break;
    case 'x':
      if (e - s >= 2 && hexval(s[0]) >= 0 && hexval(s[1]) >= 0) {
        put_utf8(&o, (uint32_t)(hexval(s[0]) * 16 + hexval(s[1])));
        s += 2;
      }
      break;
    case 'u': {
      uint32_t cp = 0;
      if (s < e && *s == '{') {
        s++;
        while (s < e && *s != '}') cp = cp * 16 + (uint32_t)(hexval(*s++) & 0xF);
        if (s < e) s++;
      } else {
        for (int i = 0; i < 4 && s < e; i++) cp = cp * 16 + (uint32_t)(hexval(*s++) & 0xF);
      }
      put_utf8(&o, cp);
      break;
    }
    default: *o++ = c;
    }
  }
  *o = 0;
  return out;
}

void acs__add_import(P *p, acs__import_kind kind, const acs__token *t)
{
  acs__import im = {0};
  im.kind = kind;
  /* The line is the token's; its start is found by looking back. */
  uint32_t ls = t->start;
  while (ls > 0 && p->src[ls - 1] != '\n' && p->src[ls - 1] != '\r') ls--;
  im.line = t->line;
  im.column = acs__lex_column(p->src, ls, t->start);
  if (kind != ACS__IMP_DYNAMIC_COMPUTED && kind != ACS__IMP_REQUIRE_COMPUTED)
    im.specifier = acs__p_string_value(p, t);
  PUSH(p, imports, nimports, capimports, im);
}

void acs__p_error(P *p, uint32_t pos, const char *fmt, ...)
{
  if (p->err) return;
  p->err = true;
  /* while speculating the message is kept too: a failed arrow function
  ** that turns out to be real reports it without parsing again */
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->errmsg, sizeof p->errmsg, fmt, ap);
  va_end(ap);
  p->err_pos = pos;
}

/* A prefix for our own names that the source never contains: "_$", or
** "_$$" when the source has "_$", and so on. */
char *acs__choose_prefix(P *p)
{
  /* the longest run of '$' after a '_' in the source, by memchr (fast on
  ** large files): the prefix is "_" and one '$' more */
  size_t longest = 0;
  const char *s = p->src, *end = p->src + p->len;
  while ((s = memchr(s, '_', (size_t)(end - s)))) {
    const char *d = ++s;
    while (d < end && *d == '$') d++;
    if ((size_t)(d - s) > longest) longest = (size_t)(d - s);
    s = d;
  }
  char buf[32] = "_$";
  for (size_t n = 2; n < 30 && n <= longest + 1; n++) {
    buf[n] = '$';
    buf[n + 1] = 0;
  }
  return strdup(buf);
}

uint32_t acs__bytes_hash(const char *s, size_t n)
{
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

static void ni_put(struct ni_slot *slot, uint32_t cap, uint32_t hash, int32_t entry)
{
  uint32_t h = hash & (cap - 1);
  while (slot[h].entry >= 0) h = (h + 1) & (cap - 1);
  slot[h].hash = hash;
  slot[h].entry = entry;
}

bool acs__ni_add(P *p, name_index *t, uint32_t hash, int32_t entry)
{
  if ((t->n + 1) * 2 > t->cap) {
    uint32_t cap = t->cap ? t->cap * 2 : 64;
    struct ni_slot *s = malloc(sizeof *s * cap);
    if (!s) {
      p->oom = p->err = true;
      return false;
    }
    for (uint32_t i = 0; i < cap; i++) s[i].entry = -1;
    for (uint32_t i = 0; i < t->cap; i++)
      if (t->slot[i].entry >= 0) ni_put(s, cap, t->slot[i].hash, t->slot[i].entry);
    free(t->slot);
    t->slot = s;
    t->cap = cap;
  }
  ni_put(t->slot, t->cap, hash, entry);
  t->n++;
  return true;
}

int32_t acs__ni_next(const name_index *t, uint32_t hash, uint32_t *probe)
{
  if (!t->cap) return -1;
  uint32_t h = *probe == UINT32_MAX ? hash & (t->cap - 1) : (*probe + 1) & (t->cap - 1);
  for (; t->slot[h].entry >= 0; h = (h + 1) & (t->cap - 1))
    if (t->slot[h].hash == hash) {
      *probe = h;
      return t->slot[h].entry;
    }
  *probe = h;
  return -1;
}

void acs__ni_free(name_index *t)
{
  free(t->slot);
  *t = (name_index){0};
}
