/* crypto_cipher.c - host.crypto's symmetric ciphers (AES and the others
** libcrypto names, AEAD modes included) for node:crypto and crypto.subtle
** (see crypto.c). Cipher contexts live in crypto.c's handle table. */
#include "crypto_internal.h"

#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- ciphers */

/* cipherInfo(name) -> {keyLength, ivLength, blockSize, mode} or undefined */
static ACS__HOST_FN(c_cipher_info)
{
  (void)fn; (void)self;
  if (!acs__crypto_load()) return acs__crypto_unavailable(ctx, exc);
  char *name = acs__crypto_str_arg(ctx, argc, argv, 0, exc);
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
  if (!acs__crypto_load()) return acs__crypto_unavailable(ctx, exc);
  char *name = acs__crypto_str_arg(ctx, argc, argv, 0, exc);
  const EVP_CIPHER *c = name ? C.get_cipherbyname(name) : NULL;
  free(name);
  if (!c) return JSValueMakeNumber(ctx, 0);
  const unsigned char *key, *iv;
  size_t kl, il;
  acs__crypto_bytes_arg(ctx, argc, argv, 1, &key, &kl, exc);
  acs__crypto_bytes_arg(ctx, argc, argv, 2, &iv, &il, exc);
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
  return acs__crypto_adopt(ctx, exc, H_CIPHER, x, NULL, aead);
}

/* cipherUpdate(id, data) -> Uint8Array */
static ACS__HOST_FN(c_cipher_update)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? acs__crypto_handle_get(ctx, argv[0], H_CIPHER) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Unsupported state");
  const unsigned char *p;
  size_t n;
  acs__crypto_bytes_arg(ctx, argc, argv, 1, &p, &n, exc);
  unsigned char *out = malloc(n + 64);
  int got = 0;
  if (C.cipher_update(h->ctx, out, &got, p ? p : out, (int)n) != 1) {
    free(out);
    return acs__js_throw(ctx, exc, "cipher update failed");
  }
  return acs__crypto_u8_out(ctx, out, (size_t)got, exc);
}

/* cipherAAD(id, data) */
static ACS__HOST_FN(c_cipher_aad)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? acs__crypto_handle_get(ctx, argv[0], H_CIPHER) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Unsupported state");
  const unsigned char *p;
  size_t n;
  acs__crypto_bytes_arg(ctx, argc, argv, 1, &p, &n, exc);
  int got = 0;
  if (C.cipher_update(h->ctx, NULL, &got, p, (int)n) != 1) return acs__js_throw(ctx, exc, "Invalid additional data");
  return JSValueMakeUndefined(ctx);
}

/* cipherSetTag(id, tag) (decryption of an AEAD cipher) */
static ACS__HOST_FN(c_cipher_set_tag)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? acs__crypto_handle_get(ctx, argv[0], H_CIPHER) : NULL;
  if (!h) return acs__js_throw(ctx, exc, "Unsupported state");
  const unsigned char *p;
  size_t n;
  acs__crypto_bytes_arg(ctx, argc, argv, 1, &p, &n, exc);
  if (C.cipher_ctx_ctrl(h->ctx, EVP_CTRL_AEAD_SET_TAG, (int)n, (void *)p) != 1)
    return acs__js_throw(ctx, exc, "Invalid authentication tag length");
  return JSValueMakeUndefined(ctx);
}

/* cipherSetPadding(id, bool) */
static ACS__HOST_FN(c_cipher_padding)
{
  (void)fn; (void)self; (void)exc;
  handle *h = argc > 0 ? acs__crypto_handle_get(ctx, argv[0], H_CIPHER) : NULL;
  if (h) C.cipher_ctx_set_padding(h->ctx, argc > 1 && JSValueToBoolean(ctx, argv[1]));
  return JSValueMakeUndefined(ctx);
}

/* cipherFinal(id, tagLength) -> {data, tag}; the handle is released. A
** failed authentication throws "Unsupported state or unable to authenticate
** data", as Node does. */
static ACS__HOST_FN(c_cipher_final)
{
  (void)fn; (void)self;
  handle *h = argc > 0 ? acs__crypto_handle_get(ctx, argv[0], H_CIPHER) : NULL;
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
    if (C.cipher_ctx_ctrl(h->ctx, EVP_CTRL_AEAD_GET_TAG, tl, tag) == 1) acs__js_set(ctx, o, "tag", acs__crypto_u8_out(ctx, tag, (size_t)tl, exc));
    else free(tag);
  }
  acs__crypto_handle_drop(h);
  if (ok != 1) {
    free(out);
    return acs__js_throw(ctx, exc, "Unsupported state or unable to authenticate data");
  }
  acs__js_set(ctx, o, "data", acs__crypto_u8_out(ctx, out, (size_t)got, exc));
  return o;
}

void acs__crypto_cipher_fns(JSContextRef ctx, JSObjectRef o)
{
  acs__js_set_fn(ctx, o, "cipherInfo", c_cipher_info);
  acs__js_set_fn(ctx, o, "cipherNew", c_cipher_new);
  acs__js_set_fn(ctx, o, "cipherUpdate", c_cipher_update);
  acs__js_set_fn(ctx, o, "cipherAAD", c_cipher_aad);
  acs__js_set_fn(ctx, o, "cipherSetTag", c_cipher_set_tag);
  acs__js_set_fn(ctx, o, "cipherSetPadding", c_cipher_padding);
  acs__js_set_fn(ctx, o, "cipherFinal", c_cipher_final);
}
