/* make_parse.c - reading makefiles as GNU make 4.3 does: logical lines,
** comments, conditionals, define, include, export/override, the six
** assignment operators, explicit, pattern and static pattern rules,
** target-specific variables, special targets and recipes. */
#include "make.h"
#include "../sys/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* ------------------------------------------------------------ files */

static unsigned fhash(const char *s)
{
  unsigned h = 5381;
  while (*s) h = h * 33 + (unsigned char)*s++;
  return h & 1023;
}

mk_file *mk_file_get(mk_state *m, const char *name, bool create)
{
  /* "./x" and "x" are one file, as make treats them */
  while (name[0] == '.' && name[1] == '/' && name[2]) name += 2;
  unsigned h = fhash(name);
  for (mk_file *f = m->files[h]; f; f = f->next)
    if (!strcmp(f->name, name)) return f;
  if (!create) return NULL;
  mk_file *f = mk_alloc(sizeof *f);
  f->name = mk_strdup(name);
  f->next = m->files[h];
  m->files[h] = f;
  return f;
}

static void add_names(char ***list, size_t *n, char **words, size_t nw)
{
  if (!nw) return;
  char **l = mk_alloc((*n + nw + 1) * sizeof *l);
  if (*n) memcpy(l, *list, *n * sizeof *l);
  memcpy(l + *n, words, nw * sizeof *l);
  *list = l;
  *n += nw;
}

/* ------------------------------------------------------------ lines */

typedef struct cond {
  bool active; /* this branch is being read */
  bool taken;  /* some branch of this if was true */
  bool outer;  /* the enclosing level was active */
  bool seen_else;
} cond;

typedef struct reader {
  mk_state *m;
  const char *name, *p, *end;
  int line, next_line;
  cond conds[64];
  int nconds;
  mk_file **rule_files; /* the targets the recipe lines go to */
  size_t *dep_start;    /* where this rule's prerequisites begin in each */
  size_t nrule_files, rule_ndeps;
  mk_rule *rule_pattern;
  mk_cmds *cmds;
  bool in_rule;
} reader;

static bool active(const reader *r) { return r->nconds == 0 || r->conds[r->nconds - 1].active; }

/* One physical line (without its newline) at r->p; false at the end. */
static bool physical(reader *r, const char **s, size_t *n)
{
  if (r->p >= r->end) return false;
  const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
  *s = r->p;
  *n = nl ? (size_t)(nl - r->p) : (size_t)(r->end - r->p);
  r->p = nl ? nl + 1 : r->end;
  r->next_line++;
  if (*n && (*s)[*n - 1] == '\r') (*n)--;
  return true;
}

static bool continued(const char *s, size_t n)
{
  size_t k = 0;
  while (k < n && s[n - 1 - k] == '\\') k++;
  return k % 2 == 1;
}

/* A logical line: continuations joined by one blank (recipe lines keep
** theirs for the shell). */
static char *logical(reader *r, const char *s, size_t n, bool recipe)
{
  mk_sb b = {0};
  for (;;) {
    bool more = continued(s, n);
    if (!more) {
      mk_sb_add(&b, s, n);
      break;
    }
    if (recipe) {
      mk_sb_add(&b, s, n);
      mk_sb_addc(&b, '\n');
    } else {
      size_t k = n - 1;
      while (k && (s[k - 1] == ' ' || s[k - 1] == '\t')) k--;
      mk_sb_add(&b, s, k);
      mk_sb_addc(&b, ' ');
    }
    if (!physical(r, &s, &n)) break;
    if (recipe) {
      if (n && s[0] == '\t') s++, n--;
    } else {
      while (n && (*s == ' ' || *s == '\t')) s++, n--;
    }
  }
  char *t = mk_sb_take(&b);
  mk_sb_free(&b);
  return t;
}

