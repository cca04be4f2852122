/* crypto.c - hashes, HMAC, key derivation and ciphers for node:crypto, from
** OpenSSL's libcrypto. The library is opened on first use (dlopen), so a
** run that never hashes does not pay to load it at start-up. Contexts live
** in a handle table; JS holds only small integer ids. */
#include "runtime_internal.h"

#include "../base/base.h"

#include <dlfcn.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The functions we take from libcrypto.so.3 (prototypes from its headers). */
static struct {
  bool tried, ok;
  void *lib;
  const EVP_MD *(*get_digestbyname)(const char *);
  EVP_MD_CTX *(*md_ctx_new)(void);
  void (*md_ctx_free)(EVP_MD_CTX *);
  int (*md_ctx_copy_ex)(EVP_MD_CTX *, const EVP_MD_CTX *);
  int (*digest_init_ex)(EVP_MD_CTX *, const EVP_MD *, ENGINE *);
  int (*digest_update)(EVP_MD_CTX *, const void *, size_t);
  int (*digest_final_ex)(EVP_MD_CTX *, unsigned char *, unsigned int *);
  int (*digest_final_xof)(EVP_MD_CTX *, unsigned char *, size_t);
  int (*md_get_size)(const EVP_MD *);
  int (*md_get_flags)(const EVP_MD *);
  HMAC_CTX *(*hmac_ctx_new)(void);
  void (*hmac_ctx_free)(HMAC_CTX *);
  int (*hmac_init_ex)(HMAC_CTX *, const void *, int, const EVP_MD *, ENGINE *);
  int (*hmac_update)(HMAC_CTX *, const unsigned char *, size_t);
  int (*hmac_final)(HMAC_CTX *, unsigned char *, unsigned int *);
  int (*pbkdf2)(const char *, int, const unsigned char *, int, int, const EVP_MD *, int, unsigned char *);
  int (*scrypt)(const char *, size_t, const unsigned char *, size_t, uint64_t, uint64_t, uint64_t, uint64_t,
                unsigned char *, size_t);
  const EVP_CIPHER *(*get_cipherbyname)(const char *);
  EVP_CIPHER_CTX *(*cipher_ctx_new)(void);
  void (*cipher_ctx_free)(EVP_CIPHER_CTX *);
  int (*cipher_init_ex)(EVP_CIPHER_CTX *, const EVP_CIPHER *, ENGINE *, const unsigned char *,
                        const unsigned char *, int);
  int (*cipher_update)(EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);
  int (*cipher_final_ex)(EVP_CIPHER_CTX *, unsigned char *, int *);
  int (*cipher_ctx_ctrl)(EVP_CIPHER_CTX *, int, int, void *);
  int (*cipher_ctx_set_padding)(EVP_CIPHER_CTX *, int);
  int (*cipher_get_key_length)(const EVP_CIPHER *);
  int (*cipher_get_iv_length)(const EVP_CIPHER *);
  int (*cipher_get_block_size)(const EVP_CIPHER *);
  int (*cipher_get_mode)(const EVP_CIPHER *);
  int (*memcmp)(const void *, const void *, size_t);
} C;

