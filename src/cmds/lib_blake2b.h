/* lib_blake2b.h - BLAKE2b (RFC 7693) with any digest length from 1 to 64
** bytes: b2sum -l and cksum -a blake2b -l need lengths that Debian 12's
** libcrypto (OpenSSL 3.0, fixed BLAKE2b-512) cannot give. */
#ifndef ACS_CMDS_LIB_BLAKE2B_H
#define ACS_CMDS_LIB_BLAKE2B_H

#include <stddef.h>
#include <stdint.h>

typedef struct cmd_blake2b {
  uint64_t h[8], t[2];
  unsigned char buf[128];
  size_t fill, outlen;
} cmd_blake2b;

void cmd_blake2b_init(cmd_blake2b *s, size_t outlen);
void cmd_blake2b_update(cmd_blake2b *s, const void *data, size_t n);
void cmd_blake2b_final(cmd_blake2b *s, unsigned char *out);

#endif
