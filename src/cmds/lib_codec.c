/* lib_codec.c - gzip (zlib), bzip2 (libbz2), xz (liblzma) and zstd
** (libzstd) behind codec_run. */

/* Each library's entry points are looked up with cmd_dlsyms when a codec
** is made (dlopen of an open library only counts a reference), and kept
** in the codec, so there is no process-wide table. The headers give the
** types; nothing here is linked against them. zlib's and bzip2's init
** functions are the real symbols behind the header's macros (deflateInit2_
** takes the version and the struct's size). Concatenated streams: zlib,
** libbz2 and zstd's frame decoder stop at each stream's end and the caller
** resets (gzip's rules for what follows are the caller's); liblzma
** handles them itself with LZMA_CONCATENATED. */
#include "lib_codec.h"

#include <bzlib.h>
#include <lzma.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

typedef struct zfns {
  int (*deflate_init)(z_streamp, int, int, int, int, int, const char *, int);
  int (*deflate)(z_streamp, int);
  int (*deflate_end)(z_streamp);
  int (*deflate_header)(z_streamp, gz_headerp);
  int (*inflate_init)(z_streamp, int, const char *, int);
  int (*inflate)(z_streamp, int);
  int (*inflate_end)(z_streamp);
  int (*inflate_reset)(z_streamp);
  int (*inflate_header)(z_streamp, gz_headerp);
} zfns;
static const char *const z_names[] = {"deflateInit2_", "deflate", "deflateEnd", "deflateSetHeader",
                                      "inflateInit2_", "inflate", "inflateEnd", "inflateReset",
                                      "inflateGetHeader"};

typedef struct bzfns {
  int (*c_init)(bz_stream *, int, int, int);
  int (*compress)(bz_stream *, int);
  int (*c_end)(bz_stream *);
  int (*d_init)(bz_stream *, int, int);
  int (*decompress)(bz_stream *);
  int (*d_end)(bz_stream *);
} bzfns;
static const char *const bz_names[] = {"BZ2_bzCompressInit",   "BZ2_bzCompress",   "BZ2_bzCompressEnd",
                                       "BZ2_bzDecompressInit", "BZ2_bzDecompress", "BZ2_bzDecompressEnd"};

typedef struct xzfns {
  lzma_ret (*encoder)(lzma_stream *, uint32_t, lzma_check);
  lzma_ret (*decoder)(lzma_stream *, uint64_t, uint32_t);
  lzma_ret (*code)(lzma_stream *, lzma_action);
  void (*end)(lzma_stream *);
} xzfns;
static const char *const xz_names[] = {"lzma_easy_encoder", "lzma_auto_decoder", "lzma_code", "lzma_end"};

typedef struct zsfns {
  ZSTD_CCtx *(*c_new)(void);
  size_t (*c_param)(ZSTD_CCtx *, ZSTD_cParameter, int);
  size_t (*c_stream)(ZSTD_CCtx *, ZSTD_outBuffer *, ZSTD_inBuffer *, ZSTD_EndDirective);
  size_t (*c_free)(ZSTD_CCtx *);
  size_t (*c_pledge)(ZSTD_CCtx *, unsigned long long);
  ZSTD_DCtx *(*d_new)(void);
  size_t (*d_stream)(ZSTD_DCtx *, ZSTD_outBuffer *, ZSTD_inBuffer *);
  size_t (*d_reset)(ZSTD_DCtx *, ZSTD_ResetDirective);
  size_t (*d_free)(ZSTD_DCtx *);
  unsigned (*is_error)(size_t);
  const char *(*error_name)(size_t);
} zsfns;
static const char *const zs_names[] = {
    "ZSTD_createCCtx", "ZSTD_CCtx_setParameter", "ZSTD_compressStream2", "ZSTD_freeCCtx",
    "ZSTD_CCtx_setPledgedSrcSize", "ZSTD_createDCtx", "ZSTD_decompressStream", "ZSTD_DCtx_reset",
    "ZSTD_freeDCtx", "ZSTD_isError", "ZSTD_getErrorName"};

