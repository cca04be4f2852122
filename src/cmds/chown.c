/* chown.c - change file owner and group (chgrp.c runs it for a group).
**
** Usage: chown [OPTION]... [OWNER][:[GROUP]] FILE...
**   or:  chown [OPTION]... --reference=RFILE FILE...
** Change the owner and/or group of each FILE to OWNER and/or GROUP.
** With --reference, change the owner and group of each FILE to those of RFILE.
**
**   -c, --changes          like verbose but report only when a change is made
**   -f, --silent, --quiet  suppress most error messages
**   -v, --verbose          output a diagnostic for every file processed
**       --dereference      affect the referent of each symbolic link (this is
**                          the default), rather than the symbolic link itself
**   -h, --no-dereference   affect symbolic links instead of any referenced file
**       --reference=RFILE  use RFILE's owner and group rather than
**                          specifying OWNER:GROUP values
**   -R, --recursive        operate on files and directories recursively
**
** The following options modify how a hierarchy is traversed when the -R
** option is also specified.  If more than one is specified, only the final
** one takes effect.
**
**   -H                     if a command line argument is a symbolic link
**                          to a directory, traverse it
**   -L                     traverse every symbolic link to a directory
**                          encountered
**   -P                     do not traverse any symbolic links (default)
**
**       --help        display this help and exit
**       --version     output version information and exit
**
** Owner is unchanged if missing.  Group is unchanged if missing, but changed
** to login group if implied by a ':' following a symbolic OWNER.
** OWNER and GROUP may be numeric as well as symbolic.
*/

/* GNU coreutils' chown and chgrp (chgrp is chown with only a group), with
** the box's /etc/passwd and /etc/group. The messages of -v and -c are
** GNU's: the old owner by name, the new as it was written. With -R the
** walk changes a directory after its contents, and links met in it are
** changed themselves (-P) unless -L says to follow them. */
#include "cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int acs__chown_run(acs_cmd *c, int argc, char **argv, bool chgrp);

enum { OPT_REFERENCE = 256, OPT_DEREF, OPT_FROM, OPT_PRESERVE, OPT_NO_PRESERVE };
#define NONE UINT32_MAX

typedef struct opts {
  bool chgrp, recursive, changes, verbose, quiet;
  int deref; /* 1 follow, 0 the link itself, -1 default */
  char traverse; /* 'P', 'H', 'L' */
  uint32_t uid, gid;
  const char *user_s, *group_s; /* as written, for the messages */
} opts;

static void describe(acs_cmd *c, const opts *o, const char *path, const acs__sys_stat *old, int what)
{
  char q[4096], spec[512], ospec[512], u[256], g[256];
  const char *user = o->uid != NONE ? o->user_s : NULL, *group = o->gid != NONE ? o->group_s : NULL;
  cmd_quote(path, q, sizeof q);
  if (user && group) snprintf(spec, sizeof spec, "%s:%s", user, group);
  else snprintf(spec, sizeof spec, "%s", user ? user : group ? group : "");
  bool have_old = old != NULL;
  if (old) {
    cmd_user_name(old->uid, u, sizeof u);
    cmd_group_name(old->gid, g, sizeof g);
    if (user && group) snprintf(ospec, sizeof ospec, "%s:%s", u, g);
    else snprintf(ospec, sizeof ospec, "%s", user ? u : g);
  }
  const char *thing = user ? "ownership" : "group";
  if (what == 1) {
    if (!user && !group) cmd_printf(c, "no change to ownership of %s\n", q);
    else cmd_printf(c, "changed %s of %s from %s to %s\n", thing, q, ospec, spec);
  } else if (what == 2) {
    if (!user && !group) cmd_printf(c, "failed to change ownership of %s\n", q);
    else if (have_old) cmd_printf(c, "failed to change %s of %s from %s to %s\n", thing, q, ospec, spec);
    else cmd_printf(c, "failed to change %s of %s to %s\n", thing, q, spec);
  } else {
    if (!user && !group) cmd_printf(c, "ownership of %s retained\n", q);
    else cmd_printf(c, "%s of %s retained as %s\n", thing, q, ospec); /* GNU shows the old names */
  }
}

