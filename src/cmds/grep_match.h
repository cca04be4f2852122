/* grep_match.h - grep's patterns: compiled once (glibc's regcomp for -G,
** -E and -F, PCRE2 for -P) and searched line by line with -i, -w and -x
** applied as GNU grep applies them. */
#ifndef ACS_CMDS_GREP_MATCH_H
#define ACS_CMDS_GREP_MATCH_H

#include "cmd.h"

#include <regex.h>

enum { GM_BASIC, GM_EXTENDED, GM_FIXED, GM_PERL };

typedef struct gm_set {
  int kind;
  bool icase, words, lines;
  size_t n;
  regex_t *re; /* n of them for -G -E -F */
  void *pcre;  /* the one -P pattern: a pcre2_code */
  void *pmd;   /* its pcre2_match_data */
  void *fn[6]; /* PCRE2's functions, resolved on first use */
  /* When every pattern is a plain string (no -i), a line that holds none
  ** of them cannot match: memmem rules it out before regexec runs. */
  char **lit;
  size_t *litlen;
  bool all_lit;
} gm_set;

/* Compiles the patterns (pats: n strings, lens their lengths). On an
** error prints GNU grep's message and returns false. */
bool gm_compile(acs_cmd *c, gm_set *s, char **pats, size_t *lens, size_t n);
/* The leftmost (then longest) match in line[0..len) that starts at or
** after from and passes -w/-x: true with [*ms, *me). */
bool gm_find(gm_set *s, const char *line, size_t len, size_t from, size_t *ms, size_t *me);
void gm_free(gm_set *s);

#endif
