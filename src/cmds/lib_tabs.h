/* lib_tabs.h - tab stops as expand and unexpand take them (-t LIST with
** GNU's '/' and '+' forms), and the files they read as one stream. */
#ifndef ACS_CMDS_LIB_TABS_H
#define ACS_CMDS_LIB_TABS_H

#include "cmd.h"

typedef struct tabs {
  uint64_t *list;
  size_t n, cap;
  uint64_t size, extend, increment;
  bool ok;
} tabs;

/* Adds the stops of LIST (GNU's syntax); false after a message. */
bool tabs_parse(acs_cmd *c, tabs *t, const char *list);
bool tabs_add(tabs *t, uint64_t v);
/* Checks the stops and settles the tab size; false after a message. */
bool tabs_finish(acs_cmd *c, tabs *t);
/* The next stop after column; *last when there is none. */
uint64_t tabs_next(const tabs *t, uint64_t column, size_t *index, bool *last);
void tabs_free(tabs *t);

/* The operands read as one stream, byte by byte, as GNU's next_file does:
** a file that cannot be opened is reported and skipped (status 1). */
typedef struct tabs_input {
  acs_cmd *c;
  char **files;
  int n, at;
  cmd_in *in;
  unsigned char buf[16384];
  size_t len, pos;
  int status;
  bool open;
} tabs_input;

void tabs_input_init(tabs_input *ti, acs_cmd *c, char **files, int n);
/* the next byte, or -1 at the end of all the files */
int tabs_getc(tabs_input *ti);
void tabs_input_free(tabs_input *ti);

#endif
