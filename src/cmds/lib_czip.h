/* lib_czip.h - what gzip, bzip2, xz and zstd share: compressing or
** decompressing files in place (NAME <-> NAME.SUF, the mode, owner and
** times kept, the input removed), to standard output, testing, each tool
** with its own messages and exit statuses. */
#ifndef ACS_CMDS_LIB_CZIP_H
#define ACS_CMDS_LIB_CZIP_H

#include "lib_codec.h"

typedef struct czip_opts {
  codec_kind kind;
  bool decompress, to_stdout, keep, force, test, list, quiet, recursive;
  bool no_name, name; /* gzip -n, -N */
  int verbose;
  int level;
  const char *suffix;  /* ".gz" unless -S */
  const char *outfile; /* zstd -o */
} czip_opts;

/* Runs the tool over files[0..n) ("-" and none: standard input). Returns
** the exit status in the tool's own terms. */
int czip_run(acs_cmd *c, const czip_opts *o, char **files, int n);

/* Whether box fd fd is a terminal (a tty or pty character device). */
bool czip_isatty(int fd);

#endif
