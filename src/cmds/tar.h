/* tar.h - what tar.c, tar_create.c and tar_list.c share. */
#ifndef ACS_CMDS_TAR_H
#define ACS_CMDS_TAR_H

#include "lib_larch.h"
#include "tar_xform.h"

enum { TZ_NONE, TZ_GZIP, TZ_BZIP2, TZ_XZ, TZ_ZSTD, TZ_AUTO };

typedef struct tar {
  acs_cmd *c;
  larch L;
  char mode;            /* c x t r */
  const char *file;     /* -f, "-" for stdin/stdout */
  int filter;           /* TZ_* */
  int level;            /* -I PROG -N: the compression level, or 0 */
  int verbose;
  int strip;            /* --strip-components */
  char **excludes;      /* --exclude patterns */
  size_t nexcludes;
  bool to_stdout;       /* -O */
  bool same_perms, no_same_owner, same_owner, numeric_owner;
  bool keep_old, skip_old, overwrite, touch, absolute, no_recursion, dereference;
  const char *owner, *group;
  bool have_mtime;
  int64_t mtime;
  int errors;           /* non-fatal errors: exit 2 at the end */
  int ugswidth;         /* GNU's growing width of "user/group size" */
  bool verbose_to_err;  /* the archive is on stdout */
  bool remove_files;    /* --remove-files */
  tar_xforms *xforms;   /* --transform */
  int wildcards;         /* --wildcards 1, --no-wildcards -1 */
  bool files_from;      /* -T was given: an empty list is no error */
  char **names;         /* operands (and -T's) */
  size_t nnames;
} tar;

/* "tar: MESSAGE" on stderr, after pending output */
void tar_msg(tar *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* GNU tar's escape quoting of a name (its default --quoting-style) */
void tar_quote(acs_cmd *c, const char *s);
/* A name in a message, quoted as GNU tar's messages quote it (the escape
** style), into buf; returns buf. */
const char *tar_q(const char *s, char *buf, size_t size);
/* A name as tar_quote writes it, into a malloc'd string. */
char *tar_quoted(const char *s);
/* One line of tar -tv: mode, owner/group, size, date, name [-> link] */
void tar_list_line(tar *t, struct archive_entry *e, const char *name, bool to_err);
/* Whether name is excluded by --exclude (GNU's unanchored matching). */
bool tar_excluded(const tar *t, const char *name);

int tar_create(tar *t);

#endif
