/* tail.c - output the last part of files.
**
** Usage: tail [OPTION]... [FILE]...
** Print the last 10 lines of each FILE to standard output.
** With more than one FILE, precede each with a header giving the file name.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -c, --bytes=[+]NUM       output the last NUM bytes; or use -c +NUM to
**                              output starting with byte NUM of each file
**   -f, --follow[={name|descriptor}]
**                            output appended data as the file grows;
**                              an absent option argument means 'descriptor'
**   -F                       same as --follow=name --retry
**   -n, --lines=[+]NUM       output the last NUM lines, instead of the last 10;
**                              or use -n +NUM to output starting with line NUM
**       --max-unchanged-stats=N
**                            (accepted; this tail checks every file each time)
**       --pid=PID            with -f, terminate after process ID, PID dies
**   -q, --quiet, --silent    never output headers giving file names
**       --retry              keep trying to open a file if it is inaccessible
**   -s, --sleep-interval=N   with -f, sleep for approximately N seconds
**                              (default 1.0) between iterations
**   -v, --verbose            always output headers giving file names
**   -z, --zero-terminated    line delimiter is NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
**
** NUM may have a multiplier suffix:
** b 512, kB 1000, K 1024, MB 1000*1000, M 1024*1024,
** GB 1000*1000*1000, G 1024*1024*1024, and so on for T, P, E, Z, Y.
** Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
*/

/* GNU coreutils' tail with its obsolete forms (tail -3, tail +2, tail
** -3c, tail -f as the one option before one file). The last N lines are
** found from the end of a large regular file (pread backwards, so a big
** log is not read whole), else in a window that trails the input and is
** trimmed now and then, so the memory is about the size of what gets
** printed. -f polls: every
** interval it checks each file's size (truncation starts it over, as GNU
** reports it) and copies what was appended; --follow=name also stats the
** name to notice a file replaced, removed or created. It runs until it is
** killed (SIGTERM and SIGINT keep their default action) or --pid dies.
** Pipes are not followed, as with GNU. */
#include "cmd.h"
#include "lib_text.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

typedef struct opts {
  bool bytes, from_start;
  int64_t count;
  int delim;
  int follow; /* 0 no, 1 descriptor, 2 name */
  bool retry;
  double sleep;
  long pid;
} opts;

typedef struct tfile {
  const char *arg, *name; /* as given; for headers and messages */
  int fd;                 /* -1 when not open */
  bool is_stdin, regular, pipe;
  int64_t pos;
  uint64_t ino, dev;
  bool gone_reported;
} tfile;

static int copy_rest(acs_cmd *c, cmd_in *in, int64_t *total)
{
  unsigned char buf[16384];
  for (;;) {
    ssize_t n = cmd_in_read(in, buf, sizeof buf);
    if (n <= 0) return (int)n;
    *total += n;
    cmd_out(c, buf, (size_t)n);
    if (cmd_out_error(c)) return 0;
  }
}

/* where the last n records of buf start */
static size_t last_records(const char *buf, size_t len, int64_t n, int delim)
{
  if (n <= 0) return len;
  size_t i = len;
  if (i && (unsigned char)buf[i - 1] == (unsigned char)delim) i--;
  for (; i > 0; i--)
    if ((unsigned char)buf[i - 1] == (unsigned char)delim && --n == 0) return i;
  return 0;
}

static int tail_end(acs_cmd *c, cmd_in *in, const opts *o, int64_t *total)
{
  text_buf win = {0};
  unsigned char buf[16384];
  size_t trim_at = 1 << 20;
  int rc = 0;
  for (;;) {
    ssize_t n = cmd_in_read(in, buf, sizeof buf);
    if (n < 0) rc = (int)n;
    if (n <= 0) break;
    *total += n;
    if (!text_buf_add(&win, buf, (size_t)n)) {
      rc = -ENOMEM;
      break;
    }
    size_t drop = 0;
    if (o->bytes) {
      if ((int64_t)win.len > o->count && win.len > 65536) drop = win.len - (size_t)o->count;
    } else if (win.len >= trim_at) {
      drop = last_records(win.data, win.len, o->count, o->delim);
      trim_at = 2 * (win.len - drop) > (1 << 20) ? 2 * (win.len - drop) : (1 << 20);
    }
    if (drop) {
      memmove(win.data, win.data + drop, win.len - drop);
      win.len -= drop;
    }
  }
  size_t start;
  if (o->bytes) start = (int64_t)win.len > o->count ? win.len - (size_t)o->count : 0;
  else start = last_records(win.data, win.len, o->count, o->delim);
  if (win.data) cmd_out(c, win.data + start, win.len - start);
  free(win.data);
  return rc;
}