struct codec {
  codec_kind kind;
  bool compress;
  bool started; /* decompressing: the stream's first bytes were seen */
  const char *msg;
  union {
    zfns z;
    bzfns bz;
    xzfns xz;
    zsfns zs;
  } f;
  union {
    z_stream z;
    bz_stream bz;
    lzma_stream xz;
  } s;
  ZSTD_CCtx *zc;
  ZSTD_DCtx *zd;
  gz_header head;
  char name_buf[1024]; /* the gzip header's name, read or written */
};

#define LOAD(lib, names, fns) cmd_dlsyms(c, lib, names, (void **)&(fns), sizeof names / sizeof *names)

static int z_open(codec *z, int level)
{
  if (z->compress) {
    /* windowBits 31: the gzip wrapper; memLevel 8 as gzip(1) */
    return z->f.z.deflate_init(&z->s.z, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                               (int)sizeof(z_stream));
  }
  int r = z->f.z.inflate_init(&z->s.z, 31, ZLIB_VERSION, (int)sizeof(z_stream));
  if (r == Z_OK) {
    z->head.name = (Bytef *)z->name_buf;
    z->head.name_max = sizeof z->name_buf - 1;
    r = z->f.z.inflate_header(&z->s.z, &z->head);
  }
  return r;
}

codec *codec_new(acs_cmd *c, codec_kind kind, bool compress, int level)
{
  codec *z = calloc(1, sizeof *z);
  if (!z) return NULL;
  z->kind = kind;
  z->compress = compress;
  bool ok = false;
  switch (kind) {
  case CODEC_GZIP:
    ok = LOAD("libz.so.1", z_names, z->f.z) && z_open(z, level) == Z_OK;
    break;
  case CODEC_BZIP2:
    ok = LOAD("libbz2.so.1.0", bz_names, z->f.bz) &&
         (compress ? z->f.bz.c_init(&z->s.bz, level, 0, 30) : z->f.bz.d_init(&z->s.bz, 0, 0)) == BZ_OK;
    break;
  case CODEC_XZ:
    ok = LOAD("liblzma.so.5", xz_names, z->f.xz) &&
         (compress ? z->f.xz.encoder(&z->s.xz, (uint32_t)level, LZMA_CHECK_CRC64)
                   : z->f.xz.decoder(&z->s.xz, UINT64_MAX, LZMA_CONCATENATED)) == LZMA_OK;
    break;
  case CODEC_ZSTD:
    if (!LOAD("libzstd.so.1", zs_names, z->f.zs)) break;
    if (compress) {
      z->zc = z->f.zs.c_new();
      ok = z->zc && !z->f.zs.is_error(z->f.zs.c_param(z->zc, ZSTD_c_compressionLevel, level)) &&
           !z->f.zs.is_error(z->f.zs.c_param(z->zc, ZSTD_c_checksumFlag, 1));
    } else {
      z->zd = z->f.zs.d_new();
      ok = z->zd != NULL;
    }
    break;
  }
  if (!ok) {
    codec_free(z);
    return NULL;
  }
  return z;
}

void codec_gzip_header(codec *z, const char *name, int64_t mtime)
{
  if (z->kind != CODEC_GZIP || !z->compress) return;
  memset(&z->head, 0, sizeof z->head);
  if (name) {
    snprintf(z->name_buf, sizeof z->name_buf, "%s", name);
    z->head.name = (Bytef *)z->name_buf;
  }
  z->head.time = (uLong)(mtime > 0 ? mtime : 0);
  z->head.os = 3; /* Unix, as gzip(1) writes */
  z->f.z.deflate_header(&z->s.z, &z->head);
}

const char *codec_gzip_name(codec *z, int64_t *mtime)
{
  if (z->kind != CODEC_GZIP || z->compress || z->head.done != 1) return NULL;
  if (mtime) *mtime = (int64_t)z->head.time;
  z->name_buf[sizeof z->name_buf - 1] = 0;
  return z->head.name && z->name_buf[0] ? z->name_buf : NULL;
}

