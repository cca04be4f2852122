/* pyreq.c - PEP 508 requirements and markers (pyreq.h). */
#include "pyreq.h"

#include "pyver.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

void acs__pyname_norm(const char *name, size_t len, char *out, size_t cap)
{
  size_t n = 0;
  bool dash = false;
  /* room for what each character writes (a dash before it, maybe) and the
  ** NUL: a name that fits its buffer keeps its last character */
  for (size_t i = 0; i < len; i++) {
    char c = name[i];
    if (c == '-' || c == '_' || c == '.') {
      dash = true;
      continue;
    }
    if (n + (dash && n ? 2 : 1) >= cap) break;
    if (dash && n) out[n++] = '-';
    dash = false;
    out[n++] = (char)tolower((unsigned char)c);
  }
  if (cap) out[n < cap ? n : cap - 1] = 0;
}

void acs__pyextra_safe(const char *name, size_t len, char *out, size_t cap)
{
  size_t n = 0;
  bool run = false;
  for (size_t i = 0; i < len && n + 1 < cap; i++) {
    char c = name[i];
    if (!isalnum((unsigned char)c) && c != '.' && c != '-') {
      if (!run) out[n++] = '_';
      run = true;
      continue;
    }
    run = false;
    out[n++] = (char)tolower((unsigned char)c);
  }
  if (cap) out[n < cap ? n : cap - 1] = 0;
}

static bool name_char(char c) { return isalnum((unsigned char)c) || c == '-' || c == '_' || c == '.'; }

static const char *skip(const char *p)
{
  while (isspace((unsigned char)*p)) p++;
  return p;
}

bool acs__pyreq_parse(const char *text, acs__pyreq *out, char *why, size_t why_cap)
{
  memset(out, 0, sizeof *out);
  const char *p = skip(text);
  const char *n0 = p;
  while (name_char(*p)) p++;
  size_t nl = (size_t)(p - n0);
  if (!nl || nl >= sizeof out->name || !isalnum((unsigned char)n0[0]) || !isalnum((unsigned char)n0[nl - 1])) {
    snprintf(why, why_cap, "Invalid requirement: '%s'", text);
    return false;
  }
  memcpy(out->name, n0, nl);
  acs__pyname_norm(n0, nl, out->key, sizeof out->key);
  p = skip(p);
  if (*p == '[') {
    p++;
    size_t k = 0;
    for (;;) {
      p = skip(p);
      if (*p == ']') {
        p++;
        break;
      }
      const char *e0 = p;
      while (name_char(*p)) p++;
      if (p == e0) {
        snprintf(why, why_cap, "Invalid requirement: '%s': an extra's name is missing", text);
        return false;
      }
      char en[128];
      acs__pyextra_safe(e0, (size_t)(p - e0), en, sizeof en);
      /* cut short, an extra would name another (or none): refused */
      size_t need = strlen(en) + (k ? 1 : 0);
      if ((size_t)(p - e0) >= sizeof en || k + need >= sizeof out->extras) {
        snprintf(why, why_cap, "Invalid requirement: '%.200s': its extras are longer than the box's pip takes (%zu characters)",
                 text, sizeof out->extras - 1);
        return false;
      }
      k += (size_t)snprintf(out->extras + k, sizeof out->extras - k, "%s%s", k ? "," : "", en);
      p = skip(p);
      if (*p == ',') p++;
      else if (*p != ']') {
        snprintf(why, why_cap, "Invalid requirement: '%s': expected ',' or ']' after the extras", text);
        return false;
      }
    }
    p = skip(p);
  }
  if (*p == '@') {
    snprintf(why, why_cap, "'%s' names a URL: the box's pip installs from its package index only", text);
    return false;
  }
  bool paren = *p == '(';
  if (paren) p++;
  const char *s0 = p;
  while (*p && *p != ';' && (!paren || *p != ')')) p++;
  size_t sl = (size_t)(p - s0);
  size_t k = 0;
  for (size_t i = 0; i < sl; i++)
    if (!isspace((unsigned char)s0[i])) {
      /* cut short, a specifier would allow what it did not */
      if (k + 1 >= sizeof out->spec) {
        snprintf(why, why_cap, "Invalid requirement: '%.200s': its version specifier is longer than the box's pip takes (%zu characters)",
                 text, sizeof out->spec - 1);
        return false;
      }
      out->spec[k++] = s0[i];
    }
  out->spec[k] = 0;
  if (paren) {
    if (*p != ')') {
      snprintf(why, why_cap, "Invalid requirement: '%s': a '(' is not closed", text);
      return false;
    }
    p = skip(p + 1);
  }
  bool bad = false;
  acs__pyspec_match(out->spec, "0", &bad);
  if (bad || (out->spec[0] && !strchr("=!<>~", out->spec[0]))) {
    snprintf(why, why_cap, "Invalid requirement: '%s'", text);
    return false;
  }
  if (*p == ';') {
    p = skip(p + 1);
    if (!*p) {
      snprintf(why, why_cap, "Invalid requirement: '%s': a ';' without a marker", text);
      return false;
    }
    if (strlen(p) >= sizeof out->marker) {
      snprintf(why, why_cap, "Invalid requirement: '%.200s': its marker is longer than the box's pip takes (%zu characters)",
               text, sizeof out->marker - 1);
      return false;
    }
    snprintf(out->marker, sizeof out->marker, "%s", p);
    size_t ml = strlen(out->marker);
    while (ml && isspace((unsigned char)out->marker[ml - 1])) out->marker[--ml] = 0;
    if (acs__pymarker_eval(out->marker, "") < 0) {
      snprintf(why, why_cap, "Invalid requirement: '%s': the marker does not parse", text);
      return false;
    }
  } else if (*p) {
    snprintf(why, why_cap, "Invalid requirement: '%s'", text);
    return false;
  }
  return true;
}