static bool load_crypto(void)
{
  if (C.tried) return C.ok;
  C.tried = true;
  C.lib = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
  if (!C.lib) return false;
#define SYM(field, name) if (!(*(void **)&C.field = dlsym(C.lib, name))) return false
  SYM(get_digestbyname, "EVP_get_digestbyname");
  SYM(md_ctx_new, "EVP_MD_CTX_new");
  SYM(md_ctx_free, "EVP_MD_CTX_free");
  SYM(md_ctx_copy_ex, "EVP_MD_CTX_copy_ex");
  SYM(digest_init_ex, "EVP_DigestInit_ex");
  SYM(digest_update, "EVP_DigestUpdate");
  SYM(digest_final_ex, "EVP_DigestFinal_ex");
  SYM(digest_final_xof, "EVP_DigestFinalXOF");
  SYM(md_get_size, "EVP_MD_get_size");
  SYM(md_get_flags, "EVP_MD_get_flags");
  SYM(hmac_ctx_new, "HMAC_CTX_new");
  SYM(hmac_ctx_free, "HMAC_CTX_free");
  SYM(hmac_init_ex, "HMAC_Init_ex");
  SYM(hmac_update, "HMAC_Update");
  SYM(hmac_final, "HMAC_Final");
  SYM(pbkdf2, "PKCS5_PBKDF2_HMAC");
  SYM(scrypt, "EVP_PBE_scrypt");
  SYM(get_cipherbyname, "EVP_get_cipherbyname");
  SYM(cipher_ctx_new, "EVP_CIPHER_CTX_new");
  SYM(cipher_ctx_free, "EVP_CIPHER_CTX_free");
  SYM(cipher_init_ex, "EVP_CipherInit_ex");
  SYM(cipher_update, "EVP_CipherUpdate");
  SYM(cipher_final_ex, "EVP_CipherFinal_ex");
  SYM(cipher_ctx_ctrl, "EVP_CIPHER_CTX_ctrl");
  SYM(cipher_ctx_set_padding, "EVP_CIPHER_CTX_set_padding");
  SYM(cipher_get_key_length, "EVP_CIPHER_get_key_length");
  SYM(cipher_get_iv_length, "EVP_CIPHER_get_iv_length");
  SYM(cipher_get_block_size, "EVP_CIPHER_get_block_size");
  SYM(cipher_get_mode, "EVP_CIPHER_get_mode");
  SYM(memcmp, "CRYPTO_memcmp");
#undef SYM
  C.ok = true;
  return true;
}

/* ------------------------------------------------------------ handles */

enum { H_FREE, H_HASH, H_HMAC, H_CIPHER };
typedef struct handle {
  int kind;
  void *ctx;
  const EVP_MD *md;
  bool aead;
} handle;

#define MAX_HANDLES 4096
static handle handles[MAX_HANDLES];

static int handle_new(int kind, void *ctx)
{
  for (int i = 1; i < MAX_HANDLES; i++)
    if (handles[i].kind == H_FREE) {
      handles[i] = (handle){kind, ctx, NULL, false};
      return i;
    }
  return -1;
}

static handle *handle_get(JSContextRef ctx, JSValueRef v, int kind)
{
  int i = (int)JSValueToNumber(ctx, v, NULL);
  if (i <= 0 || i >= MAX_HANDLES || handles[i].kind != kind) return NULL;
  return &handles[i];
}

static void handle_drop(handle *h)
{
  if (h->kind == H_HASH) C.md_ctx_free(h->ctx);
  else if (h->kind == H_HMAC) C.hmac_ctx_free(h->ctx);
  else if (h->kind == H_CIPHER) C.cipher_ctx_free(h->ctx);
  h->kind = H_FREE;
  h->ctx = NULL;
}

/* Register ctx in the table and return its id to JS; on a full table the
** context is freed and a JS error thrown. */
static JSValueRef adopt(JSContextRef ctx, JSValueRef *exc, int kind, void *c, const EVP_MD *md, bool aead)
{
  int id = handle_new(kind, c);
  if (id < 0) {
    handle tmp = {kind, c, NULL, false};
    handle_drop(&tmp);
    return acs__js_throw(ctx, exc, "too many crypto objects in use");
  }
  handles[id].md = md;
  handles[id].aead = aead;
  return JSValueMakeNumber(ctx, id);
}

/* ------------------------------------------------------------ helpers */

static JSValueRef unavailable(JSContextRef ctx, JSValueRef *exc)
{
  return acs__js_throw(ctx, exc, "crypto is not available: OpenSSL's libcrypto.so.3 could not be loaded");
}

