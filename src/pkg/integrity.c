/* integrity.c - a tarball against the registry's dist.integrity (SRI) or,
** for old packages, dist.shasum. libcrypto is opened on first use, like
** src/js/crypto.c does for the guest: the acs binary does not link it. */
#include "tarball.h"

#include "../base/base.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct evp_md_st EVP_MD;
static struct {
  bool ok;
  const EVP_MD *(*byname)(const char *);
  int (*digest)(const void *, size_t, unsigned char *, unsigned int *, const EVP_MD *, void *);
} C;

static bool load_crypto_try(void)
{
  void *lib = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
  if (!lib) return false;
  *(void **)&C.byname = dlsym(lib, "EVP_get_digestbyname");
  *(void **)&C.digest = dlsym(lib, "EVP_Digest");
  C.ok = C.byname && C.digest;
  return C.ok;
}

/* Once per process, whichever thread asks first: several runs (acs serve)
** and the package installer's threads may ask at the same time. */
static pthread_once_t load_crypto_once = PTHREAD_ONCE_INIT;
static void load_crypto_now(void) { C.ok = load_crypto_try(); }

static bool load_crypto(void)
{
  pthread_once(&load_crypto_once, load_crypto_now);
  return C.ok;
}

static int b64_value(char c)
{
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;
  if (c == '/' || c == '_') return 63;
  return -1;
}

/* Standard or URL-safe base64, padding optional; -1 on a bad character. */
static int b64_decode(const char *s, size_t n, unsigned char *out, size_t cap, size_t *len)
{
  uint32_t acc = 0;
  int bits = 0;
  *len = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '=') break;
    int v = b64_value(s[i]);
    if (v < 0) return -1;
    acc = acc << 6 | (uint32_t)v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (*len >= cap) return -1;
      out[(*len)++] = (unsigned char)(acc >> bits);
    }
  }
  return 0;
}

static void hex(const unsigned char *d, size_t n, char *out)
{
  for (size_t i = 0; i < n; i++) sprintf(out + 2 * i, "%02x", d[i]);
}

int acs__integrity_check(const void *data, size_t len, const char *integrity, const char *shasum,
                         const char *what, acs_err *err)
{
  if (!load_crypto())
    return acs__fail(err, ACS_EENV, ACS__ENV,
                     "npm packages are unavailable: libcrypto.so.3 could not be loaded (install "
                     "libssl3 with scripts/deps.sh)");
  /* The strongest hash the SRI string offers. */
  static const char *const algs[] = {"sha512", "sha384", "sha256", "sha1"};
  const char *best = NULL, *val = NULL;
  size_t val_len = 0;
  int best_rank = 99;
  for (const char *p = integrity ? integrity : ""; *p;) {
    while (*p == ' ') p++;
    const char *e = strchr(p, ' ');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    const char *dash = memchr(p, '-', n);
    for (int r = 0; dash && r < 4; r++)
      if ((size_t)(dash - p) == strlen(algs[r]) && !strncmp(p, algs[r], strlen(algs[r])) && r < best_rank) {
        best_rank = r;
        best = algs[r];
        val = dash + 1;
        val_len = n - (size_t)(dash + 1 - p);
        /* options after '?' are not part of the digest */
        const char *q = memchr(val, '?', val_len);
        if (q) val_len = (size_t)(q - val);
      }
    p += n;
  }
  unsigned char want[64], got[64];
  size_t want_len = 0;
  const char *alg = best;
  if (best) {
    if (b64_decode(val, val_len, want, sizeof want, &want_len) != 0)
      return acs__fail(err, ACS_EENV, ACS__ENV, "package %s: its integrity value '%s' is not base64", what,
                       integrity);
  } else if (shasum && strlen(shasum) == 40) {
    alg = "sha1";
    for (size_t i = 0; i < 20; i++) {
      unsigned v;
      if (sscanf(shasum + 2 * i, "%2x", &v) != 1)
        return acs__fail(err, ACS_EENV, ACS__ENV, "package %s: its shasum '%s' is not hex", what, shasum);
      want[i] = (unsigned char)v;
    }
    want_len = 20;
  } else {
    return acs__fail(err, ACS_EENV, ACS__ENV,
                     "package %s: the registry gives no integrity or shasum to check it against, so it "
                     "was not installed", what);
  }
  const EVP_MD *md = C.byname(alg);
  unsigned int got_len = 0;
  if (!md || !C.digest(data, len, got, &got_len, md, NULL))
    return acs__fail(err, ACS_EENV, ACS__ENV, "package %s: cannot compute %s", what, alg);
  if (got_len != want_len || memcmp(got, want, got_len)) {
    char gh[129], wh[129];
    hex(got, got_len, gh);
    hex(want, want_len < 64 ? want_len : 64, wh);
    return acs__fail(err, ACS_EENV, ACS__ENV,
                     "package %s: the tarball does not match its %s (expected %s, got %s); it was not "
                     "installed", what, alg, wh, gh);
  }
  return 0;
}

bool acs__sha256(const void *data, size_t len, unsigned char out[32])
{
  if (!load_crypto()) return false;
  const EVP_MD *md = C.byname("sha256");
  unsigned int n = 0;
  return md && C.digest(data, len, out, &n, md, NULL) && n == 32;
}
