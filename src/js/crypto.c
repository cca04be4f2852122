/* crypto.c - host.crypto, from OpenSSL's libcrypto, for node:crypto and
** crypto.subtle: the library, opened on first use (dlopen), so a run that
** never hashes does not pay to load it at start-up, and nothing of it (its
** random generator included) exists in the zygote that workers are forked
** from; the handle table (hash, HMAC and cipher contexts live there, JS
** holds only small integer ids); the argument helpers; release and
** timingSafeEqual; and host.crypto itself. The rest is in crypto_hash.c
** (hashes, HMAC, key derivation), crypto_cipher.c (ciphers) and
** crypto_pkey.c (asymmetric keys: JS objects of a class whose finalizer
** frees the EVP_PKEY, so a key lives as long as JS can reach it). */
#include "crypto_internal.h"

#include <dlfcn.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

acs__libcrypto_fns acs__libcrypto;

bool acs__crypto_load(void)
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
  SYM(pkey_ctx_new_from_name, "EVP_PKEY_CTX_new_from_name");
  SYM(pkey_ctx_new_from_pkey, "EVP_PKEY_CTX_new_from_pkey");
  SYM(pkey_ctx_free, "EVP_PKEY_CTX_free");
  SYM(pkey_ctx_set_params, "EVP_PKEY_CTX_set_params");
  SYM(pkey_keygen_init, "EVP_PKEY_keygen_init");
  SYM(pkey_generate, "EVP_PKEY_generate");
  SYM(pkey_fromdata_init, "EVP_PKEY_fromdata_init");
  SYM(pkey_fromdata, "EVP_PKEY_fromdata");
  SYM(pkey_get_params, "EVP_PKEY_get_params");
  SYM(pkey_get_bits, "EVP_PKEY_get_bits");
  SYM(pkey_get_base_id, "EVP_PKEY_get_base_id");
  SYM(pkey_up_ref, "EVP_PKEY_up_ref");
  SYM(pkey_free, "EVP_PKEY_free");
  SYM(pkey_eq, "EVP_PKEY_eq");
  SYM(decoder_new_for_pkey, "OSSL_DECODER_CTX_new_for_pkey");
  SYM(decoder_set_passphrase, "OSSL_DECODER_CTX_set_passphrase");
  SYM(decoder_from_data, "OSSL_DECODER_from_data");
  SYM(decoder_free, "OSSL_DECODER_CTX_free");
  SYM(encoder_new_for_pkey, "OSSL_ENCODER_CTX_new_for_pkey");
  SYM(encoder_set_cipher, "OSSL_ENCODER_CTX_set_cipher");
  SYM(encoder_set_passphrase, "OSSL_ENCODER_CTX_set_passphrase");
  SYM(encoder_to_data, "OSSL_ENCODER_to_data");
  SYM(encoder_free, "OSSL_ENCODER_CTX_free");
  SYM(crypto_free, "CRYPTO_free");
  SYM(d2i_pkcs8, "d2i_PKCS8_PRIV_KEY_INFO");
  SYM(pkcs8_to_pkey, "EVP_PKCS82PKEY");
  SYM(pkcs8_free, "PKCS8_PRIV_KEY_INFO_free");
  SYM(d2i_pubkey, "d2i_PUBKEY");
  SYM(d2i_private_key, "d2i_PrivateKey");
  SYM(d2i_public_key, "d2i_PublicKey");
  SYM(digest_sign_init, "EVP_DigestSignInit");
  SYM(digest_sign, "EVP_DigestSign");
  SYM(digest_verify_init, "EVP_DigestVerifyInit");
  SYM(digest_verify, "EVP_DigestVerify");
  SYM(pkey_encrypt_init, "EVP_PKEY_encrypt_init");
  SYM(pkey_encrypt, "EVP_PKEY_encrypt");
  SYM(pkey_decrypt_init, "EVP_PKEY_decrypt_init");
  SYM(pkey_decrypt, "EVP_PKEY_decrypt");
  SYM(pkey_sign_init, "EVP_PKEY_sign_init");
  SYM(pkey_sign, "EVP_PKEY_sign");
  SYM(pkey_verify_recover_init, "EVP_PKEY_verify_recover_init");
  SYM(pkey_verify_recover, "EVP_PKEY_verify_recover");
  SYM(pkey_derive_init, "EVP_PKEY_derive_init");
  SYM(pkey_derive_set_peer, "EVP_PKEY_derive_set_peer");
  SYM(pkey_derive, "EVP_PKEY_derive");
  SYM(err_get_error, "ERR_get_error");
  SYM(err_clear_error, "ERR_clear_error");
  SYM(err_error_string_n, "ERR_error_string_n");
  SYM(err_lib_error_string, "ERR_lib_error_string");
  SYM(err_reason_error_string, "ERR_reason_error_string");