/* the last part of a regular file of size bytes: found from its end with
** pread, so a large log is not read whole; then copied from there */
static int tail_end_seek(acs_cmd *c, cmd_in *in, const opts *o, int64_t size, int64_t *total)
{
  int64_t start = 0;
  if (o->bytes) {
    start = size > o->count ? size - o->count : 0;
  } else if (o->count == 0) {
    start = size;
  } else {
    static unsigned char buf[65536];
    int64_t left = o->count, end = size;
    bool last_byte = true;
    while (end > 0 && start == 0) {
      int64_t from = end > (int64_t)sizeof buf ? end - (int64_t)sizeof buf : 0;
      ssize_t r = acs_sys_pread(in->fd, buf, (size_t)(end - from), from);
      if (r < 0) return (int)r;
      if (r != end - from) return tail_end(c, in, o, total); /* the file moved under us */
      for (int64_t i = r; i-- > 0;) {
        if (last_byte) { /* a delimiter that ends the file ends no line of its own */
          last_byte = false;
          if (buf[i] == (unsigned char)o->delim) continue;
        }
        if (buf[i] == (unsigned char)o->delim && --left == 0) {
          start = from + i + 1;
          break;
        }
      }
      end = from;
    }
  }
  if (acs_sys_lseek(in->fd, start, SEEK_SET) < 0) return tail_end(c, in, o, total);
  *total = start;
  return copy_rest(c, in, total);
}

static int tail_start(acs_cmd *c, cmd_in *in, const opts *o, int64_t *total)
{
  int64_t skip = o->count > 0 ? o->count - 1 : 0;
  unsigned char buf[16384];
  while (skip > 0) {
    ssize_t n = cmd_in_read(in, buf, sizeof buf);
    if (n <= 0) return (int)n;
    *total += n;
    size_t from = (size_t)n;
    if (o->bytes) {
      if (n > skip) from = (size_t)skip;
      skip -= (int64_t)from;
    } else {
      for (size_t i = 0; i < (size_t)n; i++)
        if (buf[i] == o->delim && --skip == 0) {
          from = i + 1;
          break;
        }
    }
    cmd_out(c, buf + from, (size_t)n - from);
  }
  return copy_rest(c, in, total);
}

static void header(acs_cmd *c, const char *name, bool *first)
{
  cmd_printf(c, "%s==> %s <==\n", *first ? "" : "\n", name);
  *first = false;
}

static void sleep_for(double s)
{
  if (s < 0.001) s = 0.001;
  struct timespec ts = {(time_t)s, (long)((s - floor(s)) * 1e9)};
  nanosleep(&ts, NULL);
}

/* --follow=name: notice a file removed, replaced or created again */
static void recheck_name(acs_cmd *c, tfile *f, const opts *o)
{
  char q[1024];
  acs__sys_stat st;
  int rc = acs_sys_stat(f->arg, &st);
  if (rc < 0) {
    if (f->fd >= 0 || !f->gone_reported) {
      cmd_error(c, "%s has become inaccessible: %s", cmd_quote(f->name, q, sizeof q), cmd_strerror(rc));
      f->gone_reported = true;
    }
    if (f->fd >= 0) acs_sys_close(f->fd);
    f->fd = -1;
    return;
  }
  if (f->fd >= 0 && st.ino == f->ino && st.dev == f->dev) return;
  bool was_open = f->fd >= 0;
  if (was_open) acs_sys_close(f->fd);
  f->fd = acs_sys_open(f->arg, O_RDONLY, 0);
  if (f->fd < 0) return;
  cmd_error(c, "%s has %s;  following new file", cmd_quote(f->name, q, sizeof q),
            was_open ? "been replaced" : "appeared");
  f->ino = st.ino;
  f->dev = st.dev;
  f->pos = 0;
  f->regular = S_ISREG(st.mode);
  f->gone_reported = false;
  (void)o;
}

