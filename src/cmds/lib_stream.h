/* lib_stream.h - the operand files of a dump command read as one stream
** (od, hexdump: GNU concatenates them, and -j/-s skips across them), and
** byte counts written with coreutils' and util-linux's suffixes. */
#ifndef ACS_CMDS_LIB_STREAM_H
#define ACS_CMDS_LIB_STREAM_H

#include "cmd.h"

typedef struct cmd_stream {
  acs_cmd *c;
  char **files; /* the operands; "-" (stdin) when there were none */
  int nfiles, next;
  int fd; /* the open file, or -1 between files */
  const char *name;
  int status; /* 1 once a file could not be opened or read */
  bool util_linux; /* util-linux's rules (hexdump): skipping only by seeking,
                   ** names unquoted in messages, stdin called "stdin" */
  bool seek_failed; /* a util_linux skip met a file that cannot seek */
} cmd_stream;

/* files[0..n): n == 0 reads stdin. Nothing is opened yet. */
void cmd_stream_init(cmd_stream *s, acs_cmd *c, char **files, int n);
/* Up to n bytes; fewer only at the end of the last file. A file that
** cannot be opened or read is reported ("NAME: FILE: ERROR") and skipped.
** Returns the bytes read (0 at the end). */
size_t cmd_stream_read(cmd_stream *s, void *buf, size_t n);
/* Skips n bytes (seeking in regular files); returns how many were
** skipped (fewer when the input ended first, or when util_linux is set and
** a file cannot seek: then "FILE: Illegal seek" is reported). */
uint64_t cmd_stream_skip(cmd_stream *s, uint64_t n);
/* Opens the next file that can be opened, unless one is open: false when
** none is left (od then prints nothing, not even its last address). */
bool cmd_stream_open(cmd_stream *s);
void cmd_stream_close(cmd_stream *s);

/* A byte count: a number in C's base-0 syntax (0x hex, 0 octal) when
** base0, else decimal, then an optional multiplier: b 512, k/K 1024,
** KB 1000, KiB 1024, likewise M G T P E (m = M); also c 1 and w 2 when
** cw is true. Returns false on junk or overflow. */
bool cmd_parse_size(const char *s, bool base0, bool cw, uint64_t *out);

#endif