#undef SYM
  C.ok = true;
  return true;
}

/* ------------------------------------------------------------ handles */

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

handle *acs__crypto_handle_get(JSContextRef ctx, JSValueRef v, int kind)
{
  int i = (int)JSValueToNumber(ctx, v, NULL);
  if (i <= 0 || i >= MAX_HANDLES || handles[i].kind != kind) return NULL;
  return &handles[i];
}

void acs__crypto_handle_drop(handle *h)
{
  if (h->kind == H_HASH) C.md_ctx_free(h->ctx);
  else if (h->kind == H_HMAC) C.hmac_ctx_free(h->ctx);
  else if (h->kind == H_CIPHER) C.cipher_ctx_free(h->ctx);
  h->kind = H_FREE;
  h->ctx = NULL;
}

/* Register ctx in the table and return its id to JS; on a full table the
** context is freed and a JS error thrown. */
JSValueRef acs__crypto_adopt(JSContextRef ctx, JSValueRef *exc, int kind, void *c, const EVP_MD *md, bool aead)
{
  int id = handle_new(kind, c);
  if (id < 0) {
    handle tmp = {kind, c, NULL, false};
    acs__crypto_handle_drop(&tmp);
    return acs__js_throw(ctx, exc, "too many crypto objects in use");
  }
  handles[id].md = md;
  handles[id].aead = aead;
  return JSValueMakeNumber(ctx, id);
}

/* ------------------------------------------------------------ helpers */

JSValueRef acs__crypto_unavailable(JSContextRef ctx, JSValueRef *exc)
{
  return acs__js_throw(ctx, exc, "crypto is not available: OpenSSL's libcrypto.so.3 could not be loaded");
}

/* Bytes of a typed array argument (borrowed). */
bool acs__crypto_bytes_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, const unsigned char **p,
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

JSValueRef acs__crypto_u8_out(JSContextRef ctx, unsigned char *buf, size_t n, JSValueRef *exc)
{
  if (!buf) buf = malloc(1);
  return JSObjectMakeTypedArrayWithBytesNoCopy(ctx, kJSTypedArrayTypeUint8Array, buf, n, free_bytes, NULL, exc);
}

/* Argument i as a whole number in [min, max], or dflt when absent. NaN,
   fractions and out-of-range values fail: converting them to C integers is
   undefined, and a huge length would reach malloc. */
bool acs__crypto_count_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, double min, double max,
                           double dflt, double *out)
{
  double v = argc > i ? JSValueToNumber(ctx, argv[i], NULL) : dflt;
  if (!(v >= min && v <= max) || v != (double)(int64_t)v) return false;
  *out = v;
  return true;
}

char *acs__crypto_str_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, JSValueRef *exc)
{
  return i < argc ? acs__js_to_utf8(ctx, argv[i], NULL, exc) : NULL;
}

/* The digest named by string argument i, or NULL (with *named false when
   the argument was not a string at all). */
const EVP_MD *acs__crypto_md_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, bool *named,
                                 JSValueRef *exc)
{
  char *alg = acs__crypto_str_arg(ctx, argc, argv, i, exc);
  *named = alg != NULL;
  const EVP_MD *md = alg ? C.get_digestbyname(alg) : NULL;
  free(alg);
  return md;
}

static ACS__HOST_FN(c_release)
{
  (void)fn; (void)self; (void)exc;
  int i = argc > 0 ? (int)JSValueToNumber(ctx, argv[0], NULL) : 0;
  if (i > 0 && i < MAX_HANDLES && handles[i].kind != H_FREE) acs__crypto_handle_drop(&handles[i]);
  return JSValueMakeUndefined(ctx);
}

/* timingSafeEqual(a, b) -> bool (same lengths checked by the caller) */
static ACS__HOST_FN(c_timing_safe_equal)
{
  (void)fn; (void)self;
  if (!acs__crypto_load()) return acs__crypto_unavailable(ctx, exc);
  const unsigned char *a, *b;
  size_t an, bn;
  acs__crypto_bytes_arg(ctx, argc, argv, 0, &a, &an, exc);
  acs__crypto_bytes_arg(ctx, argc, argv, 1, &b, &bn, exc);
  if (an != bn) return JSValueMakeBoolean(ctx, false);
  return JSValueMakeBoolean(ctx, an == 0 || C.memcmp(a, b, an) == 0);
}

void acs__host_crypto(JSContextRef ctx, JSObjectRef host)
{
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  acs__crypto_hash_fns(ctx, o);
  acs__crypto_cipher_fns(ctx, o);
  acs__js_set_fn(ctx, o, "release", c_release);
  acs__js_set_fn(ctx, o, "timingSafeEqual", c_timing_safe_equal);
  acs__crypto_pkey_fns(ctx, o);
  acs__js_set(ctx, host, "crypto", o);
}