/* Bytes of a typed array argument (borrowed). */
static bool bytes_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, const unsigned char **p,
                      size_t *n, JSValueRef *exc)
{
  *p = NULL;
  *n = 0;
  if (i >= argc || !JSValueIsObject(ctx, argv[i])) return true;
  JSObjectRef o = JSValueToObject(ctx, argv[i], NULL);
  if (JSValueGetTypedArrayType(ctx, o, NULL) == kJSTypedArrayTypeNone) return true;
  unsigned char *b = JSObjectGetTypedArrayBytesPtr(ctx, o, exc);
  *n = JSObjectGetTypedArrayByteLength(ctx, o, exc);
  if (b) b += JSObjectGetTypedArrayByteOffset(ctx, o, exc);
  *p = b;
  return true;
}

static void free_bytes(void *bytes, void *ctx)
{
  (void)ctx;
  free(bytes);
}

static JSValueRef u8_out(JSContextRef ctx, unsigned char *buf, size_t n, JSValueRef *exc)
{
  if (!buf) buf = malloc(1);
  return JSObjectMakeTypedArrayWithBytesNoCopy(ctx, kJSTypedArrayTypeUint8Array, buf, n, free_bytes, NULL, exc);
}

/* Argument i as a whole number in [min, max], or dflt when absent. NaN,
   fractions and out-of-range values fail: converting them to C integers is
   undefined, and a huge length would reach malloc. */
static bool count_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, double min, double max,
                      double dflt, double *out)
{
  double v = argc > i ? JSValueToNumber(ctx, argv[i], NULL) : dflt;
  if (!(v >= min && v <= max) || v != (double)(int64_t)v) return false;
  *out = v;
  return true;
}

static char *str_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, JSValueRef *exc)
{
  return i < argc ? acs__js_to_utf8(ctx, argv[i], NULL, exc) : NULL;
}

/* The digest named by string argument i, or NULL (with *named false when
   the argument was not a string at all). */
static const EVP_MD *md_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, bool *named,
                            JSValueRef *exc)
{
  char *alg = str_arg(ctx, argc, argv, i, exc);
  *named = alg != NULL;
  const EVP_MD *md = alg ? C.get_digestbyname(alg) : NULL;
  free(alg);
  return md;
}


/* -------------------------------------------------------------- hashes */

/* hashNew(alg) -> id, or 0 when the algorithm is unknown */
static ACS__HOST_FN(c_hash_new)
{
  (void)fn; (void)self;
  if (!load_crypto()) return unavailable(ctx, exc);
  bool named;
  const EVP_MD *md = md_arg(ctx, argc, argv, 0, &named, exc);
  if (!named) return JSValueMakeUndefined(ctx);
  if (!md) return JSValueMakeNumber(ctx, 0);
  EVP_MD_CTX *m = C.md_ctx_new();
  if (!m || C.digest_init_ex(m, md, NULL) != 1) {
    if (m) C.md_ctx_free(m);
    return acs__js_throw(ctx, exc, "digest initialisation failed");
  }
  return adopt(ctx, exc, H_HASH, m, md, false);
}

static ACS__HOST_FN(c_hash_update)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? handle_get(ctx, argv[0], H_HASH) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Digest already called");
  const unsigned char *p;
  size_t n;
  bytes_arg(ctx, argc, argv, 1, &p, &n, exc);
  if (n) C.digest_update(h->ctx, p, n);
  return JSValueMakeUndefined(ctx);
}

/* hashCopy(id) -> new id with the same state */
static ACS__HOST_FN(c_hash_copy)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? handle_get(ctx, argv[0], H_HASH) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Digest already called");
  EVP_MD_CTX *m = C.md_ctx_new();
  if (!m || C.md_ctx_copy_ex(m, h->ctx) != 1) {
    if (m) C.md_ctx_free(m);
    return acs__js_throw(ctx, exc, "digest copy failed");
  }
  return adopt(ctx, exc, H_HASH, m, h->md, false);
}

