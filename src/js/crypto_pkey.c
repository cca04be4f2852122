/* crypto_pkey.c - host.crypto's asymmetric keys (see crypto.c): keys as JS
** objects whose finalizer frees the EVP_PKEY, OpenSSL's errors as Node's,
** generation, decoding (PEM, DER, JWK fields), encoding, sign and verify,
** encrypt and decrypt, and key agreement. */
#include "crypto_internal.h"

#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------- asymmetric keys */

/* A key as JS sees it: an object of key_class owning one reference to the
** EVP_PKEY. `priv` says whether the object stands for the private key; a
** public key taken from a private one shares its EVP_PKEY (OpenSSL's public
** operations and encoders read only the public half). */
typedef struct keybox {
  EVP_PKEY *pk;
  bool priv;
} keybox;

static JSClassRef key_class;

static void key_finalize(JSObjectRef o)
{
  keybox *b = JSObjectGetPrivate(o);
  if (!b) return;
  if (b->pk) C.pkey_free(b->pk);
  free(b);
}

/* The JS object for pk (whose reference it takes over). */
static JSValueRef key_wrap(JSContextRef ctx, JSValueRef *exc, EVP_PKEY *pk, bool priv)
{
  if (!key_class) {
    JSClassDefinition def = kJSClassDefinitionEmpty;
    def.className = "NativeKey";
    def.finalize = key_finalize;
    key_class = JSClassCreate(&def);
  }
  keybox *b = malloc(sizeof *b);
  if (!b) {
    C.pkey_free(pk);
    return acs__js_throw(ctx, exc, "out of memory for a key");
  }
  b->pk = pk;
  b->priv = priv;
  return JSObjectMake(ctx, key_class, b);
}

static keybox *key_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i)
{
  if (!key_class || i >= argc || !JSValueIsObjectOfClass(ctx, argv[i], key_class)) return NULL;
  return JSObjectGetPrivate(JSValueToObject(ctx, argv[i], NULL));
}

/* The library part of Node's ERR_OSSL_<LIB>_<REASON> codes: Node names only
** these libraries; for the others the code is ERR_OSSL_<REASON>. */
static const char *lib_code(int lib)
{
  switch (lib) {
  case ERR_LIB_SYS: return "SYS";
  case ERR_LIB_BN: return "BN";
  case ERR_LIB_RSA: return "RSA";
  case ERR_LIB_DH: return "DH";
  case ERR_LIB_EVP: return "EVP";
  case ERR_LIB_BUF: return "BUF";
  case ERR_LIB_OBJ: return "OBJ";
  case ERR_LIB_PEM: return "PEM";
  case ERR_LIB_DSA: return "DSA";
  case ERR_LIB_X509: return "X509";
  case ERR_LIB_ASN1: return "ASN1";
  case ERR_LIB_CONF: return "CONF";
  case ERR_LIB_CRYPTO: return "CRYPTO";
  case ERR_LIB_EC: return "EC";
  case ERR_LIB_SSL: return "SSL";
  case ERR_LIB_BIO: return "BIO";
  case ERR_LIB_PKCS7: return "PKCS7";
  case ERR_LIB_X509V3: return "X509V3";
  case ERR_LIB_PKCS12: return "PKCS12";
  case ERR_LIB_RAND: return "RAND";
  case ERR_LIB_DSO: return "DSO";
  case ERR_LIB_ENGINE: return "ENGINE";
  case ERR_LIB_OCSP: return "OCSP";
  case ERR_LIB_UI: return "UI";
  case ERR_LIB_COMP: return "COMP";
  case ERR_LIB_ECDSA: return "ECDSA";
  case ERR_LIB_ECDH: return "ECDH";
  case ERR_LIB_OSSL_STORE: return "OSSL_STORE";
  case ERR_LIB_FIPS: return "FIPS";
  case ERR_LIB_CMS: return "CMS";
  case ERR_LIB_TS: return "TS";
  case ERR_LIB_HMAC: return "HMAC";
  case ERR_LIB_CT: return "CT";
  case ERR_LIB_ASYNC: return "ASYNC";
  case ERR_LIB_KDF: return "KDF";
  case ERR_LIB_SM2: return "SM2";
  case ERR_LIB_USER: return "USER";
  default: return NULL;
  }
}

/* Throw the first error of OpenSSL's queue as Node reports it: message
** "error:XXXXXXXX:lib::reason" and the properties library, reason and code.
** The queue is emptied. With no error queued, `fallback` is the message and
** the error has no code. */
static JSValueRef ossl_throw(JSContextRef ctx, JSValueRef *exc, const char *fallback)
{
  unsigned long first = C.err_get_error();
  C.err_clear_error();
  if (!first) return acs__js_throw(ctx, exc, fallback);
  char msg[256];
  C.err_error_string_n(first, msg, sizeof msg);
  acs__js_throw(ctx, exc, msg);
  JSObjectRef err = JSValueToObject(ctx, *exc, NULL);
  const char *lib = C.err_lib_error_string(first), *reason = C.err_reason_error_string(first);
  if (lib) acs__js_set(ctx, err, "library", acs__js_str(ctx, lib));
  if (reason) {
    acs__js_set(ctx, err, "reason", acs__js_str(ctx, reason));
    char code[160];
    const char *ln = lib_code(ERR_GET_LIB(first));
    int n = snprintf(code, sizeof code, "ERR_OSSL_%s%s", ln ? ln : "", ln ? "_" : "");
    for (const char *r = reason; *r && n < (int)sizeof code - 1; r++)
      code[n++] = *r == ' ' ? '_' : (*r >= 'a' && *r <= 'z') ? (char)(*r - 'a' + 'A') : *r;
    code[n] = 0;
    acs__js_set(ctx, err, "code", acs__js_str(ctx, code));
  }
  return JSValueMakeUndefined(ctx);
}