/* Drop a comment: the first '#' not escaped (\# is a '#'). */
static char *uncomment(char *s)
{
  char *w = s;
  for (char *p = s; *p; p++) {
    if (*p == '\\' && p[1] == '#') {
      *w++ = '#';
      p++;
      continue;
    }
    if (*p == '#') break;
    *w++ = *p;
  }
  *w = 0;
  return s;
}

static char *trim(char *s)
{
  while (*s == ' ' || *s == '\t') s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = 0;
  return s;
}

static bool word_is(const char *s, const char *w)
{
  size_t n = strlen(w);
  return !strncmp(s, w, n) && (!s[n] || s[n] == ' ' || s[n] == '\t' || s[n] == '(' || s[n] == '"' || s[n] == '\'');
}

/* ------------------------------------------------------------ assignments */

enum { A_NONE, A_RECURSIVE, A_SIMPLE, A_COND, A_APPEND, A_SHELL };

/* Where the first top-level '=' or ':' is, and what it makes of the
** line: an assignment (op, *name_end, *value) or a rule (A_NONE). */
static int find_assign(char *s, char **name_end, char **value)
{
  int depth = 0;
  for (char *p = s; *p; p++) {
    if (*p == '$' && (p[1] == '(' || p[1] == '{')) {
      depth++;
      p++;
      continue;
    }
    if ((*p == ')' || *p == '}') && depth) {
      depth--;
      continue;
    }
    if (depth) continue;
    if (*p == '=') {
      int op = A_RECURSIVE;
      char *ne = p;
      if (p > s && p[-1] == '+') op = A_APPEND, ne = p - 1;
      else if (p > s && p[-1] == '?') op = A_COND, ne = p - 1;
      else if (p > s && p[-1] == '!') op = A_SHELL, ne = p - 1;
      *name_end = ne;
      *value = p + 1;
      return op;
    }
    if (*p == ':') {
      if (p[1] == '=') {
        *name_end = p;
        *value = p + 2;
        return A_SIMPLE;
      }
      if (p[1] == ':' && p[2] == '=') {
        *name_end = p;
        *value = p + 3;
        return A_SIMPLE;
      }
      return A_NONE;
    }
    if (*p == ';') return A_NONE;
  }
  return A_NONE;
}

static void assign(mk_state *m, mk_vars *vs, const char *rawname, int op, const char *rawvalue, int origin,
                   int export, bool target)
{
  char *name = trim(mk_expand(m, NULL, rawname));
  if (!*name) {
    mk_fatal(m, "empty variable name");
    return;
  }
  const char *value = rawvalue;
  while (*value == ' ' || *value == '\t') value++;
  mk_var *old = target ? NULL : mk_var_find(vs, name);
  if (old && origin != MK_OVERRIDE && (old->origin == MK_CMDLINE || old->origin == MK_OVERRIDE) &&
      origin != MK_CMDLINE) {
    if (export) old->export = export;
    return;
  }
  if (old && origin == MK_FILE && m->env_overrides && (old->origin == MK_ENV || old->origin == MK_ENV_OVERRIDE)) {
    old->origin = MK_ENV_OVERRIDE;
    return;
  }
  mk_var *v;
  switch (op) {
  case A_COND:
    if (target ? mk_var_find(vs, name) : old) return;
    v = mk_var_set(vs, name, value, true, origin);
    break;
  case A_SIMPLE:
    v = mk_var_set(vs, name, mk_expand(m, target ? vs : NULL, value), false, origin);
    break;
  case A_SHELL: {
    char *out = NULL;
    mk_shell(m, NULL, mk_expand(m, NULL, value), &out);
    size_t n = out ? strlen(out) : 0;
    while (n && out[n - 1] == '\n') out[--n] = 0;
    for (size_t i = 0; i < n; i++)
      if (out[i] == '\n') out[i] = ' ';
    v = mk_var_set(vs, name, out ? out : "", true, origin);
    break;
  }
  case A_APPEND: {
    mk_var *cur = target ? NULL : old;
    if (target) {
      /* a target's += extends the global value when the target has none */
      mk_vars here = *vs;
      here.parent = NULL;
      cur = mk_var_find(&here, name);
    }
    if (!cur) {
      v = mk_var_set(vs, name, value, true, origin);
      if (target) v->append_target = true;
      break;
    }
    mk_sb b = {0};
    mk_sb_adds(&b, cur->value);
    if (*cur->value && *value) mk_sb_addc(&b, ' ');
    mk_sb_adds(&b, cur->recursive ? value : mk_expand(m, NULL, value));
    int keep_origin = cur->origin == MK_OVERRIDE || cur->origin == MK_CMDLINE ? cur->origin : origin;
    bool rec = cur->recursive;
    int ex = cur->export;
    v = mk_var_set(vs, name, b.s ? b.s : "", rec, keep_origin);
    v->export = ex;
    mk_sb_free(&b);
    break;
  }
  default:
    v = mk_var_set(vs, name, value, true, origin);
  }
  if (export) v->export = export;
  v->file = m->cur_file;
  v->line = m->cur_line;
}

