/* lang_fuzz.c - libFuzzer harness for the source transform (src/lang).
**
** Input: one selector byte, then the source text. The selector picks the
** output format (byte % 3: 0 AUTO, 1 ESM, 2 CJS); the source is then run
** through acs__lang_transform as JavaScript and as TypeScript, and each
** result is freed. Seeds in tests/fuzz/corpus/lang start with a tab (AUTO),
** a newline (ESM) or a space (CJS), so they read as plain source files.
**
** The transform must return 0 (or ACS_ENOMEM, which cannot happen here
** short of a real OOM) with either code or an error message set; anything
** else, and every ASan/UBSan report, leak or timeout, is a finding.
** Build and run: `make fuzz-lang` (FUZZ_SECONDS=1800). */
#include "lang/lang.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void run_one(const char *src, size_t len, acs__lang_kind kind, acs__lang_format fmt)
{
  acs__lang_opts opts;
  memset(&opts, 0, sizeof opts);
  opts.kind = kind;
  opts.format = fmt;
  opts.filename = kind == ACS__LANG_TS ? "fuzz.ts" : "fuzz.js";
  acs__lang_result out;
  int rc = acs__lang_transform(src, len, &opts, &out);
  if (rc == 0) {
    if (!out.error && !out.code) {
      fprintf(stderr, "lang_fuzz: rc 0 with neither code nor error (kind %d, format %d)\n", (int)kind,
              (int)fmt);
      abort();
    }
    if (out.code && strlen(out.code) != out.code_len) {
      fprintf(stderr, "lang_fuzz: code_len %zu but strlen %zu (kind %d, format %d)\n", out.code_len,
              strlen(out.code), (int)kind, (int)fmt);
      /* The source may contain NUL bytes, so only a longer strlen is wrong. */
      if (strlen(out.code) > out.code_len) abort();
    }
  }
  acs__lang_result_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < 1) return 0;
  static const acs__lang_format fmts[3] = {ACS__FMT_AUTO, ACS__FMT_ESM, ACS__FMT_CJS};
  acs__lang_format fmt = fmts[data[0] % 3];
  /* A copy of exactly the source bytes, so ASan sees any read past the end
  ** (libFuzzer's own buffer is also exact, but not after the selector). */
  size_t len = size - 1;
  char *src = malloc(len ? len : 1);
  if (!src) return 0;
  memcpy(src, data + 1, len);
  run_one(src, len, ACS__LANG_JS, fmt);
  run_one(src, len, ACS__LANG_TS, fmt);
  free(src);
  return 0;
}