int codec_sniff(const void *data, size_t n)
{
  const unsigned char *p = data;
  if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b) return CODEC_GZIP;
  if (n >= 3 && !memcmp(p, "BZh", 3)) return CODEC_BZIP2;
  if (n >= 6 && !memcmp(p, "\xfd" "7zXZ\0", 6)) return CODEC_XZ;
  if (n >= 4 && !memcmp(p, "\x28\xb5\x2f\xfd", 4)) return CODEC_ZSTD;
  return -1;
}

/* Whether what has come so far can still begin this codec's stream: the
** libraries' own errors for a wrong start are not all told apart from
** damage, and the tools word the two differently. */
static int check_start(codec *z, const unsigned char *in, size_t n, bool finish)
{
  static const struct { const char *magic; size_t len; } m[] = {
      {"\x1f\x8b", 2}, {"BZh", 3}, {"\xfd" "7zXZ", 5}, {"\x28\xb5\x2f\xfd", 4}};
  if (z->compress || z->started) return 0;
  size_t len = m[z->kind].len;
  if (z->kind == CODEC_XZ) return 0; /* liblzma's auto decoder says LZMA_FORMAT_ERROR itself */
  size_t k = n < len ? n : len;
  if (memcmp(in, m[z->kind].magic, k)) return CODEC_EFORMAT;
  if (n < len) return finish ? CODEC_ECORRUPT : 1; /* a start cut short: the tools say "unexpected end" */
  z->started = true;
  return 0;
}

static int run_z(codec *z, const unsigned char *in, size_t *in_len, unsigned char *out, size_t *out_len,
                 bool finish)
{
  z_stream *s = &z->s.z;
  s->next_in = (Bytef *)in;
  s->avail_in = (uInt)*in_len;
  s->next_out = out;
  s->avail_out = (uInt)*out_len;
  int r = z->compress ? z->f.z.deflate(s, finish ? Z_FINISH : Z_NO_FLUSH) : z->f.z.inflate(s, Z_NO_FLUSH);
  *in_len -= s->avail_in;
  *out_len -= s->avail_out;
  z->msg = s->msg;
  if (r == Z_STREAM_END) return CODEC_END;
  if (r == Z_OK) return 0;
  if (r == Z_BUF_ERROR) return finish && !z->compress && *out_len == 0 && *in_len == 0 ? CODEC_ECORRUPT : 0;
  if (r == Z_MEM_ERROR) return CODEC_EMEM;
  return CODEC_ECORRUPT;
}

static int run_bz(codec *z, const unsigned char *in, size_t *in_len, unsigned char *out, size_t *out_len,
                  bool finish)
{
  bz_stream *s = &z->s.bz;
  s->next_in = (char *)in;
  s->avail_in = (unsigned)*in_len;
  s->next_out = (char *)out;
  s->avail_out = (unsigned)*out_len;
  int r = z->compress ? z->f.bz.compress(s, finish ? BZ_FINISH : BZ_RUN) : z->f.bz.decompress(s);
  *in_len -= s->avail_in;
  *out_len -= s->avail_out;
  if (r == BZ_STREAM_END) return CODEC_END;
  if (r == BZ_OK || r == BZ_RUN_OK || r == BZ_FINISH_OK) {
    if (finish && !z->compress && *in_len == 0 && *out_len == 0) return CODEC_ECORRUPT; /* truncated */
    return 0;
  }
  if (r == BZ_MEM_ERROR) return CODEC_EMEM;
  if (r == BZ_DATA_ERROR_MAGIC) return CODEC_EFORMAT;
  return CODEC_ECORRUPT;
}

static int run_xz(codec *z, const unsigned char *in, size_t *in_len, unsigned char *out, size_t *out_len,
                  bool finish)
{
  lzma_stream *s = &z->s.xz;
  s->next_in = in;
  s->avail_in = *in_len;
  s->next_out = out;
  s->avail_out = *out_len;
  lzma_ret r = z->f.xz.code(s, finish ? LZMA_FINISH : LZMA_RUN);
  *in_len -= s->avail_in;
  *out_len -= s->avail_out;
  switch (r) {
  case LZMA_OK: return 0;
  case LZMA_STREAM_END: return CODEC_END;
  case LZMA_MEM_ERROR: return CODEC_EMEM;
  case LZMA_FORMAT_ERROR: return CODEC_EFORMAT;
  case LZMA_BUF_ERROR: z->msg = "Unexpected end of input"; return CODEC_ECORRUPT;
  default: z->msg = "Compressed data is corrupt"; return CODEC_ECORRUPT;
  }
}

