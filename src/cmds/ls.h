/* ls.h - what ls.c (options, operands, the walk) and ls_out.c (sorting
** and printing a listing) share. */
#ifndef ACS_CMDS_LS_H
#define ACS_CMDS_LS_H

#include "cmd.h"

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
typedef struct ls_cache {
  ls_ids users, groups;
  bool colored; /* GNU resets the terminal's color before the first name it colors */
} ls_cache;

typedef struct ls_opts {
  int format, sort, time, indicator, deref, quoting;
  bool all, almost_all, dirs, recursive, reverse, ignore_backups;
  bool no_owner, no_group, numeric, inode, blocks, hide_control, color;
  bool group_dirs_first, full_time, kibi;
  unsigned human; /* 0, 1024 or 1000 */
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
/* A name as the quoting style shows it (malloc'd). */
char *ls_quote(const ls_opts *o, const char *name);

#endif