/* ------------------------------------------------------------ rules */

static bool special(const char *t) { return t[0] == '.' && !strchr(t, '/'); }

/* Give the rule's targets the recipe read for them. */
static void attach(reader *r)
{
  mk_state *m = r->m;
  if (!r->in_rule || !r->cmds || !r->cmds->n) return;
  for (size_t i = 0; i < r->nrule_files; i++) {
    mk_file *f = r->rule_files[i];
    if (f->cmds && f->cmds != r->cmds && f->cmds->n) {
      cmd_flush(m->c);
      char msg[2400];
      int k = snprintf(msg, sizeof msg, "%s:%d: warning: overriding recipe for target '%s'\n%s:%d: warning: "
                       "ignoring old recipe for target '%s'\n", r->cmds->file, r->cmds->linenos[0], f->name,
                       f->cmds->file, f->cmds->linenos[0], f->name);
      acs_sys_write_all(2, msg, (size_t)k);
    }
    f->cmds = r->cmds;
    /* the prerequisites of the rule with the recipe come first, as GNU
    ** orders them ($< is the first of those) */
    size_t start = r->dep_start[i], cnt = r->rule_ndeps;
    if (start && start + cnt <= f->ndeps) {
      char **d = mk_alloc((f->ndeps + 1) * sizeof *d);
      memcpy(d, f->deps + start, cnt * sizeof *d);
      memcpy(d + cnt, f->deps, start * sizeof *d);
      memcpy(d + cnt + start, f->deps + start + cnt, (f->ndeps - start - cnt) * sizeof *d);
      f->deps = d;
    }
  }
}

static void end_rule(reader *r)
{
  attach(r);
  r->in_rule = false;
  r->rule_files = NULL;
  r->nrule_files = 0;
  r->rule_pattern = NULL;
  r->cmds = NULL;
}

static void add_recipe_line(reader *r, const char *line)
{
  mk_cmds *c = r->cmds;
  char **l = mk_alloc((c->n + 2) * sizeof *l);
  int *ln = mk_alloc((c->n + 2) * sizeof *ln);
  if (c->n) {
    memcpy(l, c->lines, c->n * sizeof *l);
    memcpy(ln, c->linenos, c->n * sizeof *ln);
  }
  l[c->n] = mk_strdup(line);
  ln[c->n] = r->line;
  c->lines = l;
  c->linenos = ln;
  c->n++;
}