/* hashDigest(id, outputLength?) -> Uint8Array; the handle is released */
static ACS__HOST_FN(c_hash_digest)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? handle_get(ctx, argv[0], H_HASH) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Digest already called");
  bool xof = (C.md_get_flags(h->md) & EVP_MD_FLAG_XOF) != 0;
  double want = argc > 1 && JSValueIsNumber(ctx, argv[1]) ? JSValueToNumber(ctx, argv[1], NULL) : -1;
  size_t n = xof && want >= 0 ? (size_t)want : (size_t)C.md_get_size(h->md);
  unsigned char *out = malloc(n ? n : 1);
  unsigned int got = 0;
  int ok = xof && want >= 0 ? C.digest_final_xof(h->ctx, out, n) : C.digest_final_ex(h->ctx, out, &got);
  handle_drop(h);
  if (ok != 1) {
    free(out);
    return acs__js_throw(ctx, exc, "digest failed");
  }
  return u8_out(ctx, out, n, exc);
}

/* ---------------------------------------------------------------- hmac */

static ACS__HOST_FN(c_hmac_new)
{
  (void)fn; (void)self;
  if (!load_crypto()) return unavailable(ctx, exc);
  bool named;
  const EVP_MD *md = md_arg(ctx, argc, argv, 0, &named, exc);
  if (!named) return JSValueMakeUndefined(ctx);
  if (!md) return JSValueMakeNumber(ctx, 0);
  const unsigned char *key;
  size_t kl;
  bytes_arg(ctx, argc, argv, 1, &key, &kl, exc);
  HMAC_CTX *m = C.hmac_ctx_new();
  static const unsigned char empty[1];
  if (!m || C.hmac_init_ex(m, key ? key : empty, (int)kl, md, NULL) != 1) {
    if (m) C.hmac_ctx_free(m);
    return acs__js_throw(ctx, exc, "HMAC initialisation failed");
  }
  return adopt(ctx, exc, H_HMAC, m, md, false);
}

static ACS__HOST_FN(c_hmac_update)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? handle_get(ctx, argv[0], H_HMAC) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Digest already called");
  const unsigned char *p;
  size_t n;
  bytes_arg(ctx, argc, argv, 1, &p, &n, exc);
  if (n) C.hmac_update(h->ctx, p, n);
  return JSValueMakeUndefined(ctx);
}

static ACS__HOST_FN(c_hmac_digest)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? handle_get(ctx, argv[0], H_HMAC) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Digest already called");
  unsigned char *out = malloc(EVP_MAX_MD_SIZE);
  unsigned int n = 0;
  int ok = C.hmac_final(h->ctx, out, &n);
  handle_drop(h);
  if (ok != 1) {
    free(out);
    return acs__js_throw(ctx, exc, "HMAC failed");
  }
  return u8_out(ctx, out, n, exc);
}

/* ------------------------------------------------------ key derivation */

/* pbkdf2(password, salt, iterations, keylen, digest) -> Uint8Array | 0 */
static ACS__HOST_FN(c_pbkdf2)
{
  (void)fn; (void)self;
  if (!load_crypto()) return unavailable(ctx, exc);
  const unsigned char *pw, *salt;
  size_t pl, sl;
  bytes_arg(ctx, argc, argv, 0, &pw, &pl, exc);
  bytes_arg(ctx, argc, argv, 1, &salt, &sl, exc);
  double iter_d, kl_d;
  if (!count_arg(ctx, argc, argv, 2, 1, INT_MAX, 1, &iter_d) || !count_arg(ctx, argc, argv, 3, 0, INT_MAX, 0, &kl_d))
    return acs__js_throw(ctx, exc, "pbkdf2: iterations or keylen out of range");
  int iter = (int)iter_d;
  size_t kl = (size_t)kl_d;
  bool named;
  const EVP_MD *md = md_arg(ctx, argc, argv, 4, &named, exc);
  if (!md) return JSValueMakeNumber(ctx, 0);
  unsigned char *out = malloc(kl ? kl : 1);
  if (!out) return acs__js_throw(ctx, exc, "out of memory for the derived key");
  static const unsigned char empty[1];
  if (C.pbkdf2(pw ? (const char *)pw : "", (int)pl, salt ? salt : empty, (int)sl, iter, md, (int)kl, out) != 1) {
    free(out);
    return acs__js_throw(ctx, exc, "pbkdf2 failed");
  }
  return u8_out(ctx, out, kl, exc);
}

