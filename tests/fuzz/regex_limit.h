/* regex_limit.h - what the harnesses of sed, awk and find skip: inputs
** with a run of 8 or more repetition operators (`+*?}`, backslashes
** between them ignored). glibc's regcomp takes time exponential in such
** a run (`a+++++++++++++++++++++` in ERE: 3 s at 20, under GNU sed and
** gawk too); that is the library's, not the parsers'. */
#ifndef ACS_FUZZ_REGEX_LIMIT_H
#define ACS_FUZZ_REGEX_LIMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline bool fuzz_stacked_repeats(const uint8_t *d, size_t n)
{
  int run = 0;
  for (size_t i = 0; i < n; i++) {
    if (d[i] == '\\') continue;
    run = d[i] && strchr("+*?}", d[i]) ? run + 1 : 0;
    if (run >= 8) return true;
  }
  return false;
}

#endif