static int rule_line(reader *r, char *text)
{
  mk_state *m = r->m;
  /* the recipe after ';' stays unexpanded */
  char *semi = NULL;
  {
    int depth = 0;
    for (char *p = text; *p; p++) {
      if (*p == '$' && (p[1] == '(' || p[1] == '{')) depth++, p++;
      else if ((*p == ')' || *p == '}') && depth) depth--;
      else if (*p == ';' && !depth) {
        semi = p;
        break;
      }
    }
  }
  char *recipe = NULL;
  if (semi) {
    *semi = 0;
    recipe = semi + 1;
  }
  /* a target-specific variable: `targets: VAR = value` */
  char *colon0 = NULL;
  {
    int depth = 0;
    for (char *p = text; *p; p++) {
      if (*p == '$' && (p[1] == '(' || p[1] == '{')) depth++, p++;
      else if ((*p == ')' || *p == '}') && depth) depth--;
      else if (*p == ':' && !depth) {
        colon0 = p;
        break;
      }
    }
  }
  if (colon0 && !recipe) {
    char *rest = colon0 + 1;
    if (*rest == ':') rest++;
    char *ne, *val;
    char *probe = mk_strdup(rest);
    char *pt = trim(probe);
    int export = 0, origin = MK_FILE;
    for (;;) {
      if (word_is(pt, "export")) export = 1, pt = trim(pt + 6);
      else if (word_is(pt, "override")) origin = MK_OVERRIDE, pt = trim(pt + 8);
      else if (word_is(pt, "private")) pt = trim(pt + 7);
      else break;
    }
    int op = find_assign(pt, &ne, &val);
    if (op != A_NONE) {
      *colon0 = 0;
      char *targets = mk_expand(m, NULL, text);
      char vname[1024];
      snprintf(vname, sizeof vname, "%.*s", (int)(ne - pt), pt);
      size_t nt;
      char **tw = mk_words(targets, &nt);
      for (size_t i = 0; i < nt; i++) {
        mk_file *f = mk_file_get(m, tw[i], true);
        if (!f->vars) {
          f->vars = mk_alloc(sizeof *f->vars);
          f->vars->parent = &m->globals;
        }
        assign(m, f->vars, vname, op, val, origin, export, true);
      }
      end_rule(r);
      return m->fatal ? 2 : 0;
    }
  }
  char *line = mk_expand(m, NULL, text);
  if (m->fatal) return 2;
  char *colon = strchr(line, ':');
  if (!colon) {
    char *t = trim(line);
    if (!*t) return 0;
    int lead = 0;
    while (text[lead] == ' ') lead++;
    if (lead >= 8) return mk_fatal(m, "missing separator (did you mean TAB instead of 8 spaces?)");
    return mk_fatal(m, "missing separator");
  }
  *colon = 0;
  bool dbl = colon[1] == ':';
  char *rest = colon + (dbl ? 2 : 1);
  size_t nt;
  char **targets = mk_words(line, &nt);
  if (!nt) return mk_fatal(m, "missing target pattern");
  /* static pattern: targets: pattern: prereqs */
  char *colon2 = strchr(rest, ':');
  char *tpattern = NULL;
  if (colon2) {
    *colon2 = 0;
    tpattern = trim(rest);
    rest = colon2 + 1;
  }
  char *bar = strchr(rest, '|');
  char *order = NULL;
  if (bar) {
    *bar = 0;
    order = bar + 1;
  }
  size_t nd = 0, no = 0;
  char **deps = mk_words(rest, &nd);
  char **odeps = order ? mk_words(order, &no) : NULL;
  mk_cmds *cmds = mk_alloc(sizeof *cmds);
  cmds->file = m->cur_file;
  r->in_rule = true;
  r->cmds = cmds;
  r->rule_files = mk_alloc((nt + 1) * sizeof *r->rule_files);
  r->dep_start = mk_alloc((nt + 1) * sizeof *r->dep_start);
  r->rule_ndeps = nd;
  r->nrule_files = 0;
  r->rule_pattern = NULL;
  bool pattern_rule = !tpattern && strchr(targets[0], '%');
  if (pattern_rule) {
    for (size_t i = 0; i < nt; i++) {
      mk_rule *pr = mk_alloc(sizeof *pr);
      pr->target = targets[i];
      pr->deps = deps;
      pr->ndeps = nd;
      pr->odeps = odeps;
      pr->nodeps = no;
      pr->cmds = cmds;
      *m->rules_tail = pr;
      m->rules_tail = &pr->next;
      if (!r->rule_pattern) r->rule_pattern = pr;
    }
  }
  for (size_t i = 0; i < nt && !pattern_rule; i++) {
    mk_file *f = mk_file_get(m, targets[i], true);
    const char *t = f->name;
    if (!strcmp(t, ".PHONY")) {
      for (size_t k = 0; k < nd; k++) mk_file_get(m, deps[k], true)->phony = true;
      continue;
    }
    if (!strcmp(t, ".PRECIOUS")) {
      for (size_t k = 0; k < nd; k++) mk_file_get(m, deps[k], true)->precious = true;
      continue;
    }
    if (!strcmp(t, ".SILENT") && !nd) {
      m->silent = true;
      continue;
    }
    if (!strcmp(t, ".IGNORE") && !nd) {
      m->ignore_errors = true;
      continue;
    }
    if (!strcmp(t, ".EXPORT_ALL_VARIABLES")) {
      m->export_all = true;
      continue;
    }
    if (!strcmp(t, ".SECONDEXPANSION")) {
      m->second_expansion = true;
      continue;
    }
    if (special(t) && (!strcmp(t, ".SUFFIXES") || !strcmp(t, ".DELETE_ON_ERROR") || !strcmp(t, ".NOTPARALLEL") ||
                       !strcmp(t, ".INTERMEDIATE") || !strcmp(t, ".SECONDARY") || !strcmp(t, ".ONESHELL") ||
                       !strcmp(t, ".POSIX") || !strcmp(t, ".SILENT") || !strcmp(t, ".IGNORE")))
      continue;
    r->dep_start[r->nrule_files] = f->ndeps;
    if (tpattern) {
      char *stem;
      if (!mk_pattern_match(tpattern, t, &stem)) {
        char *saved = mk_strdup(m->cur_file);
        (void)saved;
        cmd_flush(m->c);
        char msg[1200];
        int k = snprintf(msg, sizeof msg, "%s:%d: target '%s' doesn't match the target pattern\n", m->cur_file,
                         m->cur_line, t);
        acs_sys_write_all(2, msg, (size_t)k);
        continue;
      }
      f->stem = stem;
      char **sd = mk_alloc((nd + 1) * sizeof *sd);
      for (size_t k = 0; k < nd; k++) sd[k] = mk_pattern_subst(deps[k], stem);
      add_names(&f->deps, &f->ndeps, sd, nd);
      char **so = mk_alloc((no + 1) * sizeof *so);
      for (size_t k = 0; k < no; k++) so[k] = mk_pattern_subst(odeps[k], stem);
      add_names(&f->odeps, &f->nodeps, so, no);
    } else {
      add_names(&f->deps, &f->ndeps, deps, nd);
      add_names(&f->odeps, &f->nodeps, odeps, no);
    }
    if (!f->is_target) {
      f->file = m->cur_file;
      f->line = m->cur_line;
    }
    f->is_target = true;
    f->double_colon = dbl;
    r->rule_files[r->nrule_files++] = f;
    if (!m->default_goal && !special(t)) m->default_goal = f->name;
  }
  if (recipe) {
    while (*recipe == ' ' || *recipe == '\t') recipe++;
    r->line = m->cur_line;
    add_recipe_line(r, recipe);
  }
  return 0;
}

