/* read.c - the read builtin: a line from stdin (or -u FD) split on IFS
** into the named variables (REPLY when none), the last one taking the
** rest of the line; -a ARRAY takes every field; -r keeps backslashes,
** -d DELIM ('' is NUL), -n N, -N N (exactly N bytes, no splitting),
** -p PROMPT, -t TIMEOUT (on a pipe or terminal: status 142 when it
** passes, what came kept; -t 0 says whether input waits), -s accepted.
** What follows the line stays for the next reader, as bash does: a file
** that can seek is read a block at a time and its offset set back past
** the line (one kernel call a byte made `while read` 50x slower than
** bash's), anything else one byte at a time. */
#include "sh.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <termios.h>
#include <time.h>

#include <stdlib.h>
#include <string.h>

static bool is_ifs_ws(const char *ifs, char c) { return (c == ' ' || c == '\t' || c == '\n') && strchr(ifs, c); }

typedef struct input {
  int fd;
  bool block;     /* a seekable file: buf holds what was read from base */
  int64_t base;
  char buf[4096];
  size_t pos, len;
  double deadline; /* -t: monotonic seconds, 0 none */
  bool timed_out;
  bool interrupted; /* ^C at a prompt (the shell's own SIGINT) */
} input;

static double mono(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void in_open(input *in, int fd, double timeout)
{
  memset(in, 0, sizeof *in);
  in->fd = fd;
  in->deadline = timeout > 0 ? mono() + timeout : 0;
  /* a pipe, socket or terminal cannot seek (ESPIPE) */
  int64_t off = acs_sys_lseek(fd, 0, SEEK_CUR);
  if (off >= 0) {
    in->block = true;
    in->base = off;
  }
}

/* false when the deadline passed first or ^C came (only a pipe or
** terminal can make a reader wait). A shell with job control takes
** SIGINT itself: a read it is blocked in ends then, as bash's, rather
** than the read being retried until a line comes. */
static bool in_wait(input *in)
{
  bool watch = sh.monitor;
  if (!in->deadline && !watch) return true;
  int h = acs_sys_direct_fd(in->fd);
  if (h < 0) return true;
  for (;;) {
    int ms = -1;
    if (in->deadline) {
      double left = in->deadline - mono();
      if (left <= 0) {
        in->timed_out = true;
        return false;
      }
      ms = (int)(left * 1000) + 1;
    }
    if (watch && jc_interrupted()) {
      in->interrupted = true;
      return false;
    }
    struct pollfd pf = {.fd = h, .events = POLLIN};
    int k = poll(&pf, 1, ms);
    if (k > 0) return true;
    if (k < 0 && errno != EINTR) return true;
  }
}

/* the next byte, or -1 at the end (or the deadline: timed_out) */
static int in_getc(input *in)
{
  if (in->block) {
    if (in->pos == in->len) {
      in->base += (int64_t)in->len;
      in->pos = in->len = 0;
      ssize_t n = acs_sys_pread(in->fd, in->buf, sizeof in->buf, in->base);
      if (n <= 0) return -1;
      in->len = (size_t)n;
    }
    return (unsigned char)in->buf[in->pos++];
  }
  if (!in_wait(in)) return -1;
  char c;
  return acs_sys_read(in->fd, &c, 1) == 1 ? (unsigned char)c : -1;
}

/* the file's offset just past what was used */
static void in_close(input *in)
{
  if (in->block) acs_sys_lseek(in->fd, in->base + (int64_t)in->pos, SEEK_SET);
}

/* -t's argument: seconds, a fraction allowed */
static bool parse_timeout(const char *v, double *out)
{
  char *end;
  if (!*v || strchr(v, '-') || strspn(v, "0123456789.") != strlen(v)) return false;
  *out = strtod(v, &end);
  return !*end;
}

int bi_read(int argc, char **argv)
{
  bool raw = false;
  int fd = 0;
  long nmax = -1;
  bool exact = false;
  const char *arr = NULL;
  char delim = '\n';
  double timeout = 0;
  bool timed = false, silent = false;
  const char *prompt = NULL;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *p = argv[i] + 1; *p; p++) {
      char o = *p;
      if (o == 'r') raw = true;
      else if (o == 's') silent = true;
      else if (o == 'd' || o == 'n' || o == 'N' || o == 'p' || o == 't' || o == 'u' || o == 'a') {
        const char *v = p[1] ? p + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!v) {
          sh_error("read: -%c: option requires an argument", o);
          return 2;
        }
        if (o == 'd') delim = v[0];
        else if (o == 'a') arr = v;
        else if (o == 'n' || o == 'N') {
          char *end;
          nmax = strtol(v, &end, 10);
          if (*end || !*v || nmax < 0) {
            sh_error("read: %s: invalid number", v);
            return 1;
          }
          exact = o == 'N';
        }
        else if (o == 'u') {
          char *end;
          long u = strtol(v, &end, 10);
          if (*end || !*v || u < 0 || u > 1023) {
            sh_error("read: %s: invalid file descriptor specification", v);
            return 1;
          }
          fd = (int)u;
        } else if (o == 't') {
          if (!parse_timeout(v, &timeout)) {
            sh_error("read: %s: invalid timeout specification", v);
            return 1;
          }
          timed = true;
        }
        else if (o == 'p') prompt = v;
        break;
      } else {
        sh_error("read: -%c: invalid option", o);
        sh_usage("read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] "
                 "[-t timeout] [-u fd] [name ...]\n");
        return 2;
      }
    }
  }
  for (int k = i; k < argc; k++)
    if (!is_name(argv[k], strlen(argv[k]))) {
      sh_error("read: `%s': not a valid identifier", argv[k]);
      return 1;
    }
  if (timed && timeout == 0) {
    /* -t 0: whether input waits, nothing read */
    int h = acs_sys_direct_fd(fd);
    struct pollfd pf = {.fd = h, .events = POLLIN};
    acs__sys_stat st;
    if (h >= 0) return poll(&pf, 1, 0) > 0 ? 0 : 1;
    return acs_sys_fstat(fd, &st) == 0 ? 0 : 1;
  }
  /* on a terminal (only there, as bash's): the prompt; -s without echo,
  ** -n/-N a key at a time, the terminal's modes put back after */
  bool tty = acs_sys_isatty(fd);
  struct termios saved;
  bool restore = false;
  if (tty && prompt) {
    out_flush();
    sh_write(2, prompt, strlen(prompt));
  }
  if (tty && (silent || nmax >= 0) && acs_sys_tcgetattr(fd, &saved) == 0) {
    struct termios t = saved;
    if (silent) t.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
    if (nmax >= 0) {
      t.c_lflag &= ~(tcflag_t)ICANON;
      t.c_cc[VMIN] = 1;
      t.c_cc[VTIME] = 0;
    }
    restore = acs_sys_tcsetattr(fd, TCSANOW, &t) == 0;
  }
  /* the line, with a flag per byte: escaped by a backslash */
  sbuf line = {0}, esc = {0};
  bool eof = false;
  input *in = xmalloc(sizeof *in);
  in_open(in, fd, timeout);
  for (;;) {
    if (nmax >= 0 && (long)line.len >= nmax) break;
    int ch = in_getc(in);
    if (ch < 0) {
      eof = true;
      break;
    }
    char c = (char)ch;
    if (c == delim && !exact) break;
    if (!raw && c == '\\' && !exact) {
      ch = in_getc(in);
      if (ch < 0) {
        eof = true;
        break;
      }
      c = (char)ch;
      if (c == '\n') continue; /* line continuation */
      sb_addc(&line, c);
      sb_addc(&esc, '1');
      continue;
    }
    if (c == 0) continue;
    sb_addc(&line, c);
    sb_addc(&esc, '0');
  }
  in_close(in);
  bool timed_out = in->timed_out, interrupted = in->interrupted;
  free(in);
  if (restore) acs_sys_tcsetattr(fd, TCSANOW, &saved);
  if (interrupted) { /* ^C: nothing assigned, 128 + SIGINT */
    sb_free(&line), sb_free(&esc);
    return 130;
  }
  const char *ifsv = var_get("IFS");
  const char *ifs = ifsv ? ifsv : " \t\n";
  const char *s = line.s ? line.s : "";
  const char *e = esc.s ? esc.s : "";
  size_t len = line.len, pos = 0;
  int nvars = argc - i;
  if (arr && !is_name(arr, strlen(arr))) {
    sh_error("read: `%s': not a valid identifier", arr);
    sb_free(&line), sb_free(&esc);
    return 1;
  }
  bool failed = false; /* a readonly variable: said, and status 1 */
  if (exact) { /* -N: the bytes as they came, into one variable; the others empty */
    failed |= var_set(nvars ? argv[i] : arr ? arr : "REPLY", s, 0) < 0;
    for (int v = 1; v < nvars; v++) failed |= var_set(argv[i + v], "", 0) < 0;
    sb_free(&line), sb_free(&esc);
    return timed_out ? 142 : eof || failed ? 1 : 0;
  }
  if (arr) nvars = 0;
  if (nvars == 0 && !arr) {
    /* REPLY: the whole line, nothing stripped */
    failed |= var_set("REPLY", s, 0) < 0;
  }