static OSSL_PARAM param(const char *key, unsigned int type, void *data, size_t size)
{
  return (OSSL_PARAM){key, type, data, size, OSSL_PARAM_UNMODIFIED};
}

static const OSSL_PARAM param_end = {NULL, 0, NULL, 0, 0};

/* pkeyGenerate(type, a, b, digest, mgf1Digest, saltLength) -> key. type is
** OpenSSL's name ("RSA", "RSA-PSS", "EC", "ED25519", "X25519", "ED448",
** "X448"). RSA: a the modulus bits, b the public exponent (RSA-PSS may also
** restrict the digests and salt length); EC: a the curve's name. Random
** numbers come from OpenSSL's generator, seeded by the kernel in this
** process the first time it is used. */
/* A JS number as a C int: NaN, fractions out of range and values past int's
** range (whose conversion C leaves undefined) give dflt. */
static int int_value(JSContextRef ctx, JSValueRef v, int dflt)
{
  if (!v || !JSValueIsNumber(ctx, v)) return dflt;
  double d = JSValueToNumber(ctx, v, NULL);
  return d >= INT_MIN && d <= INT_MAX ? (int)d : dflt;
}

static ACS__HOST_FN(c_pkey_generate)
{
  (void)fn; (void)self;
  if (!acs__crypto_load()) return acs__crypto_unavailable(ctx, exc);
  char *type = acs__crypto_str_arg(ctx, argc, argv, 0, exc);
  if (!type) return acs__js_throw(ctx, exc, "pkeyGenerate: key type expected");
  OSSL_PARAM params[7];
  int np = 0;
  size_t bits = 0;
  uint64_t e = 0;
  int salt = 0;
  char *curve = NULL, *md = NULL, *mgf1 = NULL;
  bool rsa = !strcmp(type, "RSA") || !strcmp(type, "RSA-PSS");
  if (rsa) {
    double b_d, e_d;
    if (!acs__crypto_count_arg(ctx, argc, argv, 1, 0, 1 << 20, 2048, &b_d) ||
        !acs__crypto_count_arg(ctx, argc, argv, 2, 0, 4294967295.0, 65537, &e_d)) {
      free(type);
      return acs__js_throw(ctx, exc, "pkeyGenerate: modulus length or exponent out of range");
    }
    bits = (size_t)b_d;
    e = (uint64_t)e_d;
    params[np++] = param(OSSL_PKEY_PARAM_RSA_BITS, OSSL_PARAM_UNSIGNED_INTEGER, &bits, sizeof bits);
    params[np++] = param(OSSL_PKEY_PARAM_RSA_E, OSSL_PARAM_UNSIGNED_INTEGER, &e, sizeof e);
    if (argc > 3 && JSValueIsString(ctx, argv[3]) && (md = acs__crypto_str_arg(ctx, argc, argv, 3, exc)))
      params[np++] = param(OSSL_PKEY_PARAM_RSA_DIGEST, OSSL_PARAM_UTF8_STRING, md, strlen(md));
    if (argc > 4 && JSValueIsString(ctx, argv[4]) && (mgf1 = acs__crypto_str_arg(ctx, argc, argv, 4, exc)))
      params[np++] = param(OSSL_PKEY_PARAM_RSA_MGF1_DIGEST, OSSL_PARAM_UTF8_STRING, mgf1, strlen(mgf1));
    if (argc > 5 && JSValueIsNumber(ctx, argv[5])) {
      salt = int_value(ctx, argv[5], 0);
      params[np++] = param(OSSL_PKEY_PARAM_RSA_PSS_SALTLEN, OSSL_PARAM_INTEGER, &salt, sizeof salt);
    }
  } else if (!strcmp(type, "EC")) {
    curve = acs__crypto_str_arg(ctx, argc, argv, 1, exc);
    if (!curve) {
      free(type);
      return acs__js_throw(ctx, exc, "pkeyGenerate: curve name expected");
    }
    params[np++] = param(OSSL_PKEY_PARAM_GROUP_NAME, OSSL_PARAM_UTF8_STRING, curve, strlen(curve));
  }
  params[np] = param_end;
  C.err_clear_error();
  EVP_PKEY_CTX *kc = C.pkey_ctx_new_from_name(NULL, type, NULL);
  EVP_PKEY *pk = NULL;
  bool ok = kc && C.pkey_keygen_init(kc) == 1 && C.pkey_ctx_set_params(kc, params) == 1 &&
            C.pkey_generate(kc, &pk) == 1;
  if (kc) C.pkey_ctx_free(kc);
  free(type);
  free(curve);
  free(md);
  free(mgf1);
  if (!ok || !pk) {
    if (pk) C.pkey_free(pk);
    return ossl_throw(ctx, exc, "key generation failed");
  }
  return key_wrap(ctx, exc, pk, true);
}

/* Setting up a decoder context costs OpenSSL 3.0 about a millisecond (it
** gathers every decoder that could apply), ten times the decoding itself,
** so the contexts without a passphrase are kept and reused; each writes the
** key it makes into its entry's slot. */
typedef struct decoder_entry {
  char what[96];
  int selection;
  OSSL_DECODER_CTX *ctx;
  EVP_PKEY *slot;
} decoder_entry;
static decoder_entry decoders[16];

/* A static copy of s from `names`, NULL when it is not there: a decoder
** context keeps the input type it was made with by pointer. */
static const char *interned(const char *s, const char *const *names)
{
  for (; s && *names; names++)
    if (!strcmp(s, *names)) return *names;
  return NULL;
}