/* ------------------------------------------------------------ conditionals */

static bool cond_value(mk_state *m, const char *kind, char *arg)
{
  arg = trim(arg);
  if (!strcmp(kind, "ifdef") || !strcmp(kind, "ifndef")) {
    char *name = trim(mk_expand(m, NULL, arg));
    mk_var *v = mk_var_find(&m->globals, name);
    bool def = v && *v->value;
    return kind[2] == 'd' ? def : !def;
  }
  char *a = NULL, *b = NULL;
  if (*arg == '(') {
    char *end = arg + strlen(arg);
    while (end > arg && end[-1] != ')') end--;
    if (end > arg) end[-1] = 0;
    int depth = 0;
    char *comma = NULL;
    for (char *p = arg + 1; *p; p++) {
      if (*p == '(' || *p == '{') depth++;
      else if (*p == ')' || *p == '}') depth--;
      else if (*p == ',' && !depth) {
        comma = p;
        break;
      }
    }
    if (!comma) {
      mk_fatal(m, "invalid syntax in conditional");
      return false;
    }
    *comma = 0;
    a = arg + 1;
    b = comma + 1;
    while (*b == ' ' || *b == '\t') b++;
    size_t al = strlen(a);
    while (al && (a[al - 1] == ' ' || a[al - 1] == '\t')) a[--al] = 0;
  } else if (*arg == '"' || *arg == '\'') {
    char q = *arg;
    char *e = strchr(arg + 1, q);
    if (!e) {
      mk_fatal(m, "invalid syntax in conditional");
      return false;
    }
    *e = 0;
    a = arg + 1;
    char *s = trim(e + 1);
    if (*s != '"' && *s != '\'') {
      mk_fatal(m, "invalid syntax in conditional");
      return false;
    }
    q = *s;
    char *e2 = strchr(s + 1, q);
    if (!e2) {
      mk_fatal(m, "invalid syntax in conditional");
      return false;
    }
    *e2 = 0;
    b = s + 1;
  } else {
    mk_fatal(m, "invalid syntax in conditional");
    return false;
  }
  bool eq = !strcmp(mk_expand(m, NULL, a), mk_expand(m, NULL, b));
  return !strcmp(kind, "ifeq") ? eq : !eq;
}

