/* zlib.c - deflate, inflate, gzip and raw streams for node:zlib, on zlib
** (already loaded: JavaScriptCore links it), and brotli on libbrotli's
** streaming encoder and decoder. Streams are contexts in a handle table,
** fed chunk by chunk, so the one-shot calls and the stream classes share
** one path. */
#include "runtime_internal.h"

#include "../base/base.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <brotli/decode.h>
#include <brotli/encode.h>

/* kinds as Node numbers them: DEFLATE 1, INFLATE 2, GZIP 3, GUNZIP 4,
** DEFLATERAW 5, INFLATERAW 6, UNZIP 7, BROTLI_DECODE 8, BROTLI_ENCODE 9 */
enum { K_BROTLI_DECODE = 8, K_BROTLI_ENCODE = 9 };
/* BROTLI_PARAM_MODE (0) .. BROTLI_PARAM_NDIRECT (8): the slots of the
** parameter array brotliOpen takes, as Node's Brotli() fills it */
#define BROTLI_NPARAMS 9

#define MAX_Z 1024
static struct zh {
  bool used, deflate;
  int kind;
  z_stream s;
  BrotliEncoderState *enc; /* kind 9 */
  BrotliDecoderState *dec; /* kind 8 */
} zs[MAX_Z];

static int window_bits(int kind, int wb)
{
  switch (kind) {
  case 3: case 4: return wb + 16;
  case 5: case 6: return -wb;
  case 7: return wb + 32; /* auto-detect gzip or zlib */
  default: return wb;
  }
}

static double num(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, double def)
{
  return i < argc && JSValueIsNumber(ctx, argv[i]) ? JSValueToNumber(ctx, argv[i], NULL) : def;
}

/* A number argument as an int (out of range or not a number: def). */
static int int_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, int def)
{
  double d = num(ctx, argc, argv, i, def);
  return d >= INT_MIN && d <= INT_MAX ? (int)d : def;
}

/* An output size for brotli_write: at least 1, at most 2^48. */
static size_t size_arg(double d)
{
  return d >= 1 ? (d < 281474976710656.0 ? (size_t)d : (size_t)281474976710656ULL) : 0;
}

static int free_slot(void)
{
  for (int i = 1; i < MAX_Z; i++)
    if (!zs[i].used) return i;
  return -1;
}

/* The bytes of a typed array argument (NULL, 0 when it is none). */
static unsigned char *bytes_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i,
                                size_t *len, JSValueRef *exc)
{
  *len = 0;
  if (i >= argc || !JSValueIsObject(ctx, argv[i])) return NULL;
  JSObjectRef o = JSValueToObject(ctx, argv[i], NULL);
  unsigned char *p = JSObjectGetTypedArrayBytesPtr(ctx, o, exc);
  if (!p) return NULL;
  *len = JSObjectGetTypedArrayByteLength(ctx, o, exc);
  return p + JSObjectGetTypedArrayByteOffset(ctx, o, exc);
}

/* zlib.open(kind, level, windowBits, memLevel, strategy) -> id */
static ACS__HOST_FN(z_open)
{
  (void)fn; (void)self;
  int kind = (int)num(ctx, argc, argv, 0, 1);
  int level = (int)num(ctx, argc, argv, 1, Z_DEFAULT_COMPRESSION);
  int wb = (int)num(ctx, argc, argv, 2, 15);
  int mem = (int)num(ctx, argc, argv, 3, 8);
  int strategy = (int)num(ctx, argc, argv, 4, Z_DEFAULT_STRATEGY);
  int id = free_slot();
  if (id < 0) return acs__js_throw(ctx, exc, "too many zlib streams in use");
  struct zh *z = &zs[id];
  memset(z, 0, sizeof *z);
  z->kind = kind;
  z->deflate = kind == 1 || kind == 3 || kind == 5;
  int rc = z->deflate ? deflateInit2(&z->s, level, Z_DEFLATED, window_bits(kind, wb), mem, strategy)
                      : inflateInit2(&z->s, window_bits(kind, wb));
  if (rc != Z_OK) return acs__js_throw(ctx, exc, "Init error");
  z->used = true;
  return JSValueMakeNumber(ctx, id);
}