static EVP_PKEY *decode_cached(const unsigned char *data, size_t n, const char *input, const char *structure,
                               const char *keytype, int selection, bool *cached)
{
  static const char *const inputs[] = {"PEM", "DER", NULL};
  static const char *const structures[] = {"PrivateKeyInfo", "SubjectPublicKeyInfo", "type-specific", NULL};
  static const char *const keytypes[] = {"RSA", "EC", NULL};
  *cached = false;
  input = interned(input, inputs);
  if (!input || (structure && !(structure = interned(structure, structures))) ||
      (keytype && !(keytype = interned(keytype, keytypes))))
    return NULL;
  char what[96];
  snprintf(what, sizeof what, "%s|%s|%s", input ? input : "", structure ? structure : "", keytype ? keytype : "");
  decoder_entry *e = NULL;
  for (size_t i = 0; i < sizeof decoders / sizeof *decoders; i++) {
    if (decoders[i].ctx && decoders[i].selection == selection && !strcmp(decoders[i].what, what)) {
      e = &decoders[i];
      break;
    }
    if (!decoders[i].ctx && !e) e = &decoders[i];
  }
  *cached = e != NULL;
  if (!e) return NULL;
  if (!e->ctx) {
    e->slot = NULL;
    e->ctx = C.decoder_new_for_pkey(&e->slot, input, structure, keytype, selection, NULL, NULL);
    if (!e->ctx) return NULL;
    snprintf(e->what, sizeof e->what, "%s", what);
    e->selection = selection;
  }
  e->slot = NULL;
  const unsigned char *p = data;
  size_t left = n;
  int ok = C.decoder_from_data(e->ctx, &p, &left);
  EVP_PKEY *pk = e->slot;
  e->slot = NULL;
  if (ok != 1 && pk) {
    C.pkey_free(pk);
    pk = NULL;
  }
  return pk;
}

static EVP_PKEY *decode_as(const unsigned char *data, size_t n, const char *input, const char *structure,
                           const char *keytype, int selection, const unsigned char *pass, size_t passlen)
{
  if (!pass) {
    bool cached;
    EVP_PKEY *pk = decode_cached(data, n, input, structure, keytype, selection, &cached);
    if (cached) return pk;
  }
  EVP_PKEY *pk = NULL;
  OSSL_DECODER_CTX *d = C.decoder_new_for_pkey(&pk, input, structure, keytype, selection, NULL, NULL);
  if (!d) return NULL;
  /* Without a passphrase an encrypted key fails to decode (the decoder has
     no way to ask), which is what the caller wants. */
  if (pass) C.decoder_set_passphrase(d, pass, passlen);
  const unsigned char *p = data;
  size_t left = n;
  int ok = C.decoder_from_data(d, &p, &left);
  C.decoder_free(d);
  if (ok != 1 && pk) {
    C.pkey_free(pk);
    pk = NULL;
  }
  return pk;
}

/* DER without a passphrase is read by the d2i functions Node uses, so that
** a malformed key fails with the same ASN.1 errors. *fail_plain: the failure
** is reported without OpenSSL's error (Node's "Failed to read asymmetric
** key" for public keys). */
static EVP_PKEY *decode_der(const unsigned char *data, size_t n, const char *structure, const char *keytype,
                            bool priv, bool *fail_plain)
{
  const unsigned char *p = data;
  long len = n > LONG_MAX ? LONG_MAX : (long)n;
  int type = keytype && !strcmp(keytype, "EC") ? EVP_PKEY_EC : EVP_PKEY_RSA;
  *fail_plain = false;
  if (!strcmp(structure, "PrivateKeyInfo")) {
    PKCS8_PRIV_KEY_INFO *p8 = C.d2i_pkcs8(NULL, &p, len);
    if (!p8) return NULL;
    EVP_PKEY *pk = C.pkcs8_to_pkey(p8);
    C.pkcs8_free(p8);
    return pk;
  }
  if (priv) return C.d2i_private_key(type, NULL, &p, len);
  *fail_plain = true;
  if (!strcmp(structure, "SubjectPublicKeyInfo")) return C.d2i_pubkey(NULL, &p, len);
  return C.d2i_public_key(type, NULL, &p, len);
}

/* pkeyDecode(bytes, inputType, structure, keyType, wantPrivate, passphrase)
** -> key. inputType "PEM" or "DER"; structure (e.g. "PrivateKeyInfo",
** "SubjectPublicKeyInfo", "type-specific") and keyType ("RSA", "EC") narrow
** the decoders tried, null leaves them open. wantPrivate: only a private key
** will do; otherwise a public key, or the public half of a private key. */
static ACS__HOST_FN(c_pkey_decode)
{
  (void)fn; (void)self;
  if (!acs__crypto_load()) return acs__crypto_unavailable(ctx, exc);
  const unsigned char *data, *pass;
  size_t n, passlen;
  acs__crypto_bytes_arg(ctx, argc, argv, 0, &data, &n, exc);
  char *input = argc > 1 && JSValueIsString(ctx, argv[1]) ? acs__crypto_str_arg(ctx, argc, argv, 1, exc) : NULL;
  char *structure = argc > 2 && JSValueIsString(ctx, argv[2]) ? acs__crypto_str_arg(ctx, argc, argv, 2, exc) : NULL;
  char *keytype = argc > 3 && JSValueIsString(ctx, argv[3]) ? acs__crypto_str_arg(ctx, argc, argv, 3, exc) : NULL;
  bool want_priv = argc > 4 && JSValueToBoolean(ctx, argv[4]);
  bool has_pass = argc > 5 && JSValueIsObject(ctx, argv[5]);
  acs__crypto_bytes_arg(ctx, argc, argv, 5, &pass, &passlen, exc);
  static const unsigned char empty[1];
  if (has_pass && !pass) pass = empty;
  C.err_clear_error();
  EVP_PKEY *pk = NULL;
  bool priv = true, plain = false;
  if (data && n && input && !strcmp(input, "DER") && structure && !has_pass) {
    /* the structure says whether the key is private */
    bool is_priv = strcmp(structure, "SubjectPublicKeyInfo") && !(keytype && !strcmp(keytype, "RSA") && !want_priv);
    pk = decode_as(data, n, "DER", structure, keytype, is_priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, NULL, 0);
    /* on failure the d2i functions Node uses say what is wrong as Node does */
    if (!pk) {
      C.err_clear_error();
      pk = decode_der(data, n, structure, keytype, is_priv, &plain);
    }
    priv = is_priv && want_priv;
  } else if (data && n) {
    if (!want_priv) {
      pk = decode_as(data, n, input, structure, keytype, EVP_PKEY_PUBLIC_KEY, NULL, 0);
      priv = false;
    }
    if (!pk) {
      /* report the errors of the private-key attempt, as Node does */
      C.err_clear_error();
      pk = decode_as(data, n, input, structure, keytype, EVP_PKEY_KEYPAIR, pass, passlen);
      priv = want_priv;
    }
  }
  free(input);
  free(structure);
  free(keytype);
  if (!pk && plain) C.err_clear_error();
  if (!pk) return ossl_throw(ctx, exc, "Failed to read asymmetric key");
  C.err_clear_error();
  return key_wrap(ctx, exc, pk, priv);
}

