/* cmd.h - what every command of the box shares: a per-run context with
** buffered output on box fd 1, error messages worded as GNU's, one option
** parser (GNU getopt_long's rules), buffered input with line reading,
** directory listing and the box's user and group names.
**
** A command is `int acs__cmd_NAME(acs_cmd *c, int argc, char **argv)` in
** src/cmds/NAME.c; tools/cmd_table.sh finds it and makes the sorted table
** of programs, with the file's head comment (from its "Usage:" line to the
** end of the comment) as the --help text. The commands run as guest
** processes and reach files only through src/sys. They keep no state
** outside their acs_cmd and their own stack, so several can run in one
** process (the unit tests do). */
#ifndef ACS_CMDS_CMD_H
#define ACS_CMDS_CMD_H

#include "../sys/sys.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define CMD_OBUF 65536

typedef struct acs_cmd {
  const char *name; /* argv[0] as run: GNU's tools name themselves so */
  const char *help; /* --help text */
  int out_err;      /* the first output error (negative errno), or 0 */
  bool out_reported;
  /* the words before the errno of that error, when not "write error":
  ** head's and tail's "error writing 'standard output'" */
  const char *out_what;
  int out_status;   /* the exit status that error gives, when not 1 (sort's and grep's 2) */
  bool try_named;   /* "NAME: Try 'NAME --help' ...", as diffutils words it */
  bool usage_full;  /* a usage error prints the whole --help text (make) */
  size_t olen;
  char obuf[CMD_OBUF];
} acs_cmd;

/* Runs fn as the program argv[0] with help text help, then flushes its
** output; a write error nobody reported becomes GNU's "NAME: write error:
** ..." and status 1. The generated program table calls this. */
int acs__cmd_run(int (*fn)(acs_cmd *, int, char **), const char *help, int argc, char **argv);

