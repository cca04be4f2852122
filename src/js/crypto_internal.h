/* crypto_internal.h - what the parts of host.crypto share: crypto.c
** (libcrypto, the handle table, the argument helpers, host.crypto itself),
** crypto_hash.c, crypto_cipher.c and crypto_pkey.c. */
#ifndef ACS_JS_CRYPTO_INTERNAL_H
#define ACS_JS_CRYPTO_INTERNAL_H

#include "runtime_internal.h"

#include "../base/base.h"

#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/params.h>
#include <openssl/x509.h>

/* The functions we take from libcrypto.so.3 (prototypes from its headers),
** filled by acs__crypto_load(). */
typedef struct acs__libcrypto_fns {
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
  /* asymmetric keys */
  EVP_PKEY_CTX *(*pkey_ctx_new_from_name)(OSSL_LIB_CTX *, const char *, const char *);
  EVP_PKEY_CTX *(*pkey_ctx_new_from_pkey)(OSSL_LIB_CTX *, EVP_PKEY *, const char *);
  void (*pkey_ctx_free)(EVP_PKEY_CTX *);
  int (*pkey_ctx_set_params)(EVP_PKEY_CTX *, const OSSL_PARAM *);
  int (*pkey_keygen_init)(EVP_PKEY_CTX *);
  int (*pkey_generate)(EVP_PKEY_CTX *, EVP_PKEY **);
  int (*pkey_fromdata_init)(EVP_PKEY_CTX *);
  int (*pkey_fromdata)(EVP_PKEY_CTX *, EVP_PKEY **, int, OSSL_PARAM *);
  int (*pkey_get_params)(const EVP_PKEY *, OSSL_PARAM *);
  int (*pkey_get_bits)(const EVP_PKEY *);
  int (*pkey_get_base_id)(const EVP_PKEY *);
  int (*pkey_up_ref)(EVP_PKEY *);
  void (*pkey_free)(EVP_PKEY *);
  int (*pkey_eq)(const EVP_PKEY *, const EVP_PKEY *);
  OSSL_DECODER_CTX *(*decoder_new_for_pkey)(EVP_PKEY **, const char *, const char *, const char *, int,
                                            OSSL_LIB_CTX *, const char *);
  int (*decoder_set_passphrase)(OSSL_DECODER_CTX *, const unsigned char *, size_t);
  int (*decoder_from_data)(OSSL_DECODER_CTX *, const unsigned char **, size_t *);
  void (*decoder_free)(OSSL_DECODER_CTX *);
  OSSL_ENCODER_CTX *(*encoder_new_for_pkey)(const EVP_PKEY *, int, const char *, const char *, const char *);
  int (*encoder_set_cipher)(OSSL_ENCODER_CTX *, const char *, const char *);
  int (*encoder_set_passphrase)(OSSL_ENCODER_CTX *, const unsigned char *, size_t);
  int (*encoder_to_data)(OSSL_ENCODER_CTX *, unsigned char **, size_t *);
  void (*encoder_free)(OSSL_ENCODER_CTX *);
  void (*crypto_free)(void *, const char *, int);
  PKCS8_PRIV_KEY_INFO *(*d2i_pkcs8)(PKCS8_PRIV_KEY_INFO **, const unsigned char **, long);
  EVP_PKEY *(*pkcs8_to_pkey)(const PKCS8_PRIV_KEY_INFO *);
  void (*pkcs8_free)(PKCS8_PRIV_KEY_INFO *);
  EVP_PKEY *(*d2i_pubkey)(EVP_PKEY **, const unsigned char **, long);
  EVP_PKEY *(*d2i_private_key)(int, EVP_PKEY **, const unsigned char **, long);
  EVP_PKEY *(*d2i_public_key)(int, EVP_PKEY **, const unsigned char **, long);
  int (*digest_sign_init)(EVP_MD_CTX *, EVP_PKEY_CTX **, const EVP_MD *, ENGINE *, EVP_PKEY *);
  int (*digest_sign)(EVP_MD_CTX *, unsigned char *, size_t *, const unsigned char *, size_t);
  int (*digest_verify_init)(EVP_MD_CTX *, EVP_PKEY_CTX **, const EVP_MD *, ENGINE *, EVP_PKEY *);
  int (*digest_verify)(EVP_MD_CTX *, const unsigned char *, size_t, const unsigned char *, size_t);
  int (*pkey_encrypt_init)(EVP_PKEY_CTX *);
  int (*pkey_encrypt)(EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t);
  int (*pkey_decrypt_init)(EVP_PKEY_CTX *);
  int (*pkey_decrypt)(EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t);
  int (*pkey_sign_init)(EVP_PKEY_CTX *);
  int (*pkey_sign)(EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t);
  int (*pkey_verify_recover_init)(EVP_PKEY_CTX *);
  int (*pkey_verify_recover)(EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t);
  int (*pkey_derive_init)(EVP_PKEY_CTX *);
  int (*pkey_derive_set_peer)(EVP_PKEY_CTX *, EVP_PKEY *);
  int (*pkey_derive)(EVP_PKEY_CTX *, unsigned char *, size_t *);
  unsigned long (*err_get_error)(void);
  void (*err_clear_error)(void);
  void (*err_error_string_n)(unsigned long, char *, size_t);
  const char *(*err_lib_error_string)(unsigned long);
  const char *(*err_reason_error_string)(unsigned long);
} acs__libcrypto_fns;
extern acs__libcrypto_fns acs__libcrypto;
/* The parts call the table C, as the file they came from did. */
#define C acs__libcrypto

/* libcrypto, opened on the first call; false when it cannot be. */
bool acs__crypto_load(void);

/* The handle table: hash, HMAC and cipher contexts, by small integer ids. */
enum { H_FREE, H_HASH, H_HMAC, H_CIPHER };
typedef struct handle {
  int kind;
  void *ctx;
  const EVP_MD *md;
  bool aead;
} handle;

handle *acs__crypto_handle_get(JSContextRef ctx, JSValueRef v, int kind);
void acs__crypto_handle_drop(handle *h);
/* Register a context and return its id to JS; on a full table the context
** is freed and a JS error thrown. */
JSValueRef acs__crypto_adopt(JSContextRef ctx, JSValueRef *exc, int kind, void *c, const EVP_MD *md, bool aead);

/* The argument helpers. */
JSValueRef acs__crypto_unavailable(JSContextRef ctx, JSValueRef *exc);
bool acs__crypto_bytes_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, const unsigned char **p,
                           size_t *n, JSValueRef *exc);
JSValueRef acs__crypto_u8_out(JSContextRef ctx, unsigned char *buf, size_t n, JSValueRef *exc);
bool acs__crypto_count_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, double min, double max,
                           double dflt, double *out);
char *acs__crypto_str_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, JSValueRef *exc);
const EVP_MD *acs__crypto_md_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, bool *named,
                                 JSValueRef *exc);

/* Each part sets its functions on host.crypto (acs__host_crypto calls them
** in this order, between which it sets release and timingSafeEqual). */
void acs__crypto_hash_fns(JSContextRef ctx, JSObjectRef o);
void acs__crypto_cipher_fns(JSContextRef ctx, JSObjectRef o);
void acs__crypto_pkey_fns(JSContextRef ctx, JSObjectRef o);

#endif
