/* lib_sys.h - what the box's process and system commands share: the
** "Try 'NAME --help'" line alone (after several messages), the box's host
** name, a small file of the box read whole, and signal names and numbers
** as procps and bash spell them. */
#ifndef ACS_CMDS_LIB_SYS_H
#define ACS_CMDS_LIB_SYS_H

#include "cmd.h"

void lib_try_help(acs_cmd *c);

/* The box's host name (its /etc/hostname's first line, else "box"). */
void lib_hostname(char *buf, size_t size);

/* A small box file whole, NUL-terminated, into buf; its length or a
** negative errno. */
ssize_t lib_read_small(const char *path, char *buf, size_t size);

/* A signal's number from "9", "KILL", "SIGKILL" (case-insensitive, as
** procps takes them), or -1. */
int lib_sig_number(const char *s);
/* The signal's name without "SIG" ("KILL"), or NULL for none. */
const char *lib_sig_name(int sig);
#define LIB_NSIG 65

/* The groups of user `name` whose primary group is gid: gid first, then
** every /etc/group entry naming the user as a member. Returns the count
** (at most max). */
size_t lib_user_groups(const char *name, uint32_t gid, uint32_t *out, size_t max);

#endif