/* brotli.open(mode, params) -> id, or -1 when libbrotli refused one of the
** parameters. mode is BROTLI_DECODE (8) or BROTLI_ENCODE (9); params a
** Uint32Array indexed by BROTLI_PARAM_* (or BROTLI_DECODER_PARAM_*), where
** 0xFFFFFFFF leaves a parameter at its default, as Node's Brotli() hands
** them to its binding. */
static ACS__HOST_FN(z_brotli_open)
{
  (void)fn; (void)self;
  int kind = int_arg(ctx, argc, argv, 0, 0);
  if (kind != K_BROTLI_ENCODE && kind != K_BROTLI_DECODE) return acs__js_throw(ctx, exc, "bad brotli mode");
  size_t plen;
  unsigned char *pb = bytes_arg(ctx, argc, argv, 1, &plen, exc);
  uint32_t params[BROTLI_NPARAMS];
  memset(params, 0xff, sizeof params);
  if (pb) memcpy(params, pb, plen < sizeof params ? plen : sizeof params);
  int id = free_slot();
  if (id < 0) return acs__js_throw(ctx, exc, "too many zlib streams in use");
  struct zh *z = &zs[id];
  memset(z, 0, sizeof *z);
  z->kind = kind;
  if (kind == K_BROTLI_ENCODE) z->enc = BrotliEncoderCreateInstance(NULL, NULL, NULL);
  else z->dec = BrotliDecoderCreateInstance(NULL, NULL, NULL);
  if (!z->enc && !z->dec) return acs__js_throw(ctx, exc, "Initialization failed");
  bool ok = true;
  for (int i = 0; ok && i < BROTLI_NPARAMS; i++) {
    if (params[i] == UINT32_MAX) continue;
    ok = z->enc ? BrotliEncoderSetParameter(z->enc, (BrotliEncoderParameter)i, params[i])
                : BrotliDecoderSetParameter(z->dec, (BrotliDecoderParameter)i, params[i]);
  }
  if (!ok) {
    if (z->enc) BrotliEncoderDestroyInstance(z->enc);
    else BrotliDecoderDestroyInstance(z->dec);
    z->enc = NULL;
    z->dec = NULL;
    return JSValueMakeNumber(ctx, -1);
  }
  z->used = true;
  return JSValueMakeNumber(ctx, id);
}

static void free_bytes(void *bytes, void *c)
{
  (void)c;
  free(bytes);
}

/* What one write did, for the result object. */
struct wres {
  bool end, too_large, filled;
  size_t rest;
  const char *code, *error; /* set on an error */
  int err;
};

static void set_error(struct wres *w, const char *code, int err, const char *msg)
{
  w->code = code;
  w->err = err;
  w->error = msg;
}

/* Node names a decoder error "ERR_" + BrotliDecoderErrorString(), which
** in the libbrotli it bundles (1.1) keeps the prefix of the name, as in
** "ERR__ERROR_FORMAT_PADDING_1"; 1.0 returns only "PADDING_1", so the
** names are made here from the header's list of the codes. */
static const char *brotli_error_name(BrotliDecoderErrorCode c)
{
  switch ((int)c) {
#define ACS__BROTLI_ERROR_CASE(PREFIX, NAME, CODE) \
  case CODE: return "ERR_" #PREFIX #NAME;
    BROTLI_DECODER_ERROR_CODES_LIST(ACS__BROTLI_ERROR_CASE, )
#undef ACS__BROTLI_ERROR_CASE
  default: return "ERR_INVALID";
  }
}