/* scrypt(password, salt, keylen, N, r, p, maxmem) -> Uint8Array */
static ACS__HOST_FN(c_scrypt)
{
  (void)fn; (void)self;
  if (!load_crypto()) return unavailable(ctx, exc);
  const unsigned char *pw, *salt;
  size_t pl, sl;
  bytes_arg(ctx, argc, argv, 0, &pw, &pl, exc);
  bytes_arg(ctx, argc, argv, 1, &salt, &sl, exc);
  double kl_d, N_d, r_d, p_d, mm_d;
  const double big = 9007199254740991.0;
  if (!count_arg(ctx, argc, argv, 2, 0, INT_MAX, 0, &kl_d) || !count_arg(ctx, argc, argv, 3, 0, big, 16384, &N_d) ||
      !count_arg(ctx, argc, argv, 4, 0, big, 8, &r_d) || !count_arg(ctx, argc, argv, 5, 0, big, 1, &p_d) ||
      !count_arg(ctx, argc, argv, 6, 0, big, 32 * 1024 * 1024, &mm_d))
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
  return u8_out(ctx, out, kl, exc);
}

/* ------------------------------------------------------------- ciphers */

/* cipherInfo(name) -> {keyLength, ivLength, blockSize, mode} or undefined */
static ACS__HOST_FN(c_cipher_info)
{
  (void)fn; (void)self;
  if (!load_crypto()) return unavailable(ctx, exc);
  char *name = str_arg(ctx, argc, argv, 0, exc);
  const EVP_CIPHER *c = name ? C.get_cipherbyname(name) : NULL;
  free(name);
  if (!c) return JSValueMakeUndefined(ctx);
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  acs__js_set(ctx, o, "keyLength", JSValueMakeNumber(ctx, C.cipher_get_key_length(c)));
  acs__js_set(ctx, o, "ivLength", JSValueMakeNumber(ctx, C.cipher_get_iv_length(c)));
  acs__js_set(ctx, o, "blockSize", JSValueMakeNumber(ctx, C.cipher_get_block_size(c)));
  acs__js_set(ctx, o, "mode", JSValueMakeNumber(ctx, C.cipher_get_mode(c)));
  return o;
}

