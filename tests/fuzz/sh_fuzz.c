/* sh_fuzz.c - libFuzzer harness for the shell's lexer and parser
** (src/shell/lex.c, parse.c, with alias.c and the [[ ]] tables of
** test.c), the printer of what it parsed (fnprint.c) and its arithmetic
** (arith.c). Nothing runs: a text is parsed
** command by command, as run_source parses it, and its source freed.
**
** Input: a shell text; or, when the first byte is '=', an arithmetic
** expression (the rest, up to a NUL) for arith_eval, as in $(( )).
** arith_eval also evaluates (it reads and assigns variables: every
** variable is unset after each input, so an input's result does not
** depend on the ones before it). Messages go to the stubbed kernel
** (tests/fuzz/sys_stub.c). Nothing may crash, hang, leak or read out of
** bounds. Build and run: `make fuzz-sh`. */
#include "shell/sh.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void collect(const char *name, const char *value, int flags, void *u)
{
  (void)value, (void)flags;
  sv_push(u, xstrdup(name));
}

static void collect_array(const char *name, int flags, array *a, void *u)
{
  (void)flags, (void)a;
  sv_push(u, xstrdup(name));
}

static void unset_all(void)
{
  strv names = {0};
  var_each(collect, &names);
  var_each_array(collect_array, &names);
  for (size_t i = 0; i < names.n; i++) var_unset(names.v[i]);
  sv_free(&names);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size && data[0] == '=') {
    char *expr = malloc(size);
    memcpy(expr, data + 1, size - 1);
    expr[size - 1] = 0;
    int64_t v;
    arith_eval(expr, &v);
    free(expr);
    unset_all();
    sh.aborting = false;
    return 0;
  }
  source *s = src_new_text((const char *)data, size, "fuzz");
  lexer lx = {.src = s, .ar = &s->ar, .line = 1};
  for (;;) {
    node *n;
    if (ps_command(&lx, &n) < 0 || !n) break;
    /* printed as declare -f and a job's text print it (fnprint.c), which
    ** parses each $( ) of a word once more */
    free(node_format(n));
  }
  free(lx.errmsg);
  free(lx.hd);
  src_unref(s);
  return 0;
}