static int run_zs(codec *z, const unsigned char *in, size_t *in_len, unsigned char *out, size_t *out_len,
                  bool finish)
{
  ZSTD_inBuffer ib = {in, *in_len, 0};
  ZSTD_outBuffer ob = {out, *out_len, 0};
  size_t r = z->compress ? z->f.zs.c_stream(z->zc, &ob, &ib, finish ? ZSTD_e_end : ZSTD_e_continue)
                         : z->f.zs.d_stream(z->zd, &ob, &ib);
  *in_len = ib.pos;
  *out_len = ob.pos;
  if (z->f.zs.is_error(r)) {
    z->msg = z->f.zs.error_name(r);
    return CODEC_ECORRUPT;
  }
  if (z->compress) return finish && r == 0 ? CODEC_END : 0;
  if (r == 0) return CODEC_END;
  if (finish && ib.pos == 0 && ob.pos == 0) return CODEC_ECORRUPT; /* truncated frame */
  return 0;
}

int codec_run(codec *z, const void *in, size_t *in_len, void *out, size_t *out_len, bool finish)
{
  int r = check_start(z, in, *in_len, finish);
  if (r) {
    *in_len = *out_len = 0;
    return r < 0 ? r : 0;
  }
  switch (z->kind) {
  case CODEC_GZIP: return run_z(z, in, in_len, out, out_len, finish);
  case CODEC_BZIP2: return run_bz(z, in, in_len, out, out_len, finish);
  case CODEC_XZ: return run_xz(z, in, in_len, out, out_len, finish);
  case CODEC_ZSTD: return run_zs(z, in, in_len, out, out_len, finish);
  }
  return CODEC_ECORRUPT;
}

int codec_reset(codec *z)
{
  z->started = false;
  switch (z->kind) {
  case CODEC_GZIP:
    if (z->f.z.inflate_reset(&z->s.z) != Z_OK) return CODEC_EMEM;
    memset(&z->head, 0, sizeof z->head);
    z->head.name = (Bytef *)z->name_buf;
    z->head.name_max = sizeof z->name_buf - 1;
    return z->f.z.inflate_header(&z->s.z, &z->head) == Z_OK ? 0 : CODEC_EMEM;
  case CODEC_BZIP2:
    z->f.bz.d_end(&z->s.bz);
    memset(&z->s.bz, 0, sizeof z->s.bz);
    return z->f.bz.d_init(&z->s.bz, 0, 0) == BZ_OK ? 0 : CODEC_EMEM;
  case CODEC_XZ: return 0;
  case CODEC_ZSTD: z->f.zs.d_reset(z->zd, ZSTD_reset_session_only); return 0;
  }
  return 0;
}

void codec_size(codec *z, uint64_t size)
{
  if (z->kind == CODEC_ZSTD && z->compress) z->f.zs.c_pledge(z->zc, size);
}

const char *codec_message(codec *z) { return z->msg; }

void codec_free(codec *z)
{
  if (!z) return;
  switch (z->kind) {
  case CODEC_GZIP:
    if (z->f.z.deflate_end && z->compress) z->f.z.deflate_end(&z->s.z);
    if (z->f.z.inflate_end && !z->compress) z->f.z.inflate_end(&z->s.z);
    break;
  case CODEC_BZIP2:
    if (z->f.bz.c_end && z->compress) z->f.bz.c_end(&z->s.bz);
    if (z->f.bz.d_end && !z->compress) z->f.bz.d_end(&z->s.bz);
    break;
  case CODEC_XZ:
    if (z->f.xz.end) z->f.xz.end(&z->s.xz);
    break;
  case CODEC_ZSTD:
    if (z->zc) z->f.zs.c_free(z->zc);
    if (z->zd) z->f.zs.d_free(z->zd);
    break;
  }
  free(z);
}