/* cipherNew(name, key, iv, encrypt, authTagLength) -> id */
static ACS__HOST_FN(c_cipher_new)
{
  (void)fn; (void)self;
  if (!load_crypto()) return unavailable(ctx, exc);
  char *name = str_arg(ctx, argc, argv, 0, exc);
  const EVP_CIPHER *c = name ? C.get_cipherbyname(name) : NULL;
  free(name);
  if (!c) return JSValueMakeNumber(ctx, 0);
  const unsigned char *key, *iv;
  size_t kl, il;
  bytes_arg(ctx, argc, argv, 1, &key, &kl, exc);
  bytes_arg(ctx, argc, argv, 2, &iv, &il, exc);
  int enc = argc > 3 && JSValueToBoolean(ctx, argv[3]) ? 1 : 0;
  int mode = C.cipher_get_mode(c);
  bool aead = mode == EVP_CIPH_GCM_MODE || mode == EVP_CIPH_CCM_MODE || mode == EVP_CIPH_OCB_MODE ||
              (mode == EVP_CIPH_STREAM_CIPHER && C.cipher_get_iv_length(c) == 12 && C.cipher_get_key_length(c) == 32 &&
               C.cipher_get_block_size(c) == 1 && il == 12);
  /* OpenSSL reads as many key and iv bytes as the cipher wants from the
     pointers it is given, so the lengths are checked here, not only in JS. */
  int want_iv = C.cipher_get_iv_length(c);
  if ((int)kl != C.cipher_get_key_length(c)) return acs__js_throw(ctx, exc, "Invalid key length");
  if (aead ? il == 0 : (want_iv > 0 && (int)il != want_iv))
    return acs__js_throw(ctx, exc, "Invalid initialization vector");
  EVP_CIPHER_CTX *x = C.cipher_ctx_new();
  if (!x) return acs__js_throw(ctx, exc, "cipher initialisation failed");
  int ok = C.cipher_init_ex(x, c, NULL, NULL, NULL, enc);
  if (ok == 1 && aead && il) ok = C.cipher_ctx_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)il, NULL);
  if (ok == 1 && mode == EVP_CIPH_CCM_MODE) {
    int tl = argc > 4 ? (int)JSValueToNumber(ctx, argv[4], NULL) : 16;
    ok = C.cipher_ctx_ctrl(x, EVP_CTRL_AEAD_SET_TAG, tl, NULL);
  }
  if (ok == 1) ok = C.cipher_init_ex(x, NULL, NULL, key, iv, enc);
  if (ok != 1) {
    C.cipher_ctx_free(x);
    return acs__js_throw(ctx, exc, "Invalid key or iv for this cipher");
  }
  return adopt(ctx, exc, H_CIPHER, x, NULL, aead);
}

/* cipherUpdate(id, data) -> Uint8Array */
static ACS__HOST_FN(c_cipher_update)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? handle_get(ctx, argv[0], H_CIPHER) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Unsupported state");
  const unsigned char *p;
  size_t n;
  bytes_arg(ctx, argc, argv, 1, &p, &n, exc);
  unsigned char *out = malloc(n + 64);
  int got = 0;
  if (C.cipher_update(h->ctx, out, &got, p ? p : out, (int)n) != 1) {
    free(out);
    return acs__js_throw(ctx, exc, "cipher update failed");
  }
  return u8_out(ctx, out, (size_t)got, exc);
}

/* cipherAAD(id, data) */
static ACS__HOST_FN(c_cipher_aad)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? handle_get(ctx, argv[0], H_CIPHER) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Unsupported state");
  const unsigned char *p;
  size_t n;
  bytes_arg(ctx, argc, argv, 1, &p, &n, exc);
  int got = 0;
  if (C.cipher_update(h->ctx, NULL, &got, p, (int)n) != 1) return acs__js_throw(ctx, exc, "Invalid additional data");
  return JSValueMakeUndefined(ctx);
}

/* cipherSetTag(id, tag) (decryption of an AEAD cipher) */
static ACS__HOST_FN(c_cipher_set_tag)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? handle_get(ctx, argv[0], H_CIPHER) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Unsupported state");
  const unsigned char *p;
  size_t n;
  bytes_arg(ctx, argc, argv, 1, &p, &n, exc);
  if (C.cipher_ctx_ctrl(h->ctx, EVP_CTRL_AEAD_SET_TAG, (int)n, (void *)p) != 1)
    return acs__js_throw(ctx, exc, "Invalid authentication tag length");
  return JSValueMakeUndefined(ctx);
}

/* cipherSetPadding(id, bool) */
static ACS__HOST_FN(c_cipher_padding)
{
  (void)fn; (void)self; (void)exc;
  handle *h = argc > 0 ? handle_get(ctx, argv[0], H_CIPHER) : NULL;
  if (h) C.cipher_ctx_set_padding(h->ctx, argc > 1 && JSValueToBoolean(ctx, argv[1]));
  return JSValueMakeUndefined(ctx);
}

