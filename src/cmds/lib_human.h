/* lib_human.h - sizes as GNU's -h prints them (ls, du, df): powers of
** 1024 (or 1000 with --si), one decimal below 10, rounded up. */
#ifndef ACS_CMDS_LIB_HUMAN_H
#define ACS_CMDS_LIB_HUMAN_H

#include <stddef.h>
#include <stdint.h>

/* n bytes into out: "1023", "1.1K", "10K", "1.0M" (base 1024; with
** base 1000 the kilo letter is 'k'). Returns out. */
const char *human_size(uint64_t n, unsigned base, char *out, size_t size);

#endif
