/* sed_fuzz.c - libFuzzer harness for sed's script compiler
** (src/cmds/sed_parse.c). Nothing runs: each input is compiled, as
** `sed -e ... -e ...` would compile it, and freed.
**
** Input: a flags byte (bit 0 -E, bit 1 --posix, bit 2 --sandbox, bit 3:
** the odd pieces are -f files, named "f1", "f3", ...), then the script,
** split at NUL bytes into up to 16 pieces (-e expressions, joined with
** newlines as GNU joins them). Messages go to the stubbed kernel
** (tests/fuzz/sys_stub.c). Nothing may crash, hang, leak or read out of
** bounds. Build and run: `make fuzz-sed`.
** Inputs with long runs of repetition operators are skipped
** (regex_limit.h). */
#include "cmds/sed.h"
#include "regex_limit.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_PIECES = 16 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < 1 || fuzz_stacked_repeats(data, size)) return 0;
  unsigned flags = data[0];
  char *text = malloc(size);
  memcpy(text, data + 1, size - 1);
  text[size - 1] = 0;
  char *pieces[MAX_PIECES], *files[MAX_PIECES];
  char names[MAX_PIECES][8];
  size_t n = 0;
  char *p = text, *end = text + size - 1;
  for (;;) {
    pieces[n] = p;
    files[n] = NULL;
    if ((flags & 8) && (n & 1)) {
      names[n][0] = 'f';
      names[n][1] = (char)('0' + n % 10);
      names[n][2] = 0;
      files[n] = names[n];
    }
    n++;
    char *z = memchr(p, 0, (size_t)(end - p));
    if (!z || n == MAX_PIECES) break;
    p = z + 1;
  }
  acs_cmd *c = calloc(1, sizeof *c);
  c->name = "sed";
  sed *s = calloc(1, sizeof *s);
  s->c = c;
  s->extended = flags & 1;
  s->posix = flags & 2;
  s->sandbox = flags & 4;
  s->lwidth = 70;
  sed_compile(s, pieces, files, n);
  acs__sed_free_script(s);
  free(s);
  free(c);
  free(text);
  return 0;
}
