/* lib_fileop.h - what the file commands (cp, mv, rm, ln, ls) share: the
** yes/no answer of an interactive prompt, whether a descriptor is a
** terminal, the parts of a path, and a relative path between two. */
#ifndef ACS_CMDS_LIB_FILEOP_H
#define ACS_CMDS_LIB_FILEOP_H

#include "cmd.h"

/* Prints the prompt (a printf format: "NAME: " comes first) on stderr
** and reads one line from stdin, as GNU's yesno(): true when it starts
** with y or Y. End of input (no terminal, an empty stdin) is no. */
bool fileop_ask(acs_cmd *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The box fd is a terminal (a direct descriptor of a host tty). */
bool fileop_isatty(int fd);
/* The width of that terminal, or 0. */
int fileop_term_width(int fd);
/* The last component of path (trailing slashes dropped) into a malloc'd
** string; "/" for "/". */
char *fileop_base(const char *path);
/* Everything before the last component, malloc'd: "." when none. */
char *fileop_dir(const char *path);
/* The path of `to` as seen from directory `from_dir` (both absolute and
** canonical), malloc'd: "../a/b". */
char *fileop_relative(const char *to, const char *from_dir);
/* A canonical absolute path of a path whose last component may be
** missing (coreutils' CAN_MISSING, enough for ln -r and realpath -m);
** malloc'd, or NULL with *err set. */
char *fileop_canon_missing(const char *path, int *err);



/* coreutils' quote(): 'NAME' with C escapes inside (\n, \t, \\, \',
** \ooo for other bytes), as some messages print names ("mkdir: cannot
** create directory 'a\nb'"); the rest use cmd_quote. */
const char *fileop_quote_c(const char *s, char *buf, size_t size);
#endif
