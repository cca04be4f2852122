/* lib_diff.h - the line comparison GNU diffutils' diff 3.8 makes and its
** normal, context and unified output, so that diff's output (and what
** patch is given) is byte for byte GNU's.
**
** The steps are GNU's, so that among the many shortest edit scripts the
** same one comes out: the common prefix and suffix set aside (but
** `context` lines of each), lines into equivalence classes (-i -b -w -Z),
** lines that cannot match or match too often discarded as GNU's
** discard_confusing_lines decides, Myers' O(ND) middle-snake division
** with its cost cap, then the change boundaries shifted to merge runs
** and line up with the other file's changes. */
#ifndef ACS_CMDS_LIB_DIFF_H
#define ACS_CMDS_LIB_DIFF_H

#include "cmd.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { DIFF_NORMAL, DIFF_CONTEXT, DIFF_UNIFIED };

typedef struct diff_opts {
  int format;
  int context; /* lines of context of -c and -u */
  bool icase, iall_space, ispace_change, itrailing_space, iblank_lines;
  bool minimal, initial_tab;
} diff_opts;

/* A file's text cut into lines: line i is data[start[i] .. start[i + 1]),
** newline included; the last may lack it. */
typedef struct diff_text {
  const char *data;
  size_t size;
  size_t *start; /* nlines + 1 entries */
  size_t nlines;
} diff_text;

/* Cuts data into lines; false when memory ran out. */
bool diff_text_lines(diff_text *t, const char *data, size_t size);
void diff_text_free(diff_text *t);

/* One change: `deleted` lines of file 0 from line0, `inserted` lines of
** file 1 from line1 (0-based). `ignore`: only blank lines (-B). */
typedef struct diff_change {
  size_t line0, line1, deleted, inserted;
  bool ignore;
} diff_change;

/* The edit script from t[0] to t[1], in order. Returns the number of
** changes (*out malloc'd, NULL when none), or -1 when memory ran out. */
ssize_t diff_compute(const diff_text t[2], const diff_opts *o, diff_change **out);

/* Whether every change is one -B ignores (then there is no difference). */
bool diff_all_ignorable(const diff_change *ch, size_t n);

/* The header lines of -c and -u ("--- NAME\tTIME"), given by the caller,
** and a line before them (recursive diff's "diff -r a/x b/x"), printed
** before the first hunk only. Prints the hunks; returns how many. */
typedef struct diff_heads {
  const char *pre;      /* whole line(s) with "\n", or NULL */
  const char *head[2];  /* the two header lines without their "--- " */
} diff_heads;
size_t diff_print(acs_cmd *c, const diff_text t[2], const diff_opts *o, diff_change *ch, size_t n,
                  const diff_heads *h);

#endif