/* Conditional directives; true when the line was one. */
static bool conditional(reader *r, char *s, int *status)
{
  mk_state *m = r->m;
  const char *kinds[] = {"ifeq", "ifneq", "ifdef", "ifndef"};
  for (size_t i = 0; i < 4; i++)
    if (word_is(s, kinds[i])) {
      if (r->nconds >= 64) {
        *status = mk_fatal(m, "conditionals nested too deeply");
        return true;
      }
      cond *c = &r->conds[r->nconds++];
      c->outer = r->nconds == 1 || r->conds[r->nconds - 2].active;
      c->seen_else = false;
      bool v = c->outer ? cond_value(m, kinds[i], s + strlen(kinds[i])) : false;
      c->active = c->outer && v;
      c->taken = v;
      if (m->fatal) *status = 2;
      return true;
    }
  if (word_is(s, "else")) {
    if (!r->nconds) {
      *status = mk_fatal(m, "extraneous 'else'");
      return true;
    }
    cond *c = &r->conds[r->nconds - 1];
    if (c->seen_else) {
      *status = mk_fatal(m, "only one 'else' per conditional");
      return true;
    }
    char *rest = trim(s + 4);
    if (*rest) {
      /* else ifeq ...: a chained condition */
      for (size_t i = 0; i < 4; i++)
        if (word_is(rest, kinds[i])) {
          bool v = c->outer && !c->taken ? cond_value(m, kinds[i], rest + strlen(kinds[i])) : false;
          c->active = c->outer && !c->taken && v;
          if (v) c->taken = true;
          return true;
        }
      *status = mk_fatal(m, "extraneous text after 'else' directive");
      return true;
    }
    c->seen_else = true;
    c->active = c->outer && !c->taken;
    c->taken = true;
    return true;
  }
  if (word_is(s, "endif")) {
    if (!r->nconds) {
      *status = mk_fatal(m, "extraneous 'endif'");
      return true;
    }
    r->nconds--;
    return true;
  }
  return false;
}

/* ------------------------------------------------------------ reading */

int mk_read_text(mk_state *m, const char *name, const char *text, size_t len);

