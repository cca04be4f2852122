/* cmd.h - what every command of the box shares: buffered output on a box
** descriptor, error messages worded as GNU's, --help and --version. The
** commands run as guest processes and reach files only through src/sys. */
#ifndef ACS_CMDS_CMD_H
#define ACS_CMDS_CMD_H

#include "../sys/sys.h"

#include <stdbool.h>
#include <stddef.h>

/* Output to box fd 1, flushed when full and by cmd_flush. A write error
** is remembered: cmd_flush then returns false (the command exits 1, as
** GNU's do on "write error"). */
void cmd_out(const void *data, size_t n);
void cmd_puts(const char *s);
bool cmd_flush(void);
/* The first output error (a negative errno), or 0: a command that copies
** without end (cat /dev/zero > full-disk) must stop at it, as GNU's do. */
int cmd_out_error(void);

/* "NAME: MESSAGE\n" on box fd 2. */
void cmd_error(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* strerror's words for a negative errno, as GNU prints them. */
const char *cmd_strerror(int neg_errno);

/* Print help (text) or "NAME (agent-code-sandbox) VERSION" and return
** true when argv[i] is --help or --version. */
bool cmd_help_version(const char *name, const char *help, const char *arg, int *status);

#endif
