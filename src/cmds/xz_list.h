/* xz_list.h - xz -l (xz_list.c). */
#ifndef ACS_CMDS_XZ_LIST_H
#define ACS_CMDS_XZ_LIST_H

#include "cmd.h"

/* Lists files[0..n) as xz -l does; returns the exit status. */
int xz_list(acs_cmd *c, char **files, int n);

#endif