/* Big-endian bytes as the native-endian unsigned integer OSSL_PARAM wants. */
static unsigned char *native_int(const unsigned char *be, size_t n)
{
  unsigned char *out = malloc(n ? n : 1);
  if (!out) return NULL;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  for (size_t i = 0; i < n; i++) out[i] = be[n - 1 - i];
#else
  memcpy(out, be, n);
#endif
  if (!n) out[0] = 0;
  return out;
}

/* pkeyFromData(type, fields) -> key. fields holds Uint8Arrays: RSA n, e and
** for a private key d, p, q, dp, dq, qi (big-endian); EC `group` (a curve
** name), pub (an encoded point) and priv (big-endian) for a private key;
** the others pub and/or priv as raw bytes. */
static ACS__HOST_FN(c_pkey_from_data)
{
  (void)fn; (void)self;
  if (!acs__crypto_load()) return acs__crypto_unavailable(ctx, exc);
  char *type = acs__crypto_str_arg(ctx, argc, argv, 0, exc);
  if (!type || argc < 2 || !JSValueIsObject(ctx, argv[1])) {
    free(type);
    return acs__js_throw(ctx, exc, "pkeyFromData: type and fields expected");
  }
  JSObjectRef f = JSValueToObject(ctx, argv[1], NULL);
  static const char *const rsa_fields[][2] = {
    {"n", OSSL_PKEY_PARAM_RSA_N}, {"e", OSSL_PKEY_PARAM_RSA_E}, {"d", OSSL_PKEY_PARAM_RSA_D},
    {"p", OSSL_PKEY_PARAM_RSA_FACTOR1}, {"q", OSSL_PKEY_PARAM_RSA_FACTOR2},
    {"dp", OSSL_PKEY_PARAM_RSA_EXPONENT1}, {"dq", OSSL_PKEY_PARAM_RSA_EXPONENT2},
    {"qi", OSSL_PKEY_PARAM_RSA_COEFFICIENT1},
  };
  OSSL_PARAM params[10];
  unsigned char *owned[10];
  int np = 0, no = 0;
  char *group = NULL;
  bool priv = false, rsa = !strcmp(type, "RSA") || !strcmp(type, "RSA-PSS"), ec = !strcmp(type, "EC");
  JSValueRef one[1];
  if (rsa) {
    for (size_t i = 0; i < sizeof rsa_fields / sizeof *rsa_fields; i++) {
      one[0] = acs__js_get(ctx, f, rsa_fields[i][0]);
      const unsigned char *b;
      size_t bl;
      acs__crypto_bytes_arg(ctx, 1, one, 0, &b, &bl, exc);
      if (!b) continue;
      unsigned char *nat = native_int(b, bl);
      if (!nat) continue;
      owned[no++] = nat;
      params[np++] = param(rsa_fields[i][1], OSSL_PARAM_UNSIGNED_INTEGER, nat, bl ? bl : 1);
      if (i >= 2) priv = true;
    }
  } else {
    if (ec) {
      JSValueRef g = acs__js_get(ctx, f, "group");
      if (JSValueIsString(ctx, g)) group = acs__js_to_utf8(ctx, g, NULL, exc);
      if (group) params[np++] = param(OSSL_PKEY_PARAM_GROUP_NAME, OSSL_PARAM_UTF8_STRING, group, strlen(group));
    }
    const unsigned char *b;
    size_t bl;
    one[0] = acs__js_get(ctx, f, "pub");
    acs__crypto_bytes_arg(ctx, 1, one, 0, &b, &bl, exc);
    if (b) params[np++] = param(OSSL_PKEY_PARAM_PUB_KEY, OSSL_PARAM_OCTET_STRING, (void *)b, bl);
    one[0] = acs__js_get(ctx, f, "priv");
    acs__crypto_bytes_arg(ctx, 1, one, 0, &b, &bl, exc);
    if (b) {
      priv = true;
      if (ec) {
        unsigned char *nat = native_int(b, bl);
        if (nat) {
          owned[no++] = nat;
          params[np++] = param(OSSL_PKEY_PARAM_PRIV_KEY, OSSL_PARAM_UNSIGNED_INTEGER, nat, bl ? bl : 1);
        }
      } else {
        params[np++] = param(OSSL_PKEY_PARAM_PRIV_KEY, OSSL_PARAM_OCTET_STRING, (void *)b, bl);
      }
    }
  }
  params[np] = param_end;
  C.err_clear_error();
  EVP_PKEY_CTX *kc = C.pkey_ctx_new_from_name(NULL, type, NULL);
  EVP_PKEY *pk = NULL;
  bool ok = kc && C.pkey_fromdata_init(kc) == 1 &&
            C.pkey_fromdata(kc, &pk, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) == 1;
  if (kc) C.pkey_ctx_free(kc);
  for (int i = 0; i < no; i++) free(owned[i]);
  free(group);
  free(type);
  if (!ok || !pk) {
    if (pk) C.pkey_free(pk);
    return ossl_throw(ctx, exc, "Invalid key data");
  }
  return key_wrap(ctx, exc, pk, priv);
}

