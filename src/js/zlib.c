/* zlib.c - deflate, inflate, gzip and raw streams for node:zlib, on zlib
** (already loaded: JavaScriptCore links it). Streams are contexts in a
** handle table, fed chunk by chunk, so the one-shot calls and the stream
** classes share one path. */
#include "runtime_internal.h"

#include "../base/base.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define MAX_Z 1024
static struct zh {
  bool used, deflate;
  z_stream s;
} zs[MAX_Z];

/* kinds as Node numbers them: DEFLATE 1, INFLATE 2, GZIP 3, GUNZIP 4,
** DEFLATERAW 5, INFLATERAW 6, UNZIP 7 */
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

/* zlib.open(kind, level, windowBits, memLevel, strategy) -> id */
static ACS__HOST_FN(z_open)
{
  (void)fn; (void)self;
  int kind = (int)num(ctx, argc, argv, 0, 1);
  int level = (int)num(ctx, argc, argv, 1, Z_DEFAULT_COMPRESSION);
  int wb = (int)num(ctx, argc, argv, 2, 15);
  int mem = (int)num(ctx, argc, argv, 3, 8);
  int strategy = (int)num(ctx, argc, argv, 4, Z_DEFAULT_STRATEGY);
  int id = -1;
  for (int i = 1; i < MAX_Z; i++)
    if (!zs[i].used) {
      id = i;
      break;
    }
  if (id < 0) return acs__js_throw(ctx, exc, "too many zlib streams in use");
  struct zh *z = &zs[id];
  memset(&z->s, 0, sizeof z->s);
  z->deflate = kind == 1 || kind == 3 || kind == 5;
  int rc = z->deflate ? deflateInit2(&z->s, level, Z_DEFLATED, window_bits(kind, wb), mem, strategy)
                      : inflateInit2(&z->s, window_bits(kind, wb));
  if (rc != Z_OK) return acs__js_throw(ctx, exc, "Init error");
  z->used = true;
  return JSValueMakeNumber(ctx, id);
}

static void free_bytes(void *bytes, void *c)
{
  (void)c;
  free(bytes);
}

/* zlib.write(id, u8, flush) -> {out: Uint8Array, end: bool, error, code} */
static ACS__HOST_FN(z_write)
{
  (void)fn; (void)self;
  int id = (int)num(ctx, argc, argv, 0, 0);
  if (id <= 0 || id >= MAX_Z || !zs[id].used) return acs__js_throw(ctx, exc, "zlib binding closed");
  struct zh *z = &zs[id];
  unsigned char *in = NULL;
  size_t inlen = 0;
  if (argc > 1 && JSValueIsObject(ctx, argv[1])) {
    JSObjectRef o = JSValueToObject(ctx, argv[1], NULL);
    in = JSObjectGetTypedArrayBytesPtr(ctx, o, exc);
    inlen = JSObjectGetTypedArrayByteLength(ctx, o, exc);
    if (in) in += JSObjectGetTypedArrayByteOffset(ctx, o, exc);
  }
  int flush = (int)num(ctx, argc, argv, 2, Z_NO_FLUSH);
  /* maxOutputLength: stop as soon as the output passes it (a bomb must
  ** not be inflated whole first) */
  double max = num(ctx, argc, argv, 3, 0);
  bool too_large = false;
  acs__buf out = {0};
  z->s.next_in = in;
  z->s.avail_in = (uInt)inlen;
  int rc;
  bool end = false;
  unsigned char chunk[65536];
  for (;;) {
    z->s.next_out = chunk;
    z->s.avail_out = sizeof chunk;
    rc = z->deflate ? deflate(&z->s, flush) : inflate(&z->s, flush);
    acs__buf_append(&out, chunk, sizeof chunk - z->s.avail_out);
    if (max > 0 && (double)out.len > max) {
      too_large = true;
      break;
    }
    if (rc == Z_STREAM_END) {
      end = true;
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
  JSObjectRef res = JSObjectMake(ctx, NULL, NULL);
  size_t n;
  char *data = acs__buf_take(&out, &n);
  acs__js_set(ctx, res, "out",
              JSObjectMakeTypedArrayWithBytesNoCopy(ctx, kJSTypedArrayTypeUint8Array, data, n, free_bytes, NULL, exc));
  acs__js_set(ctx, res, "end", JSValueMakeBoolean(ctx, end));
  acs__js_set(ctx, res, "rest", JSValueMakeNumber(ctx, z->s.avail_in));
  if (too_large) acs__js_set(ctx, res, "tooLarge", JSValueMakeBoolean(ctx, true));
  if (rc != Z_OK && rc != Z_STREAM_END) {
    const char *code = rc == Z_DATA_ERROR ? "Z_DATA_ERROR" : rc == Z_NEED_DICT ? "Z_NEED_DICT"
                       : rc == Z_MEM_ERROR ? "Z_MEM_ERROR" : rc == Z_STREAM_ERROR ? "Z_STREAM_ERROR" : "Z_BUF_ERROR";
    acs__js_set(ctx, res, "code", acs__js_str(ctx, code));
    acs__js_set(ctx, res, "errno", JSValueMakeNumber(ctx, rc));
    acs__js_set(ctx, res, "error", acs__js_str(ctx, z->s.msg ? z->s.msg : "zlib error"));
  }
  return res;
}

static ACS__HOST_FN(z_close)
{
  (void)fn; (void)self; (void)exc;
  int id = (int)num(ctx, argc, argv, 0, 0);
  if (id > 0 && id < MAX_Z && zs[id].used) {
    if (zs[id].deflate) deflateEnd(&zs[id].s);
    else inflateEnd(&zs[id].s);
    zs[id].used = false;
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
  acs__js_set_fn(ctx, o, "crc32", z_crc32);
  acs__js_set(ctx, host, "zlib", o);
}
