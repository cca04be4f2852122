/* lib_human.h - sizes as GNU's -h prints them (ls, du, df): powers of
** 1024 (or 1000 with --si), one decimal below 10, rounded up. */
#ifndef ACS_CMDS_LIB_HUMAN_H
#define ACS_CMDS_LIB_HUMAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* n bytes into out: "1023", "1.1K", "10K", "1.0M" (base 1024; with
** base 1000 the kilo letter is 'k'). Returns out. */
const char *human_size(uint64_t n, unsigned base, char *out, size_t size);



/* A --block-size (or BLOCK_SIZE) as GNU reads it: "human-readable",
** "si", or [N][UNIT] with UNIT K M G T P E Z Y (powers of 1024), KB MB
** ... (of 1000) or KiB ...; a unit without a number is printed after each
** figure ("1K", "2000kB"). */
typedef struct block_size {
  uint64_t size;    /* bytes of one unit; 0 when human */
  unsigned human;   /* 1024 or 1000 for -h and --si, else 0 */
  char suffix[4];   /* printed after each number */
} block_size;
/* false on junk or 0 */
bool block_size_parse(const char *s, block_size *out);
/* n bytes in units of bs (rounded up), into out */
const char *block_size_fmt(uint64_t n, const block_size *bs, char *out, size_t size);
#endif