static int follow(acs_cmd *c, tfile *files, int n, const opts *o, bool show, int last_shown)
{
  unsigned char buf[16384];
  bool first = false;
  int followable = 0;
  for (int i = 0; i < n; i++) followable += !files[i].pipe;
  if (!followable) return 0;
  for (;;) {
    bool any = false, news = false;
    for (int i = 0; i < n; i++) {
      tfile *f = &files[i];
      if (o->follow == 2 && !f->is_stdin) recheck_name(c, f, o);
      if (f->fd < 0 || f->pipe) continue;
      any = true;
      acs__sys_stat st;
      if (f->regular && acs_sys_fstat(f->fd, &st) == 0) {
        if ((int64_t)st.size < f->pos) {
          char q[1024];
          cmd_error(c, "%s: file truncated", cmd_quotef(f->name, q, sizeof q));
          acs_sys_lseek(f->fd, 0, SEEK_SET);
          f->pos = 0;
        }
        if ((int64_t)st.size == f->pos) continue;
      }
      for (;;) {
        ssize_t r = acs_sys_read(f->fd, buf, sizeof buf);
        if (r <= 0) break;
        if (show && last_shown != i) header(c, f->name, &first);
        last_shown = i;
        f->pos += r;
        cmd_out(c, buf, (size_t)r);
        news = true;
      }
    }
    if (!cmd_flush(c)) return 1;
    if (!any && !o->retry) {
      cmd_error(c, "no files remaining");
      return 1;
    }
    if (o->pid > 0 && acs_sys_kill((int)o->pid, 0) == -ESRCH) return 0;
    if (!news) sleep_for(o->sleep);
  }
}

static bool parse_count(acs_cmd *c, const char *arg, bool bytes, opts *o)
{
  o->bytes = bytes;
  o->from_start = false;
  const char *s = arg;
  if (*s == '+') {
    o->from_start = true;
    s++;
  } else if (*s == '-') {
    s++;
  }
  int64_t v;
  if (!isdigit((unsigned char)*s) || !cmd_parse_num(s, true, &v)) {
    int big = isdigit((unsigned char)*s) ? text_num_too_big(s) : 0;
    if (big == 1) {
      o->count = INT64_MAX;
      return true;
    }
    cmd_error(c, "invalid number of %s: '%s'%s", bytes ? "bytes" : "lines", arg,
              big ? ": Value too large for defined data type" : "");
    return false;
  }
  o->count = v;
  return true;
}

/* tail's obsolete usage: one option argument (-N[bcl][f] or +N...) and at
** most one file, as GNU's parse_obsolete_option decides */
static int obsolete(acs_cmd *c, int argc, char **argv, opts *o)
{
  if (!(argc == 2 || (argc == 3 && !(argv[2][0] == '-' && argv[2][1])) ||
        (argc >= 3 && argc <= 4 && !strcmp(argv[2], "--"))))
    return 0;
  const char *p = argv[1];
  if (*p == '+') o->from_start = true;
  else if (*p == '-') {
    if (!p[1 + (p[1] == 'c')]) return 0;
    o->from_start = false;
  } else {
    return 0;
  }
  p++;
  const char *digits = p;
  while (isdigit((unsigned char)*p)) p++;
  size_t nd = (size_t)(p - digits);
  int64_t def = 10, mult = 1;
  bool bytes = false;
  if (*p == 'b') {
    def *= 512;
    mult = 512;
    bytes = true;
    p++;
  } else if (*p == 'c') {
    bytes = true;
    p++;
  } else if (*p == 'l') {
    p++;
  }
  bool forever = false;
  if (*p == 'f') {
    forever = true;
    p++;
  }
  if (*p) return 0;
  int64_t v = def;
  if (nd) {
    char num[32];
    if (nd >= sizeof num) {
      v = INT64_MAX;
    } else {
      memcpy(num, digits, nd);
      num[nd] = 0;
      if (!cmd_parse_num(num, false, &v)) v = INT64_MAX;
      v = v > INT64_MAX / mult ? INT64_MAX : v * mult;
    }
  }
  o->count = v;
  o->bytes = bytes;
  if (forever) o->follow = 1;
  (void)c;
  return 1;
}