/* cipherFinal(id, tagLength) -> {data, tag}; the handle is released. A
** failed authentication throws "Unsupported state or unable to authenticate
** data", as Node does. */
static ACS__HOST_FN(c_cipher_final)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? handle_get(ctx, argv[0], H_CIPHER) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Unsupported state");
  unsigned char *out = malloc(64);
  int got = 0;
  int ok = C.cipher_final_ex(h->ctx, out, &got);
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  double tl_d = argc > 1 ? JSValueToNumber(ctx, argv[1], NULL) : 0;
  /* AEAD tags are at most 16 bytes; anything else never reaches OpenSSL. */
  if (ok == 1 && h->aead && tl_d >= 1 && tl_d <= 16) {
    int tl = (int)tl_d;
    unsigned char *tag = malloc((size_t)tl);
    if (C.cipher_ctx_ctrl(h->ctx, EVP_CTRL_AEAD_GET_TAG, tl, tag) == 1) acs__js_set(ctx, o, "tag", u8_out(ctx, tag, (size_t)tl, exc));
    else free(tag);
  }
  handle_drop(h);
  if (ok != 1) {
    free(out);
    return acs__js_throw(ctx, exc, "Unsupported state or unable to authenticate data");
  }
  acs__js_set(ctx, o, "data", u8_out(ctx, out, (size_t)got, exc));
  return o;
}

static ACS__HOST_FN(c_release)
{
  (void)fn; (void)self; (void)exc;
  int i = argc > 0 ? (int)JSValueToNumber(ctx, argv[0], NULL) : 0;
  if (i > 0 && i < MAX_HANDLES && handles[i].kind != H_FREE) handle_drop(&handles[i]);
  return JSValueMakeUndefined(ctx);
}

/* timingSafeEqual(a, b) -> bool (same lengths checked by the caller) */
static ACS__HOST_FN(c_timing_safe_equal)
{
  (void)fn; (void)self;
  if (!load_crypto()) return unavailable(ctx, exc);
  const unsigned char *a, *b;
  size_t an, bn;
  bytes_arg(ctx, argc, argv, 0, &a, &an, exc);
  bytes_arg(ctx, argc, argv, 1, &b, &bn, exc);
  if (an != bn) return JSValueMakeBoolean(ctx, false);
  return JSValueMakeBoolean(ctx, an == 0 || C.memcmp(a, b, an) == 0);
}

void acs__host_crypto(JSContextRef ctx, JSObjectRef host)
{
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  acs__js_set_fn(ctx, o, "hashNew", c_hash_new);
  acs__js_set_fn(ctx, o, "hashUpdate", c_hash_update);
  acs__js_set_fn(ctx, o, "hashCopy", c_hash_copy);
  acs__js_set_fn(ctx, o, "hashDigest", c_hash_digest);
  acs__js_set_fn(ctx, o, "hmacNew", c_hmac_new);
  acs__js_set_fn(ctx, o, "hmacUpdate", c_hmac_update);
  acs__js_set_fn(ctx, o, "hmacDigest", c_hmac_digest);
  acs__js_set_fn(ctx, o, "pbkdf2", c_pbkdf2);
  acs__js_set_fn(ctx, o, "scrypt", c_scrypt);
  acs__js_set_fn(ctx, o, "cipherInfo", c_cipher_info);
  acs__js_set_fn(ctx, o, "cipherNew", c_cipher_new);
  acs__js_set_fn(ctx, o, "cipherUpdate", c_cipher_update);
  acs__js_set_fn(ctx, o, "cipherAAD", c_cipher_aad);
  acs__js_set_fn(ctx, o, "cipherSetTag", c_cipher_set_tag);
  acs__js_set_fn(ctx, o, "cipherSetPadding", c_cipher_padding);
  acs__js_set_fn(ctx, o, "cipherFinal", c_cipher_final);
  acs__js_set_fn(ctx, o, "release", c_release);
  acs__js_set_fn(ctx, o, "timingSafeEqual", c_timing_safe_equal);
  acs__js_set(ctx, host, "crypto", o);
}
