/* lib_xsafe.h - extracting archive members into a directory safely, for
** tar and unzip: every file is made through acs_sys_* (the kernel's checks
** apply), and on top of them no member lands outside the target
** directory: leading "/" and "../" are taken off names (GNU tar's
** message), names with ".." are refused, a symbolic link whose target is
** absolute or climbs is made only at the end (a placeholder stands in
** until then, as GNU tar does, so nothing is written through it), a
** member whose directory resolves outside the target is refused, device
** nodes are never made, and setuid/setgid bits are kept only when asked
** for as root. */
#ifndef ACS_CMDS_LIB_XSAFE_H
#define ACS_CMDS_LIB_XSAFE_H

#include "cmd.h"

enum { XS_FILE, XS_DIR, XS_SYMLINK, XS_HARDLINK, XS_CHR, XS_BLK, XS_FIFO, XS_OTHER };

typedef struct xsafe_entry {
  const char *name; /* as xsafe_strip left it, relative to the target */
  int type;
  const char *link; /* a symlink's target, or a hard link's (stripped) */
  unsigned mode;    /* permission bits, setuid/setgid/sticky included */
  bool have_owner;
  uint32_t uid, gid;
  bool have_mtime;
  int64_t mtime;
  long mtime_ns;
} xsafe_entry;

typedef struct xsafe xsafe;
/* How a failure is worded: "tar: NAME: Cannot WHAT: ERROR" or unzip's. */
typedef void (*xsafe_fail_fn)(xsafe *x, const char *name, const char *what, int neg_errno);
/* Where a member's data comes from: up to n bytes, 0 at its end, <0 an
** error (reported by the source itself). */
typedef ssize_t (*xsafe_read_fn)(void *ctx, void *buf, size_t n);

struct xsafe {
  acs_cmd *c;
  xsafe_fail_fn fail;
  bool root;        /* the effective uid is 0 */
  bool same_owner;  /* chown to the member's owner (root's default) */
  bool same_perms;  /* -p: the mode as stored, setuid too (as root) */
  bool keep_old;    /* -k: an existing file is an error */
  bool skip_old;    /* --skip-old-files, unzip -n: silently kept */
  bool overwrite;   /* --overwrite: write into an existing file */
  bool no_mtime;    /* -m */
  unsigned umask;
  int errors;
  /* internal */
  char base[4096];  /* the target's real path */
  char last_ok[4096];
  void *delayed;    /* links and directories finished at the end */
  size_t ndelayed, cap;
  char *seen;       /* prefixes already reported */
  size_t seen_len;
};

/* Starts extraction into the current directory. */
int xsafe_init(xsafe *x, acs_cmd *c, xsafe_fail_fn fail);
/* name without its leading "/" and "../" parts (a pointer into name),
** reporting each prefix once: "Removing leading `PREFIX' from WHAT"
** (WHAT "member names" or "hard link targets"); "." when nothing is left. */
const char *xsafe_strip(xsafe *x, const char *name, const char *what);
/* Whether a name has a ".." component. */
bool xsafe_dotdot(const char *name);
/* Makes one member; returns 0, or -1 after reporting (x->errors counts). */
int xsafe_put(xsafe *x, const xsafe_entry *e, xsafe_read_fn rd, void *ctx);
/* The delayed links and directory modes and times; frees what init made. */
void xsafe_finish(xsafe *x);

#endif