static int include_files(reader *r, char *arg, bool optional)
{
  mk_state *m = r->m;
  size_t n;
  char **w = mk_words(mk_expand(m, NULL, arg), &n);
  for (size_t i = 0; i < n; i++) {
    int status = 0;
    const char *saved_file = m->cur_file;
    int saved_line = m->cur_line;
    int e = mk_read_file(m, w[i], &status);
    for (size_t d = 0; e == -ENOENT && w[i][0] != '/' && d < m->ninclude_dirs; d++) {
      char path[4096];
      snprintf(path, sizeof path, "%s/%s", m->include_dirs[d], w[i]);
      e = mk_read_file(m, path, &status);
    }
    m->cur_file = saved_file;
    m->cur_line = saved_line;
    if (status) return status;
    if (e < 0 && !optional) {
      cmd_flush(m->c);
      char msg[1200];
      int k = snprintf(msg, sizeof msg, "%s:%d: %s: %s\n", saved_file, saved_line, w[i], cmd_strerror(e));
      acs_sys_write_all(2, msg, (size_t)k);
      const char *f = m->cur_file;
      m->cur_file = NULL;
      mk_fatal(m, "No rule to make target '%s'", w[i]);
      m->cur_file = f;
      return 2;
    }
  }
  return 0;
}

static int directive(reader *r, char *s, bool *done)
{
  mk_state *m = r->m;
  *done = true;
  if (word_is(s, "include") || word_is(s, "-include") || word_is(s, "sinclude")) {
    end_rule(r);
    bool opt = s[0] != 'i';
    return include_files(r, s + (s[0] == '-' ? 8 : s[0] == 's' ? 8 : 7), opt);
  }
  if (word_is(s, "vpath") || word_is(s, "undefine") || word_is(s, "load")) {
    if (word_is(s, "undefine")) {
      char *name = trim(mk_expand(m, NULL, s + 8));
      mk_var *v = mk_var_find(&m->globals, name);
      if (v) {
        v->value = mk_strdup("");
        v->origin = MK_FILE;
      }
    }
    return 0;
  }
  int export = 0, origin = MK_FILE;
  char *p = s;
  for (;;) {
    if (word_is(p, "export")) export = 1, p = trim(p + 6);
    else if (word_is(p, "unexport")) export = -1, p = trim(p + 8);
    else if (word_is(p, "override")) origin = MK_OVERRIDE, p = trim(p + 8);
    else break;
  }
  char *ne, *val;
  int op = find_assign(p, &ne, &val);
  if (op != A_NONE && (export || origin == MK_OVERRIDE || p == s)) {
    end_rule(r);
    char *name = mk_strndup(p, (size_t)(ne - p));
    assign(m, &m->globals, name, op, val, origin, export, false);
    return m->fatal ? 2 : 0;
  }
  if (export || origin == MK_OVERRIDE) {
    if (p == s) goto not_directive;
    end_rule(r);
    if (!*p) {
      if (export > 0) m->export_all = true;
      else if (export < 0) m->export_all = false;
      return 0;
    }
    size_t n;
    char **w = mk_words(mk_expand(m, NULL, p), &n);
    for (size_t i = 0; i < n; i++) {
      mk_var *v = mk_var_find(&m->globals, w[i]);
      if (!v) v = mk_var_set(&m->globals, w[i], "", true, MK_FILE);
      v->export = export;
    }
    return 0;
  }
not_directive:
  *done = false;
  return 0;
}

