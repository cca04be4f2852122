/* lib_codec.h - one streaming interface over Debian's compression
** libraries (zlib's gzip format, libbz2, liblzma's xz, libzstd), each
** opened with cmd_dlsyms on first use. gzip, bzip2, xz, zstd and tar's
** filters share it. */
#ifndef ACS_CMDS_LIB_CODEC_H
#define ACS_CMDS_LIB_CODEC_H

#include "cmd.h"

typedef enum { CODEC_GZIP, CODEC_BZIP2, CODEC_XZ, CODEC_ZSTD } codec_kind;

/* What codec_run returns besides progress (0). */
enum {
  CODEC_END = 1,       /* a whole stream (one gzip member, one xz stream) ended */
  CODEC_EFORMAT = -1,  /* the input does not start as this format */
  CODEC_ECORRUPT = -2, /* the data is damaged (a bad check, a truncated stream) */
  CODEC_EMEM = -3,
};

typedef struct codec codec;

/* A compressor at level (1..9; zstd 1..19) or a decompressor; NULL when
** the library cannot be loaded (message printed) or memory is short. */
codec *codec_new(acs_cmd *c, codec_kind kind, bool compress, int level);
/* gzip's header before compressing: the original name (NULL: none) and
** mtime (0: none). */
void codec_gzip_header(codec *z, const char *name, int64_t mtime);
/* After a gzip member's header was read: its name (NULL if none) and mtime. */
const char *codec_gzip_name(codec *z, int64_t *mtime);
/* Consumes from in (*in_len: what is there; set to what was taken) and
** produces into out (*out_len: the room; set to what was made). finish:
** no more input comes (compressing: flush the end). Returns 0, CODEC_END
** or an error. */
int codec_run(codec *z, const void *in, size_t *in_len, void *out, size_t *out_len, bool finish);
/* The input's whole size, when known before compressing (zstd writes it
** in the frame and fits its window to it, as its command line does). */
void codec_size(codec *z, uint64_t size);
/* Ready for the next concatenated stream (after CODEC_END). */
int codec_reset(codec *z);
/* The library's words for the last error, or NULL. */
const char *codec_message(codec *z);
void codec_free(codec *z);

/* Which format data starts with (by magic), or -1. */
int codec_sniff(const void *data, size_t n);

#endif
