/* compute.c - the compute bench: a sieve, a hash loop and a sort of
** integers (the program's own quicksort: libc's qsort differs between
** glibc and wasi-libc), timed inside the program (ms on stdout), so that
** start-up does not count. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void sort(uint32_t *v, long n)
{
  while (n > 16) {
    uint32_t a = v[0], b = v[n / 2], c = v[n - 1];
    uint32_t p = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
    long i = 0, j = n - 1;
    for (;;) {
      while (v[i] < p) i++;
      while (v[j] > p) j--;
      if (i >= j) break;
      uint32_t t = v[i];
      v[i++] = v[j];
      v[j--] = t;
    }
    /* the smaller side recursively, the larger in the loop */
    if (j + 1 < n - j - 1) {
      sort(v, j + 1);
      v += j + 1;
      n -= j + 1;
    } else {
      sort(v + j + 1, n - j - 1);
      n = j + 1;
    }
  }
  for (long i = 1; i < n; i++) {
    uint32_t x = v[i];
    long k = i;
    for (; k > 0 && v[k - 1] > x; k--) v[k] = v[k - 1];
    v[k] = x;
  }
}

int main(void)
{
  double t0 = now_ms(), t[3];
  enum { N = 20000000 };
  unsigned char *s = malloc(N);
  memset(s, 1, N);
  long primes = 0;
  for (long i = 2; i < N; i++)
    if (s[i]) {
      primes++;
      for (long j = i * 2; j < N; j += i) s[j] = 0;
    }
  t[0] = now_ms();
  uint64_t h = 1469598103934665603ull;
  for (uint32_t i = 0; i < 100000000u; i++) h = (h ^ (i & 0xff)) * 1099511628211ull;
  t[1] = now_ms();
  enum { M = 2000000 };
  uint32_t *v = malloc(M * sizeof *v), x = 12345;
  for (int i = 0; i < M; i++) v[i] = x = x * 1103515245u + 12345u;
  sort(v, M);
  for (int i = 1; i < M; i++)
    if (v[i - 1] > v[i]) return 1;
  double t1 = now_ms();
  t[2] = t1;
  printf("%.1f %.1f %.1f %.1f %ld %llu %u\n", t1 - t0, t[0] - t0, t[1] - t[0], t[2] - t[1], primes,
         (unsigned long long)h, v[M / 2]);
  return 0;
}
