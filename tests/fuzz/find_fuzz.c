/* find_fuzz.c - libFuzzer harness for find's expression parser
** (find_parse and find_free in src/cmds/find_expr.c). Nothing is walked:
** each input is an expression, parsed as `find . EXPR` parses it, and
** freed.
**
** Input: the expression's arguments, separated by NUL bytes (at most
** 256). Files the expression names (-newer, -fprint) meet the stubbed
** kernel (tests/fuzz/sys_stub.c): a stat fails, an open gives a fresh
** number. Nothing may crash, hang, leak or read out of bounds. Build and
** run: `make fuzz-find`. */
#include "cmds/find.h"
#include "regex_limit.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_ARGS = 256 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (fuzz_stacked_repeats(data, size)) return 0;
  char *text = malloc(size + 1);
  memcpy(text, data, size);
  text[size] = 0;
  char *argv[MAX_ARGS + 1];
  int argc = 0;
  if (size) {
    char *p = text, *end = text + size;
    for (;;) {
      argv[argc++] = p;
      char *z = memchr(p, 0, (size_t)(end - p));
      if (!z || argc == MAX_ARGS) break;
      p = z + 1;
    }
  }
  argv[argc] = NULL;
  acs_cmd *c = calloc(1, sizeof *c);
  c->name = "find";
  find *f = calloc(1, sizeof *f);
  f->c = c;
  f->maxdepth = -1;
  f->follow = 'P';
  f->now = 1700000000;
  find_parse(f, argv, argc);
  find_free(f);
  free(c);
  free(text);
  return 0;
}