static int change(acs_cmd *c, const opts *o, const char *path, bool operand);

static int walk(acs_cmd *c, const opts *o, const char *path)
{
  cmd_dirent *ents;
  size_t n;
  int rc = cmd_dir_read(path, &ents, &n), status = 0;
  if (rc < 0) {
    char q[4096];
    if (!o->quiet) cmd_error(c, "cannot read directory %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
    return 1;
  }
  for (size_t i = 0; i < n && !cmd_out_error(c); i++) {
    char *p = cmd_path_join(path, ents[i].name);
    status |= p ? change(c, o, p, false) : 1;
    free(p);
  }
  cmd_dir_free(ents, n);
  return status;
}

static int change(acs_cmd *c, const opts *o, const char *path, bool operand)
{
  char q[4096];
  acs__sys_stat st, lst;
  int lrc = acs_sys_lstat(path, &lst);
  bool link = lrc == 0 && S_ISLNK(lst.mode);
  /* whether this link is followed: for the change and for the walk */
  bool follow = o->deref == 1 || (o->deref == -1 && !o->recursive);
  if (o->recursive && link) follow = o->traverse == 'L' || (o->traverse == 'H' && operand);
  int rc = link && follow ? acs_sys_stat(path, &st) : (st = lst, lrc);
  if (rc < 0) {
    if (!o->quiet) cmd_error(c, "cannot %s %s: %s", link ? "dereference" : "access", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
    if (o->verbose) describe(c, o, path, NULL, 2);
    return 1;
  }
  int status = 0;
  if (o->recursive && S_ISDIR(st.mode) && (!link || follow)) status |= walk(c, o, path);
  uint32_t nu = o->uid != NONE ? o->uid : st.uid, ng = o->gid != NONE ? o->gid : st.gid;
  rc = acs_sys_chownat(AT_FDCWD, path, o->uid, o->gid, link && !follow ? AT_SYMLINK_NOFOLLOW : 0);
  if (rc < 0) {
    if (!o->quiet)
      cmd_error(c, "changing %s of %s: %s", o->uid != NONE ? "ownership" : "group", cmd_quote(path, q, sizeof q),
                cmd_strerror(rc));
    if (o->verbose) describe(c, o, path, &st, 2);
    return 1;
  }
  bool changed = nu != st.uid || ng != st.gid;
  if (o->verbose || (o->changes && changed)) describe(c, o, path, &st, changed ? 1 : 0);
  return status;
}

/* OWNER[:GROUP], OWNER., :GROUP; false after the message */
static bool parse_spec(acs_cmd *c, opts *o, char *spec, char *names, size_t size)
{
  char q[4096];
  char *colon = strchr(spec, ':');
  if (!colon) {
    char *dot = strchr(spec, '.');
    uint32_t id;
    if (dot && !cmd_user_id(spec, &id)) {
      cmd_error(c, "warning: '.' should be ':': %s", cmd_quote(spec, q, sizeof q));
      colon = dot;
    }
  }
  char *user = spec, *group = NULL;
  if (colon) *colon = 0, group = colon + 1;
  if (*user) {
    if (!cmd_user_id(user, &o->uid)) {
      if (colon) *colon = ':';
      cmd_error(c, "invalid user: %s", cmd_quote(spec, q, sizeof q));
      return false;
    }
    o->user_s = user;
  }
  if (group && *group) {
    if (!cmd_group_id(group, &o->gid)) {
      if (colon) *colon = ':';
      cmd_error(c, "invalid group: %s", cmd_quote(spec, q, sizeof q));
      return false;
    }
    o->group_s = group;
  } else if (group && *user) { /* "user:": the login group */
    char *gid = NULL, num[16];
    snprintf(num, sizeof num, "%u", o->uid);
    /* the user's passwd line must exist for its group */
    gid = cmd_user_field(o->uid, 3);
    char *end;
    unsigned long v = gid ? strtoul(gid, &end, 10) : 0;
    bool by_name = strcmp(user, num) != 0;
    if (!gid || !by_name) {
      free(gid);
      *colon = ':';
      cmd_error(c, "invalid spec: %s", cmd_quote(spec, q, sizeof q));
      return false;
    }
    free(gid);
    o->gid = (uint32_t)v;
    cmd_group_name(o->gid, names, size);
    o->group_s = names;
  }
  return true;
}

int acs__chown_run(acs_cmd *c, int argc, char **argv, bool chgrp)
{
  static const cmd_opt longs[] = {{"changes", 'c', CMD_NOARG},
                                  {"silent", 'f', CMD_NOARG},
                                  {"quiet", 'f', CMD_NOARG},
                                  {"verbose", 'v', CMD_NOARG},
                                  {"dereference", OPT_DEREF, CMD_NOARG},
                                  {"no-dereference", 'h', CMD_NOARG},
                                  {"reference", OPT_REFERENCE, CMD_ARG},
                                  {"recursive", 'R', CMD_NOARG},
                                  {"preserve-root", OPT_PRESERVE, CMD_NOARG},
                                  {"no-preserve-root", OPT_NO_PRESERVE, CMD_NOARG},
                                  {0}};
  opts o = {.chgrp = chgrp, .deref = -1, .traverse = 'P', .uid = NONE, .gid = NONE};
  const char *ref = NULL;
  char q[4096], names[256], ru[64], rg[64];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "cfvhRHLP", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': o.changes = true; break;
    case 'f': o.quiet = true; break;
    case 'v': o.verbose = true; break;
    case OPT_DEREF: o.deref = 1; break;
    case 'h': o.deref = 0; break;
    case OPT_REFERENCE: ref = g.arg; break;
    case 'R': o.recursive = true; break;
    case 'H':
    case 'L':
    case 'P': o.traverse = (char)opt; break;
    case OPT_PRESERVE:
    case OPT_NO_PRESERVE: break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (o.recursive && o.traverse == 'P' && o.deref == 1) {
    cmd_error(c, "-R --dereference requires either -H or -L");
    return 1;
  }
  char **ops = cmd_operands(&g);
  int n = g.nops;
  if (ref) {
    acs__sys_stat st;
    int rc = acs_sys_stat(ref, &st);
    if (rc < 0) {
      cmd_error(c, "failed to get attributes of %s: %s", cmd_quote(ref, q, sizeof q), cmd_strerror(rc));
      return 1;
    }
    if (!chgrp) {
      o.uid = st.uid;
      cmd_user_name(st.uid, ru, sizeof ru);
      o.user_s = ru;
    }
    o.gid = st.gid;
    cmd_group_name(st.gid, rg, sizeof rg);
    o.group_s = rg;
  } else {
    if (n == 0) {
      cmd_usage_error(c, "missing operand");
      return 1;
    }
    char *spec = ops[0];
    ops++, n--;
    if (n == 0) {
      cmd_usage_error(c, "missing operand after %s", cmd_quote(spec, q, sizeof q));
      return 1;
    }
    if (chgrp) {
      if (!cmd_group_id(spec, &o.gid)) {
        cmd_error(c, "invalid group: %s", cmd_quote(spec, q, sizeof q));
        return 1;
      }
      o.group_s = spec;
    } else if (!parse_spec(c, &o, spec, names, sizeof names)) {
      return 1;
    }
  }
  if (n == 0) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  int status = 0;
  for (int i = 0; i < n && !cmd_out_error(c); i++) status |= change(c, &o, ops[i], true);
  return status;
}

int acs__cmd_chown(acs_cmd *c, int argc, char **argv) { return acs__chown_run(c, argc, argv, false); }
