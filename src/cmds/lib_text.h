/* lib_text.h - small pieces the text commands share (head, tail, sort,
** uniq, cut, tac, ...): a growing byte buffer, whole-file loading into
** records, and GNU's number checks. */
#ifndef ACS_CMDS_LIB_TEXT_H
#define ACS_CMDS_LIB_TEXT_H

#include "cmd.h"

typedef struct text_buf {
  char *data; /* malloc'd; free it */
  size_t len, cap;
} text_buf;

/* Appends n bytes (keeping a NUL after them); false when out of memory. */
bool text_buf_add(text_buf *b, const void *p, size_t n);

/* For s all digits and too large for an int64: 1 when it fits a uint64
** (GNU then clamps a count to "as many as there are"), 2 when it does not
** (GNU: "Value too large for defined data type"); 0 otherwise. */
int text_num_too_big(const char *s);

/* One record of a loaded file: text without its delimiter. */
typedef struct text_rec {
  const char *s;
  size_t len;
} text_rec;

/* Splits data[0..len) into records ended by delim (the last may lack it),
** appending to *recs (realloc'd; *n and *cap updated). False when out of
** memory. */
bool text_split(const char *data, size_t len, int delim, text_rec **recs, size_t *n, size_t *cap);

/* GNU's "blank": space and tab (C locale) */
static inline bool text_blank(unsigned char ch) { return ch == ' ' || ch == '\t'; }

/* argmatch's failure as GNU prints it: "NAME: invalid argument 'ARG' for
** '--OPT'", then "Valid arguments are:" and the list (lines "  - 'x'"
** given in valid, each ending in \n), then the "Try" line. */
void text_bad_arg(acs_cmd *c, const char *opt, const char *arg, const char *valid);

/* A usage error with a second line as GNU prints some ("NAME: MESSAGE",
** then NOTE unprefixed, then the "Try" line). */
void text_usage_note(acs_cmd *c, const char *message, const char *note);

/* Whether LC_ALL / LC_CTYPE / LANG (the first set) name a UTF-8 locale. */
bool text_utf8_locale(void);

/* The columns code point u takes: -1 for controls, 0 for combining marks,
** 2 for East Asian wide ones, else 1 (wcwidth's classes, roughly). */
int text_u_width(uint32_t u);

/* gnulib's filevercmp order (sort -V, ls -v): "natural" ordering of
** version numbers inside names, file suffixes compared last. */
int text_vercmp(const char *a, size_t alen, const char *b, size_t blen);

#endif
