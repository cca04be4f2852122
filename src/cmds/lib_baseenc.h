/* lib_baseenc.h - base64 and base32 (RFC 4648) as GNU coreutils' base64
** and base32 encode, decode and wrap them. */
#ifndef ACS_CMDS_LIB_BASEENC_H
#define ACS_CMDS_LIB_BASEENC_H

#include "cmd.h"

typedef struct cmd_codec {
  const char *alphabet;
  int group; /* encoded characters per group: 4 or 8 */
  int bytes; /* bytes per group: 3 or 5 */
} cmd_codec;

extern const cmd_codec cmd_base64, cmd_base32;

/* The whole command (-d -i -w, one FILE) for codec k. */
int cmd_baseenc_main(acs_cmd *c, int argc, char **argv, const cmd_codec *k);

#endif