/* ------------------------------------------------------------ markers */

typedef struct mk {
  const char *p;
  const char *extra;
  bool bad;
} mk;

static const struct { const char *name, *value; } env[] = {
    {"os_name", "posix"},
    {"sys_platform", "wasi"},
    {"platform_machine", "wasm32"},
    {"platform_python_implementation", "CPython"},
    {"platform_release", ""},
    {"platform_system", ""},
    {"platform_version", ""},
    {"python_version", ACS__PY_VERSION},
    {"python_full_version", ACS__PY_FULL_VERSION},
    {"implementation_name", "cpython"},
    {"implementation_version", ACS__PY_FULL_VERSION},
    {"os.name", "posix"},
    {"sys.platform", "wasi"},
    {"platform.machine", "wasm32"},
    {"platform.python_implementation", "CPython"},
    {"platform.version", ""},
    {"python_implementation", "CPython"},
};

/* A value: a quoted string or a variable. *is_extra for `extra`. */
static bool value(mk *m, char *out, size_t cap, bool *is_extra, bool *is_ver)
{
  m->p = skip(m->p);
  *is_extra = *is_ver = false;
  char q = *m->p;
  if (q == '\'' || q == '"') {
    const char *e = strchr(m->p + 1, q);
    if (!e || (size_t)(e - m->p - 1) >= cap) return false;
    snprintf(out, cap, "%.*s", (int)(e - m->p - 1), m->p + 1);
    m->p = e + 1;
    return true;
  }
  const char *v0 = m->p;
  while (isalnum((unsigned char)*m->p) || *m->p == '_' || *m->p == '.') m->p++;
  size_t n = (size_t)(m->p - v0);
  if (!n) return false;
  if (n == 5 && !strncmp(v0, "extra", 5)) {
    *is_extra = true;
    snprintf(out, cap, "%s", m->extra ? m->extra : "");
    return true;
  }
  for (size_t i = 0; i < sizeof env / sizeof *env; i++)
    if (strlen(env[i].name) == n && !strncmp(env[i].name, v0, n)) {
      snprintf(out, cap, "%s", env[i].value);
      *is_ver = strstr(env[i].name, "version") != NULL;
      return true;
    }
  return false;
}

