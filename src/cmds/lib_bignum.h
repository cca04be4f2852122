/* lib_bignum.h - arbitrary precision decimal numbers for bc and dc, with
** GNU bc's rules for the scale of each result: a number is a digit string
** with a count of fractional digits (its scale); results are truncated,
** never rounded. */
#ifndef ACS_CMDS_LIB_BIGNUM_H
#define ACS_CMDS_LIB_BIGNUM_H

#include <stdbool.h>
#include <stddef.h>

typedef struct bn {
  bool neg;
  size_t n;     /* digits in d; at least scale, and 1 */
  size_t scale; /* of them fractional */
  unsigned char *d; /* little-endian: d[0] is the last fractional digit */
} bn;

/* All return a new number (NULL only when out of memory) the caller frees
** with bn_free. */
bn *bn_new(size_t n, size_t scale);
bn *bn_from_long(long v);
bn *bn_copy(const bn *a);
void bn_free(bn *a);
bool bn_is_zero(const bn *a);
int bn_cmp(const bn *a, const bn *b);
bn *bn_add(const bn *a, const bn *b);
bn *bn_sub(const bn *a, const bn *b);
/* scale of the product: min(a.scale + b.scale, max(scale, a.scale, b.scale)) */
bn *bn_mul(const bn *a, const bn *b, size_t scale);
/* *err: "Divide by zero" and the others, as GNU words them, or NULL */
bn *bn_div(const bn *a, const bn *b, size_t scale, const char **err);
bn *bn_mod(const bn *a, const bn *b, size_t scale, const char **err);
bn *bn_pow(const bn *a, const bn *b, size_t scale, const char **err);
bn *bn_sqrt(const bn *a, size_t scale, const char **err);
/* the number with at most scale fractional digits (fewer are kept) */
bn *bn_trunc(const bn *a, size_t scale);
/* a with exactly scale fractional digits (zeros added or digits cut) */
bn *bn_rescale(const bn *a, size_t scale);
/* the integer part as a long (saturating); *ok false when it does not fit */
long bn_to_long(const bn *a, bool *ok);
/* significant digits, as bc's length() */
size_t bn_length(const bn *a);
/* a number in base ibase (2..16; digits 0-9 A-F, a '.', no sign) */
bn *bn_parse(const char *s, size_t len, int ibase);
/* the text of a in base obase (>= 2) as GNU bc prints it, without line
** breaks; malloc'd, NUL-terminated */
char *bn_format(const bn *a, long obase);

#endif
