/* split.c - split a file into pieces.
**
** Usage: split [OPTION]... [FILE [PREFIX]]
** Output pieces of FILE to PREFIXaa, PREFIXab, ...;
** default size is 1000 lines, and default PREFIX is 'x'.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -a, --suffix-length=N   generate suffixes of length N (default 2)
**       --additional-suffix=SUFFIX  append an additional SUFFIX to file names
**   -b, --bytes=SIZE        put SIZE bytes per output file
**   -C, --line-bytes=SIZE   put at most SIZE bytes of records per output file
**   -d                      use numeric suffixes starting at 0, not alphabetic
**       --numeric-suffixes[=FROM]  same as -d, but allow setting the start value
**   -x                      use hex suffixes starting at 0, not alphabetic
**       --hex-suffixes[=FROM]  same as -x, but allow setting the start value
**   -e, --elide-empty-files  do not generate empty output files with '-n'
**   -l, --lines=NUMBER      put NUMBER lines/records per output file
**   -n, --number=CHUNKS     generate CHUNKS output files; see explanation below
**       --filter=COMMAND    write to shell COMMAND; file name is $FILE
**   -t, --separator=SEP     use SEP instead of newline as the record separator;
**                             '\0' (zero) specifies the NUL character
**       --verbose           print a diagnostic just before each
**                             output file is opened
**       --help        display this help and exit
**       --version     output version information and exit
**
** The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
** Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
** Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
**
** CHUNKS may be:
**   N       split into N files based on size of input
**   K/N     output Kth of N to stdout
**   l/N     split into N files without splitting lines/records
**   l/K/N   output Kth of N to stdout without splitting lines/records
**   r/N     like 'l' but use round robin distribution
**   r/K/N   likewise but only output Kth of N to stdout
*/

/* GNU coreutils 9.1's split without -u. File names as GNU makes them:
** without -a the suffix widens when its first character would reach the
** alphabet's last (xyz is followed by xzaaa, x89 by x9000), -n picks the
** shortest length that holds N names, and a full fixed-length suffix ends
** the run with "output file suffixes exhausted". -n reads the whole input
** into memory and, as GNU, refuses a pipe (whose size it cannot know) but
** for r/N; byte chunks are size/N with the rest in the last, l/ chunks end
** at the first record end at or after their last byte, as GNU's do.
** --filter runs "sh -c COMMAND" for each piece, FILE in its environment
** and the piece on its standard input; a failing one ends split with its
** status, one that stops reading is no error (SIGPIPE is ignored). */
#include "cmd.h"
#include "lib_run.h"
#include "lib_stream.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sp {
  acs_cmd *c;
  const char *prefix, *extra;
  const char *alphabet;
  size_t len;        /* suffix length */
  bool autowiden;    /* no -a: widen the suffix instead of running out */
  size_t idx[64];    /* the suffix as indices into the alphabet */
  bool started;
  bool verbose, elide;
  char name[4096];
  int fd;            /* the current output, or -1 */
  const char *filter; /* --filter: each piece goes to "sh -c FILTER" */
  int pid;           /* the current filter, or 0 */
  int exit_code;     /* a filter's failure: split exits with its status */
  char sep;
  unsigned char obuf[65536];
  size_t olen;
} sp;

static int flush_out(sp *s)
{
  if (s->fd >= 0 && s->olen) {
    int rc = acs_sys_write_all(s->fd, s->obuf, s->olen);
    s->olen = 0;
    if (rc == -EPIPE && s->filter) return 0; /* a filter may stop reading */
    if (rc < 0) {
      char q[1024];
      cmd_error(s->c, "%s: %s", cmd_quotef(s->name, q, sizeof q), cmd_strerror(rc));
      return 1;
    }
  }
  return 0;
}

/* Waits for a filter; 0, or 1 after GNU's message (its status kept). */
static int reap(sp *s, int pid, const char *name)
{
  int st = 0;
  if (run_wait(pid, &st, -1) < 0) return 0;
  char q[1024];
  if (WIFEXITED(st) && WEXITSTATUS(st)) {
    cmd_error(s->c, "with FILE=%s, exit %d from command: %s", cmd_quotef(name, q, sizeof q), WEXITSTATUS(st), s->filter);
    s->exit_code = WEXITSTATUS(st);
    return 1;
  }
  if (WIFSIGNALED(st) && WTERMSIG(st) != SIGPIPE) {
    char sig[32];
    snprintf(sig, sizeof sig, "%s", sigabbrev_np(WTERMSIG(st)) ? sigabbrev_np(WTERMSIG(st)) : "?");
    cmd_error(s->c, "with FILE=%s, signal %s from command: %s", cmd_quotef(name, q, sizeof q), sig, s->filter);
    s->exit_code = 128 + WTERMSIG(st);
    return 1;
  }
  return 0;
}