static bool op_of(mk *m, char *op)
{
  m->p = skip(m->p);
  static const char *const ops[] = {"===", "~=", "==", "!=", "<=", ">=", "<", ">"};
  for (size_t i = 0; i < 8; i++)
    if (!strncmp(m->p, ops[i], strlen(ops[i]))) {
      strcpy(op, ops[i]);
      m->p += strlen(ops[i]);
      return true;
    }
  if (!strncmp(m->p, "in", 2) && !isalnum((unsigned char)m->p[2])) {
    strcpy(op, "in");
    m->p += 2;
    return true;
  }
  if (!strncmp(m->p, "not", 3) && isspace((unsigned char)m->p[3])) {
    const char *q = skip(m->p + 3);
    if (!strncmp(q, "in", 2) && !isalnum((unsigned char)q[2])) {
      strcpy(op, "nin");
      m->p = q + 2;
      return true;
    }
  }
  return false;
}

static bool expr(mk *m);

static bool atom(mk *m)
{
  m->p = skip(m->p);
  if (*m->p == '(') {
    m->p++;
    bool v = expr(m);
    m->p = skip(m->p);
    if (*m->p != ')') m->bad = true;
    else m->p++;
    return v;
  }
  char l[256], r[256], op[4];
  bool lx, lv, rx, rv;
  if (!value(m, l, sizeof l, &lx, &lv) || !op_of(m, op) || !value(m, r, sizeof r, &rx, &rv)) {
    m->bad = true;
    return false;
  }
  /* an extra compares as written: pip 23 hands markers the extra as
  ** safe_extra made it, and its packaging compares strings */
  if (!strcmp(op, "in")) return strstr(r, l) != NULL;
  if (!strcmp(op, "nin")) return strstr(r, l) == NULL;
  acs__pyver pv;
  char bare[256];
  snprintf(bare, sizeof bare, "%s", lv ? r : l);
  size_t bl = strlen(bare);
  if (bl > 2 && !strcmp(bare + bl - 2, ".*") && (!strcmp(op, "==") || !strcmp(op, "!="))) bare[bl - 2] = 0;
  if (strcmp(op, "===") && (lv || rv) && acs__pyver_parse(bare, &pv)) {
    /* a version variable against a version: PEP 440's comparison, with the
    ** variable as the candidate */
    char spec[300];
    bool bad = false, ok;
    if (lv) {
      snprintf(spec, sizeof spec, "%s%s", op, r);
      ok = acs__pyspec_match(spec, l, &bad);
    } else {
      /* 'X' < python_version reads as python_version > 'X' */
      const char *flip = !strcmp(op, "<") ? ">" : !strcmp(op, ">") ? "<" : !strcmp(op, "<=") ? ">=" : !strcmp(op, ">=") ? "<=" : op;
      snprintf(spec, sizeof spec, "%s%s", flip, l);
      ok = acs__pyspec_match(spec, r, &bad);
    }
    if (!bad) return ok;
  }
  if (!strcmp(op, "==") || !strcmp(op, "===")) return !strcmp(l, r);
  if (!strcmp(op, "!=")) return strcmp(l, r) != 0;
  int c = strcmp(l, r);
  if (!strcmp(op, "<")) return c < 0;
  if (!strcmp(op, "<=")) return c <= 0;
  if (!strcmp(op, ">")) return c > 0;
  if (!strcmp(op, ">=")) return c >= 0;
  return false;
}

static bool keyword(mk *m, const char *w)
{
  const char *q = skip(m->p);
  size_t n = strlen(w);
  if (!strncmp(q, w, n) && (isspace((unsigned char)q[n]) || q[n] == '(' || q[n] == '\'' || q[n] == '"')) {
    m->p = q + n;
    return true;
  }
  return false;
}

static bool and_expr(mk *m)
{
  bool v = atom(m);
  while (!m->bad && keyword(m, "and")) {
    bool w = atom(m);
    v = v && w;
  }
  return v;
}

static bool expr(mk *m)
{
  bool v = and_expr(m);
  while (!m->bad && keyword(m, "or")) {
    bool w = and_expr(m);
    v = v || w;
  }
  return v;
}

int acs__pymarker_eval(const char *marker, const char *extra)
{
  if (!marker || !*skip(marker)) return 1;
  mk m = {.p = marker, .extra = extra};
  bool v = expr(&m);
  if (m.bad || *skip(m.p)) return -1;
  return v;
}
