/* lib_canon.h - a file name made absolute with its "." and ".." and
** symbolic links resolved, as gnulib's canonicalize_filename_mode does it
** for readlink -f/-e/-m and realpath, through the box's calls. */
#ifndef ACS_CMDS_LIB_CANON_H
#define ACS_CMDS_LIB_CANON_H

#include <stdbool.h>

enum {
  CANON_EXISTING,      /* every component must exist (-e) */
  CANON_ALLOW_MISSING, /* all but the last must exist (-f) */
  CANON_MISSING,       /* none need exist (-m) */
};

/* The canonical name of path in *out (malloc'd): 0 or a negative errno.
** nolinks: symbolic links are kept as names (realpath -s). */
int canon_path(const char *path, int mode, bool nolinks, char **out);

/* path (absolute, canonical) relative to dir (likewise): malloc'd. */
char *canon_relative(const char *path, const char *dir);

#endif
