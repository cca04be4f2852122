/* crypto_hash.c - host.crypto's hashes, HMAC and key derivation (PBKDF2,
** scrypt) for node:crypto and crypto.subtle, over libcrypto (see crypto.c).
** Hash and HMAC contexts live in crypto.c's handle table. */
#include "crypto_internal.h"

#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------------------- hashes */

/* hashNew(alg) -> id, or 0 when the algorithm is unknown */
static ACS__HOST_FN(c_hash_new)
{
  (void)fn; (void)self;
  if (!acs__crypto_load()) return acs__crypto_unavailable(ctx, exc);
  bool named;
  const EVP_MD *md = acs__crypto_md_arg(ctx, argc, argv, 0, &named, exc);
  if (!named) return JSValueMakeUndefined(ctx);
  if (!md) return JSValueMakeNumber(ctx, 0);
  EVP_MD_CTX *m = C.md_ctx_new();
  if (!m || C.digest_init_ex(m, md, NULL) != 1) {
    if (m) C.md_ctx_free(m);
    return acs__js_throw(ctx, exc, "digest initialisation failed");
  }
  return acs__crypto_adopt(ctx, exc, H_HASH, m, md, false);
}

static ACS__HOST_FN(c_hash_update)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? acs__crypto_handle_get(ctx, argv[0], H_HASH) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Digest already called");
  const unsigned char *p;
  size_t n;
  acs__crypto_bytes_arg(ctx, argc, argv, 1, &p, &n, exc);
  if (n) C.digest_update(h->ctx, p, n);
  return JSValueMakeUndefined(ctx);
}

/* hashCopy(id) -> new id with the same state */
static ACS__HOST_FN(c_hash_copy)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? acs__crypto_handle_get(ctx, argv[0], H_HASH) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Digest already called");
  EVP_MD_CTX *m = C.md_ctx_new();
  if (!m || C.md_ctx_copy_ex(m, h->ctx) != 1) {
    if (m) C.md_ctx_free(m);
    return acs__js_throw(ctx, exc, "digest copy failed");
  }
  return acs__crypto_adopt(ctx, exc, H_HASH, m, h->md, false);
}

/* hashDigest(id, outputLength?) -> Uint8Array; the handle is released */
static ACS__HOST_FN(c_hash_digest)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? acs__crypto_handle_get(ctx, argv[0], H_HASH) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Digest already called");
  bool xof = (C.md_get_flags(h->md) & EVP_MD_FLAG_XOF) != 0;
  double want = argc > 1 && JSValueIsNumber(ctx, argv[1]) ? JSValueToNumber(ctx, argv[1], NULL) : -1;
  size_t n = xof && want >= 0 ? (size_t)want : (size_t)C.md_get_size(h->md);
  unsigned char *out = malloc(n ? n : 1);
  unsigned int got = 0;
  int ok = xof && want >= 0 ? C.digest_final_xof(h->ctx, out, n) : C.digest_final_ex(h->ctx, out, &got);
  acs__crypto_handle_drop(h);
  if (ok != 1) {
    free(out);
    return acs__js_throw(ctx, exc, "digest failed");
  }
  return acs__crypto_u8_out(ctx, out, n, exc);
}

/* ---------------------------------------------------------------- hmac */

static ACS__HOST_FN(c_hmac_new)
{
  (void)fn; (void)self;
  if (!acs__crypto_load()) return acs__crypto_unavailable(ctx, exc);
  bool named;
  const EVP_MD *md = acs__crypto_md_arg(ctx, argc, argv, 0, &named, exc);
  if (!named) return JSValueMakeUndefined(ctx);
  if (!md) return JSValueMakeNumber(ctx, 0);
  const unsigned char *key;
  size_t kl;
  acs__crypto_bytes_arg(ctx, argc, argv, 1, &key, &kl, exc);
  HMAC_CTX *m = C.hmac_ctx_new();
  static const unsigned char empty[1];
  if (!m || C.hmac_init_ex(m, key ? key : empty, (int)kl, md, NULL) != 1) {
    if (m) C.hmac_ctx_free(m);
    return acs__js_throw(ctx, exc, "HMAC initialisation failed");
  }
  return acs__crypto_adopt(ctx, exc, H_HMAC, m, md, false);
}

static ACS__HOST_FN(c_hmac_update)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? acs__crypto_handle_get(ctx, argv[0], H_HMAC) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Digest already called");
  const unsigned char *p;
  size_t n;
  acs__crypto_bytes_arg(ctx, argc, argv, 1, &p, &n, exc);
  if (n) C.hmac_update(h->ctx, p, n);
  return JSValueMakeUndefined(ctx);
}

static ACS__HOST_FN(c_hmac_digest)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? acs__crypto_handle_get(ctx, argv[0], H_HMAC) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Digest already called");
  unsigned char *out = malloc(EVP_MAX_MD_SIZE);
  unsigned int n = 0;
  int ok = C.hmac_final(h->ctx, out, &n);
  acs__crypto_handle_drop(h);
  if (ok != 1) {
    free(out);
    return acs__js_throw(ctx, exc, "HMAC failed");
  }
  return acs__crypto_u8_out(ctx, out, n, exc);
}

