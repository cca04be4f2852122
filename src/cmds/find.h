/* find.h - what find.c (the walk) and find_expr.c (the expression: its
** parser, tests and actions) share. */
#ifndef ACS_CMDS_FIND_H
#define ACS_CMDS_FIND_H

#include "cmd.h"

#include <time.h>

typedef struct fnode fnode;

typedef struct anc_t {
  uint64_t dev, ino;
  const char *path;
} anc_t;

typedef struct fentry {
  const char *path, *name;
  int depth;
  acs__sys_stat st;
} fentry;

typedef struct find {
  acs_cmd *c;
  fnode *root;
  int follow; /* 'P', 'H' or 'L' */
  int maxdepth, mindepth;
  bool depth_first, prune, quit, daystart, warn;
  int regex_syntax; /* -regextype: 0 emacs, 1 basic, 2 extended */
  int status;
  time_t now;
  fnode **batches; /* -exec ... {} + nodes, run at the end */
  size_t nbatches;
} find;

/* Parses the expression argv[0..argc); false after a message. */
bool find_parse(find *f, char **argv, int argc);
bool find_eval(find *f, fnode *n, fentry *e);
/* runs what -exec ... + still holds */
void find_finish(find *f);
void find_free(find *f);
void find_error(find *f, const char *path, int err);

#endif