static int close_out(sp *s)
{
  int rc = flush_out(s);
  if (s->fd >= 0) acs_sys_close(s->fd);
  s->fd = -1;
  if (s->pid > 0) {
    rc |= reap(s, s->pid, s->name);
    s->pid = 0;
  }
  return rc;
}

/* The piece's writer: a pipe into "sh -c FILTER" with FILE in its
** environment. Returns the pipe's write end or a negative errno. */
static int start_filter(sp *s)
{
  char sh[4096];
  int rc = run_find("sh", sh, sizeof sh);
  if (rc < 0) return rc;
  int p[2];
  rc = acs_sys_pipe(p, O_CLOEXEC);
  if (rc < 0) return rc;
  size_t n = 0;
  while (environ[n]) n++;
  char **env = calloc(n + 2, sizeof *env);
  char *file = malloc(strlen(s->name) + 6);
  if (!env || !file) {
    free(env);
    free(file);
    acs_sys_close(p[0]);
    acs_sys_close(p[1]);
    return -ENOMEM;
  }
  sprintf(file, "FILE=%s", s->name);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (strncmp(environ[i], "FILE=", 5)) env[k++] = environ[i];
  env[k++] = file;
  env[k] = NULL;
  char *argv[] = {"sh", "-c", (char *)s->filter, NULL};
  const int fds[][2] = {{0, p[0]}};
  int pid = acs_sys_spawn(sh, argv, env, fds, 1);
  free(env);
  free(file);
  acs_sys_close(p[0]);
  if (pid < 0) {
    acs_sys_close(p[1]);
    return pid;
  }
  s->pid = pid;
  return p[1];
}

/* The next file name into s->name; false when the suffixes ran out. */
static bool next_name(sp *s)
{
  size_t n = strlen(s->alphabet);
  if (s->started) {
    size_t i = s->len;
    for (;;) {
      if (i == 0) return false;
      i--;
      s->idx[i]++;
      if (s->autowiden && i == 0 && s->idx[0] + 1 == n) {
        /* widen: the prefix takes the last letter, the suffix grows by one */
        s->len++;
        for (size_t k = 0; k < s->len; k++) s->idx[k] = 0;
        break;
      }
      if (s->idx[i] < n) break;
      s->idx[i] = 0;
    }
  }
  s->started = true;
  return true;
}

/* Formats the current name: prefix, widening letters, suffix, extra. */
static void format_name(sp *s, size_t widened)
{
  size_t n = strlen(s->alphabet);
  int k = snprintf(s->name, sizeof s->name, "%s", s->prefix);
  for (size_t i = 0; i < widened && k < (int)sizeof s->name - 2; i++) s->name[k++] = s->alphabet[n - 1];
  for (size_t i = 0; i < s->len && k < (int)sizeof s->name - 2; i++) s->name[k++] = s->alphabet[s->idx[i]];
  s->name[k] = 0;
  if (s->extra) snprintf(s->name + k, sizeof s->name - (size_t)k, "%s", s->extra);
}

typedef struct namer {
  size_t widened; /* letters the prefix has taken from widening */
} namer;

