/* tree.c - host directory trees the library makes for itself and removes:
** a run's temporary work dir, an unpacking package, the MCP server's work
** dir. */
#include "base.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int acs__temp_dir(const char *prefix, char **out, acs_err *err)
{
  *out = NULL;
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  char tmpl[PATH_MAX];
  if (snprintf(tmpl, sizeof tmpl, "%s/%s-XXXXXX", tmp, prefix) >= (int)sizeof tmpl)
    return acs__fail(err, ACS_EENV, ACS__ENV, "TMPDIR '%s' is too long for a temporary "
                     "directory", tmp);
  if (!mkdtemp(tmpl))
    return acs__fail(err, ACS_EENV, ACS__ENV, "could not create a temporary directory in %s: "
                     "%s", tmp, strerror(errno));
  *out = realpath(tmpl, NULL);
  if (!*out) {
    rmdir(tmpl);
    return ACS_ENOMEM;
  }
  return 0;
}

/* Guest code may leave directories without write or search bits (chmod
** 000 is legal in a work dir); without them the removal below would stop
** at them when we are not root. */
static int make_writable(const char *p, const struct stat *st, int flag, struct FTW *f)
{
  (void)f;
  if (flag == FTW_D) chmod(p, (st->st_mode & 07777) | 0700);
  return 0;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
  (void)st; (void)ftw;
  if (flag == FTW_DP) rmdir(path);
  else unlink(path);
  return 0;
}

void acs__remove_tree(const char *dir)
{
  if (!dir || !*dir) return;
  /* FTW_PHYS: a link the guest left is removed, never followed */
  nftw(dir, make_writable, 16, FTW_PHYS);
  nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}
