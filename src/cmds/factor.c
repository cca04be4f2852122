/* factor.c - print prime factors.
**
** Usage: factor [NUMBER]...
**   or:  factor OPTION
** Print the prime factors of each specified integer NUMBER.  If none
** are specified on the command line, read them from standard input.
**
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' factor for numbers below 2^128 (GNU goes further with
** GMP; a larger number is reported here): trial division by small primes,
** then Miller-Rabin (deterministic bases below 2^64, 24 rounds above) and
** Brent's variant of Pollard's rho for what is left; factors are printed
** in ascending order. Numbers may have blanks and a '+' before them (not after), as
** GNU takes them; a bad one is reported and the others still done. */
#include "cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;

static u128 mulmod(u128 a, u128 b, u128 m)
{
  if (!(m >> 64)) return (u128)((uint64_t)(a % m) * (u128)(uint64_t)(b % m) % m);
  /* 128-bit modulus: double and add, each step kept below m */
  a %= m;
  b %= m;
  u128 r = 0;
  while (b) {
    if (b & 1) r = r >= m - a ? r - (m - a) : r + a;
    a = a >= m - a ? a - (m - a) : a + a;
    b >>= 1;
  }
  return r;
}

static u128 powmod(u128 a, u128 e, u128 m)
{
  u128 r = 1 % m;
  a %= m;
  while (e) {
    if (e & 1) r = mulmod(r, a, m);
    a = mulmod(a, a, m);
    e >>= 1;
  }
  return r;
}

static bool witness(u128 n, u128 a, u128 d, int s)
{
  u128 x = powmod(a, d, n);
  if (x == 1 || x == n - 1) return false;
  for (int i = 1; i < s; i++) {
    x = mulmod(x, x, n);
    if (x == n - 1) return false;
  }
  return true;
}

static bool is_prime(u128 n)
{
  if (n < 2) return false;
  static const unsigned small[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97};
  for (size_t i = 0; i < sizeof small / sizeof *small; i++) {
    if (n == small[i]) return true;
    if (n % small[i] == 0) return false;
  }
  u128 d = n - 1;
  int s = 0;
  while (!(d & 1)) {
    d >>= 1;
    s++;
  }
  /* these 12 bases decide every n below 3.3e24 */
  static const unsigned bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
  for (size_t i = 0; i < 12; i++)
    if (witness(n, bases[i], d, s)) return false;
  if (n >> 81) /* above that, more rounds with other bases */
    for (unsigned a = 41; a < 41 + 2 * 24; a += 2)
      if (witness(n, a, d, s)) return false;
  return true;
}

static u128 gcd(u128 a, u128 b)
{
  while (b) {
    u128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* a nontrivial factor of the odd composite n */
static u128 rho(u128 n)
{
  for (u128 c = 1;; c++) {
    u128 y = 2, x, q = 1, g = 1, ys = 2;
    size_t r = 1, m = 128;
    do {
      x = y;
      for (size_t i = 0; i < r; i++) y = (mulmod(y, y, n) + c) % n;
      size_t k = 0;
      do {
        ys = y;
        for (size_t i = 0; i < m && i < r - k; i++) {
          y = (mulmod(y, y, n) + c) % n;
          q = mulmod(q, x > y ? x - y : y - x, n);
        }
        g = gcd(q, n);
        k += m;
      } while (k < r && g == 1);
      r *= 2;
    } while (g == 1);
    if (g == n) {
      do {
        ys = (mulmod(ys, ys, n) + c) % n;
        g = gcd(x > ys ? x - ys : ys - x, n);
      } while (g == 1);
    }
    if (g != n) return g;
  }
}

typedef struct factors {
  u128 p[130];
  int n;
} factors;

static void add(factors *f, u128 p)
{
  if (f->n < 130) f->p[f->n++] = p;
}

static void factor_big(factors *f, u128 n)
{
  if (n == 1) return;
  if (is_prime(n)) {
    add(f, n);
    return;
  }
  u128 d = rho(n);
  factor_big(f, d);
  factor_big(f, n / d);
}

static int cmp(const void *a, const void *b)
{
  u128 x = *(const u128 *)a, y = *(const u128 *)b;
  return x < y ? -1 : x > y;
}

static void put_num(acs_cmd *c, u128 v)
{
  char b[48];
  int n = 0;
  do {
    b[n++] = (char)('0' + (int)(v % 10));
    v /= 10;
  } while (v);
  while (n) cmd_putc(c, b[--n]);
}

/* one number as written: false (reported) when it is not one */
static bool one(acs_cmd *c, const char *s)
{
  const char *p = s;
  while (isspace((unsigned char)*p)) p++;
  if (*p == '+') p++;
  u128 n = 0;
  bool digits = false, big = false;
  for (; isdigit((unsigned char)*p); p++) {
    digits = true;
    unsigned d = (unsigned)(*p - '0');
    if (n > ((u128)-1 - d) / 10) big = true;
    else n = n * 10 + d;
  }
  char q[1024];
  if (!digits || *p) {
    /* straight to fd 2: GNU's stdout is buffered, its message is not */
    char m[1200];
    int k = snprintf(m, sizeof m, "%s: %s is not a valid positive integer\n", c->name, cmd_quote(s, q, sizeof q));
    acs_sys_write_all(2, m, (size_t)k);
    return false;
  }
  if (big) {
    cmd_error(c, "%s is too large for this factor (128 bits at most)", cmd_quote(s, q, sizeof q));
    return false;
  }
  put_num(c, n);
  cmd_putc(c, ':');
  factors f = {.n = 0};
  static const unsigned primes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47};
  for (size_t i = 0; i < sizeof primes / sizeof *primes && n > 1; i++)
    while (n % primes[i] == 0) {
      add(&f, primes[i]);
      n /= primes[i];
    }
  for (u128 d = 53; d < 65536 && d * d <= n; d += 2)
    while (n % d == 0) {
      add(&f, d);
      n /= d;
    }
  if (n > 1) {
    int from = f.n;
    factor_big(&f, n);
    qsort(f.p + from, (size_t)(f.n - from), sizeof *f.p, cmp);
  }
  for (int i = 0; i < f.n; i++) {
    cmd_putc(c, ' ');
    put_num(c, f.p[i]);
  }
  cmd_putc(c, '\n');
  return true;
}

int acs__cmd_factor(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) continue;
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **ops = cmd_operands(&g);
  int status = 0;
  if (g.nops) {
    for (int i = 0; i < g.nops && !cmd_out_error(c); i++)
      if (!one(c, ops[i])) status = 1;
    return status;
  }
  cmd_in *in = cmd_in_new();
  if (!in) return 1;
  cmd_in_fd(in, 0);
  char tok[4096];
  size_t len = 0;
  unsigned char buf[4096];
  for (;;) {
    ssize_t r = cmd_in_read(in, buf, sizeof buf);
    if (r < 0) {
      cmd_error(c, "-: %s", cmd_strerror((int)r));
      status = 1;
      break;
    }
    for (ssize_t i = 0; i <= r; i++) {
      bool end = i == r;
      if (end && r > 0) break;
      if (end || isspace(buf[i])) {
        if (len) {
          tok[len] = 0;
          if (!one(c, tok)) status = 1;
          len = 0;
        }
      } else if (len + 1 < sizeof tok) {
        tok[len++] = (char)buf[i];
      }
    }
    if (r == 0 || cmd_out_error(c)) break;
  }
  cmd_in_free(in);
  return status;
}