/* Opens the next output file. */
static int open_next(sp *s, namer *nm)
{
  int rc = close_out(s);
  if (rc && s->exit_code) return 1; /* GNU stops at a failing filter */
  size_t before = s->len;
  if (!next_name(s)) {
    cmd_error(s->c, "output file suffixes exhausted");
    return 1;
  }
  if (s->len != before) nm->widened++;
  format_name(s, nm->widened);
  if (s->verbose) {
    char q[4200];
    if (s->filter) cmd_printf(s->c, "executing with FILE=%s\n", cmd_quotef(s->name, q, sizeof q));
    else cmd_printf(s->c, "creating file %s\n", cmd_quote(s->name, q, sizeof q));
  }
  s->fd = s->filter ? start_filter(s) : acs_sys_open(s->name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (s->fd < 0) {
    char q[1024];
    cmd_error(s->c, "%s: %s", cmd_quotef(s->name, q, sizeof q), cmd_strerror(s->fd));
    s->fd = -1;
    return 1;
  }
  return rc;
}

static int put(sp *s, const void *p, size_t n)
{
  const unsigned char *b = p;
  while (n) {
    if (s->olen == sizeof s->obuf && flush_out(s)) return 1;
    size_t k = sizeof s->obuf - s->olen;
    if (k > n) k = n;
    memcpy(s->obuf + s->olen, b, k);
    s->olen += k;
    b += k;
    n -= k;
  }
  return 0;
}

/* -l and -b and -C, streaming. */
static int by_lines(sp *s, namer *nm, cmd_in *in, uint64_t lines)
{
  char *line;
  ssize_t n;
  uint64_t in_file = lines;
  while ((n = cmd_getdelim(in, &line, s->sep)) > 0) {
    if (in_file == lines) {
      if (open_next(s, nm)) return 1;
      in_file = 0;
    }
    if (put(s, line, (size_t)n)) return 1;
    in_file++;
  }
  return n < 0 ? -1 : 0;
}

static int by_bytes(sp *s, namer *nm, cmd_in *in, uint64_t bytes)
{
  static unsigned char buf[65536];
  uint64_t left = 0;
  ssize_t n;
  while ((n = cmd_in_read(in, buf, sizeof buf)) > 0) {
    size_t at = 0;
    while (at < (size_t)n) {
      if (!left) {
        if (open_next(s, nm)) return 1;
        left = bytes;
      }
      size_t k = (size_t)n - at;
      if (k > left) k = (size_t)left;
      if (put(s, buf + at, k)) return 1;
      at += k;
      left -= k;
    }
  }
  return n < 0 ? -1 : 0;
}

/* -C: whole records while they fit; a record that does not fit starts a
** new file, and one longer than SIZE is cut into SIZE pieces. */
static int by_line_bytes(sp *s, namer *nm, cmd_in *in, uint64_t size)
{
  char *line;
  ssize_t n;
  uint64_t used = 0;
  bool open = false;
  while ((n = cmd_getdelim(in, &line, s->sep)) > 0) {
    size_t at = 0, len = (size_t)n;
    if (open && used + len > size) open = false;
    while (at < len) {
      if (!open) {
        if (open_next(s, nm)) return 1;
        open = true;
        used = 0;
      }
      size_t k = len - at;
      if (k > size - used) k = (size_t)(size - used);
      if (put(s, line + at, k)) return 1;
      at += k;
      used += k;
      if (used == size && at < len) open = false;
    }
  }
  return n < 0 ? -1 : 0;
}

static void emit_stdout(sp *s, const char *p, size_t n) { cmd_out(s->c, p, n); }

/* -n: the whole input in memory. */
static int chunks(sp *s, namer *nm, const char *data, size_t size, char mode, uint64_t k, uint64_t n)
{
  if (mode == 'r') {
    if (k) {
      uint64_t i = 0;
      for (size_t at = 0; at < size; i++) {
        const char *e = memchr(data + at, s->sep, size - at);
        size_t len = e ? (size_t)(e - data - at) + 1 : size - at;
        if (i % n == k - 1) emit_stdout(s, data + at, len);
        at += len;
      }
      return 0;
    }
    /* round robin: every file open at once */
    int *fds = calloc((size_t)n, sizeof *fds);
    int *pids = calloc((size_t)n, sizeof *pids);
    char **names = calloc((size_t)n, sizeof *names);
    if (!fds || !names || !pids) {
      free(fds);
      free(pids);
      free(names);
      cmd_error(s->c, "memory exhausted");
      return 1;
    }
    int rc = 0;
    for (uint64_t i = 0; i < n && !rc; i++) {
      rc = open_next(s, nm);
      fds[i] = s->fd;
      pids[i] = s->pid;
      names[i] = strdup(s->name);
      s->fd = -1;
      s->pid = 0;
    }
    uint64_t i = 0;
    for (size_t at = 0; at < size && !rc; i++) {
      const char *e = memchr(data + at, s->sep, size - at);
      size_t len = e ? (size_t)(e - data - at) + 1 : size - at;
      int fd = fds[i % n];
      int w = fd >= 0 ? acs_sys_write_all(fd, data + at, len) : 0;
      if (w == -EPIPE && s->filter) fds[i % n] = -fds[i % n] - 2; /* that filter stopped reading */
      else if (w < 0) rc = 1;
      at += len;
    }
    for (uint64_t j = 0; j < n; j++) {
      int fd = fds[j] < -1 ? -fds[j] - 2 : fds[j];
      if (fd > 0) acs_sys_close(fd);
      if (pids[j] > 0 && names[j]) rc |= reap(s, pids[j], names[j]);
      if (s->elide && names[j] && j >= i && !s->filter) acs_sys_unlink(names[j]);
      free(names[j]);
    }
    free(fds);
    free(pids);
    free(names);
    return rc;
  }
  uint64_t chunk = size / n;
  if (mode == 'b') { /* the last chunk takes the rest; chunks are a byte at least */
    uint64_t bchunk = chunk ? chunk : 1;
    for (uint64_t i = 1; i <= n; i++) {
      uint64_t start = (i - 1) * bchunk, end = i == n ? size : i * bchunk;
      if (start > size) start = size;
      if (end > size) end = size;
      if (k && i != k) continue;
      if (k) {
        emit_stdout(s, data + start, (size_t)(end - start));
        continue;
      }
      if (s->elide && end == start) continue;
      if (open_next(s, nm) || put(s, data + start, (size_t)(end - start))) return 1;
    }
    return close_out(s);
  }
  /* l: a chunk ends at the first record end at or after its last byte */
  uint64_t written = 0, chunk_no = 1;
  int64_t chunk_end = (int64_t)chunk - 1;
  if (n == 1) chunk_end = (int64_t)size - 1;
  bool opened = false;
  while (written < size) {
    uint64_t skip = chunk_end > (int64_t)written ? (uint64_t)chunk_end - written : 0;
    if (skip > size - written) skip = size - written;
    const char *e = memchr(data + written + skip, s->sep, size - written - skip);
    uint64_t stop = e ? (uint64_t)(e - data) + 1 : size;
    if (!k && !opened) {
      if (open_next(s, nm)) return 1;
      opened = true;
    }
    if (k == chunk_no) emit_stdout(s, data + written, (size_t)(stop - written));
    else if (!k && put(s, data + written, (size_t)(stop - written))) return 1;
    written = stop;
    while ((int64_t)written - 1 >= chunk_end && chunk_no < n) {
      chunk_no++;
      chunk_end = chunk_no == n ? (int64_t)size - 1 : chunk_end + (int64_t)chunk;
      if (k && chunk_no > k) return 0;
      if (!k) {
        if ((int64_t)written - 1 >= chunk_end || written >= size) {
          if (!s->elide && open_next(s, nm)) return 1;
          if (s->elide) close_out(s);
          opened = !s->elide;
        } else {
          opened = false;
        }
      }
    }
  }
  if (!k) {
    while (chunk_no < n) { /* the rest, empty */
      chunk_no++;
      if (s->elide) continue;
      if (open_next(s, nm)) return 1;
    }
    if (!opened && !s->elide && size == 0 && open_next(s, nm)) return 1;
  }
  return close_out(s);
}

static bool parse_count(acs_cmd *c, const char *arg, const char *what, bool sizes, uint64_t *out)
{
  uint64_t v;
  bool ok = sizes ? cmd_parse_size(arg, false, false, &v) : cmd_parse_size(arg, false, false, &v) && !strpbrk(arg, "bKkMmGTPEZYB");
  if (!ok) {
    cmd_error(c, "invalid number of %s: '%s'", what, arg);
    return false;
  }
  if (!v) {
    cmd_error(c, "invalid number of %s: '%s': %s", what, arg, cmd_strerror(-ERANGE));
    return false;
  }
  *out = v;
  return true;
}

int acs__cmd_split(acs_cmd *c, int argc, char **argv)
{
  enum { ADDITIONAL = 256, NUMERIC, HEX, VERBOSE, FILTER };
  static const cmd_opt longs[] = {
      {"suffix-length", 'a', CMD_ARG}, {"additional-suffix", ADDITIONAL, CMD_ARG}, {"bytes", 'b', CMD_ARG},
      {"line-bytes", 'C', CMD_ARG},    {"numeric-suffixes", NUMERIC, CMD_OPTARG},  {"hex-suffixes", HEX, CMD_OPTARG},
      {"elide-empty-files", 'e', CMD_NOARG}, {"lines", 'l', CMD_ARG},            {"number", 'n', CMD_ARG},
      {"separator", 't', CMD_ARG},     {"verbose", VERBOSE, CMD_NOARG},           {"filter", FILTER, CMD_ARG},
      {0}};
  sp *s = calloc(1, sizeof *s);
  if (!s) {
    cmd_error(c, "memory exhausted");
    return 1;
  }
  s->c = c;
  s->fd = -1;
  s->sep = '\n';
  s->alphabet = "abcdefghijklmnopqrstuvwxyz";
  s->len = 2;
  s->autowiden = true;
  char mode = 0; /* l b C n */
  uint64_t amount = 1000, chunk_k = 0, chunk_n = 0;
  char chunk_mode = 'b';
  const char *start = NULL;
  bool sep_given = false, len_given = false;
  int rc = 1;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "a:b:C:del:n:t:x", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    char m = 0;
    switch (opt) {
    case 'a': {
      uint64_t v;
      if (!cmd_parse_size(g.arg, false, false, &v) || strpbrk(g.arg, "bKkMmGTPEZYB") || v > 60) {
        cmd_error(c, "invalid suffix length: '%s'", g.arg);
        goto out;
      }
      if (v) {
        s->len = (size_t)v;
        s->autowiden = false;
        len_given = true;
      }
      break;
    }
    case ADDITIONAL:
      if (strchr(g.arg, '/')) {
        char q[1024];
        cmd_usage_error(c, "invalid suffix %s, contains directory separator", cmd_quote(g.arg, q, sizeof q));
        goto out;
      }
      s->extra = g.arg;
      break;
    case 'd': case NUMERIC: s->alphabet = "0123456789"; start = opt == NUMERIC ? g.arg : NULL; break;
    case 'x': case HEX: s->alphabet = "0123456789abcdef"; start = opt == HEX ? g.arg : NULL; break;
    case 'e': s->elide = true; break;
    case VERBOSE: s->verbose = true; break;
    case FILTER: s->filter = g.arg; break;
    case 't':
      if (!strcmp(g.arg, "\\0")) s->sep = 0;
      else if (strlen(g.arg) != 1) {
        cmd_error(c, g.arg[0] ? "multi-character separator '%s'" : "empty record separator", g.arg);
        goto out;
      } else {
        if (sep_given && s->sep != g.arg[0]) {
          cmd_error(c, "multiple separator characters specified");
          goto out;
        }
        s->sep = g.arg[0];
      }
      sep_given = true;
      break;
    case 'l':
      m = 'l';
      if (!parse_count(c, g.arg, "lines", false, &amount)) goto out;
      break;
    case 'b':
      m = 'b';
      if (!parse_count(c, g.arg, "bytes", true, &amount)) goto out;
      break;
    case 'C':
      m = 'C';
      if (!parse_count(c, g.arg, "bytes", true, &amount)) goto out;
      break;
    case 'n': {
      m = 'n';
      const char *a = g.arg;
      chunk_mode = 'b';
      if ((a[0] == 'l' || a[0] == 'r') && a[1] == '/') chunk_mode = a[0], a += 2;
      const char *slash = strchr(a, '/');
      char kbuf[64];
      uint64_t v;
      if (slash) {
        snprintf(kbuf, sizeof kbuf, "%.*s", (int)(slash - a), a);
        if (!cmd_parse_size(kbuf, false, false, &v) || strpbrk(kbuf, "bKkMmGTPEZYB")) {
          cmd_error(c, "invalid chunk number: '%s'", kbuf);
          goto out;
        }
        chunk_k = v;
        a = slash + 1;
      }
      if (!cmd_parse_size(a, false, false, &chunk_n) || strpbrk(a, "bKkMmGTPEZYB")) {
        cmd_error(c, "invalid number of chunks: '%s'", a);
        goto out;
      }
      if (!chunk_n) {
        cmd_error(c, "invalid number of chunks: '%s': %s", a, cmd_strerror(-ERANGE));
        goto out;
      }
      if (slash && (chunk_k == 0 || chunk_k > chunk_n)) {
        cmd_error(c, "invalid chunk number: '%.*s': %s", (int)(slash - g.arg - (chunk_mode != 'b' ? 2 : 0)),
                  g.arg + (chunk_mode != 'b' ? 2 : 0), cmd_strerror(-ERANGE));
        goto out;
      }
      break;
    }
    }
    if (m) {
      if (mode && mode != m) {
        cmd_usage_error(c, "cannot split in more than one way");
        goto out;
      }
      mode = m;
    }
  }
  if (opt < 0) {
    rc = opt == CMD_HELP_DONE ? 0 : 1;
    goto out;
  }
  char q[1024];
  if (g.nops > 2) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(cmd_operands(&g)[2], q, sizeof q));
    goto out;
  }
  if (s->filter && mode == 'n' && chunk_k) {
    cmd_usage_error(c, "--filter does not process a chunk extracted to stdout");
    goto out;
  }
  if (s->filter) signal(SIGPIPE, SIG_IGN); /* a filter that stops reading is no error */
  const char *file = g.nops ? cmd_operands(&g)[0] : "-";
  s->prefix = g.nops > 1 ? cmd_operands(&g)[1] : "x";
  if (start) s->autowiden = false; /* the names would not sort */
  if (mode == 'n') {
    s->autowiden = false;
    size_t alen = strlen(s->alphabet), need = 0;
    uint64_t end = chunk_n - 1, st = start ? strtoull(start, NULL, 10) : 0;
    if (start && st < chunk_n) end += st;
    do
      need++;
    while (end /= alen);
    if (len_given && s->len < need) {
      cmd_error(c, "the suffix length needs to be at least %zu", need);
      goto out;
    }
    if (s->len < need) s->len = need;
  }
  if (start) {
    /* --numeric-suffixes=FROM: the first name's digits */
    char *end;
    size_t alen = strlen(s->alphabet);
    unsigned long long v = strtoull(start, &end, (int)alen); /* FROM is in the suffix's own digits */
    if (*end || !*start) {
      cmd_error(c, "invalid number: '%s'", start);
      goto out;
    }
    for (size_t i = s->len; i-- > 0;) {
      s->idx[i] = (size_t)(v % alen);
      v /= alen;
    }
    if (v) {
      cmd_error(c, "numerical suffix start value is too large for the suffix length");
      goto out;
    }
    s->autowiden = false;
    /* the first name is the start itself: step back one */
    s->started = false;
  }
  cmd_in *in = cmd_in_new();
  if (!in) {
    cmd_error(c, "memory exhausted");
    goto out;
  }
  cmd_in_fd(in, 0);
  if (strcmp(file, "-")) {
    int fd = acs_sys_open(file, O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0) {
      cmd_error(c, "cannot open %s for reading: %s", cmd_quote(file, q, sizeof q), cmd_strerror(fd));
      cmd_in_free(in);
      goto out;
    }
    cmd_in_fd(in, fd);
    in->close_fd = true;
  }
  namer nm = {0};
  if (mode == 'n' && chunk_mode != 'r' && acs_sys_lseek(in->fd, 0, SEEK_CUR) < 0) {
    cmd_error(c, "%s: cannot determine file size", cmd_quotef(file, q, sizeof q));
    cmd_in_free(in);
    goto out;
  }
  if (mode == 'n') {
    char *data = NULL;
    size_t size = 0, cap = 0;
    ssize_t r;
    for (;;) {
      if (cap - size < 65536) {
        cap = cap ? cap * 2 : 131072;
        char *p = realloc(data, cap);
        if (!p) {
          free(data);
          cmd_error(c, "memory exhausted");
          cmd_in_free(in);
          goto out;
        }
        data = p;
      }
      r = cmd_in_read(in, data + size, cap - size);
      if (r <= 0) break;
      size += (size_t)r;
    }
    rc = r < 0 ? -1 : chunks(s, &nm, data ? data : "", size, chunk_mode, chunk_k, chunk_n);
    free(data);
  } else if (mode == 'b') {
    rc = by_bytes(s, &nm, in, amount);
  } else if (mode == 'C') {
    rc = by_line_bytes(s, &nm, in, amount);
  } else {
    rc = by_lines(s, &nm, in, amount);
  }
  if (rc < 0) {
    cmd_error(c, "%s: %s", cmd_quotef(file, q, sizeof q), cmd_strerror(in->err ? in->err : -EIO));
    rc = 1;
  }
  rc |= close_out(s);
  cmd_in_free(in);
out:
  if (s->exit_code) rc = s->exit_code;
  free(s);
  return rc;
}