/* ---- output: box fd 1, flushed when full, by cmd_flush and at the end */
void cmd_out(acs_cmd *c, const void *data, size_t n);
void cmd_puts(acs_cmd *c, const char *s);
void cmd_putc(acs_cmd *c, int ch);
void cmd_printf(acs_cmd *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* false once a write failed; the error is cmd_out_error's */
bool cmd_flush(acs_cmd *c);
/* A command that copies without end (cat /dev/zero > full-disk) must stop
** at the first output error, as GNU's do: a negative errno, or 0. */
int cmd_out_error(acs_cmd *c);

/* ---- messages on box fd 2 (pending output goes out first) */
/* "NAME: MESSAGE\n" */
void cmd_error(acs_cmd *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "NAME: MESSAGE\nTry 'NAME --help' for more information.\n" */
void cmd_usage_error(acs_cmd *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* strerror's words for a negative (or positive) errno, as GNU prints them */
const char *cmd_strerror(int neg_errno);
/* GNU's shell-escape quoting of a file name in messages, into buf
** (NUL-terminated, truncated to size); returns buf. cmd_quote always
** quotes ('x', 'a b', "it's", 'a'$'\n''b': coreutils' quoteaf, as in "ls:
** cannot access 'x'"); cmd_quotef only when the name needs it (quotef, as
** in "cat: x: No such file or directory"). */
const char *cmd_quote(const char *s, char *buf, size_t size);
const char *cmd_quotef(const char *s, char *buf, size_t size);

/* For commands that take --help and --version only as their one argument
** (true, false, echo): prints and sets *status when arg is one of them. */
bool cmd_help_version(acs_cmd *c, const char *arg, int *status);

/* ---- options: GNU getopt_long's rules without its globals. Operands are
** gathered, in order, at the front of argv + 1 (as GNU permutes them);
** "--" ends the options; "-" is an operand; long options may be shortened
** to any unique prefix; --help and --version are answered here. */
enum { CMD_NOARG, CMD_ARG, CMD_OPTARG };
typedef struct cmd_opt {
  const char *name; /* long name without "--" */
  int code;         /* what cmd_getopt returns: a short letter or >= 256 */
  int arg;          /* CMD_NOARG, CMD_ARG or CMD_OPTARG (only "--x=v") */
} cmd_opt;

typedef struct cmd_getopt {
  int argc;
  char **argv;
  const char *shorts;   /* getopt's string: "ab:c::"; leading '+' stops at
                        ** the first operand (env, xargs, timeout) */
  const cmd_opt *longs; /* ends with {0}; may be NULL */
  int i;                /* next argv index */
  const char *cluster;  /* rest of a bundle of short options */
  int nops;             /* operands found so far (argv[1..nops]) */
  char *arg;            /* the current option's argument, or NULL */
  char opt[64];         /* the option as written, for messages ("-n", "--lines") */
  bool done;
} cmd_getopt;

#define CMD_HELP_DONE (-2) /* --help or --version was printed: exit 0 */
#define CMD_BAD_USAGE (-1) /* a usage error was printed: exit with the
                           ** command's usage status (1, or 2 for ls, grep, diff) */

void cmd_getopt_init(cmd_getopt *g, int argc, char **argv, const char *shorts, const cmd_opt *longs);
/* The next option's code, 0 when none is left (then the operands are
** argv[1..g->nops], and g->argv + 1 is that array), or CMD_HELP_DONE or
** CMD_BAD_USAGE (message printed as glibc words it, then "Try ..."). */
int cmd_getopt_next(acs_cmd *c, cmd_getopt *g);
/* The operands: g->argv + 1, g->nops of them. */
static inline char **cmd_operands(cmd_getopt *g) { return g->argv + 1; }

/* Parse a whole number (with GNU's size suffixes when suffixes is true:
** K M G T P E and KB MB ... KiB MiB ..., b=512, c=1, w=2). Returns false
** on junk or overflow. */
bool cmd_parse_num(const char *s, bool suffixes, int64_t *out);

/* ---- input: buffered reading of a file or of stdin ("-") */
typedef struct cmd_in {
  int fd;
  bool close_fd;
  bool eof;
  int err; /* the read error (negative errno), or 0 */
  size_t start, end;
  unsigned char buf[65536];
  char *line; /* cmd_getdelim's growing buffer */
  size_t line_cap;
} cmd_in;

/* Opens path ("-" is fd 0) for reading. On failure prints "NAME: PATH:
** ERROR" (GNU's words) and returns the negative errno. A cmd_in is large:
** allocate it with cmd_in_new or keep it off small stacks. */
int cmd_in_open(acs_cmd *c, cmd_in *in, const char *path);
/* Reads from an open box fd the caller keeps. */
void cmd_in_fd(cmd_in *in, int fd);
/* The next record up to and including delim (the last may lack it) in
** *line (owned by in, valid until the next call; NUL-terminated, and may
** hold NULs: use the length). Returns its length, 0 at the end, or a
** negative errno. */
ssize_t cmd_getdelim(cmd_in *in, char **line, int delim);
/* Up to n bytes; 0 at the end; a negative errno on error. */
ssize_t cmd_in_read(cmd_in *in, void *buf, size_t n);
void cmd_in_close(cmd_in *in);
cmd_in *cmd_in_new(void);         /* calloc'd; NULL when out of memory */
void cmd_in_free(cmd_in *in);     /* closes and frees; NULL ok */

/* ---- files */
/* The whole of a file ("-" is stdin) in a malloc'd buffer with a NUL
** after it; *len its length. Returns 0 or a negative errno (nothing
** printed). */
int cmd_read_all(const char *path, char **data, size_t *len);
/* Writes all of data to box fd fd; 0 or a negative errno. */
int cmd_write_fd(int fd, const void *data, size_t n);

typedef struct cmd_dirent {
  char *name;
  uint64_t ino;
  unsigned type; /* DT_* */
} cmd_dirent;
/* The entries of directory path but "." and "..", in the order the
** filesystem gives them (sort them yourself), in a malloc'd array the
** caller frees with cmd_dir_free. Returns 0 or a negative errno. */
int cmd_dir_read(const char *path, cmd_dirent **ents, size_t *n);
/* The same from an open directory descriptor (left open). */
int cmd_dir_read_fd(int fd, cmd_dirent **ents, size_t *n);
void cmd_dir_free(cmd_dirent *ents, size_t n);
/* "dir/name" without a doubled slash; malloc'd (NULL when out of memory) */
char *cmd_path_join(const char *dir, const char *name);

/* ---- users and groups of the box (/etc/passwd, /etc/group) */
/* The name of uid (or gid) into buf; false (buf holds the number) when
** the box has none. */
bool cmd_user_name(uint32_t uid, char *buf, size_t size);
bool cmd_group_name(uint32_t gid, char *buf, size_t size);
/* A name or a number to an id; false when neither. */
bool cmd_user_id(const char *name, uint32_t *uid);
bool cmd_group_id(const char *name, uint32_t *gid);
/* A passwd field of user uid: 5 home, 6 shell (malloc'd, or NULL). */
char *cmd_user_field(uint32_t uid, int field);

/* ---- Debian libraries opened on first use (libarchive, libmagic, libjq,
** libpcre2, libcrypto, ...), so that starting acs never pays for them:
** resolves names[0..n) of library lib (a soname such as
** "libmagic.so.1") into out[]. On failure prints "NAME: cannot load LIB:
** WHY" and returns false. The handle stays open for the process's life. */
bool cmd_dlsyms(acs_cmd *c, const char *lib, const char *const *names, void **out, size_t n);

#endif
