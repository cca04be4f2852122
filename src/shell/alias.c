/* alias.c - aliases: the table, `alias` and `unalias`, and the parser's
** expansion. As bash, a script expands aliases only with shopt -s
** expand_aliases, and only in the first word of a simple command (and in
** the word after an alias whose value ends in a blank). The parser reads
** commands one complete line at a time, so an alias defined on a line is
** used from the next one on, as in bash.
**
** Expansion replaces the word in the source text by the value and reads
** again from there: the value can be any text (`{ a; b; }`, an
** assignment, several commands), and the text of a function or of a
** subshell then holds the expanded commands, which a child shell parses
** without expanding them again (source.no_alias). */
#include "sh.h"

#include <stdlib.h>
#include <string.h>

typedef struct alias {
  char *name, *value;
  struct alias *next;
} alias;

static alias *aliases; /* sorted by name */

const char *alias_get(const char *name)
{
  for (alias *a = aliases; a; a = a->next)
    if (!strcmp(a->name, name)) return a->value;
  return NULL;
}

void alias_set(const char *name, const char *value)
{
  alias **at = &aliases;
  while (*at && strcmp((*at)->name, name) < 0) at = &(*at)->next;
  if (*at && !strcmp((*at)->name, name)) {
    free((*at)->value);
    (*at)->value = xstrdup(value);
    return;
  }
  alias *a = xcalloc(1, sizeof *a);
  a->name = xstrdup(name);
  a->value = xstrdup(value);
  a->next = *at;
  *at = a;
}

static bool alias_unset(const char *name)
{
  for (alias **at = &aliases; *at; at = &(*at)->next)
    if (!strcmp((*at)->name, name)) {
      alias *a = *at;
      *at = a->next;
      free(a->name);
      free(a->value);
      free(a);
      return true;
    }
  return false;
}

void alias_each(void (*fn)(const char *name, const char *value, void *u), void *u)
{
  for (alias *a = aliases; a; a = a->next) fn(a->name, a->value, u);
}

/* 'value' with each ' as '\'' (bash's alias and type -a output) */
void alias_print(const char *name, const char *value)
{
  out_printf("alias %s='", name);
  for (const char *c = value; *c; c++)
    if (*c == '\'') out_adds("'\\''");
    else out_add(c, 1);
  out_adds("'\n");
}

static bool alias_name_ok(const char *s, size_t n)
{
  if (!n) return false;
  for (size_t i = 0; i < n; i++)
    if (strchr(" \t\n|&;()<>`$\\\"'=/", s[i])) return false;
  return true;
}

int bi_alias(int argc, char **argv)
{
  int i = 1, st = 0;
  bool p = false;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    if (strcmp(argv[i], "-p")) {
      sh_error("alias: %s: invalid option", argv[i]);
      sh_usage("alias: usage: alias [-p] [name[=value] ... ]\n");
      return 2;
    }
    p = true;
  }
  if (i == argc || p)
    for (alias *a = aliases; a; a = a->next) alias_print(a->name, a->value);
  for (; i < argc; i++) {
    const char *eq = strchr(argv[i], '=');
    if (eq) {
      if (!alias_name_ok(argv[i], (size_t)(eq - argv[i]))) {
        sh_error("alias: `%.*s': invalid alias name", (int)(eq - argv[i]), argv[i]);
        st = 1;
        continue;
      }
      char *name = xstrndup(argv[i], (size_t)(eq - argv[i]));
      alias_set(name, eq + 1);
      free(name);
    } else {
      const char *v = alias_get(argv[i]);
      if (v) {
        alias_print(argv[i], v);
      } else {
        sh_error("alias: %s: not found", argv[i]);
        st = 1;
      }
    }
  }
  return st;
}

int bi_unalias(int argc, char **argv)
{
  int i = 1, st = 0;
  if (i < argc && !strcmp(argv[i], "-a")) {
    while (aliases) alias_unset(aliases->name);
    return 0;
  }
  if (i < argc && !strcmp(argv[i], "--")) i++;
  if (i == argc) {
    sh_usage("unalias: usage: unalias [-a] name [name ...]\n");
    return 2;
  }
  for (; i < argc; i++)
    if (!alias_unset(argv[i])) {
      sh_error("unalias: %s: not found", argv[i]);
      st = 1;
    }
  return st;
}

/* s->text[start, end) becomes value */
static void splice(source *s, size_t start, size_t end, const char *value)
{
  size_t vn = strlen(value), tail = s->len - end;
  size_t len = start + vn + tail;
  if (len + 1 > s->cap) {
    s->cap = len + 1 + 256;
    s->text = xrealloc(s->text, s->cap);
  }
  memmove(s->text + start + vn, s->text + end, tail);
  memcpy(s->text + start, value, vn);
  s->len = len;
  s->text[len] = 0;
  long shift = (long)vn - (long)(end - start);
  for (size_t i = 0; i < s->nhd; i++) {
    hd_range *h = &s->hds[i];
    if (h->op >= end) h->op = (size_t)((long)h->op + shift);
    if (h->start >= end) {
      h->start = (size_t)((long)h->start + shift);
      h->end = (size_t)((long)h->end + shift);
    }
  }
}

bool alias_expand(lexer *lx, const char *name)
{
  source *s = lx->src;
  /* a lexer over a borrowed text (refs 0: a word's text, not a script) */
  if (s->no_alias || s->refs <= 0 || !shopt_on("expand_aliases")) return false;
  const char *v = alias_get(name);
  if (!v) return false;
  size_t at = lx->tstart, end = lx->tend;
  /* an alias is not expanded again inside its own value */
  size_t live = 0;
  for (size_t i = 0; i < lx->nalias; i++)
    if (lx->alias_end[i] > at) {
      if (!strcmp(lx->alias_name[i], name)) return false;
      lx->alias_end[live] = lx->alias_end[i];
      memcpy(lx->alias_name[live], lx->alias_name[i], sizeof lx->alias_name[i]);
      live++;
    }
  lx->nalias = live;
  if (strlen(name) >= sizeof lx->alias_name[0] || lx->nalias >= sizeof lx->alias_end / sizeof *lx->alias_end)
    return false;
  splice(s, at, end, v);
  size_t vn = strlen(v);
  long shift = (long)vn - (long)(end - at);
  for (size_t i = 0; i < lx->nalias; i++) lx->alias_end[i] = (size_t)((long)lx->alias_end[i] + shift);
  strcpy(lx->alias_name[lx->nalias], name);
  lx->alias_end[lx->nalias++] = at + vn;
  lx->alias_blank = vn && (v[vn - 1] == ' ' || v[vn - 1] == '\t') ? at + vn : 0;
  lx->pos = at;
  lx->peeked = false;
  return true;
}
