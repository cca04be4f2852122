/* state.c - what a child shell inherits from its parent, since a box
** process cannot fork: variables (with their flags), functions (as the
** text of their definitions), positional parameters, options, $? $$ $!
** $0, and the text to run with its line. The parent writes it on a pipe
** the child finds at fd 255; the format is NUL-terminated strings, each
** record a tag and its fields. */
#include "sh.h"

#include <errno.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(sbuf *b, const char *s)
{
  sb_adds(b, s ? s : "");
  sb_addc(b, 0);
}

static void put_int(sbuf *b, long v)
{
  char num[32];
  snprintf(num, sizeof num, "%ld", v);
  put(b, num);
}

static void put_var(const char *name, const char *value, int flags, void *u)
{
  sbuf *b = u;
  if (!value) {
    /* declared without a value (readonly r, declare -i n): its attributes */
    put(b, "W");
    put_int(b, flags);
    put(b, name);
    return;
  }
  char *now = NULL;
  if (!strcmp(name, "SECONDS")) { /* the child counts on from the value it has now */
    bool set;
    now = ex_param_value(name, &set);
    if (now) value = now;
  }
  put(b, "V");
  put_int(b, flags);
  put(b, name);
  put(b, value);
  free(now);
}

static void put_array(const char *name, int flags, array *a, void *u)
{
  sbuf *b = u;
  put(b, "Y");
  put_int(b, flags);
  put(b, name);
  put_int(b, (long)arr_count(a));
  for (size_t i = 0; i < arr_count(a); i++) {
    char *k = arr_key_at(a, i);
    put(b, k);
    put(b, arr_val_at(a, i));
    free(k);
  }
}

static void put_fn(func *f, void *u)
{
  sbuf *b = u;
  put(b, "F");
  put_int(b, f->line);
  put(b, f->text);
}

static void put_alias(const char *name, const char *value, void *u)
{
  sbuf *b = u;
  put(b, "L");
  put(b, name);
  put(b, value);
}

static void put_hashed(const char *name, const char *path, int hits, void *u)
{
  sbuf *b = u;
  put(b, "H");
  put(b, name);
  put(b, path);
  put_int(b, hits);
}

static long opts_bits(void)
{
  return sh.opt_e | sh.opt_u << 1 | sh.opt_x << 2 | sh.opt_f << 3 | sh.opt_C << 4 | sh.opt_a << 5 |
         sh.pipefail << 6 | sh.is_c << 7;
}

void state_send(int fd, const char *text, int line)
{
  sbuf b = {0};
  var_each(put_var, &b);
  var_each_array(put_array, &b);
  fn_each(put_fn, &b);
  alias_each(put_alias, &b);
  hash_each(put_hashed, &b);
  put(&b, "A");
  put_int(&b, sh.argc);
  for (int i = 0; i < sh.argc; i++) put(&b, sh.argv[i]);
  put(&b, "S");
  put_int(&b, sh.status);
  put_int(&b, sh.pid);
  put_int(&b, sh.last_bg);
  put_int(&b, opts_bits());
  put_int(&b, sh.func_depth);
  put_int(&b, 0); /* a loop's break and continue do not reach into a child shell (bash) */
  put(&b, sh.name);
  put(&b, "O");
  char num[32];
  snprintf(num, sizeof num, "%llu", sh.shopts);
  put(&b, num);
  put(&b, "B");
  put_int(&b, subshell_step);
  put_int(&b, trace_level);
  put(&b, "K");
  char *kept = set_kept_options();
  put(&b, kept);
  free(kept);
  trap_send(&b, put);
  jobs_send(&b, put);
  frames_send(&b, put);
  dirs_send(&b, put);
  builtins_send(&b, put);
  put(&b, "C");
  put_int(&b, line);
  put(&b, text);
  acs_sys_write_all(fd, b.s, b.len);
  sb_free(&b);
}

/* the next string of a record (the buffer ends with a NUL: sbuf) */
static const char *next(const char **p, const char *end)
{
  if (*p >= end) return "";
  const char *s = *p;
  *p += strlen(s) + 1;
  return s;
}