/* Brotli over one write, in Node's terms: a "call" is one write into an
** output buffer of `space` bytes (then `step` bytes each), and a call
** that fills its buffer is followed by another, as Node's processing loop
** does; step 0 stops after the first call (streams run the loop in JS, for
** backpressure). libbrotli is fed in pieces of at most 64 KB, which gives
** the same bytes. The errors are Node's: the encoder's "Compression
** failed" ERR_BROTLI_COMPRESSION_FAILED; the decoder's "Decompression
** failed" with code ERR_ + libbrotli's name of the error and its (negative)
** number as errno; and, brotli only asking for more input, "unexpected end
** of file" Z_BUF_ERROR for a BROTLI_OPERATION_FINISH write that leaves the
** stream incomplete. The output of the call that failed is dropped (Node
** never hands it on), and with `max` > 0 the loop stops as soon as the
** output passes it, after a call, as Node checks maxOutputLength. */
static void brotli_write(struct zh *z, const unsigned char *in, size_t inlen, int op, double max,
                         double space0, double step, acs__buf *out, struct wres *w)
{
  const uint8_t *next_in = in;
  size_t avail_in = inlen;
  unsigned char chunk[65536];
  size_t space = size_arg(space0) ? size_arg(space0) : sizeof chunk, call_start = out->len;
  for (;;) {
    size_t sub = space < sizeof chunk ? space : sizeof chunk, avail_out = sub;
    uint8_t *next_out = chunk;
    if (z->enc) {
      /* BROTLI_OPERATION_PROCESS 0 .. EMIT_METADATA 3 */
      if (op < 0 || op > 3 ||
          !BrotliEncoderCompressStream(z->enc, (BrotliEncoderOperation)op, &avail_in, &next_in, &avail_out,
                                       &next_out, NULL))
        set_error(w, "ERR_BROTLI_COMPRESSION_FAILED", -1, "Compression failed");
    } else {
      BrotliDecoderResult r = BrotliDecoderDecompressStream(z->dec, &avail_in, &next_in, &avail_out, &next_out, NULL);
      if (r == BROTLI_DECODER_RESULT_ERROR) {
        BrotliDecoderErrorCode e = BrotliDecoderGetErrorCode(z->dec);
        set_error(w, brotli_error_name(e), (int)e, "Decompression failed");
      } else if (r == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT && op == BROTLI_OPERATION_FINISH) {
        set_error(w, "Z_BUF_ERROR", Z_BUF_ERROR, "unexpected end of file");
      }
      w->end = r == BROTLI_DECODER_RESULT_SUCCESS;
    }
    if (w->code) {
      out->len = call_start;
      if (out->data) out->data[out->len] = 0;
      break;
    }
    size_t have = sub - avail_out;
    if (acs__buf_append(out, chunk, have) != 0) {
      set_error(w, "Z_MEM_ERROR", Z_MEM_ERROR, "Out of memory");
      break;
    }
    space -= have;
    if (avail_out == 0 && space > 0) continue; /* the same call goes on */
    w->filled = avail_out == 0;
    if (max > 0 && (double)out->len > max) {
      w->too_large = true;
      break;
    }
    if (!w->filled || !size_arg(step)) break;
    space = size_arg(step);
    call_start = out->len;
  }
  w->rest = avail_in;
  if (z->enc) w->end = BrotliEncoderIsFinished(z->enc);
}

/* zlib.write(id, u8, flush, max, space, step)
**   -> {out: Uint8Array, end, rest, filled, tooLarge, error, code, errno}
** (space and step: brotli only, see brotli_write) */
static ACS__HOST_FN(z_write)
{
  (void)fn; (void)self;
  int id = (int)num(ctx, argc, argv, 0, 0);
  if (id <= 0 || id >= MAX_Z || !zs[id].used) return acs__js_throw(ctx, exc, "zlib binding closed");
  struct zh *z = &zs[id];
  size_t inlen;
  unsigned char *in = bytes_arg(ctx, argc, argv, 1, &inlen, exc);
  int flush = int_arg(ctx, argc, argv, 2, Z_NO_FLUSH);
  /* maxOutputLength: stop as soon as the output passes it (a bomb must
  ** not be inflated whole first) */
  double max = num(ctx, argc, argv, 3, 0);
  struct wres w = {0};
  acs__buf out = {0};
  if (z->kind == K_BROTLI_ENCODE || z->kind == K_BROTLI_DECODE) {
    brotli_write(z, in, inlen, flush, max, num(ctx, argc, argv, 4, 0), num(ctx, argc, argv, 5, 65536), &out, &w);
  } else {
    z->s.next_in = in;
    z->s.avail_in = (uInt)inlen;
    int rc;
    unsigned char chunk[65536];
    for (;;) {
      z->s.next_out = chunk;
      z->s.avail_out = sizeof chunk;
      rc = z->deflate ? deflate(&z->s, flush) : inflate(&z->s, flush);
      acs__buf_append(&out, chunk, sizeof chunk - z->s.avail_out);
      if (max > 0 && (double)out.len > max) {
        w.too_large = true;
        break;
      }
      if (rc == Z_STREAM_END) {
        w.end = true;
        break;
      }
      /* Z_FINISH with a full output buffer says Z_BUF_ERROR even though
      ** the rest only needs room: go round again with a fresh chunk */
      if (rc == Z_BUF_ERROR && z->s.avail_out == 0) continue;
      if (rc == Z_BUF_ERROR && z->s.avail_in == 0) {
        rc = Z_OK;
        break;
      }
      if (rc != Z_OK) break;
      if (z->s.avail_out != 0 && z->s.avail_in == 0) break;
    }
    w.rest = z->s.avail_in;
    if (rc != Z_OK && rc != Z_STREAM_END)
      set_error(&w,
                rc == Z_DATA_ERROR ? "Z_DATA_ERROR" : rc == Z_NEED_DICT ? "Z_NEED_DICT"
                : rc == Z_MEM_ERROR ? "Z_MEM_ERROR" : rc == Z_STREAM_ERROR ? "Z_STREAM_ERROR" : "Z_BUF_ERROR",
                rc, z->s.msg ? z->s.msg : "zlib error");
  }
  JSObjectRef res = JSObjectMake(ctx, NULL, NULL);
  size_t n;
  char *data = acs__buf_take(&out, &n);
  acs__js_set(ctx, res, "out",
              JSObjectMakeTypedArrayWithBytesNoCopy(ctx, kJSTypedArrayTypeUint8Array, data, n, free_bytes, NULL, exc));
  acs__js_set(ctx, res, "end", JSValueMakeBoolean(ctx, w.end));
  acs__js_set(ctx, res, "rest", JSValueMakeNumber(ctx, (double)w.rest));
  if (w.filled) acs__js_set(ctx, res, "filled", JSValueMakeBoolean(ctx, true));
  if (w.too_large) acs__js_set(ctx, res, "tooLarge", JSValueMakeBoolean(ctx, true));
  if (w.code) {
    acs__js_set(ctx, res, "code", acs__js_str(ctx, w.code));
    acs__js_set(ctx, res, "errno", JSValueMakeNumber(ctx, w.err));
    acs__js_set(ctx, res, "error", acs__js_str(ctx, w.error));
  }
  return res;
}

