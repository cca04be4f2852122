/* sed.h - what sed.c (options, input and output), sed_parse.c (the
** script compiler) and sed_exec.c (the cycle) share. */
#ifndef ACS_CMDS_SED_H
#define ACS_CMDS_SED_H

#include "cmd.h"

#include <regex.h>

enum { A_NONE, A_LINE, A_LAST, A_RE, A_STEP, A_PLUS, A_TILDE, A_ZERO };

typedef struct sed_re {
  regex_t re;
  size_t nsub;
} sed_re;

typedef struct sed_addr {
  int type;
  int64_t n, step;
  sed_re *re; /* NULL with A_RE: the last expression used */
} sed_addr;

enum { R_LIT, R_GROUP, R_CASE };
typedef struct repl_part {
  int kind;
  char *s; /* R_LIT */
  size_t len;
  int n; /* R_GROUP: 0 for &; R_CASE: 'U' 'L' 'u' 'l' 'E' */
} repl_part;

typedef struct sed_cmd {
  sed_addr a1, a2;
  bool neg;
  char cmd;
  bool range_on, range_done; /* at run time */
  int64_t range_end;
  /* s */
  sed_re *re;
  repl_part *rp;
  size_t nrp;
  bool global, print, eval;
  int print_count;
  int64_t nth;
  /* y */
  unsigned char *ymap;
  /* a i c text, labels, file names, e's command */
  char *text;
  size_t tlen;
  int64_t num; /* q/Q status, l width (-1 none) */
  size_t jump; /* b t T: the target; {: the matching } */
  int wfile;   /* w W s///w: an index in sed->wfiles, or -1 */
} sed_cmd;

typedef struct sed_wfile {
  char *name;
  int fd; /* -1: our standard output */
} sed_wfile;

typedef struct sed_out {
  bool missing_nl;
  char *buf; /* -i: the new contents, else NULL: cmd_out */
  size_t len, cap;
  bool to_buf;
} sed_out;

typedef struct sed_rfile {
  char *name;
  cmd_in *in;
  bool eof;
} sed_rfile;

typedef struct sed {
  acs_cmd *c;
  bool quiet, extended, separate, nuldata, posix, sandbox, unbuffered, debug;
  bool in_place, follow;
  const char *suffix;
  int64_t lwidth;
  /* the script */
  sed_cmd *cmds;
  size_t ncmds, ccmds;
  sed_wfile *wfiles;
  size_t nwfiles;
  sed_rfile *rfiles;
  size_t nrfiles;
  /* running */
  sed_re *last_re;
  char *ps, *hs;
  size_t pslen, pscap, hslen, hscap;
  bool chomped; /* the line in ps ended with the delimiter */
  int64_t lineno;
  bool replaced, quit, aborted; /* aborted: a run-time error, nothing more is printed */
  int status;
  sed_out out;
  char *append; /* what a, r and R queued for the cycle's end */
  size_t alen, acap;
  /* input */
  char **files;
  int nfiles, fidx;
  cmd_in *in;
  const char *fname;
  bool la_have, la_nl, in_eof;
  char *la;
  size_t lalen, lacap;
} sed;

/* Compiles the script: pieces[i] is an -e expression (file[i] NULL) or
** the text of -f file[i]. Prints GNU's message and returns false on an
** error. */
bool sed_compile(sed *s, char **pieces, char **files, size_t n);
/* Frees what sed_compile made (the commands, their expressions and texts,
** the w files' names; the files stay open): sed.c leaves it to the
** process's end, tests/fuzz/sed_fuzz.c compiles many scripts in one. */
void acs__sed_free_script(sed *s);
/* Runs the script over the input of s (set up by sed.c); returns the
** exit status. */
int sed_run(sed *s);
/* reading the next line of input into ps; false at the end */
bool sed_read(sed *s, bool append);
bool sed_last(sed *s);
void sed_emit(sed *s, sed_out *o, const char *p, size_t n);
void sed_emit_fd(sed *s, int fd, const char *p, size_t n);

#endif
