/* ls.h - what ls.c (options, operands, the walk) and ls_out.c (sorting
** and printing a listing) share. */
#ifndef ACS_CMDS_LS_H
#define ACS_CMDS_LS_H

#include "cmd.h"
#include "lib_human.h"

#include <time.h>

enum { LS_LONG, LS_ONE, LS_COLS, LS_HORIZ, LS_COMMAS };
enum { SORT_NAME, SORT_NONE, SORT_TIME, SORT_SIZE, SORT_EXT, SORT_VERSION, SORT_WIDTH };
enum { TIME_MTIME, TIME_CTIME, TIME_ATIME, TIME_BIRTH };
enum { IND_NONE, IND_SLASH, IND_FILE_TYPE, IND_CLASSIFY };
enum { DEREF_NONE, DEREF_CMDLINE_DIRS, DEREF_CMDLINE, DEREF_ALL };
enum { Q_LITERAL, Q_SHELL, Q_SHELL_ALWAYS, Q_SHELL_ESCAPE, Q_SHELL_ESCAPE_ALWAYS, Q_C, Q_ESCAPE, Q_LOCALE };

/* names of the ids met, so /etc/passwd is read once per id */
typedef struct ls_ids {
  uint32_t id[64];
  char name[64][64];
  size_t n;
} ls_ids;
/* the color sequences, in LS_COLORS's order of keys */
enum {
  LS_C_LC, LS_C_RC, LS_C_EC, LS_C_RS, LS_C_NO, LS_C_FI, LS_C_DI, LS_C_LN, LS_C_PI, LS_C_SO, LS_C_BD, LS_C_CD,
  LS_C_MI, LS_C_OR, LS_C_EX, LS_C_DO, LS_C_SU, LS_C_SG, LS_C_ST, LS_C_OW, LS_C_TW, LS_C_CA, LS_C_MH, LS_C_CL,
  LS_C_COUNT
};
typedef struct ls_suffix {
  char *suffix, *code;
} ls_suffix;

typedef struct ls_cache {
  ls_ids users, groups;
  const char *code[LS_C_COUNT];
  char *owned[LS_C_COUNT];
  ls_suffix *suffix;
  size_t nsuffix;
  bool link_as_target, used;
} ls_cache;

typedef struct ls_opts {
  int format, sort, time, indicator, deref, quoting;
  bool all, almost_all, dirs, recursive, reverse, ignore_backups;
  bool no_owner, no_group, numeric, inode, blocks, hide_control, color;
  bool group_dirs_first, full_time, kibi;
  bool context; /* -Z: the box has no SELinux, so each context is "?" as GNU shows it then */
  unsigned human; /* 0, 1024 or 1000 */
  bool have_bsz;  /* --block-size (or LS_BLOCK_SIZE, BLOCK_SIZE) gave units */
  block_size bsz;
  int width, tabsize;
  char eol; /* '\n', or NUL with --zero */
  const char *time_old, *time_new; /* strftime formats; NULL: GNU's C locale ones */
  char **hide;                     /* --hide / -I patterns */
  size_t nhide;
  bool ignore_hide_with_a; /* --hide is void under -a/-A; -I is not */
  char **ignore;
  size_t nignore;
  struct timespec now;
  ls_cache *cache;
} ls_opts;

typedef struct ls_ent {
  char *name; /* as printed: the operand, or the entry's name */
  char *path; /* for stat and readlink */
  acs__sys_stat st;
  bool stat_ok;
  unsigned dtype; /* from the directory, when not stat'ed */
  char *link;     /* a symlink's target (long format) */
  unsigned link_mode;
  bool link_ok;
  bool operand_dir; /* an operand listed as a directory later */
} ls_ent;

/* The listing of ents (a directory's entries or the file operands):
** sorted, then printed in the format of o. total: print "total N".
** also[0..nalso) count in the widths of the fields without being
** printed (the directory operands, for the file operands' listing). */
void ls_sort(const ls_opts *o, ls_ent *ents, size_t n);
void ls_print(acs_cmd *c, const ls_opts *o, ls_ent *ents, size_t n, bool total, ls_ent *also, size_t nalso);
/* ls_color.c: the table (GNU's, or LS_COLORS), the code for an entry's
** name or its link's target (NULL: none), a name in its color, and what
** GNU prints at the end when it colored anything. */
void ls_color_init(ls_cache *k);
void ls_color_free(ls_cache *k);
const char *ls_color_code(const ls_cache *k, const ls_ent *e, bool target);
void ls_color_put(acs_cmd *c, ls_cache *k, const char *code, const char *text);
void ls_color_finish(acs_cmd *c, ls_cache *k);

/* A name as the quoting style shows it (malloc'd). */
char *ls_quote(const ls_opts *o, const char *name);

#endif