static void end_state(struct zh *z)
{
  if (z->kind == K_BROTLI_ENCODE) {
    if (z->enc) BrotliEncoderDestroyInstance(z->enc);
  } else if (z->kind == K_BROTLI_DECODE) {
    if (z->dec) BrotliDecoderDestroyInstance(z->dec);
  } else if (z->deflate) deflateEnd(&z->s);
  else inflateEnd(&z->s);
  z->enc = NULL;
  z->dec = NULL;
}

static ACS__HOST_FN(z_close)
{
  (void)fn; (void)self; (void)exc;
  int id = (int)num(ctx, argc, argv, 0, 0);
  if (id > 0 && id < MAX_Z && zs[id].used) {
    end_state(&zs[id]);
    zs[id].used = false;
  }
  return JSValueMakeUndefined(ctx);
}

/* zlib.reset(id): the stream starts over. For brotli this is a fresh
** encoder or decoder with libbrotli's defaults, as Node's reset() gives:
** the parameters given at creation are not set again. */
static ACS__HOST_FN(z_reset)
{
  (void)fn; (void)self;
  int id = (int)num(ctx, argc, argv, 0, 0);
  if (id <= 0 || id >= MAX_Z || !zs[id].used) return acs__js_throw(ctx, exc, "zlib binding closed");
  struct zh *z = &zs[id];
  if (z->kind == K_BROTLI_ENCODE) {
    BrotliEncoderDestroyInstance(z->enc);
    z->enc = BrotliEncoderCreateInstance(NULL, NULL, NULL);
  } else if (z->kind == K_BROTLI_DECODE) {
    BrotliDecoderDestroyInstance(z->dec);
    z->dec = BrotliDecoderCreateInstance(NULL, NULL, NULL);
  } else {
    if (z->deflate) deflateReset(&z->s);
    else inflateReset(&z->s);
    return JSValueMakeUndefined(ctx);
  }
  if (!z->enc && !z->dec) {
    z->used = false;
    return acs__js_throw(ctx, exc, "Initialization failed");
  }
  return JSValueMakeUndefined(ctx);
}

static ACS__HOST_FN(z_crc32)
{
  (void)fn; (void)self;
  unsigned long crc = (unsigned long)num(ctx, argc, argv, 1, 0);
  if (argc > 0 && JSValueIsObject(ctx, argv[0])) {
    JSObjectRef o = JSValueToObject(ctx, argv[0], NULL);
    unsigned char *p = JSObjectGetTypedArrayBytesPtr(ctx, o, exc);
    size_t n = JSObjectGetTypedArrayByteLength(ctx, o, exc);
    if (p) p += JSObjectGetTypedArrayByteOffset(ctx, o, exc);
    crc = crc32(crc, p, (uInt)n);
  }
  return JSValueMakeNumber(ctx, (double)crc);
}

void acs__host_zlib(JSContextRef ctx, JSObjectRef host)
{
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  acs__js_set_fn(ctx, o, "open", z_open);
  acs__js_set_fn(ctx, o, "write", z_write);
  acs__js_set_fn(ctx, o, "close", z_close);
  acs__js_set_fn(ctx, o, "reset", z_reset);
  acs__js_set_fn(ctx, o, "brotliOpen", z_brotli_open);
  acs__js_set_fn(ctx, o, "crc32", z_crc32);
  acs__js_set(ctx, host, "zlib", o);
}