/* ------------------------------------------------------ key derivation */

/* pbkdf2(password, salt, iterations, keylen, digest) -> Uint8Array | 0 */
static ACS__HOST_FN(c_pbkdf2)
{
  (void)fn; (void)self;
  if (!acs__crypto_load()) return acs__crypto_unavailable(ctx, exc);
  const unsigned char *pw, *salt;
  size_t pl, sl;
  acs__crypto_bytes_arg(ctx, argc, argv, 0, &pw, &pl, exc);
  acs__crypto_bytes_arg(ctx, argc, argv, 1, &salt, &sl, exc);
  double iter_d, kl_d;
  if (!acs__crypto_count_arg(ctx, argc, argv, 2, 1, INT_MAX, 1, &iter_d) || !acs__crypto_count_arg(ctx, argc, argv, 3, 0, INT_MAX, 0, &kl_d))
    return acs__js_throw(ctx, exc, "pbkdf2: iterations or keylen out of range");
  int iter = (int)iter_d;
  size_t kl = (size_t)kl_d;
  bool named;
  const EVP_MD *md = acs__crypto_md_arg(ctx, argc, argv, 4, &named, exc);
  if (!md) return JSValueMakeNumber(ctx, 0);
  unsigned char *out = malloc(kl ? kl : 1);
  if (!out) return acs__js_throw(ctx, exc, "out of memory for the derived key");
  static const unsigned char empty[1];
  if (C.pbkdf2(pw ? (const char *)pw : "", (int)pl, salt ? salt : empty, (int)sl, iter, md, (int)kl, out) != 1) {
    free(out);
    return acs__js_throw(ctx, exc, "pbkdf2 failed");
  }
  return acs__crypto_u8_out(ctx, out, kl, exc);
}

/* scrypt(password, salt, keylen, N, r, p, maxmem) -> Uint8Array */
static ACS__HOST_FN(c_scrypt)
{
  (void)fn; (void)self;
  if (!acs__crypto_load()) return acs__crypto_unavailable(ctx, exc);
  const unsigned char *pw, *salt;
  size_t pl, sl;
  acs__crypto_bytes_arg(ctx, argc, argv, 0, &pw, &pl, exc);
  acs__crypto_bytes_arg(ctx, argc, argv, 1, &salt, &sl, exc);
  double kl_d, N_d, r_d, p_d, mm_d;
  const double big = 9007199254740991.0;
  if (!acs__crypto_count_arg(ctx, argc, argv, 2, 0, INT_MAX, 0, &kl_d) || !acs__crypto_count_arg(ctx, argc, argv, 3, 0, big, 16384, &N_d) ||
      !acs__crypto_count_arg(ctx, argc, argv, 4, 0, big, 8, &r_d) || !acs__crypto_count_arg(ctx, argc, argv, 5, 0, big, 1, &p_d) ||
      !acs__crypto_count_arg(ctx, argc, argv, 6, 0, big, 32 * 1024 * 1024, &mm_d))
    return acs__js_throw(ctx, exc, "scrypt: keylen, N, r, p or maxmem out of range");
  size_t kl = (size_t)kl_d;
  uint64_t N = (uint64_t)N_d, r = (uint64_t)r_d, p = (uint64_t)p_d, maxmem = (uint64_t)mm_d;
  unsigned char *out = malloc(kl ? kl : 1);
  if (!out) return acs__js_throw(ctx, exc, "out of memory for the derived key");
  static const unsigned char empty[1];
  if (C.scrypt(pw ? (const char *)pw : "", pl, salt ? salt : empty, sl, N, r, p, maxmem, out, kl) != 1) {
    free(out);
    return acs__js_throw(ctx, exc, "Invalid scrypt params: memory limit exceeded or bad N/r/p");
  }
  return acs__crypto_u8_out(ctx, out, kl, exc);
}

void acs__crypto_hash_fns(JSContextRef ctx, JSObjectRef o)
{
  acs__js_set_fn(ctx, o, "hashNew", c_hash_new);
  acs__js_set_fn(ctx, o, "hashUpdate", c_hash_update);
  acs__js_set_fn(ctx, o, "hashCopy", c_hash_copy);
  acs__js_set_fn(ctx, o, "hashDigest", c_hash_digest);
  acs__js_set_fn(ctx, o, "hmacNew", c_hmac_new);
  acs__js_set_fn(ctx, o, "hmacUpdate", c_hmac_update);
  acs__js_set_fn(ctx, o, "hmacDigest", c_hmac_digest);
  acs__js_set_fn(ctx, o, "pbkdf2", c_pbkdf2);
  acs__js_set_fn(ctx, o, "scrypt", c_scrypt);
}
