/* lib_mode.h - file modes as coreutils handles them: chmod's symbolic and
** octal changes (for chmod, mkdir -m, install -m, find -perm), the
** ten-letter form ls -l and stat %A print, and the words for a file's
** type (stat %F, rm's prompts). */
#ifndef ACS_CMDS_LIB_MODE_H
#define ACS_CMDS_LIB_MODE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct mode_change {
  char op;           /* '=', '+', '-' */
  char flag;         /* 0 ordinary, 'c' copy existing (u/g/o), 'X' */
  unsigned affected; /* bits of the who (0: none given, umask applies) */
  unsigned value;
  unsigned mentioned;
} mode_change;

/* Parses a MODE as chmod takes it ("755", "u+x,go-w", "a=rX", "+t") into
** a malloc'd array ended by op 0; NULL when it is not a mode. */
mode_change *mode_compile(const char *s);
/* The mode (permission bits only) that changes make of old; dir says the
** file is a directory (X, and set-id bits that stay); umask applies to
** changes without a who. *touched (may be NULL) gets the bits the
** changes set or cleared. */
unsigned mode_adjust(unsigned old, bool dir, unsigned umask, const mode_change *ch,
                     unsigned *touched);
/* "drwxr-xr-x" (10 letters and a NUL) for a st_mode. */
void mode_string(unsigned mode, char out[11]);
/* 'd', '-', 'l', 'c', 'b', 'p', 's' */
char mode_type_letter(unsigned mode);
/* "regular file", "directory", "symbolic link", ... as stat %F; size is
** 0 for regular files only, to say "regular empty file". */
const char *mode_type_name(unsigned mode, unsigned long long size);

#endif