/* Integer parameter `name` of pk as big-endian bytes, left-padded with zeros
** to at least `pad` bytes; undefined when the key has no such parameter. */
static JSValueRef bn_param(JSContextRef ctx, JSValueRef *exc, EVP_PKEY *pk, const char *name, size_t pad)
{
  size_t cap = 2048 + 16; /* RSA's 16384-bit limit; a bigger number is asked again */
  unsigned char *buf = calloc(1, cap);
  if (!buf) return JSValueMakeUndefined(ctx);
  OSSL_PARAM p[2] = {param(name, OSSL_PARAM_UNSIGNED_INTEGER, buf, cap), param_end};
  int ok = C.pkey_get_params(pk, p);
  if (ok != 1 && p[0].return_size != OSSL_PARAM_UNMODIFIED && p[0].return_size > cap &&
      p[0].return_size < ((size_t)1 << 24)) {
    C.err_clear_error();
    cap = p[0].return_size;
    free(buf);
    buf = calloc(1, cap);
    if (!buf) return JSValueMakeUndefined(ctx);
    p[0] = param(name, OSSL_PARAM_UNSIGNED_INTEGER, buf, cap);
    ok = C.pkey_get_params(pk, p);
  }
  if (ok != 1 || p[0].return_size == OSSL_PARAM_UNMODIFIED || p[0].return_size > cap) {
    free(buf);
    C.err_clear_error();
    return JSValueMakeUndefined(ctx);
  }
  size_t n = p[0].return_size;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  while (n > 0 && buf[n - 1] == 0) n--;
  size_t len = n > pad ? n : pad;
  unsigned char *out = calloc(1, len ? len : 1);
  if (out)
    for (size_t i = 0; i < n; i++) out[len - 1 - i] = buf[i];
#else
  size_t z = 0;
  while (z < n && buf[z] == 0) z++;
  size_t len = n - z > pad ? n - z : pad;
  unsigned char *out = calloc(1, len ? len : 1);
  if (out) memcpy(out + len - (n - z), buf + z, n - z);
#endif
  free(buf);
  if (!out) return JSValueMakeUndefined(ctx);
  return acs__crypto_u8_out(ctx, out, len, exc);
}

static JSValueRef octet_param(JSContextRef ctx, JSValueRef *exc, EVP_PKEY *pk, const char *name)
{
  unsigned char buf[256];
  OSSL_PARAM p[2] = {param(name, OSSL_PARAM_OCTET_STRING, buf, sizeof buf), param_end};
  if (C.pkey_get_params(pk, p) != 1 || p[0].return_size == OSSL_PARAM_UNMODIFIED || p[0].return_size > sizeof buf) {
    C.err_clear_error();
    return JSValueMakeUndefined(ctx);
  }
  unsigned char *out = malloc(p[0].return_size ? p[0].return_size : 1);
  if (!out) return JSValueMakeUndefined(ctx);
  memcpy(out, buf, p[0].return_size);
  return acs__crypto_u8_out(ctx, out, p[0].return_size, exc);
}

static JSValueRef utf8_param(JSContextRef ctx, EVP_PKEY *pk, const char *name)
{
  char buf[80];
  OSSL_PARAM p[2] = {param(name, OSSL_PARAM_UTF8_STRING, buf, sizeof buf), param_end};
  if (C.pkey_get_params(pk, p) != 1 || p[0].return_size == OSSL_PARAM_UNMODIFIED || p[0].return_size >= sizeof buf) {
    C.err_clear_error();
    return JSValueMakeUndefined(ctx);
  }
  buf[p[0].return_size] = 0;
  return acs__js_str(ctx, buf);
}

static const char *key_type_name(EVP_PKEY *pk)
{
  switch (C.pkey_get_base_id(pk)) {
  case EVP_PKEY_RSA: return "rsa";
  case EVP_PKEY_RSA_PSS: return "rsa-pss";
  case EVP_PKEY_EC: return "ec";
  case EVP_PKEY_ED25519: return "ed25519";
  case EVP_PKEY_ED448: return "ed448";
  case EVP_PKEY_X25519: return "x25519";
  case EVP_PKEY_X448: return "x448";
  case EVP_PKEY_DSA: return "dsa";
  case EVP_PKEY_DH: return "dh";
  case EVP_PKEY_DHX: return "dhx";
  default: return "unknown";
  }
}

