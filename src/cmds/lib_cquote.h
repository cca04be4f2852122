/* lib_cquote.h - gnulib's quote() as the C locale words it: 'TEXT' with C
** escapes (\\, \', \n, \ooo), the quoting of numfmt's and csplit's
** messages (coreutils' other messages use cmd_quote's shell style). */
#ifndef ACS_CMDS_LIB_CQUOTE_H
#define ACS_CMDS_LIB_CQUOTE_H

#include <stddef.h>

/* s quoted into buf (NUL-terminated, truncated to size); returns buf. */
const char *cmd_quote_c(const char *s, char *buf, size_t size);

#endif