int mk_read_text(mk_state *m, const char *name, const char *text, size_t len)
{
  reader r = {.m = m, .name = name, .p = text, .end = text + len};
  m->cur_file = name;
  const char *s;
  size_t n;
  while (physical(&r, &s, &n)) {
    r.line = r.next_line;
    m->cur_line = r.line;
    /* a recipe line: a tab in a rule's context */
    if (n && s[0] == '\t' && r.in_rule) {
      char *l = logical(&r, s + 1, n - 1, true);
      if (!active(&r)) continue;
      add_recipe_line(&r, l);
      continue;
    }
    char *l = uncomment(logical(&r, s, n, false));
    /* values keep their trailing blanks, as make's do */
    char *t = l;
    while (*t == ' ' || *t == '\t') t++;
    if (!*t) continue;
    int status = 0;
    if (conditional(&r, t, &status)) {
      if (status) return status;
      continue;
    }
    if (!active(&r)) {
      if (word_is(t, "define")) {
        /* skip a whole define in a false branch */
        int depth = 1;
        while (depth && physical(&r, &s, &n)) {
          char *x = trim(mk_strndup(s, n));
          if (word_is(x, "define")) depth++;
          else if (word_is(x, "endef")) depth--;
        }
      }
      continue;
    }
    if (word_is(t, "define") || (word_is(t, "override") && word_is(trim(t + 8), "define")) ||
        (word_is(t, "export") && word_is(trim(t + 6), "define"))) {
      end_rule(&r);
      int origin = MK_FILE, export = 0;
      if (word_is(t, "override")) origin = MK_OVERRIDE, t = trim(t + 8);
      if (word_is(t, "export")) export = 1, t = trim(t + 6);
      char *spec = trim(t + 6);
      int op = A_RECURSIVE;
      size_t sl = strlen(spec);
      if (sl >= 2 && !strcmp(spec + sl - 2, ":=")) op = A_SIMPLE, spec[sl - 2] = 0;
      else if (sl >= 3 && !strcmp(spec + sl - 3, "::=")) op = A_SIMPLE, spec[sl - 3] = 0;
      else if (sl >= 2 && !strcmp(spec + sl - 2, "+=")) op = A_APPEND, spec[sl - 2] = 0;
      else if (sl >= 2 && !strcmp(spec + sl - 2, "?=")) op = A_COND, spec[sl - 2] = 0;
      else if (sl >= 1 && spec[sl - 1] == '=') spec[sl - 1] = 0;
      char *vname = trim(spec);
      mk_sb body = {0};
      int depth = 1, start = r.line;
      bool first = true;
      while (physical(&r, &s, &n)) {
        char *x = trim(mk_strndup(s, n));
        if (word_is(x, "define")) depth++;
        else if (word_is(x, "endef") && --depth == 0) break;
        if (!first) mk_sb_addc(&body, '\n');
        mk_sb_add(&body, s, n);
        first = false;
      }
      if (depth) {
        m->cur_line = start;
        mk_sb_free(&body);
        return mk_fatal(m, "missing 'endef', unterminated 'define'");
      }
      assign(m, &m->globals, vname, op, body.s ? body.s : "", origin, export, false);
      mk_sb_free(&body);
      if (m->fatal) return 2;
      continue;
    }
    if (word_is(t, "endef")) return mk_fatal(m, "extraneous 'endef'");
    bool done;
    status = directive(&r, t, &done);
    m->cur_file = name;
    m->cur_line = r.line;
    if (status) return status;
    if (done) continue;
    if (n && s[0] == '\t' && !r.in_rule) {
      /* GNU: a tab line outside a rule is a recipe without a target */
      char *ne, *val;
      if (find_assign(t, &ne, &val) == A_NONE && !strchr(t, ':'))
        return mk_fatal(m, "recipe commences before first target");
    }
    end_rule(&r);
    status = rule_line(&r, t);
    if (status) return status;
  }
  end_rule(&r);
  if (r.nconds) return mk_fatal(m, "missing 'endif'");
  return 0;
}

int mk_eval_text(mk_state *m, const char *text)
{
  const char *f = m->cur_file;
  int l = m->cur_line;
  int st = mk_read_text(m, f ? f : "<eval>", text, strlen(text));
  m->cur_file = f;
  m->cur_line = l;
  return st;
}

int mk_read_file(mk_state *m, const char *path, int *status)
{
  char *data = NULL;
  size_t len = 0;
  int e = cmd_read_all(path, &data, &len);
  if (e < 0) return e;
  mk_sb list = {0};
  mk_sb_adds(&list, mk_var_value(m, NULL, "MAKEFILE_LIST"));
  mk_sb_addc(&list, ' ');
  mk_sb_adds(&list, path);
  mk_var_set(&m->globals, "MAKEFILE_LIST", list.s, false, MK_FILE);
  mk_sb_free(&list);
  char *name = mk_strdup(path);
  *status = mk_read_text(m, name, data, len);
  free(data);
  return 0;
}