/* pkeyInfo(key) -> {type, private, bits, curve?, e?, digest?, mgf1Digest?,
** saltLength?}: e big-endian bytes; the last three are an RSA-PSS key's
** restrictions, when it has them. */
static ACS__HOST_FN(c_pkey_info)
{
  (void)fn; (void)self;
  keybox *k = key_arg(ctx, argc, argv, 0);
  if (!k) return acs__js_throw(ctx, exc, "pkeyInfo: key expected");
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  const char *type = key_type_name(k->pk);
  acs__js_set(ctx, o, "type", acs__js_str(ctx, type));
  acs__js_set(ctx, o, "private", JSValueMakeBoolean(ctx, k->priv));
  acs__js_set(ctx, o, "bits", JSValueMakeNumber(ctx, C.pkey_get_bits(k->pk)));
  if (!strcmp(type, "ec")) acs__js_set(ctx, o, "curve", utf8_param(ctx, k->pk, OSSL_PKEY_PARAM_GROUP_NAME));
  if (!strncmp(type, "rsa", 3)) acs__js_set(ctx, o, "e", bn_param(ctx, exc, k->pk, OSSL_PKEY_PARAM_RSA_E, 0));
  if (!strcmp(type, "rsa-pss")) {
    acs__js_set(ctx, o, "digest", utf8_param(ctx, k->pk, OSSL_PKEY_PARAM_RSA_DIGEST));
    acs__js_set(ctx, o, "mgf1Digest", utf8_param(ctx, k->pk, OSSL_PKEY_PARAM_RSA_MGF1_DIGEST));
    int salt = -1;
    OSSL_PARAM p[2] = {param(OSSL_PKEY_PARAM_RSA_PSS_SALTLEN, OSSL_PARAM_INTEGER, &salt, sizeof salt), param_end};
    if (C.pkey_get_params(k->pk, p) == 1 && p[0].return_size != OSSL_PARAM_UNMODIFIED)
      acs__js_set(ctx, o, "saltLength", JSValueMakeNumber(ctx, salt));
    C.err_clear_error();
  }
  return o;
}

/* pkeyFields(key) -> the numbers of a JWK as big-endian Uint8Arrays: RSA n,
** e (and d, p, q, dp, dq, qi for a private key); EC x, y (and d), padded to
** the field's size; the others x (and d), raw. */
static ACS__HOST_FN(c_pkey_fields)
{
  (void)fn; (void)self;
  keybox *k = key_arg(ctx, argc, argv, 0);
  if (!k) return acs__js_throw(ctx, exc, "pkeyFields: key expected");
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  const char *type = key_type_name(k->pk);
  if (!strncmp(type, "rsa", 3)) {
    static const char *const names[][2] = {
      {"n", OSSL_PKEY_PARAM_RSA_N}, {"e", OSSL_PKEY_PARAM_RSA_E}, {"d", OSSL_PKEY_PARAM_RSA_D},
      {"p", OSSL_PKEY_PARAM_RSA_FACTOR1}, {"q", OSSL_PKEY_PARAM_RSA_FACTOR2},
      {"dp", OSSL_PKEY_PARAM_RSA_EXPONENT1}, {"dq", OSSL_PKEY_PARAM_RSA_EXPONENT2},
      {"qi", OSSL_PKEY_PARAM_RSA_COEFFICIENT1},
    };
    for (size_t i = 0; i < (k->priv ? 8u : 2u); i++)
      acs__js_set(ctx, o, names[i][0], bn_param(ctx, exc, k->pk, names[i][1], 0));
  } else if (!strcmp(type, "ec")) {
    size_t size = ((size_t)C.pkey_get_bits(k->pk) + 7) / 8;
    acs__js_set(ctx, o, "x", bn_param(ctx, exc, k->pk, OSSL_PKEY_PARAM_EC_PUB_X, size));
    acs__js_set(ctx, o, "y", bn_param(ctx, exc, k->pk, OSSL_PKEY_PARAM_EC_PUB_Y, size));
    if (k->priv) acs__js_set(ctx, o, "d", bn_param(ctx, exc, k->pk, OSSL_PKEY_PARAM_PRIV_KEY, size));
  } else {
    acs__js_set(ctx, o, "x", octet_param(ctx, exc, k->pk, OSSL_PKEY_PARAM_PUB_KEY));
    if (k->priv) acs__js_set(ctx, o, "d", octet_param(ctx, exc, k->pk, OSSL_PKEY_PARAM_PRIV_KEY));
  }
  return o;
}

/* pkeyEncode(key, outputType, structure, cipher, passphrase) -> Uint8Array.
** outputType "PEM" or "DER"; structure "PrivateKeyInfo",
** "SubjectPublicKeyInfo", "type-specific" (PKCS#1, SEC1) or "pkcs1"; a
** private key object encodes its private key, a public one its public key.
** With a cipher the private key is encrypted under the passphrase. */
static ACS__HOST_FN(c_pkey_encode)
{
  (void)fn; (void)self;
  keybox *k = key_arg(ctx, argc, argv, 0);
  if (!k) return acs__js_throw(ctx, exc, "pkeyEncode: key expected");
  char *out_type = acs__crypto_str_arg(ctx, argc, argv, 1, exc);
  char *structure = acs__crypto_str_arg(ctx, argc, argv, 2, exc);
  char *cipher = argc > 3 && JSValueIsString(ctx, argv[3]) ? acs__crypto_str_arg(ctx, argc, argv, 3, exc) : NULL;
  const unsigned char *pass;
  size_t passlen;
  acs__crypto_bytes_arg(ctx, argc, argv, 4, &pass, &passlen, exc);
  static const unsigned char empty[1];
  C.err_clear_error();
  OSSL_ENCODER_CTX *e = out_type && structure
                          ? C.encoder_new_for_pkey(k->pk, k->priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                                                   out_type, structure, NULL)
                          : NULL;
  unsigned char *data = NULL;
  size_t len = 0;
  bool ok = e != NULL;
  if (ok && cipher)
    ok = C.encoder_set_cipher(e, cipher, NULL) == 1 &&
         C.encoder_set_passphrase(e, pass ? pass : empty, pass ? passlen : 0) == 1;
  if (ok) ok = C.encoder_to_data(e, &data, &len) == 1;
  if (e) C.encoder_free(e);
  free(out_type);
  free(structure);
  free(cipher);
  if (!ok || !data) return ossl_throw(ctx, exc, "key encoding failed");
  unsigned char *copy = malloc(len ? len : 1);
  if (copy) memcpy(copy, data, len);
  C.crypto_free(data, __FILE__, __LINE__);
  if (!copy) return acs__js_throw(ctx, exc, "out of memory for an encoded key");
  return acs__crypto_u8_out(ctx, copy, len, exc);
}

