/* lib_tabs.c - expand's and unexpand's tab stops and input. */
#include "lib_tabs.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool tabs_add(tabs *t, uint64_t v)
{
  if (t->n == t->cap) {
    size_t cap = t->cap ? t->cap * 2 : 8;
    uint64_t *l = realloc(t->list, cap * sizeof *l);
    if (!l) return false;
    t->list = l;
    t->cap = cap;
  }
  t->list[t->n++] = v;
  return true;
}

static bool set_once(acs_cmd *c, uint64_t *slot, uint64_t v, char which)
{
  if (*slot) {
    cmd_error(c, "'%c' specifier only allowed with the last value", which);
    *slot = v;
    return false;
  }
  *slot = v;
  return true;
}

bool tabs_parse(acs_cmd *c, tabs *t, const char *s)
{
  bool have = false, ext = false, inc = false, ok = true;
  uint64_t v = 0;
  const char *num = NULL;
  char q[1024];
  for (; *s; s++) {
    if (*s == ',' || isblank((unsigned char)*s)) {
      if (have) {
        if (ext) ok = set_once(c, &t->extend, v, '/');
        else if (inc) ok = set_once(c, &t->increment, v, '+');
        else tabs_add(t, v);
        if (!ok) break;
      }
      have = false;
    } else if (*s == '/' || *s == '+') {
      if (have) {
        cmd_error(c, "'%c' specifier not at start of number: %s", *s, cmd_quote(s, q, sizeof q));
        ok = false;
      }
      ext = *s == '/';
      inc = *s == '+';
    } else if (isdigit((unsigned char)*s)) {
      if (!have) {
        v = 0;
        have = true;
        num = s;
      }
      unsigned d = (unsigned)(*s - '0');
      if (v > (UINT64_MAX - d) / 10) {
        size_t len = strspn(num, "0123456789");
        char bad[64];
        snprintf(bad, sizeof bad, "%.*s", (int)(len < 60 ? len : 60), num);
        cmd_error(c, "tab stop is too large %s", cmd_quote(bad, q, sizeof q));
        ok = false;
        s = num + len - 1;
        continue;
      }
      v = v * 10 + d;
    } else {
      cmd_error(c, "tab size contains invalid character(s): %s", cmd_quote(s, q, sizeof q));
      ok = false;
      break;
    }
  }
  if (ok && have) {
    if (ext) ok = set_once(c, &t->extend, v, '/');
    else if (inc) ok = set_once(c, &t->increment, v, '+');
    else tabs_add(t, v);
  }
  return ok;
}

bool tabs_finish(acs_cmd *c, tabs *t)
{
  uint64_t prev = 0;
  for (size_t i = 0; i < t->n; i++) {
    if (t->list[i] == 0) {
      cmd_error(c, "tab size cannot be 0");
      return false;
    }
    if (t->list[i] <= prev) {
      cmd_error(c, "tab sizes must be ascending");
      return false;
    }
    prev = t->list[i];
  }
  if (t->increment && t->extend) {
    cmd_error(c, "'/' specifier is mutually exclusive with '+'");
    return false;
  }
  if (t->n == 0) t->size = t->extend ? t->extend : t->increment ? t->increment : 8;
  else if (t->n == 1 && !t->extend && !t->increment) t->size = t->list[0];
  else t->size = 0;
  return true;
}

uint64_t tabs_next(const tabs *t, uint64_t column, size_t *index, bool *last)
{
  *last = false;
  if (t->size) return column + (t->size - column % t->size);
  for (; *index < t->n; (*index)++)
    if (column < t->list[*index]) return t->list[*index];
  if (t->extend) return column + (t->extend - column % t->extend);
  if (t->increment) {
    uint64_t end = t->list[t->n - 1];
    return column + (t->increment - (column - end) % t->increment);
  }
  *last = true;
  return 0;
}

void tabs_free(tabs *t) { free(t->list); }

void tabs_input_init(tabs_input *ti, acs_cmd *c, char **files, int n)
{
  memset(ti, 0, sizeof *ti);
  ti->c = c;
  ti->files = files;
  ti->n = n;
  ti->in = cmd_in_new();
}

int tabs_getc(tabs_input *ti)
{
  for (;;) {
    if (ti->pos < ti->len) return ti->buf[ti->pos++];
    if (ti->open) {
      ssize_t r = cmd_in_read(ti->in, ti->buf, sizeof ti->buf);
      if (r > 0) {
        ti->len = (size_t)r;
        ti->pos = 0;
        continue;
      }
      if (r < 0) {
        char q[1024];
        cmd_error(ti->c, "%s: %s", cmd_quotef(ti->files[ti->at - 1], q, sizeof q), cmd_strerror((int)r));
        ti->status = 1;
      }
      cmd_in_close(ti->in);
      ti->open = false;
    }
    if (!ti->in || ti->at >= ti->n) return -1;
    if (cmd_in_open(ti->c, ti->in, ti->files[ti->at++]) < 0) {
      ti->status = 1;
      continue;
    }
    ti->open = true;
    ti->len = ti->pos = 0;
  }
}

void tabs_input_free(tabs_input *ti) { cmd_in_free(ti->in); }
