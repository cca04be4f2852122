/* lib_match.h - what killall and pidof call a process's name: the name
** the kernel keeps (15 characters), else the last part of argv[0] (for a
** longer name, or a path), as psmisc and sysvinit compare them. */
#ifndef ACS_CMDS_LIB_MATCH_H
#define ACS_CMDS_LIB_MATCH_H

#include "lib_proc.h"

/* name: a program name or path; exact: a long name must match in full */
bool lib_proc_named(const lib_proc *p, const char *name, bool exact, bool icase);

#endif
