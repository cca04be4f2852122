/* make_expand.c - make's memory, variables, words and patterns, and the
** expansion of $(...) with GNU make 4.3's functions. */
#include "make.h"
#include "../sys/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ------------------------------------------------------------ memory */

typedef struct block {
  struct block *next;
  size_t used, cap;
  _Alignas(16) unsigned char data[];
} block;

static block *blocks;

void *mk_alloc(size_t n)
{
  n = (n + 15) & ~(size_t)15;
  if (!blocks || blocks->cap - blocks->used < n) {
    size_t cap = n > 65536 ? n : 65536;
    block *b = malloc(sizeof *b + cap);
    if (!b) {
      acs_sys_write_all(2, "make: out of memory\n", 20);
      _exit(2);
    }
    b->next = blocks;
    b->used = 0;
    b->cap = cap;
    blocks = b;
  }
  void *p = blocks->data + blocks->used;
  blocks->used += n;
  memset(p, 0, n);
  return p;
}

char *mk_strndup(const char *s, size_t n)
{
  char *d = mk_alloc(n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

char *mk_strdup(const char *s) { return mk_strndup(s, strlen(s)); }

void mk_free_all(void)
{
  while (blocks) {
    block *n = blocks->next;
    free(blocks);
    blocks = n;
  }
}

void mk_sb_add(mk_sb *b, const char *s, size_t n)
{
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + n + 1) cap *= 2;
    char *p = realloc(b->s, cap);
    if (!p) {
      acs_sys_write_all(2, "make: out of memory\n", 20);
      _exit(2);
    }
    b->s = p;
    b->cap = cap;
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}

void mk_sb_adds(mk_sb *b, const char *s) { mk_sb_add(b, s, strlen(s)); }
void mk_sb_addc(mk_sb *b, char c) { mk_sb_add(b, &c, 1); }

char *mk_sb_take(mk_sb *b)
{
  char *r = mk_strndup(b->s ? b->s : "", b->len);
  b->len = 0;
  if (b->s) b->s[0] = 0;
  return r;
}

void mk_sb_free(mk_sb *b)
{
  free(b->s);
  b->s = NULL;
  b->len = b->cap = 0;
}

/* ------------------------------------------------------------ messages */

int mk_fatal(mk_state *m, const char *fmt, ...)
{
  char msg[2048], line[2300];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  cmd_flush(m->c);
  int n;
  if (m->cur_file) n = snprintf(line, sizeof line, "%s:%d: *** %s.  Stop.\n", m->cur_file, m->cur_line, msg);
  else n = snprintf(line, sizeof line, "%s: *** %s.  Stop.\n", m->progname, msg);
  acs_sys_write_all(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
  m->fatal = true;
  return 2;
}

void mk_msg(mk_state *m, const char *fmt, ...)
{
  char msg[2048], line[2300];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  cmd_flush(m->c);
  int n = snprintf(line, sizeof line, "%s: %s\n", m->progname, msg);
  acs_sys_write_all(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

/* ------------------------------------------------------------ variables */

static unsigned hash(const char *s)
{
  unsigned h = 5381;
  while (*s) h = h * 33 + (unsigned char)*s++;
  return h & 255;
}

static mk_var *find_here(mk_vars *vs, const char *name)
{
  for (mk_var *v = vs->tab[hash(name)]; v; v = v->next)
    if (!strcmp(v->name, name)) return v;
  return NULL;
}

mk_var *mk_var_find(mk_vars *vs, const char *name)
{
  for (; vs; vs = vs->parent) {
    mk_var *v = find_here(vs, name);
    if (v) return v;
  }
  return NULL;
}

mk_var *mk_var_set(mk_vars *vs, const char *name, const char *value, bool recursive, int origin)
{
  mk_var *v = find_here(vs, name);
  if (!v) {
    v = mk_alloc(sizeof *v);
    v->name = mk_strdup(name);
    unsigned h = hash(name);
    v->next = vs->tab[h];
    vs->tab[h] = v;
  }
  v->value = mk_strdup(value);
  v->recursive = recursive;
  v->origin = origin;
  return v;
}

/* ------------------------------------------------------------ words */

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

char **mk_words(const char *s, size_t *n)
{
  size_t cap = 8, k = 0;
  char **w = mk_alloc(cap * sizeof *w);
  while (*s) {
    while (blank(*s)) s++;
    if (!*s) break;
    const char *e = s;
    while (*e && !blank(*e)) e++;
    if (k + 1 >= cap) {
      char **nw = mk_alloc(cap * 2 * sizeof *nw);
      memcpy(nw, w, k * sizeof *w);
      w = nw;
      cap *= 2;
    }
    w[k++] = mk_strndup(s, (size_t)(e - s));
    s = e;
  }
  w[k] = NULL;
  if (n) *n = k;
  return w;
}

/* The % of a pattern that is not escaped by a backslash. */
static const char *percent(const char *p)
{
  for (const char *q = p; *q; q++) {
    if (*q == '\\' && (q[1] == '%' || q[1] == '\\')) {
      q++;
      continue;
    }
    if (*q == '%') return q;
  }
  return NULL;
}

bool mk_pattern_match(const char *pattern, const char *word, char **stem)
{
  const char *pc = percent(pattern);
  if (!pc) {
    if (strcmp(pattern, word)) return false;
    if (stem) *stem = mk_strdup("");
    return true;
  }
  size_t pre = (size_t)(pc - pattern), post = strlen(pc + 1), wl = strlen(word);
  if (wl < pre + post || strncmp(word, pattern, pre) || strcmp(word + wl - post, pc + 1)) return false;
  if (stem) *stem = mk_strndup(word + pre, wl - pre - post);
  return true;
}

char *mk_pattern_subst(const char *pattern, const char *stem)
{
  const char *pc = percent(pattern);
  if (!pc) return mk_strdup(pattern);
  mk_sb b = {0};
  mk_sb_add(&b, pattern, (size_t)(pc - pattern));
  mk_sb_adds(&b, stem);
  mk_sb_adds(&b, pc + 1);
  char *r = mk_sb_take(&b);
  mk_sb_free(&b);
  return r;
}

/* ------------------------------------------------------------ expansion */

static void expand_into(mk_state *m, mk_vars *vs, const char *text, mk_sb *out);

char *mk_expand(mk_state *m, mk_vars *vs, const char *text)
{
  mk_sb b = {0};
  expand_into(m, vs, text, &b);
  char *r = mk_sb_take(&b);
  mk_sb_free(&b);
  return r;
}

static void value_into(mk_state *m, mk_vars *vs, const char *name, mk_sb *out)
{
  mk_var *v = mk_var_find(vs ? vs : &m->globals, name);
  /* $(@D) and friends */
  if (!v && strlen(name) == 2 && strchr("@<^+?*%|", name[0]) && (name[1] == 'D' || name[1] == 'F')) {
    char n1[2] = {name[0], 0};
    char *val = mk_var_value(m, vs, n1);
    size_t nw;
    char **w = mk_words(val, &nw);
    for (size_t i = 0; i < nw; i++) {
      if (i) mk_sb_addc(out, ' ');
      char *sl = strrchr(w[i], '/');
      if (name[1] == 'D') {
        if (!sl) mk_sb_adds(out, ".");
        else if (sl == w[i]) mk_sb_adds(out, "/");
        else mk_sb_add(out, w[i], (size_t)(sl - w[i]));
      } else {
        mk_sb_adds(out, sl ? sl + 1 : w[i]);
      }
    }
    return;
  }
  if (!v) {
    if (m->warn_undefined) mk_msg(m, "warning: undefined variable '%s'", name);
    return;
  }
  /* a target-specific += joins the value it appends to */
  if (v->append_target && vs) {
    mk_vars *outer = vs;
    while (outer && !find_here(outer, name)) outer = outer->parent;
    if (outer && outer->parent) {
      size_t before = out->len;
      value_into(m, outer->parent, name, out);
      if (out->len > before && *v->value) mk_sb_addc(out, ' ');
    }
  }
  if (!v->recursive) {
    mk_sb_adds(out, v->value);
    return;
  }
  if (v->expanding) {
    if (v->file) m->cur_file = v->file, m->cur_line = v->line;
    mk_fatal(m, "Recursive variable '%s' references itself (eventually)", name);
    return;
  }
  v->expanding = true;
  expand_into(m, vs, v->value, out);
  v->expanding = false;
}

char *mk_var_value(mk_state *m, mk_vars *vs, const char *name)
{
  mk_sb b = {0};
  value_into(m, vs, name, &b);
  char *r = mk_sb_take(&b);
  mk_sb_free(&b);
  return r;
}

/* Where the reference that opens at s[0] ('(' or '{') closes. */
static const char *closing(const char *s)
{
  char open = *s, close = open == '(' ? ')' : '}';
  int depth = 0;
  for (const char *p = s; *p; p++) {
    if (*p == open) depth++;
    else if (*p == close && --depth == 0) return p;
  }
  return NULL;
}

/* Split raw arguments at top-level commas, at most max (the last takes
** the rest). */
static size_t split_args(const char *s, size_t len, size_t max, char **args)
{
  size_t n = 0;
  const char *start = s, *end = s + len;
  int depth = 0;
  for (const char *p = s; p < end; p++) {
    if (*p == '(' || *p == '{') depth++;
    else if (*p == ')' || *p == '}') depth--;
    else if (*p == ',' && depth == 0 && n + 1 < max) {
      args[n++] = mk_strndup(start, (size_t)(p - start));
      start = p + 1;
    }
  }
  args[n++] = mk_strndup(start, (size_t)(end - start));
  return n;
}

static char *strip(const char *s)
{
  mk_sb b = {0};
  size_t n;
  char **w = mk_words(s, &n);
  for (size_t i = 0; i < n; i++) {
    if (i) mk_sb_addc(&b, ' ');
    mk_sb_adds(&b, w[i]);
  }
  char *r = mk_sb_take(&b);
  mk_sb_free(&b);
  return r;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* $(wildcard): glob each word through the box's directories. */
static void glob_into(const char *dir, const char *rest, mk_sb *out, size_t *count, char ***list, size_t *cap)
{
  const char *slash = strchr(rest, '/');
  size_t clen = slash ? (size_t)(slash - rest) : strlen(rest);
  char comp[1024];
  snprintf(comp, sizeof comp, "%.*s", (int)clen, rest);
  bool magic = strpbrk(comp, "*?[") != NULL;
  char base[4096];
  if (!magic) {
    if (!*dir) snprintf(base, sizeof base, "%s", comp);
    else if (!strcmp(dir, "/")) snprintf(base, sizeof base, "/%s", comp);
    else snprintf(base, sizeof base, "%s/%s", dir, comp);
    if (!slash) {
      acs__sys_stat st;
      if (acs_sys_statat(AT_FDCWD, *base ? base : ".", AT_SYMLINK_NOFOLLOW, &st) == 0) goto add;
      return;
    }
    if (!*comp && !*dir) snprintf(base, sizeof base, "/");
    glob_into(base, slash + 1, out, count, list, cap);
    return;
  add:
    if (*count + 1 >= *cap) {
      size_t nc = *cap ? *cap * 2 : 16;
      char **nl = mk_alloc(nc * sizeof *nl);
      if (*count) memcpy(nl, *list, *count * sizeof *nl);
      *list = nl;
      *cap = nc;
    }
    (*list)[(*count)++] = mk_strdup(base);
    return;
  }
  cmd_dirent *ents;
  size_t n;
  if (cmd_dir_read(*dir ? dir : ".", &ents, &n) < 0) return;
  for (size_t i = 0; i < n; i++) {
    if (ents[i].name[0] == '.' && comp[0] != '.') continue;
    if (fnmatch(comp, ents[i].name, FNM_PERIOD)) continue;
    if (!*dir) snprintf(base, sizeof base, "%s", ents[i].name);
    else if (!strcmp(dir, "/")) snprintf(base, sizeof base, "/%s", ents[i].name);
    else snprintf(base, sizeof base, "%s/%s", dir, ents[i].name);
    if (slash) {
      if (ents[i].type == DT_DIR || ents[i].type == DT_LNK || ents[i].type == DT_UNKNOWN)
        glob_into(base, slash + 1, out, count, list, cap);
      continue;
    }
    if (*count + 1 >= *cap) {
      size_t nc = *cap ? *cap * 2 : 16;
      char **nl = mk_alloc(nc * sizeof *nl);
      if (*count) memcpy(nl, *list, *count * sizeof *nl);
      *list = nl;
      *cap = nc;
    }
    (*list)[(*count)++] = mk_strdup(base);
  }
  cmd_dir_free(ents, n);
}

static void wildcard(const char *patterns, mk_sb *out)
{
  size_t nw;
  char **w = mk_words(patterns, &nw);
  bool first = true;
  for (size_t i = 0; i < nw; i++) {
    char **list = NULL;
    size_t count = 0, cap = 0;
    const char *p = w[i];
    if (p[0] == '/') glob_into("/", p + 1, out, &count, &list, &cap);
    else glob_into("", p, out, &count, &list, &cap);
    if (count > 1) qsort(list, count, sizeof *list, cmp_str);
    for (size_t k = 0; k < count; k++) {
      if (!first) mk_sb_addc(out, ' ');
      mk_sb_adds(out, list[k]);
      first = false;
    }
  }
}

static void abspath(mk_state *m, const char *p, mk_sb *out)
{
  char path[8192];
  if (p[0] == '/') snprintf(path, sizeof path, "%s", p);
  else snprintf(path, sizeof path, "%s/%s", mk_var_value(m, NULL, "CURDIR"), p);
  /* . and .. removed textually, as make's abspath does */
  char *parts[1024];
  size_t n = 0;
  for (char *save = NULL, *t = strtok_r(path, "/", &save); t && n < 1024; t = strtok_r(NULL, "/", &save)) {
    if (!strcmp(t, ".")) continue;
    if (!strcmp(t, "..")) {
      if (n) n--;
      continue;
    }
    parts[n++] = t;
  }
  if (!n) mk_sb_addc(out, '/');
  for (size_t i = 0; i < n; i++) {
    mk_sb_addc(out, '/');
    mk_sb_adds(out, parts[i]);
  }
}

static void each_word(const char *s, mk_sb *out, void (*fn)(const char *w, mk_sb *out, void *u), void *u)
{
  size_t n;
  char **w = mk_words(s, &n);
  bool any = false;
  for (size_t i = 0; i < n; i++) {
    size_t before = out->len;
    if (any) mk_sb_addc(out, ' ');
    size_t mark = out->len;
    fn(w[i], out, u);
    if (out->len == mark) {
      out->len = before; /* nothing added: no blank either */
      if (out->s) out->s[before] = 0;
    } else {
      any = true;
    }
  }
}

static void w_dir(const char *w, mk_sb *out, void *u)
{
  (void)u;
  const char *sl = strrchr(w, '/');
  if (sl) mk_sb_add(out, w, (size_t)(sl - w + 1));
  else mk_sb_adds(out, "./");
}
static void w_notdir(const char *w, mk_sb *out, void *u)
{
  (void)u;
  const char *sl = strrchr(w, '/');
  mk_sb_adds(out, sl ? sl + 1 : w);
}
static void w_suffix(const char *w, mk_sb *out, void *u)
{
  (void)u;
  const char *dot = strrchr(w, '.'), *sl = strrchr(w, '/');
  if (dot && (!sl || dot > sl)) mk_sb_adds(out, dot);
}
static void w_basename(const char *w, mk_sb *out, void *u)
{
  (void)u;
  const char *dot = strrchr(w, '.'), *sl = strrchr(w, '/');
  if (dot && (!sl || dot > sl)) mk_sb_add(out, w, (size_t)(dot - w));
  else mk_sb_adds(out, w);
}
static void w_addsuffix(const char *w, mk_sb *out, void *u)
{
  mk_sb_adds(out, w);
  mk_sb_adds(out, u);
}
static void w_addprefix(const char *w, mk_sb *out, void *u)
{
  mk_sb_adds(out, u);
  mk_sb_adds(out, w);
}

typedef struct pats {
  char **p;
  size_t n;
} pats;

static bool any_match(const pats *ps, const char *w)
{
  for (size_t i = 0; i < ps->n; i++)
    if (mk_pattern_match(ps->p[i], w, NULL)) return true;
  return false;
}
static void w_filter(const char *w, mk_sb *out, void *u)
{
  if (any_match(u, w)) mk_sb_adds(out, w);
}
static void w_filter_out(const char *w, mk_sb *out, void *u)
{
  if (!any_match(u, w)) mk_sb_adds(out, w);
}

typedef struct psub {
  const char *from, *to;
} psub;
static void w_patsubst(const char *w, mk_sb *out, void *u)
{
  psub *p = u;
  char *stem;
  if (mk_pattern_match(p->from, w, &stem)) mk_sb_adds(out, mk_pattern_subst(p->to, stem));
  else mk_sb_adds(out, w);
}

static void realpath_word(const char *w, mk_sb *out, void *u)
{
  (void)u;
  char buf[4096];
  if (acs_sys_realpath(w, buf, sizeof buf) == 0) mk_sb_adds(out, buf);
}

static void abspath_word(const char *w, mk_sb *out, void *u) { abspath(u, w, out); }

/* $(shell ...): stdout with newlines as blanks and the last ones dropped. */
static void shell_fn(mk_state *m, mk_vars *vs, const char *cmd, mk_sb *out)
{
  char *text = NULL;
  int st = mk_shell(m, vs, cmd, &text);
  char num[16];
  snprintf(num, sizeof num, "%d", WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
  mk_var_set(&m->globals, ".SHELLSTATUS", num, false, MK_AUTOMATIC);
  if (!text) return;
  size_t n = strlen(text);
  while (n && text[n - 1] == '\n') n--;
  for (size_t i = 0; i < n; i++) mk_sb_addc(out, text[i] == '\n' ? ' ' : text[i]);
}

static const char *origin_name(int o)
{
  switch (o) {
  case MK_DEFAULT: return "default";
  case MK_ENV: return "environment";
  case MK_ENV_OVERRIDE: return "environment override";
  case MK_FILE: return "file";
  case MK_CMDLINE: return "command line";
  case MK_OVERRIDE: return "override";
  default: return "automatic";
  }
}

typedef struct fn_def {
  const char *name;
  int max_args; /* 0: any number */
  bool lazy;    /* arguments expanded by the function itself */
} fn_def;

static const fn_def fns[] = {
  {"subst", 3, false},    {"patsubst", 3, false}, {"strip", 1, false},    {"findstring", 2, false},
  {"filter", 2, false},   {"filter-out", 2, false}, {"sort", 1, false},   {"word", 2, false},
  {"wordlist", 3, false}, {"words", 1, false},    {"firstword", 1, false}, {"lastword", 1, false},
  {"dir", 1, false},      {"notdir", 1, false},   {"suffix", 1, false},   {"basename", 1, false},
  {"addsuffix", 2, false}, {"addprefix", 2, false}, {"join", 2, false},   {"wildcard", 1, false},
  {"realpath", 1, false}, {"abspath", 1, false},  {"if", 3, true},        {"or", 0, true},
  {"and", 0, true},       {"foreach", 3, true},   {"call", 0, false},     {"value", 1, false},
  {"eval", 1, false},     {"origin", 1, false},   {"flavor", 1, false},   {"shell", 1, false},
  {"error", 1, false},    {"warning", 1, false},  {"info", 1, false},
};

int mk_eval_text(mk_state *m, const char *text);

static void call_fn(mk_state *m, mk_vars *vs, const fn_def *f, const char *raw, size_t rawlen, mk_sb *out)
{
  char *args[64];
  size_t n = split_args(raw, rawlen, f->max_args ? (size_t)f->max_args : 64, args);
  if (!f->lazy)
    for (size_t i = 0; i < n; i++) args[i] = mk_expand(m, vs, args[i]);
  const char *name = f->name;
  size_t min = !strcmp(name, "if") ? 2 : f->max_args > 1 ? (size_t)f->max_args : 0;
  if (n < min) {
    mk_fatal(m, "insufficient number of arguments (%zu) to function '%s'", n, name);
    return;
  }
  if (!strcmp(name, "subst")) {
    const char *from = args[0], *to = args[1], *t = args[2];
    size_t fl = strlen(from);
    if (!fl) {
      mk_sb_adds(out, t);
      mk_sb_adds(out, to);
      return;
    }
    for (const char *p; (p = strstr(t, from)); t = p + fl) {
      mk_sb_add(out, t, (size_t)(p - t));
      mk_sb_adds(out, to);
    }
    mk_sb_adds(out, t);
  } else if (!strcmp(name, "patsubst")) {
    psub p = {strip(args[0]), strip(args[1])};
    each_word(args[2], out, w_patsubst, &p);
  } else if (!strcmp(name, "strip")) {
    mk_sb_adds(out, strip(args[0]));
  } else if (!strcmp(name, "findstring")) {
    if (strstr(args[1], args[0])) mk_sb_adds(out, args[0]);
  } else if (!strcmp(name, "filter") || !strcmp(name, "filter-out")) {
    pats ps;
    ps.p = mk_words(args[0], &ps.n);
    each_word(args[1], out, name[6] ? w_filter_out : w_filter, &ps);
  } else if (!strcmp(name, "sort")) {
    size_t nw;
    char **w = mk_words(args[0], &nw);
    qsort(w, nw, sizeof *w, cmp_str);
    bool first = true;
    for (size_t i = 0; i < nw; i++) {
      if (i && !strcmp(w[i], w[i - 1])) continue;
      if (!first) mk_sb_addc(out, ' ');
      mk_sb_adds(out, w[i]);
      first = false;
    }
  } else if (!strcmp(name, "word") || !strcmp(name, "wordlist")) {
    char *s1 = strip(args[0]), *end;
    long a = strtol(s1, &end, 10);
    if (!*s1 || *end) {
      mk_fatal(m, "non-numeric first argument to '%s' function: '%s'", name, s1);
      return;
    }
    if (a <= 0) {
      mk_fatal(m, name[4] ? "invalid first argument to 'wordlist' function: '%s'"
                          : "first argument to 'word' function must be greater than 0", s1);
      return;
    }
    long b = a;
    const char *list = args[1];
    if (name[4]) {
      char *s2 = strip(args[1]);
      b = strtol(s2, &end, 10);
      if (!*s2 || *end) {
        mk_fatal(m, "non-numeric second argument to 'wordlist' function: '%s'", s2);
        return;
      }
      list = args[2];
    }
    /* the text from word a to the end of word b, blanks between kept */
    const char *p = list, *from = NULL, *to = NULL;
    for (long i = 1; *p; i++) {
      while (blank(*p)) p++;
      if (!*p) break;
      const char *e = p;
      while (*e && !blank(*e)) e++;
      if (i == a) from = p;
      if (i <= b) to = e;
      p = e;
    }
    if (from && to && to > from) mk_sb_add(out, from, (size_t)(to - from));
  } else if (!strcmp(name, "words")) {
    size_t nw;
    mk_words(args[0], &nw);
    char num[32];
    snprintf(num, sizeof num, "%zu", nw);
    mk_sb_adds(out, num);
  } else if (!strcmp(name, "firstword") || !strcmp(name, "lastword")) {
    size_t nw;
    char **w = mk_words(args[0], &nw);
    if (nw) mk_sb_adds(out, name[0] == 'f' ? w[0] : w[nw - 1]);
  } else if (!strcmp(name, "dir")) {
    each_word(args[0], out, w_dir, NULL);
  } else if (!strcmp(name, "notdir")) {
    each_word(args[0], out, w_notdir, NULL);
  } else if (!strcmp(name, "suffix")) {
    each_word(args[0], out, w_suffix, NULL);
  } else if (!strcmp(name, "basename")) {
    each_word(args[0], out, w_basename, NULL);
  } else if (!strcmp(name, "addsuffix")) {
    each_word(args[1], out, w_addsuffix, args[0]);
  } else if (!strcmp(name, "addprefix")) {
    each_word(args[1], out, w_addprefix, args[0]);
  } else if (!strcmp(name, "join")) {
    size_t na, nb;
    char **a = mk_words(args[0], &na), **b = mk_words(args[1], &nb);
    for (size_t i = 0; i < na || i < nb; i++) {
      if (i) mk_sb_addc(out, ' ');
      if (i < na) mk_sb_adds(out, a[i]);
      if (i < nb) mk_sb_adds(out, b[i]);
    }
  } else if (!strcmp(name, "wildcard")) {
    wildcard(args[0], out);
  } else if (!strcmp(name, "realpath")) {
    each_word(args[0], out, realpath_word, NULL);
  } else if (!strcmp(name, "abspath")) {
    each_word(args[0], out, abspath_word, m);
  } else if (!strcmp(name, "if")) {
    char *cond = strip(mk_expand(m, vs, args[0]));
    if (*cond) {
      if (n > 1) expand_into(m, vs, args[1], out);
    } else if (n > 2) {
      expand_into(m, vs, args[2], out);
    }
  } else if (!strcmp(name, "or")) {
    for (size_t i = 0; i < n; i++) {
      char *v = strip(mk_expand(m, vs, args[i]));
      if (*v) {
        mk_sb_adds(out, v);
        return;
      }
    }
  } else if (!strcmp(name, "and")) {
    char *v = "";
    for (size_t i = 0; i < n; i++) {
      v = strip(mk_expand(m, vs, args[i]));
      if (!*v) return;
    }
    mk_sb_adds(out, v);
  } else if (!strcmp(name, "foreach")) {
    char *var = strip(mk_expand(m, vs, args[0]));
    char *list = mk_expand(m, vs, n > 1 ? args[1] : "");
    size_t nw;
    char **w = mk_words(list, &nw);
    mk_vars scope = {.parent = vs ? vs : &m->globals};
    bool first = true;
    for (size_t i = 0; i < nw; i++) {
      mk_var_set(&scope, var, w[i], false, MK_AUTOMATIC);
      char *r = mk_expand(m, &scope, n > 2 ? args[2] : "");
      if (!first) mk_sb_addc(out, ' ');
      mk_sb_adds(out, r);
      first = false;
    }
  } else if (!strcmp(name, "call")) {
    char *fname = strip(args[0]);
    mk_var *v = mk_var_find(vs ? vs : &m->globals, fname);
    /* a builtin function by name is called as one */
    for (size_t k = 0; k < sizeof fns / sizeof *fns; k++)
      if (!strcmp(fns[k].name, fname) && !v) {
        mk_sb joined = {0};
        for (size_t i = 1; i < n; i++) {
          if (i > 1) mk_sb_addc(&joined, ',');
          mk_sb_adds(&joined, args[i]);
        }
        call_fn(m, vs, &fns[k], joined.s ? joined.s : "", joined.len, out);
        mk_sb_free(&joined);
        return;
      }
    if (!v) return;
    mk_vars scope = {.parent = vs ? vs : &m->globals};
    for (size_t i = 0; i < 10 || i < n; i++) {
      char num[16];
      snprintf(num, sizeof num, "%u", (unsigned)i);
      mk_var_set(&scope, num, i == 0 ? fname : i < n ? args[i] : "", false, MK_AUTOMATIC);
    }
    if (v->recursive) expand_into(m, &scope, v->value, out);
    else mk_sb_adds(out, v->value);
  } else if (!strcmp(name, "value")) {
    mk_var *v = mk_var_find(vs ? vs : &m->globals, strip(args[0]));
    if (v) mk_sb_adds(out, v->value);
  } else if (!strcmp(name, "eval")) {
    mk_eval_text(m, args[0]);
  } else if (!strcmp(name, "origin")) {
    mk_var *v = mk_var_find(vs ? vs : &m->globals, strip(args[0]));
    mk_sb_adds(out, v ? origin_name(v->origin) : "undefined");
  } else if (!strcmp(name, "flavor")) {
    mk_var *v = mk_var_find(vs ? vs : &m->globals, strip(args[0]));
    mk_sb_adds(out, !v ? "undefined" : v->recursive ? "recursive" : "simple");
  } else if (!strcmp(name, "shell")) {
    shell_fn(m, vs, args[0], out);
  } else if (!strcmp(name, "error")) {
    mk_fatal(m, "%s", args[0]);
  } else if (!strcmp(name, "warning")) {
    cmd_flush(m->c);
    char line[4200];
    int k = snprintf(line, sizeof line, "%s:%d: %s\n", m->cur_file ? m->cur_file : m->progname, m->cur_line,
                     args[0]);
    acs_sys_write_all(2, line, (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
  } else if (!strcmp(name, "info")) {
    cmd_printf(m->c, "%s\n", args[0]);
  }
}

static void expand_into(mk_state *m, mk_vars *vs, const char *text, mk_sb *out)
{
  for (const char *p = text; *p && !m->fatal;) {
    const char *d = strchr(p, '$');
    if (!d) {
      mk_sb_adds(out, p);
      return;
    }
    mk_sb_add(out, p, (size_t)(d - p));
    char c = d[1];
    if (!c) return;
    if (c == '$') {
      mk_sb_addc(out, '$');
      p = d + 2;
      continue;
    }
    if (c != '(' && c != '{') {
      char name[2] = {c, 0};
      value_into(m, vs, name, out);
      p = d + 2;
      continue;
    }
    const char *end = closing(d + 1);
    if (!end) {
      mk_fatal(m, "unterminated variable reference");
      return;
    }
    const char *in = d + 2;
    size_t len = (size_t)(end - in);
    /* a function: its name, then a blank */
    size_t wl = strcspn(in, " \t");
    if (wl < len) {
      for (size_t k = 0; k < sizeof fns / sizeof *fns; k++)
        if (strlen(fns[k].name) == wl && !strncmp(fns[k].name, in, wl)) {
          const char *a = in + wl;
          while (a < end && (*a == ' ' || *a == '\t')) a++;
          call_fn(m, vs, &fns[k], a, (size_t)(end - a), out);
          goto next;
        }
    }
    {
      char *ref = mk_expand(m, vs, mk_strndup(in, len));
      char *colon = strchr(ref, ':');
      char *eq = colon ? strchr(colon, '=') : NULL;
      if (colon && eq) {
        /* $(var:a=b) and $(var:%.c=%.o) */
        *colon = 0;
        *eq = 0;
        const char *from = colon + 1, *to = eq + 1;
        char *val = mk_var_value(m, vs, ref);
        psub ps;
        if (strchr(from, '%')) {
          ps.from = from;
          ps.to = to;
        } else {
          ps.from = mk_pattern_subst("%", "");
          char *f = mk_alloc(strlen(from) + 2), *t = mk_alloc(strlen(to) + 2);
          snprintf(f, strlen(from) + 2, "%%%s", from);
          snprintf(t, strlen(to) + 2, "%%%s", to);
          ps.from = f;
          ps.to = t;
        }
        each_word(val, out, w_patsubst, &ps);
      } else {
        value_into(m, vs, ref, out);
      }
    }
  next:
    p = end + 1;
  }
}

/* ------------------------------------------------------------ the shell */

char **mk_environ(mk_state *m, mk_vars *vs)
{
  extern char **environ;
  size_t n = 0;
  for (char **e = environ; *e; e++) n++;
  size_t cap = n + 64, k = 0;
  char **env = mk_alloc(cap * sizeof *env);
  /* the variables make exports, each once; then the rest of environ */
  mk_vars *chain[64];
  size_t nchain = 0;
  for (mk_vars *v = vs ? vs : &m->globals; v && nchain < 64; v = v->parent) chain[nchain++] = v;
  char **names = mk_alloc(4096 * sizeof *names);
  size_t nnames = 0;
  for (size_t ci = 0; ci < nchain; ci++)
    for (int h = 0; h < 256; h++)
      for (mk_var *v = chain[ci]->tab[h]; v; v = v->next) {
        bool seen = false;
        for (size_t i = 0; i < nnames && !seen; i++) seen = !strcmp(names[i], v->name);
        if (seen || nnames >= 4096) continue;
        names[nnames++] = v->name;
        bool exp = v->export > 0 ||
                   (v->export == 0 && (v->origin == MK_ENV || v->origin == MK_ENV_OVERRIDE ||
                                       v->origin == MK_CMDLINE || (m->export_all && v->origin != MK_DEFAULT &&
                                                                   v->origin != MK_AUTOMATIC)));
        if (v->export < 0 || !exp || !strcmp(v->name, "MAKELEVEL") || !strcmp(v->name, "MAKEFLAGS")) continue;
        const char *nm = v->name;
        bool ok = *nm && (nm[0] == '_' || (nm[0] >= 'A' && nm[0] <= 'Z') || (nm[0] >= 'a' && nm[0] <= 'z'));
        for (const char *q = nm; *q && ok; q++)
          ok = *q == '_' || (*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9');
        if (!ok) continue;
        char *val = v->recursive ? mk_expand(m, vs, v->value) : v->value;
        if (k + 4 >= cap) break;
        size_t len = strlen(nm) + strlen(val) + 2;
        env[k] = mk_alloc(len);
        snprintf(env[k++], len, "%s=%s", nm, val);
      }
  for (char **e = environ; *e && k + 4 < cap; e++) {
    const char *eq = strchr(*e, '=');
    size_t nl = eq ? (size_t)(eq - *e) : strlen(*e);
    bool taken = false;
    for (size_t i = 0; i < nnames && !taken; i++) taken = strlen(names[i]) == nl && !strncmp(names[i], *e, nl);
    if (!strncmp(*e, "MAKELEVEL=", 10) || !strncmp(*e, "MAKEFLAGS=", 10)) taken = true;
    if (!taken) env[k++] = *e;
  }
  char lvl[32];
  snprintf(lvl, sizeof lvl, "MAKELEVEL=%d", m->level + 1);
  env[k++] = mk_strdup(lvl);
  {
    const char *mf = mk_makeflags(m);
    size_t len = strlen(mf) + 11;
    env[k] = mk_alloc(len);
    snprintf(env[k++], len, "MAKEFLAGS=%s", mf);
  }
  env[k] = NULL;
  return env;
}

char *mk_makeflags(mk_state *m)
{
  mk_sb b = {0};
  if (m->always) mk_sb_addc(&b, 'B');
  if (m->env_overrides) mk_sb_addc(&b, 'e');
  if (m->ignore_errors) mk_sb_addc(&b, 'i');
  if (m->keep_going) mk_sb_addc(&b, 'k');
  if (m->dry_run) mk_sb_addc(&b, 'n');
  if (m->silent) mk_sb_addc(&b, 's');
  if (m->no_print_dir) mk_sb_adds(&b, b.len ? " --no-print-directory" : "--no-print-directory");
  if (m->cmdline_vars && *m->cmdline_vars) {
    mk_sb_adds(&b, " -- ");
    mk_sb_adds(&b, m->cmdline_vars);
  }
  char *r = mk_sb_take(&b);
  mk_sb_free(&b);
  return r;
}

/* Start SHELL .SHELLFLAGS line; with out_fd >= 0 its stdout goes there.
** The pid, or -1 after make's message. */
int mk_shell_start(mk_state *m, mk_vars *vs, const char *line, int out_fd)
{
  char *shell = mk_var_value(m, vs, "SHELL");
  char *flags = mk_var_value(m, vs, ".SHELLFLAGS");
  if (!*shell) shell = "/bin/sh";
  if (!*flags) flags = "-c";
  char *argv[8];
  size_t a = 0;
  argv[a++] = shell;
  size_t nf;
  char **fw = mk_words(flags, &nf);
  for (size_t i = 0; i < nf && a < 5; i++) argv[a++] = fw[i];
  argv[a++] = (char *)line;
  argv[a] = NULL;
  int fds[1][2] = {{1, out_fd}};
  cmd_flush(m->c);
  int pid = acs_sys_spawn(shell, argv, mk_environ(m, vs), (const int(*)[2])fds, out_fd >= 0 ? 1 : 0);
  if (pid < 0) {
    char msg[600];
    int n = snprintf(msg, sizeof msg, "%s: %s: %s\n", m->progname, shell, cmd_strerror(pid));
    acs_sys_write_all(2, msg, (size_t)n);
    return -1;
  }
  return pid;
}

int mk_shell(mk_state *m, mk_vars *vs, const char *line, char **out)
{
  int pfd[2] = {-1, -1};
  if (out && acs_sys_pipe(pfd, O_CLOEXEC) < 0) return 127 << 8;
  int pid = mk_shell_start(m, vs, line, out ? pfd[1] : -1);
  if (out) acs_sys_close(pfd[1]);
  if (pid < 0) {
    if (out) acs_sys_close(pfd[0]);
    return 127 << 8;
  }
  if (out) {
    mk_sb b = {0};
    char buf[8192];
    ssize_t r;
    while ((r = acs_sys_read(pfd[0], buf, sizeof buf)) > 0) mk_sb_add(&b, buf, (size_t)r);
    acs_sys_close(pfd[0]);
    *out = mk_sb_take(&b);
    mk_sb_free(&b);
  }
  int st = 0;
  while (acs_sys_wait(pid, &st, 0) == -EINTR) {}
  return st;
}
