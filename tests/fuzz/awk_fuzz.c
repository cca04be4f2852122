/* awk_fuzz.c - libFuzzer harness for awk's lexer and parser
** (src/cmds/awk_lex.c, awk_parse.c, through acs__awk_compile). Nothing
** runs: each input is a program text, compiled as `awk 'TEXT'` compiles
** it. Messages go to the stubbed kernel (tests/fuzz/sys_stub.c). Nothing
** may crash, hang or read out of bounds. Leaks are not checked
** (`make fuzz-awk` sets detect_leaks=0): the parser's tree, tokens and
** strings live to the process's end by design, with no free for them.
** Inputs with long runs of repetition operators are skipped
** (regex_limit.h). Build and run: `make fuzz-awk`. */
#include "cmds/awk.h"
#include "regex_limit.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (fuzz_stacked_repeats(data, size)) return 0;
  acs_cmd *c = calloc(1, sizeof *c);
  c->name = "awk";
  acs__awk_compile(c, (const char *)data, size);
  free(c);
  return 0;
}