/* pkeyPublic(key) -> the public key of a key */
static ACS__HOST_FN(c_pkey_public)
{
  (void)fn; (void)self;
  keybox *k = key_arg(ctx, argc, argv, 0);
  if (!k) return acs__js_throw(ctx, exc, "pkeyPublic: key expected");
  C.pkey_up_ref(k->pk);
  return key_wrap(ctx, exc, k->pk, false);
}

/* pkeyEquals(a, b) -> whether the two hold the same key material */
static ACS__HOST_FN(c_pkey_equals)
{
  (void)fn; (void)self; (void)exc;
  keybox *a = key_arg(ctx, argc, argv, 0), *b = key_arg(ctx, argc, argv, 1);
  bool eq = a && b && a->priv == b->priv && C.pkey_eq(a->pk, b->pk) == 1;
  C.err_clear_error();
  return JSValueMakeBoolean(ctx, eq);
}

/* RSA padding (Node's constants: 1 PKCS#1 v1.5, 3 none, 4 OAEP, 6 PSS) and
** PSS salt length on a signature context; 0 / INT_MIN leave the defaults. */
static bool set_sig_params(EVP_PKEY_CTX *pc, int pad, int salt)
{
  OSSL_PARAM p[3];
  int np = 0;
  if (pad) p[np++] = param(OSSL_SIGNATURE_PARAM_PAD_MODE, OSSL_PARAM_INTEGER, &pad, sizeof pad);
  if (salt != INT_MIN) p[np++] = param(OSSL_SIGNATURE_PARAM_PSS_SALTLEN, OSSL_PARAM_INTEGER, &salt, sizeof salt);
  p[np] = param_end;
  return np == 0 || C.pkey_ctx_set_params(pc, p) == 1;
}

static void sig_opts(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, int *pad, int *salt)
{
  *pad = argc > i ? int_value(ctx, argv[i], 0) : 0;
  *salt = argc > i + 1 ? int_value(ctx, argv[i + 1], INT_MIN) : INT_MIN;
}

/* pkeySign(key, digest|null, data, padding, saltLength) -> Uint8Array (an
** ECDSA signature is DER). A null digest is the key's own (none for
** Ed25519/Ed448, OpenSSL's default for the others). */
static ACS__HOST_FN(c_pkey_sign)
{
  (void)fn; (void)self;
  keybox *k = key_arg(ctx, argc, argv, 0);
  if (!k) return acs__js_throw(ctx, exc, "pkeySign: key expected");
  const EVP_MD *md = NULL;
  if (argc > 1 && JSValueIsString(ctx, argv[1])) {
    bool named;
    md = acs__crypto_md_arg(ctx, argc, argv, 1, &named, exc);
    if (!md) return acs__js_throw(ctx, exc, "Invalid digest");
  }
  const unsigned char *data;
  size_t n;
  acs__crypto_bytes_arg(ctx, argc, argv, 2, &data, &n, exc);
  static const unsigned char empty[1];
  if (!data) data = empty;
  int pad, salt;
  sig_opts(ctx, argc, argv, 3, &pad, &salt);
  C.err_clear_error();
  EVP_MD_CTX *m = C.md_ctx_new();
  EVP_PKEY_CTX *pc = NULL;
  unsigned char *sig = NULL;
  size_t sl = 0;
  bool ok = m && C.digest_sign_init(m, &pc, md, NULL, k->pk) == 1 && set_sig_params(pc, pad, salt) &&
            C.digest_sign(m, NULL, &sl, data, n) == 1 && (sig = malloc(sl ? sl : 1)) &&
            C.digest_sign(m, sig, &sl, data, n) == 1;
  if (m) C.md_ctx_free(m);
  if (!ok) {
    free(sig);
    return ossl_throw(ctx, exc, "signing failed");
  }
  return acs__crypto_u8_out(ctx, sig, sl, exc);
}

/* pkeyVerify(key, digest|null, data, signature, padding, saltLength) -> bool.
** A key or options OpenSSL refuses throw; a bad signature is false. */
static ACS__HOST_FN(c_pkey_verify)
{
  (void)fn; (void)self;
  keybox *k = key_arg(ctx, argc, argv, 0);
  if (!k) return acs__js_throw(ctx, exc, "pkeyVerify: key expected");
  const EVP_MD *md = NULL;
  if (argc > 1 && JSValueIsString(ctx, argv[1])) {
    bool named;
    md = acs__crypto_md_arg(ctx, argc, argv, 1, &named, exc);
    if (!md) return acs__js_throw(ctx, exc, "Invalid digest");
  }
  const unsigned char *data, *sig;
  size_t n, sl;
  acs__crypto_bytes_arg(ctx, argc, argv, 2, &data, &n, exc);
  acs__crypto_bytes_arg(ctx, argc, argv, 3, &sig, &sl, exc);
  static const unsigned char empty[1];
  if (!data) data = empty;
  if (!sig) sig = empty;
  int pad, salt;
  sig_opts(ctx, argc, argv, 4, &pad, &salt);
  C.err_clear_error();
  EVP_MD_CTX *m = C.md_ctx_new();
  EVP_PKEY_CTX *pc = NULL;
  bool ready = m && C.digest_verify_init(m, &pc, md, NULL, k->pk) == 1 && set_sig_params(pc, pad, salt);
  if (!ready) {
    if (m) C.md_ctx_free(m);
    return ossl_throw(ctx, exc, "verification failed");
  }
  bool good = C.digest_verify(m, sig, sl, data, n) == 1;
  C.md_ctx_free(m);
  C.err_clear_error();
  return JSValueMakeBoolean(ctx, good);
}

