/* lib_hexfmt.h - hexdump's -e/-f format strings (util-linux 2.38, from
** BSD's hexdump): units of [ITERATIONS][/BYTES] "TEXT WITH %CONVERSIONS",
** every format string applied to each block of input. */
#ifndef ACS_CMDS_LIB_HEXFMT_H
#define ACS_CMDS_LIB_HEXFMT_H

#include "cmd.h"
#include "lib_stream.h"

typedef struct hexfmt hexfmt;

/* A new, empty set of formats; NULL when out of memory. */
hexfmt *cmd_hexfmt_new(acs_cmd *c);
void cmd_hexfmt_free(hexfmt *h);
/* Adds one format string (-e); false after hexdump's message. */
bool cmd_hexfmt_add(hexfmt *h, const char *fmt);
/* Dumps the stream from address start (after -s), at most limit bytes
** when limited, each repeated block as one "*" unless all. Returns 0 or
** 1 (the stream's status). */
int cmd_hexfmt_dump(hexfmt *h, cmd_stream *s, uint64_t start, bool limited, uint64_t limit, bool all);

#endif