bool state_receive(int fd, char **text, int *line)
{
  sbuf b = {0};
  char buf[65536];
  ssize_t n;
  while ((n = acs_sys_read(fd, buf, sizeof buf)) > 0) sb_add(&b, buf, (size_t)n);
  acs_sys_close(fd);
  if (!b.s) return false;
  const char *p = b.s, *end = b.s + b.len;
  bool ok = false;
  strv fdefs = {0};
  int fline = 0;
  while (p < end) {
    const char *tag = next(&p, end);
    if (!strcmp(tag, "V")) {
      int flags = atoi(next(&p, end));
      const char *name = next(&p, end);
      const char *value = next(&p, end);
      var_set(name, value, flags & ~V_READONLY);
      if (flags & V_READONLY) var_set_flag(name, V_READONLY);
    } else if (!strcmp(tag, "Y")) {
      int flags = atoi(next(&p, end));
      char *name = xstrdup(next(&p, end));
      long n = atol(next(&p, end));
      array *a = var_make_array(name, flags & V_ASSOC);
      for (long i = 0; i < n; i++) {
        const char *k = next(&p, end);
        const char *v = next(&p, end);
        if (!a) continue;
        if (flags & V_ASSOC) arr_set(a, k, v);
        else arr_seti(a, atol(k), v);
      }
      int keep = flags & (V_EXPORT | V_READONLY | V_INTEGER);
      if (keep) var_set_flag(name, keep);
      free(name);
    } else if (!strcmp(tag, "F")) {
      fline = atoi(next(&p, end));
      (void)fline;
      sv_push(&fdefs, xstrdup(next(&p, end)));
    } else if (!strcmp(tag, "N")) {
      builtin_disable(next(&p, end));
    } else if (!strcmp(tag, "P")) {
      dirs_receive(next(&p, end));
    } else if (!strcmp(tag, "W")) {
      int flags = atoi(next(&p, end));
      var_set_flag(next(&p, end), flags);
    } else if (!strcmp(tag, "H")) {
      char *name = xstrdup(next(&p, end));
      const char *path = next(&p, end);
      hash_load(name, path, atoi(next(&p, end)));
      free(name);
    } else if (!strcmp(tag, "R")) {
      char *func = xstrdup(next(&p, end));
      char *file = xstrdup(next(&p, end));
      int fl = atoi(next(&p, end));
      frame_receive(func, file, fl, atoi(next(&p, end)) != 0);
      free(func);
      free(file);
    } else if (!strcmp(tag, "L")) {
      const char *name = next(&p, end);
      alias_set(name, next(&p, end));
    } else if (!strcmp(tag, "A")) {
      int argc = atoi(next(&p, end));
      sh.argv = xcalloc((size_t)argc + 1, sizeof *sh.argv);
      for (int i = 0; i < argc; i++) sh.argv[i] = xstrdup(next(&p, end));
      sh.argc = argc;
    } else if (!strcmp(tag, "S")) {
      sh.status = atoi(next(&p, end));
      sh.pid = atoi(next(&p, end));
      sh.last_bg = atoi(next(&p, end));
      long o = atol(next(&p, end));
      sh.opt_e = o & 1, sh.opt_u = o >> 1 & 1, sh.opt_x = o >> 2 & 1, sh.opt_f = o >> 3 & 1;
      sh.opt_C = o >> 4 & 1, sh.opt_a = o >> 5 & 1, sh.pipefail = o >> 6 & 1, sh.is_c = o >> 7 & 1;
      sh.func_depth = atoi(next(&p, end));
      sh.loop_depth = atoi(next(&p, end));
      free(sh.name);
      sh.name = xstrdup(next(&p, end));
    } else if (!strcmp(tag, "O")) {
      sh.shopts = strtoull(next(&p, end), NULL, 10);
    } else if (!strcmp(tag, "B")) {
      subshell_step = atoi(next(&p, end));
      trace_level = atoi(next(&p, end));
    } else if (!strcmp(tag, "K")) {
      set_kept_options_load(next(&p, end));
    } else if (!strcmp(tag, "T")) {
      /* listed by `trap` in the child, run by none (trap.c) */
      int t = atoi(next(&p, end));
      trap_receive(t, next(&p, end));
    } else if (!strcmp(tag, "J")) {
      int id = atoi(next(&p, end));
      int pid = atoi(next(&p, end));
      jobs_receive(id, pid, next(&p, end));
    } else if (!strcmp(tag, "C")) {
      *line = atoi(next(&p, end));
      *text = xstrdup(next(&p, end));
      ok = true;
    } else {
      break;
    }
  }
  /* functions are defined by running their definitions, quietly */
  int st = sh.status;
  bool x = sh.opt_x, e = sh.opt_e;
  sh.opt_x = sh.opt_e = false;
  int depth = sh.func_depth;
  sh.func_depth = 0;
  for (size_t i = 0; i < fdefs.n; i++) run_string_expanded(fdefs.v[i], "function", 1);
  sh.func_depth = depth;
  sh.opt_x = x, sh.opt_e = e;
  sh.status = st;
  sv_free(&fdefs);
  sb_free(&b);
  return ok;
}