/* pkeyCipher(key, op, data, padding, oaepDigest, label) -> Uint8Array. op 0
** encrypts with a public key, 1 decrypts with a private key, 2 encrypts with
** a private key (a raw signature, privateEncrypt), 3 recovers with a public
** key (publicDecrypt). padding is Node's constant; OAEP takes its digest
** (also MGF1's) and an optional label. */
static ACS__HOST_FN(c_pkey_cipher)
{
  (void)fn; (void)self;
  keybox *k = key_arg(ctx, argc, argv, 0);
  if (!k) return acs__js_throw(ctx, exc, "pkeyCipher: key expected");
  int op = argc > 1 ? int_value(ctx, argv[1], -1) : -1;
  const unsigned char *data, *label;
  size_t n, ll;
  acs__crypto_bytes_arg(ctx, argc, argv, 2, &data, &n, exc);
  static const unsigned char empty[1];
  if (!data) data = empty;
  int pad = argc > 3 ? int_value(ctx, argv[3], 0) : 0;
  char *md = argc > 4 && JSValueIsString(ctx, argv[4]) ? acs__crypto_str_arg(ctx, argc, argv, 4, exc) : NULL;
  acs__crypto_bytes_arg(ctx, argc, argv, 5, &label, &ll, exc);
  C.err_clear_error();
  EVP_PKEY_CTX *pc = C.pkey_ctx_new_from_pkey(NULL, k->pk, NULL);
  int ok = 0;
  if (pc) {
    switch (op) {
    case 0: ok = C.pkey_encrypt_init(pc); break;
    case 1: ok = C.pkey_decrypt_init(pc); break;
    case 2: ok = C.pkey_sign_init(pc); break;
    case 3: ok = C.pkey_verify_recover_init(pc); break;
    default: break;
    }
  }
  if (ok == 1) {
    OSSL_PARAM p[5];
    int np = 0;
    if (pad) p[np++] = param(OSSL_ASYM_CIPHER_PARAM_PAD_MODE, OSSL_PARAM_INTEGER, &pad, sizeof pad);
    if (md && op < 2) {
      p[np++] = param(OSSL_ASYM_CIPHER_PARAM_OAEP_DIGEST, OSSL_PARAM_UTF8_STRING, md, strlen(md));
      p[np++] = param(OSSL_ASYM_CIPHER_PARAM_MGF1_DIGEST, OSSL_PARAM_UTF8_STRING, md, strlen(md));
    }
    if (label && ll && op < 2)
      p[np++] = param(OSSL_ASYM_CIPHER_PARAM_OAEP_LABEL, OSSL_PARAM_OCTET_STRING, (void *)label, ll);
    p[np] = param_end;
    if (np) ok = C.pkey_ctx_set_params(pc, p);
  }
  unsigned char *out = NULL;
  size_t ol = 0;
  if (ok == 1) {
    int (*run)(EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t) =
      op == 0 ? C.pkey_encrypt : op == 1 ? C.pkey_decrypt : op == 2 ? C.pkey_sign : C.pkey_verify_recover;
    ok = run(pc, NULL, &ol, data, n);
    if (ok == 1) {
      out = malloc(ol ? ol : 1);
      ok = out ? run(pc, out, &ol, data, n) : 0;
    }
  }
  if (pc) C.pkey_ctx_free(pc);
  free(md);
  if (ok != 1) {
    free(out);
    return ossl_throw(ctx, exc, "the operation failed");
  }
  return acs__crypto_u8_out(ctx, out, ol, exc);
}

/* pkeyDerive(privateKey, publicKey) -> the shared secret (ECDH, X25519, X448) */
static ACS__HOST_FN(c_pkey_derive)
{
  (void)fn; (void)self;
  keybox *a = key_arg(ctx, argc, argv, 0), *b = key_arg(ctx, argc, argv, 1);
  if (!a || !b) return acs__js_throw(ctx, exc, "pkeyDerive: keys expected");
  C.err_clear_error();
  EVP_PKEY_CTX *pc = C.pkey_ctx_new_from_pkey(NULL, a->pk, NULL);
  unsigned char *out = NULL;
  size_t ol = 0;
  bool ok = pc && C.pkey_derive_init(pc) == 1 && C.pkey_derive_set_peer(pc, b->pk) == 1 &&
            C.pkey_derive(pc, NULL, &ol) == 1 && (out = malloc(ol ? ol : 1)) && C.pkey_derive(pc, out, &ol) == 1;
  if (pc) C.pkey_ctx_free(pc);
  if (!ok) {
    free(out);
    return ossl_throw(ctx, exc, "key derivation failed");
  }
  return acs__crypto_u8_out(ctx, out, ol, exc);
}

void acs__crypto_pkey_fns(JSContextRef ctx, JSObjectRef o)
{
  acs__js_set_fn(ctx, o, "pkeyGenerate", c_pkey_generate);
  acs__js_set_fn(ctx, o, "pkeyDecode", c_pkey_decode);
  acs__js_set_fn(ctx, o, "pkeyFromData", c_pkey_from_data);
  acs__js_set_fn(ctx, o, "pkeyInfo", c_pkey_info);
  acs__js_set_fn(ctx, o, "pkeyFields", c_pkey_fields);
  acs__js_set_fn(ctx, o, "pkeyEncode", c_pkey_encode);
  acs__js_set_fn(ctx, o, "pkeyPublic", c_pkey_public);
  acs__js_set_fn(ctx, o, "pkeyEquals", c_pkey_equals);
  acs__js_set_fn(ctx, o, "pkeySign", c_pkey_sign);
  acs__js_set_fn(ctx, o, "pkeyVerify", c_pkey_verify);
  acs__js_set_fn(ctx, o, "pkeyCipher", c_pkey_cipher);
  acs__js_set_fn(ctx, o, "pkeyDerive", c_pkey_derive);
}
