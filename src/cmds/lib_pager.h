/* lib_pager.h - less and more without a terminal: their input copied to
** stdout (lib_pager.c). */
#ifndef ACS_CMDS_LIB_PAGER_H
#define ACS_CMDS_LIB_PAGER_H

#include "cmd.h"

int lib_pager(acs_cmd *c, int argc, char **argv, const char *which);

#endif