#define SEP(k) (e[k] == '0' && s[k] && strchr(ifs, s[k]))
  /* leading IFS white space is skipped */
  while (pos < len && SEP(pos) && is_ifs_ws(ifs, s[pos])) pos++;
  for (int v = 0; v < nvars; v++) {
    sbuf val = {0};
    if (v == nvars - 1) {
      /* bash: when what is left is one field and its delimiter, the field;
      ** else the rest, without trailing IFS white space ("b:" gives b,
      ** "b::" gives b::) */
      size_t f = pos;
      while (f < len && !SEP(f)) f++;
      size_t after = f;
      while (after < len && SEP(after) && is_ifs_ws(ifs, s[after])) after++;
      if (after < len && SEP(after) && !is_ifs_ws(ifs, s[after])) {
        after++;
        while (after < len && SEP(after) && is_ifs_ws(ifs, s[after])) after++;
      }
      size_t end = len;
      if (after >= len) end = f;
      else
        while (end > pos && SEP(end - 1) && is_ifs_ws(ifs, s[end - 1])) end--;
      sb_add(&val, s + pos, end - pos);
      pos = len;
    } else {
      while (pos < len && !SEP(pos)) sb_addc(&val, s[pos++]);
      /* the separator: white space around one non-white character */
      while (pos < len && SEP(pos) && is_ifs_ws(ifs, s[pos])) pos++;
      if (pos < len && SEP(pos) && !is_ifs_ws(ifs, s[pos])) {
        pos++;
        while (pos < len && SEP(pos) && is_ifs_ws(ifs, s[pos])) pos++;
      }
    }
    failed |= var_set(argv[i + v], val.s ? val.s : "", 0) < 0;
    sb_free(&val);
  }
  if (arr) { /* every field, none taking the rest */
    var_unset(arr);
    array *a = var_make_array(arr, false);
    long k = 0;
    while (a && pos < len) {
      sbuf val = {0};
      while (pos < len && !SEP(pos)) sb_addc(&val, s[pos++]);
      while (pos < len && SEP(pos) && is_ifs_ws(ifs, s[pos])) pos++;
      if (pos < len && SEP(pos) && !is_ifs_ws(ifs, s[pos])) {
        pos++;
        while (pos < len && SEP(pos) && is_ifs_ws(ifs, s[pos])) pos++;
      }
      arr_seti(a, k++, val.s ? val.s : "");
      sb_free(&val);
    }
  }
#undef SEP
  sb_free(&line);
  sb_free(&esc);
  /* bash: a timeout is 128 + SIGALRM, what came before it assigned */
  if (timed_out) return 142;
  return eof || failed ? 1 : 0;
}
