/* lib_backup.h - GNU's backups of a destination about to be replaced
** (cp, mv, ln, install: -b, --backup[=CONTROL], -S SUFFIX): simple
** (NAME~), numbered (NAME.~N~), existing (numbered when the file has
** numbered backups already, else simple), with VERSION_CONTROL and
** SIMPLE_BACKUP_SUFFIX as defaults. */
#ifndef ACS_CMDS_LIB_BACKUP_H
#define ACS_CMDS_LIB_BACKUP_H

#include "cmd.h"

enum { BACKUP_NONE, BACKUP_SIMPLE, BACKUP_EXISTING, BACKUP_NUMBERED };

/* The kind a --backup argument (or VERSION_CONTROL when arg is NULL)
** names; -1 after GNU's argmatch message ("invalid argument 'x' for
** 'backup type'", the valid words, "Try ..."). */
int backup_kind(acs_cmd *c, const char *arg);
/* -S's suffix, else SIMPLE_BACKUP_SUFFIX, else "~" */
const char *backup_suffix(const char *opt);
/* The name the backup of path takes (malloc'd), or NULL for none. */
char *backup_name(const char *path, int kind, const char *suffix);

#endif