int acs__cmd_tail(acs_cmd *c, int argc, char **argv)
{
  c->out_what = "error writing 'standard output'"; /* GNU tail's words */
  enum { RETRY = 256, PID, STATS, FOLLOW };
  static const cmd_opt longs[] = {{"bytes", 'c', CMD_ARG},        {"lines", 'n', CMD_ARG},
                                  {"follow", FOLLOW, CMD_OPTARG}, {"retry", RETRY, CMD_NOARG},
                                  {"pid", PID, CMD_ARG},          {"max-unchanged-stats", STATS, CMD_ARG},
                                  {"quiet", 'q', CMD_NOARG},      {"silent", 'q', CMD_NOARG},
                                  {"sleep-interval", 's', CMD_ARG}, {"verbose", 'v', CMD_NOARG},
                                  {"zero-terminated", 'z', CMD_NOARG}, {0}};
  opts o = {.count = 10, .delim = '\n', .sleep = 1.0};
  int headers = 0;
  if (obsolete(c, argc, argv, &o)) {
    argv[1] = argv[0];
    argv++;
    argc--;
  }
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "c:n:fFqs:vz0123456789", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c':
    case 'n':
      if (!parse_count(c, g.arg, opt == 'c', &o)) return 1;
      break;
    case 'f': o.follow = 1; break;
    case FOLLOW:
      if (!g.arg || !strcmp(g.arg, "descriptor")) o.follow = 1;
      else if (!strcmp(g.arg, "name")) o.follow = 2;
      else {
        cmd_error(c, "invalid argument '%s' for '--follow'", g.arg);
        cmd_usage_error(c, "Valid arguments are:\n  - 'descriptor'\n  - 'name'");
        return 1;
      }
      break;
    case 'F':
      o.follow = 2;
      o.retry = true;
      break;
    case RETRY: o.retry = true; break;
    case PID: {
      int64_t v;
      if (!cmd_parse_num(g.arg, false, &v) || v < 0) {
        cmd_error(c, "invalid PID: '%s'", g.arg);
        return 1;
      }
      o.pid = (long)v;
      break;
    }
    case STATS: break;
    case 'q': headers = -1; break;
    case 's': {
      char *end;
      double v = strtod(g.arg, &end);
      if (end == g.arg || *end || v < 0 || isnan(v)) {
        cmd_error(c, "invalid number of seconds: '%s'", g.arg);
        return 1;
      }
      o.sleep = v;
      break;
    }
    case 'v': headers = 1; break;
    case 'z': o.delim = 0; break;
    default: cmd_error(c, "option used in invalid context -- %c", opt); return 1;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  static char *dash[] = {"-"};
  char **names = cmd_operands(&g);
  int n = g.nops, status = 0;
  if (n == 0) {
    names = dash;
    n = 1;
  }
  tfile *files = calloc((size_t)n, sizeof *files);
  cmd_in *in = cmd_in_new();
  if (!files || !in) {
    free(files);
    cmd_in_free(in);
    cmd_error(c, "memory exhausted");
    return 1;
  }
  bool show = headers == 1 || (headers == 0 && n > 1), first = true;
  int last_shown = -1;
  for (int i = 0; i < n && !cmd_out_error(c); i++) {
    tfile *f = &files[i];
    f->arg = names[i];
    f->is_stdin = !strcmp(names[i], "-");
    f->name = f->is_stdin ? "standard input" : names[i];
    f->fd = -1;
    char q[1024];
    int fd = f->is_stdin ? 0 : acs_sys_open(names[i], O_RDONLY, 0);
    if (fd < 0) {
      cmd_error(c, "cannot open %s for reading: %s", cmd_quote(names[i], q, sizeof q), cmd_strerror(fd));
      f->gone_reported = true;
      status = 1;
      continue;
    }
    acs__sys_stat st;
    if (acs_sys_fstat(fd, &st) == 0) {
      f->regular = S_ISREG(st.mode);
      f->pipe = S_ISFIFO(st.mode) || S_ISSOCK(st.mode);
      f->ino = st.ino;
      f->dev = st.dev;
    } else {
      f->pipe = f->is_stdin;
    }
    cmd_in_fd(in, fd);
    if (show) header(c, f->name, &first);
    last_shown = i;
    int64_t total = 0;
    int rc;
    if (o.from_start) rc = tail_start(c, in, &o, &total);
    else if (f->regular && (int64_t)st.size > 65536) rc = tail_end_seek(c, in, &o, (int64_t)st.size, &total);
    else rc = tail_end(c, in, &o, &total);
    if (rc < 0) {
      cmd_error(c, "error reading %s: %s", cmd_quote(f->name, q, sizeof q), cmd_strerror(rc));
      status = 1;
      if (!f->is_stdin) acs_sys_close(fd);
      continue;
    }
    f->pos = total;
    f->fd = fd;
  }
  cmd_in_free(in);
  if (o.follow && !cmd_out_error(c)) {
    if (o.follow == 2 && !o.retry) {
      /* GNU stops following names it could not open unless --retry */
    }
    status |= follow(c, files, n, &o, show, last_shown);
  }
  for (int i = 0; i < n; i++)
    if (files[i].fd > 0) acs_sys_close(files[i].fd);
  free(files);
  return status;
}
