/* grep.h - what grep.c (the search of one input and its output) and
** grep_main.c (options, files, -r) share. */
#ifndef ACS_CMDS_GREP_H
#define ACS_CMDS_GREP_H

#include "grep_match.h"

enum { BIN_BINARY, BIN_TEXT, BIN_WITHOUT };

typedef struct grep {
  acs_cmd *c;
  gm_set m;
  bool invert, only, numbers, offsets, tabs, color, null_names, line_buffered;
  bool count, quiet, quiet_out, no_messages;
  int list; /* 1 -l, 2 -L */
  int binary;
  char eol;
  bool context;                     /* -A, -B or -C given, even 0: groups get "--" */
  int64_t before, after, max_count; /* max_count -1: no limit */
  const char *group_sep;            /* NULL: --no-group-separator */
  bool out_before;                  /* a line was printed (for "--") */
  bool quit;                        /* -q found a line: stop everything */
  bool error;
} grep;

typedef struct held {
  char *text;
  size_t len;
  int64_t lineno, off;
} held;

/* the state of one input */
typedef struct scan {
  const char *name;
  bool names;
  int64_t lineno, count, last_out, after_left;
  bool binary, binary_hit, max_hit;
  int width; /* of numbers, with -T */
  held *ring; /* the last -B lines not printed */
  size_t nring, cring;
} scan;

int64_t grep_fd(grep *g, int fd, const char *name, bool names);
void grep_report(grep *g, const char *name, bool names, int64_t count);
/* "grep: NAME: ERROR" unless -s; the status becomes 2 */
void grep_file_error(grep *g, const char *name, int err);
/* grep with kind the default matcher (GM_BASIC; egrep GM_EXTENDED, fgrep GM_FIXED) */
int acs__grep_main(acs_cmd *c, int argc, char **argv, int kind);

#endif
