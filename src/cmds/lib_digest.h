/* lib_digest.h - the checksum commands of coreutils 9.1: md5sum, sha1sum,
** sha224sum, sha256sum, sha384sum, sha512sum, b2sum (digests from Debian's
** libcrypto through its EVP API), cksum (POSIX CRC, or any of them with
** -a) and sum (BSD and System V sums). Each command's file is its help
** and a call to one of these. */
#ifndef ACS_CMDS_LIB_DIGEST_H
#define ACS_CMDS_LIB_DIGEST_H

#include "cmd.h"

enum {
  CMD_DIGEST_SYSV, CMD_DIGEST_BSD, CMD_DIGEST_CRC, CMD_DIGEST_MD5, CMD_DIGEST_SHA1,
  CMD_DIGEST_SHA224, CMD_DIGEST_SHA256, CMD_DIGEST_SHA384, CMD_DIGEST_SHA512,
  CMD_DIGEST_BLAKE2B, CMD_DIGEST_SM3,
  CMD_DIGEST_CKSUM = -1 /* cksum: -a chooses, CRC by default */
};

/* md5sum and friends (alg one of MD5..BLAKE2B), or cksum. */
int cmd_digest_main(acs_cmd *c, int argc, char **argv, int alg);
/* sum: -r (BSD, the default) and -s (System V). */
int cmd_sum_main(acs_cmd *c, int argc, char **argv);

#endif
