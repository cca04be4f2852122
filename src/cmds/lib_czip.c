/* lib_czip.c - the file handling of gzip, bzip2, xz and zstd. */

/* One driver, four dialects: the tools agree on what they do to files
** (NAME.SUF beside NAME with NAME's mode, owner and times, NAME removed
** unless kept, nothing left behind on failure, no compressed data to a
** terminal) and differ in their words and statuses, which say() and the
** tables below keep apart. gzip and xz: 1 for an error, 2 for a warning
** (an error is never lowered to a warning); bzip2: the highest seen, 2 for
** bad data; zstd: 1. Data is streamed through 64 KiB buffers. */
#include "lib_czip.h"

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>

#define BUFSZ 65536

typedef struct job {
  acs_cmd *c;
  const czip_opts *o;
  int status;
  uint64_t in_bytes, out_bytes;
  uint64_t overhead; /* gzip's header and trailer, left out of its ratios */
  int64_t hdr_mtime; /* gzip -dN: the mtime the header holds */
  uint64_t t_in, t_out; /* gzip -l totals */
  int listed;
  int nfiles;
  unsigned char *in, *out; /* BUFSZ each */
} job;

/* What can go wrong with one file, worded per tool by problem(). */
enum {
  P_OPEN, P_DIR, P_EXISTS, P_HAS_SUFFIX, P_UNKNOWN_SUFFIX, P_FORMAT, P_TRUNC, P_CORRUPT, P_TRAILING,
  P_TTY_OUT, P_TTY_IN, P_NOT_REGULAR, P_WRITE, P_MEM
};

static const char *tool(const job *j)
{
  static const char *const n[] = {"gzip", "bzip2", "xz", "zstd"};
  return j->o->kind == CODEC_GZIP || j->o->kind == CODEC_ZSTD ? n[j->o->kind] : j->c->name;
}

static void say(job *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(job *j, const char *fmt, ...)
{
  char b[4096];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n >= sizeof b) n = sizeof b - 1;
  /* bzip2 writes its output through stdio, so its messages come before
  ** what is still buffered; the others write as they go */
  if (j->o->kind != CODEC_BZIP2) cmd_flush(j->c);
  acs_sys_write_all(2, b, (size_t)n);
}

static void set_status(job *j, int v)
{
  if (j->o->kind == CODEC_BZIP2) {
    if (v > j->status) j->status = v;
  } else if (v == 1 || (v == 2 && j->status == 0)) {
    j->status = v;
  }
}

static const char *stdin_name(const job *j)
{
  static const char *const n[] = {"stdin", "(stdin)", "(stdin)", "/*stdin*\\"};
  return n[j->o->kind];
}

/* Reports problem p about name (out: the output's name, err: an errno or
** a library's words) and sets the status. */
static void problem(job *j, int p, const char *name, const char *out, const char *why)
{
  const char *t = tool(j);
  bool q = j->o->quiet;
  switch (j->o->kind) {
  case CODEC_GZIP:
    switch (p) {
    case P_OPEN: say(j, "%s: %s: %s\n", t, name, why); set_status(j, 1); return;
    case P_DIR: if (!q) say(j, "%s: %s is a directory -- ignored\n", t, name); set_status(j, 2); return;
    case P_EXISTS: say(j, "%s: %s already exists;\tnot overwritten\n", t, out); set_status(j, 2); return;
    case P_HAS_SUFFIX: /* gzip 1.12 leaves the status as it was */
      if (!q) say(j, "%s: %s already has %s suffix -- unchanged\n", t, name, j->o->suffix);
      return;
    case P_UNKNOWN_SUFFIX:
      if (!q) say(j, "%s: %s: unknown suffix -- ignored\n", t, name), set_status(j, 2);
      return;
    case P_FORMAT: say(j, "\n%s: %s: not in gzip format\n", t, name); set_status(j, 1); return;
    case P_TRUNC: say(j, "\n%s: %s: unexpected end of file\n", t, name); set_status(j, 1); return;
    case P_CORRUPT:
      say(j, "\n%s: %s: invalid compressed data--%s\n", t, name,
          why && strstr(why, "check") ? "crc error" : "format violated");
      set_status(j, 1);
      return;
    case P_TRAILING:
      if (!q) say(j, "\n%s: %s: decompression OK, trailing garbage ignored\n", t, name);
      set_status(j, 2);
      return;
    case P_TTY_OUT:
      say(j, "%s: compressed data not written to a terminal. Use -f to force compression.\n"
             "For help, type: %s -h\n", t, t);
      set_status(j, 1);
      return;
    case P_TTY_IN:
      say(j, "%s: compressed data not read from a terminal. Use -f to force decompression.\n"
             "For help, type: %s -h\n", t, t);
      set_status(j, 1);
      return;
    case P_NOT_REGULAR:
      if (!q) say(j, "%s: %s is not a directory or a regular file - ignored\n", t, name);
      set_status(j, 2);
      return;
    }
    break;
  case CODEC_BZIP2:
    switch (p) {
    case P_OPEN: say(j, "%s: Can't open input file %s: %s.\n", t, name, why); set_status(j, 1); return;
    case P_DIR: say(j, "%s: Input file %s is a directory.\n", t, name); set_status(j, 1); return;
    case P_EXISTS: say(j, "%s: Output file %s already exists.\n", t, out); set_status(j, 1); return;
    case P_HAS_SUFFIX:
      if (!q) say(j, "%s: Input file %s already has %s suffix.\n", t, name, j->o->suffix);
      set_status(j, 1);
      return;
    case P_UNKNOWN_SUFFIX:
      if (!q) say(j, "%s: Can't guess original name for %s -- using %s\n", t, name, out);
      return;
    case P_FORMAT: say(j, "%s: %s is not a bzip2 file.\n", t, name); set_status(j, 2); return;
    case P_TRUNC:
      if (j->o->test) {
        say(j, "%s: %s: file ends unexpectedly\n\nYou can use the `bzip2recover' program to attempt to "
               "recover\ndata from undamaged sections of corrupted files.\n\n", t, name);
      } else {
        say(j, "\n%s: Compressed file ends unexpectedly;\n\tperhaps it is corrupted?  *Possible* reason "
               "follows.\n%s: Success\n\tInput file = %s, output file = %s\n\nIt is possible that the "
               "compressed file(s) have become corrupted.\nYou can use the -tvv option to test integrity "
               "of such files.\n\nYou can use the `bzip2recover' program to attempt to recover\ndata from "
               "undamaged sections of corrupted files.\n\n", t, t, name, out);
      }
      set_status(j, 2);
      return;
    case P_CORRUPT:
      say(j, "\n%s: Data integrity error when decompressing.\n\tInput file = %s, output file = %s\n\nIt "
             "is possible that the compressed file(s) have become corrupted.\nYou can use the -tvv "
             "option to test integrity of such files.\n\nYou can use the `bzip2recover' program to "
             "attempt to recover\ndata from undamaged sections of corrupted files.\n\n", t, name, out);
      set_status(j, 2);
      return;
    case P_TRAILING:
      if (!q) say(j, "\n%s: %s: trailing garbage after EOF ignored\n", t, name);
      return;
    case P_TTY_OUT:
      say(j, "%s: I won't write compressed data to a terminal.\n%s: For help, type: `%s --help'.\n", t, t, t);
      set_status(j, 1);
      return;
    case P_TTY_IN:
      say(j, "%s: I won't read compressed data from a terminal.\n%s: For help, type: `%s --help'.\n", t, t, t);
      set_status(j, 1);
      return;
    case P_NOT_REGULAR:
      say(j, "%s: Input file %s is not a normal file.\n", t, name);
      set_status(j, 1);
      return;
    }
    break;
  case CODEC_XZ:
    switch (p) {
    case P_OPEN: say(j, "%s: %s: %s\n", t, name, why); set_status(j, 1); return;
    case P_DIR: if (!q) say(j, "%s: %s: Is a directory, skipping\n", t, name); set_status(j, 2); return;
    case P_EXISTS: say(j, "%s: %s: File exists\n", t, out); set_status(j, 1); return;
    case P_HAS_SUFFIX:
      if (!q) say(j, "%s: %s: File already has `%s' suffix, skipping\n", t, name, j->o->suffix);
      set_status(j, 2);
      return;
    case P_UNKNOWN_SUFFIX:
      if (!q) say(j, "%s: %s: Filename has an unknown suffix, skipping\n", t, name);
      set_status(j, 2);
      return;
    case P_FORMAT: say(j, "%s: %s: File format not recognized\n", t, name); set_status(j, 1); return;
    case P_TRUNC: say(j, "%s: %s: Unexpected end of input\n", t, name); set_status(j, 1); return;
    case P_TRAILING:
    case P_CORRUPT: say(j, "%s: %s: %s\n", t, name, why ? why : "Compressed data is corrupt"); set_status(j, 1); return;
    case P_TTY_OUT: say(j, "%s: Compressed data cannot be written to a terminal\n", t); set_status(j, 1); return;
    case P_TTY_IN: say(j, "%s: Compressed data cannot be read from a terminal\n", t); set_status(j, 1); return;
    case P_NOT_REGULAR:
      if (!q) say(j, "%s: %s: Not a regular file, skipping\n", t, name);
      set_status(j, 2);
      return;
    }
    break;
  case CODEC_ZSTD:
    switch (p) {
    case P_OPEN: say(j, "%s: can't stat %s : %s -- ignored \n", t, name, why); break;
    case P_DIR: say(j, "%s: %s is a directory -- ignored \n", t, name); break;
    case P_EXISTS: say(j, "%s: %s already exists; not overwritten  \n", t, out); break;
    case P_HAS_SUFFIX: break; /* zstd compresses a.zst to a.zst.zst */
    case P_UNKNOWN_SUFFIX:
      say(j, "%s: %s: unknown suffix (.zst/.tzst/.gz/.tgz/.lzma/.xz/.txz/.lz4/.tlz4 expected). Can't "
             "derive the output file name. Specify it with -o dstFileName. Ignoring.\n", t, name);
      break;
    case P_FORMAT:
    case P_TRAILING: say(j, "%s: %s: unsupported format \n", t, name); break;
    case P_TRUNC: say(j, "%s: %s: unexpected end of file \n", t, name); break;
    case P_CORRUPT:
      say(j, "%s: %s: Decoding error (36) : %s \n", t, name, why ? why : "corrupted block detected");
      break;
    case P_TTY_OUT: say(j, "%s: stdout is a console, aborting \n", t); break;
    case P_TTY_IN: say(j, "%s: stdin is a console, aborting \n", t); break;
    case P_NOT_REGULAR: say(j, "%s: %s is not a regular file -- ignored \n", t, name); break;
    }
    set_status(j, 1);
    return;
  }
  /* the shared ones */
  if (p == P_WRITE) say(j, "%s: %s: %s\n", t, out, why);
  else say(j, "%s: %s: %s\n", t, name, why ? why : "Cannot allocate memory");
  set_status(j, 1);
}

bool czip_isatty(int fd)
{
  acs__sys_stat st;
  if (acs_sys_fstat(fd, &st) < 0 || !S_ISCHR(st.mode)) return false;
  unsigned maj = major((dev_t)st.rdev);
  return maj == 4 || maj == 5 || maj == 136 || maj == 128;
}

/* ---- suffixes */

typedef struct sufmap {
  const char *from, *to;
} sufmap;

static const sufmap gz_sufs[] = {{".gz", ""}, {".z", ""}, {"-gz", ""}, {"-z", ""}, {"_z", ""},
                                 {".tgz", ".tar"}, {".taz", ".tar"}, {0, 0}};
static const sufmap bz_sufs[] = {{".bz2", ""}, {".bz", ""}, {".tbz2", ".tar"}, {".tbz", ".tar"}, {0, 0}};
static const sufmap xz_sufs[] = {{".xz", ""}, {".txz", ".tar"}, {".lzma", ""}, {".tlz", ".tar"}, {0, 0}};
static const sufmap zs_sufs[] = {{".zst", ""}, {".tzst", ".tar"}, {0, 0}};

static bool ends_with(const char *s, const char *suf, bool icase)
{
  size_t n = strlen(s), k = strlen(suf);
  if (k == 0 || n <= k) return false;
  return icase ? !strcasecmp(s + n - k, suf) : !strcmp(s + n - k, suf);
}

/* The decompressed name of name, malloc'd, or NULL when its suffix is not
** one of the tool's (bzip2 then appends ".out"). */
static char *strip_suffix(const job *j, const char *name)
{
  static const sufmap *const all[] = {gz_sufs, bz_sufs, xz_sufs, zs_sufs};
  const char *base = strrchr(name, '/');
  base = base ? base + 1 : name;
  const sufmap *m = all[j->o->kind];
  bool icase = j->o->kind == CODEC_GZIP;
  size_t n = strlen(name);
  if (j->o->suffix && ends_with(base, j->o->suffix, icase)) {
    char *r = strndup(name, n - strlen(j->o->suffix));
    return r;
  }
  for (; m->from; m++) {
    if (!ends_with(base, m->from, icase)) continue;
    size_t k = strlen(m->from);
    char *r = malloc(n - k + strlen(m->to) + 1);
    if (!r) return NULL;
    memcpy(r, name, n - k);
    strcpy(r + n - k, m->to);
    return r;
  }
  return NULL;
}

/* ---- streaming */

typedef struct sink {
  job *j;
  int fd;   /* -1: discard (testing); 1 through cmd_out */
  int err;  /* the first write error */
} sink;

static void sink_put(sink *s, const void *p, size_t n)
{
  if (!n || s->err) return;
  s->j->out_bytes += n;
  if (s->fd < 0) return;
  if (s->fd == 1) {
    cmd_out(s->j->c, p, n);
    s->err = cmd_out_error(s->j->c);
    return;
  }
  s->err = acs_sys_write_all(s->fd, p, n);
}

/* Moves what is left of the input to the front and reads more after it;
** returns false at the end of the input (or on a read error in *err). */
static bool refill(job *j, int fd, size_t *pos, size_t *have, int *err)
{
  if (*pos) {
    memmove(j->in, j->in + *pos, *have - *pos);
    *have -= *pos;
    *pos = 0;
  }
  if (*have == BUFSZ) return true;
  ssize_t n = acs_sys_read(fd, j->in + *have, BUFSZ - *have);
  if (n < 0) {
    *err = (int)n;
    return false;
  }
  j->in_bytes += (uint64_t)n;
  *have += (size_t)n;
  return n > 0;
}

static int compress_fd(job *j, codec *z, int fd, sink *s, int *rerr)
{
  size_t pos = 0, have = 0;
  bool eof = false;
  for (;;) {
    if (pos == have && !eof) eof = !refill(j, fd, &pos, &have, rerr);
    if (*rerr) return P_OPEN;
    size_t il = have - pos, ol = BUFSZ;
    int r = codec_run(z, j->in + pos, &il, j->out, &ol, eof);
    pos += il;
    sink_put(s, j->out, ol);
    if (s->err) return P_WRITE;
    if (r == CODEC_END) return -1;
    if (r < 0) return P_MEM;
  }
}

/* Decompresses; returns -1 when all went well, else the problem. *copied:
** the input was passed through (gzip -cdf on data that is not gzip's). */
static int decompress_fd(job *j, codec *z, int fd, sink *s, int *rerr, const char **why)
{
  size_t pos = 0, have = 0;
  bool eof = false, first = true, looked = false;
  for (;;) {
    if (!eof && have - pos < 16) eof = !refill(j, fd, &pos, &have, rerr);
    if (*rerr) return P_OPEN;
    bool look = !looked && j->o->force && j->o->to_stdout && (eof || have - pos >= 6);
    if (look) looked = true;
    if (look && codec_sniff(j->in + pos, have - pos) != (int)j->o->kind) {
      /* gzip -cdf, bzip2 -cdf, xz -cdf: what is not compressed passes through */
      for (;;) {
        sink_put(s, j->in + pos, have - pos);
        if (s->err) return P_WRITE;
        pos = have;
        if (eof || !refill(j, fd, &pos, &have, rerr)) return *rerr ? P_OPEN : -1;
      }
    }
    size_t il = have - pos, ol = BUFSZ;
    int r = codec_run(z, j->in + pos, &il, j->out, &ol, eof);
    pos += il;
    sink_put(s, j->out, ol);
    if (s->err) return P_WRITE;
    if (r == CODEC_EFORMAT) return first ? P_FORMAT : P_TRAILING;
    if (r == CODEC_EMEM) return P_MEM;
    if (r == CODEC_ECORRUPT) {
      *why = codec_message(z);
      if (j->o->kind == CODEC_XZ && *why && !strcmp(*why, "Unexpected end of input")) return P_TRUNC;
      return eof && il == 0 && ol == 0 ? P_TRUNC : P_CORRUPT;
    }
    if (r == CODEC_END) {
      if (j->o->kind == CODEC_XZ) return -1;
      first = false;
      if (pos == have && !eof) eof = !refill(j, fd, &pos, &have, rerr);
      if (*rerr) return P_OPEN;
      if (pos == have) return -1;
      if (codec_sniff(j->in + pos, have - pos) != (int)j->o->kind) {
        if (j->o->kind == CODEC_GZIP) {
          /* gzip ignores zeros after the last member (tape padding) */
          bool zeros = true;
          while (zeros) {
            for (size_t i = pos; i < have; i++)
              if (j->in[i]) zeros = false;
            if (!zeros) break;
            pos = have;
            if (eof || !refill(j, fd, &pos, &have, rerr)) return *rerr ? P_OPEN : -1;
          }
        }
        return P_TRAILING;
      }
      if (codec_reset(z) < 0) return P_MEM;
      continue;
    }
    if (il == 0 && ol == 0) {
      if (eof) return P_TRUNC;
      if (have - pos == BUFSZ) return P_CORRUPT;
      eof = !refill(j, fd, &pos, &have, rerr);
      if (*rerr) return P_OPEN;
    }
  }
}

/* ---- gzip's header, read ahead for -l and -N */

typedef struct gzhead {
  unsigned char flags, method;
  uint32_t mtime;
  uint64_t len; /* the header's bytes */
  char name[1024];
} gzhead;

static bool gz_head(int fd, gzhead *g)
{
  unsigned char h[10];
  memset(g, 0, sizeof *g);
  if (acs_sys_pread(fd, h, sizeof h, 0) != (ssize_t)sizeof h || h[0] != 0x1f || h[1] != 0x8b) return false;
  g->method = h[2];
  g->flags = h[3];
  g->mtime = (uint32_t)h[4] | (uint32_t)h[5] << 8 | (uint32_t)h[6] << 16 | (uint32_t)h[7] << 24;
  int64_t off = 10;
  if (h[3] & 4) {
    unsigned char x[2];
    if (acs_sys_pread(fd, x, 2, off) == 2) off += 2 + (x[0] | x[1] << 8);
  }
  for (int bit = 8; bit <= 16; bit <<= 1) {
    if (!(h[3] & bit)) continue;
    unsigned char b[256];
    ssize_t n;
    size_t got = 0;
    while ((n = acs_sys_pread(fd, b, sizeof b, off)) > 0) {
      unsigned char *z = memchr(b, 0, (size_t)n);
      size_t take = z ? (size_t)(z - b) : (size_t)n;
      if (bit == 8)
        for (size_t i = 0; i < take && got + 1 < sizeof g->name; i++) g->name[got++] = (char)b[i];
      if (z) {
        off += z - b + 1;
        break;
      }
      off += n;
    }
    if (n <= 0) break;
  }
  if (h[3] & 2) off += 2;
  g->len = (uint64_t)off;
  return true;
}

/* ---- gzip -l */

static void list_gzip(job *j, int fd, const char *name, const acs__sys_stat *st)
{
  acs_cmd *c = j->c;
  unsigned char t[8];
  gzhead gh;
  if (!gz_head(fd, &gh)) {
    problem(j, P_FORMAT, name, NULL, NULL);
    return;
  }
  uint64_t csize = st->size;
  if (csize < 18 || acs_sys_pread(fd, t, sizeof t, (int64_t)csize - 8) != (ssize_t)sizeof t) {
    problem(j, P_TRUNC, name, NULL, NULL);
    return;
  }
  uint32_t crc = (uint32_t)t[0] | (uint32_t)t[1] << 8 | (uint32_t)t[2] << 16 | (uint32_t)t[3] << 24;
  uint64_t usize = (uint32_t)t[4] | (uint32_t)t[5] << 8 | (uint32_t)t[6] << 16 | (uint32_t)t[7] << 24;
  /* the header's own bytes are left out of the ratio, as gzip -l does */
  uint64_t head = gh.len + 8;
  j->overhead = head;
  if (!j->listed++) {
    if (j->o->verbose) cmd_puts(c, "method  crc     date  time  ");
    cmd_puts(c, "         compressed        uncompressed  ratio uncompressed_name\n");
  }
  if (j->o->verbose) {
    static const char *const mon[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    time_t mt = (time_t)gh.mtime;
    if (!mt) mt = (time_t)st->mtime_s;
    struct tm tm;
    gmtime_r(&mt, &tm);
    cmd_printf(c, "%5s %08x %s %2d %02d:%02d ", gh.method == 8 ? "defla" : "?", crc, mon[tm.tm_mon], tm.tm_mday,
               tm.tm_hour, tm.tm_min);
  }
  char *un = strip_suffix(j, name);
  double ratio = usize ? ((double)usize - (double)(csize - head)) * 100.0 / (double)usize : 0.0;
  if (!usize) ratio = 0.0;
  cmd_printf(c, "%19llu %19llu %5.1f%% %s\n", (unsigned long long)csize, (unsigned long long)usize, ratio,
             un ? un : name);
  free(un);
  j->t_in += csize;
  j->t_out += usize;
}

/* ---- one file */

static void set_attrs(const char *path, const acs__sys_stat *st, int64_t mtime)
{
  acs_sys_chown(path, st->uid, st->gid);
  acs_sys_chmod(path, st->mode & 07777);
  struct timespec ts[2] = {{(time_t)st->atime_s, st->atime_ns}, {(time_t)st->mtime_s, st->mtime_ns}};
  if (mtime > 0) ts[1] = (struct timespec){(time_t)mtime, 0};
  acs_sys_utimensat(AT_FDCWD, path, ts, 0);
}

/* zstd's human sizes: "%6.Nf UNIT", N by the value's size */
static void zstd_size(uint64_t v, char *out, size_t size)
{
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  size_t u = 0;
  double d = (double)v;
  while (d >= 1024.0 && u + 1 < sizeof units / sizeof *units) {
    d /= 1024.0;
    u++;
  }
  int prec = u == 0 || d >= 100.0 ? 0 : d >= 10.0 ? 1 : d > 1.0 ? 2 : 3;
  snprintf(out, size, "%6.*f %s", prec, d, units[u]);
}

/* zstd's summary at its default level: a line for one file, a total for
** several; nothing when the output is standard output. */
static void zstd_done(job *j, const char *name, const char *out)
{
  const czip_opts *o = j->o;
  if (o->quiet || (o->to_stdout && !o->test) || !out) return;
  j->t_in += j->in_bytes;
  j->t_out += j->out_bytes;
  j->listed++;
  if (j->nfiles > 1) return;
  if (o->decompress || o->test) {
    say(j, "%-20s: %llu bytes \n", name, (unsigned long long)j->out_bytes);
    return;
  }
  char a[32], b[32];
  zstd_size(j->in_bytes, a, sizeof a);
  zstd_size(j->out_bytes, b, sizeof b);
  double r = j->in_bytes ? (double)j->out_bytes * 100.0 / (double)j->in_bytes : 0.0;
  say(j, "%-20s :%6.2f%%   (%s => %s, %s) \n", name, r, a, b, out);
}

static void zstd_total(job *j)
{
  const czip_opts *o = j->o;
  if (j->nfiles < 2 || !j->listed || o->quiet || (o->to_stdout && !o->test)) return;
  if (o->decompress || o->test) {
    say(j, "%d files decompressed : %llu bytes total \n", j->listed, (unsigned long long)j->t_out);
    return;
  }
  char a[32], b[32];
  zstd_size(j->t_in, a, sizeof a);
  zstd_size(j->t_out, b, sizeof b);
  double r = j->t_in ? (double)j->t_out * 100.0 / (double)j->t_in : 0.0;
  say(j, "%3d files compressed : %.2f%% (%s => %s)\n", j->listed, r, a, b);
}

static void verbose_done(job *j, const char *name, const char *out)
{
  if (j->o->kind == CODEC_ZSTD) return zstd_done(j, name, out);
  if (j->o->verbose == 0 || j->o->quiet) return;
  uint64_t plain = j->o->decompress ? j->out_bytes : j->in_bytes;
  uint64_t packed = j->o->decompress ? j->in_bytes : j->out_bytes;
  if (j->o->kind == CODEC_GZIP) packed = packed > j->overhead ? packed - j->overhead : 0;
  double saved = plain ? ((double)plain - (double)packed) * 100.0 / (double)plain : 0.0;
  switch (j->o->kind) {
  case CODEC_GZIP:
    if (j->o->test) say(j, "%s:\t OK\n", name);
    else if (out)
      say(j, "%s:\t%5.1f%% -- %s %s\n", name, saved, j->o->keep && strcmp(out, "stdout") ? "created" : "replaced with",
          out);
    else say(j, "%s:\t%5.1f%%\n", name, saved);
    break;
  case CODEC_BZIP2:
    if (j->o->test) say(j, "  %s: ok\n", name);
    else if (j->o->decompress) say(j, "  %s: done\n", name);
    else
      say(j, "  %s: %6.3f:1, %6.3f bits/byte, %5.2f%% saved, %llu in, %llu out.\n", name,
          packed ? (double)plain / (double)packed : 0.0, plain ? (double)packed * 8.0 / (double)plain : 0.0,
          saved, (unsigned long long)plain, (unsigned long long)packed);
    break;
  case CODEC_XZ:
    say(j, "%s: %llu B / %llu B = %.3f\n", name, (unsigned long long)packed, (unsigned long long)plain,
        plain ? (double)packed / (double)plain : 0.0);
    break;
  case CODEC_ZSTD:
    break;
  }
}

static void do_path(job *j, const char *name);

static void do_dir(job *j, const char *name)
{
  cmd_dirent *ents;
  size_t n;
  int r = cmd_dir_read(name, &ents, &n);
  if (r < 0) {
    problem(j, P_OPEN, name, NULL, cmd_strerror(r));
    return;
  }
  for (size_t i = 0; i < n; i++) {
    char *p = cmd_path_join(name, ents[i].name);
    if (p) do_path(j, p);
    free(p);
  }
  cmd_dir_free(ents, n);
}

/* The stream itself, from fd in_fd (name for messages) to sink s. */
static int stream(job *j, int in_fd, const char *name, const char *out_name, sink *s, const acs__sys_stat *st)
{
  const czip_opts *o = j->o;
  bool dec = o->decompress || o->test;
  int level = o->level;
  codec *z = codec_new(j->c, o->kind, !dec, level);
  if (!z) {
    set_status(j, 1);
    return 1;
  }
  if (!dec && st && S_ISREG(st->mode)) codec_size(z, st->size);
  if (!dec && o->kind == CODEC_GZIP) {
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    bool named = st && !o->no_name;
    codec_gzip_header(z, named ? base : NULL, named ? st->mtime_s : 0);
    j->overhead = 18 + (named ? strlen(base) + 1 : 0);
  }
  int rerr = 0;
  const char *why = NULL;
  j->in_bytes = j->out_bytes = j->overhead = 0;
  j->hdr_mtime = 0;
  int p = dec ? decompress_fd(j, z, in_fd, s, &rerr, &why) : compress_fd(j, z, in_fd, s, &rerr);
  if (dec && o->kind == CODEC_GZIP) {
    int64_t mt = 0;
    const char *hn = codec_gzip_name(z, &mt);
    j->overhead = 18 + (hn ? strlen(hn) + 1 : 0);
    j->hdr_mtime = o->name ? mt : 0;
  }
  codec_free(z);
  if (p == P_OPEN) {
    problem(j, P_OPEN, name, NULL, cmd_strerror(rerr));
    return 1;
  }
  if (p == P_WRITE) {
    if (s->fd == 1) return 1; /* the frame reports stdout's error */
    problem(j, P_WRITE, name, out_name, cmd_strerror(s->err));
    return 1;
  }
  if (p == P_TRAILING && (o->kind == CODEC_GZIP || o->kind == CODEC_BZIP2)) {
    problem(j, p, name, out_name, why); /* a warning: the output stands */
    return 0;
  }
  if (p >= 0) {
    problem(j, p, name, out_name ? out_name : "(stdout)", why);
    return p == P_TRUNC || p == P_CORRUPT ? 2 : 1;
  }
  return 0;
}

/* gzip -l of standard input: the stream is kept in an unlinked file of
** the box's /tmp (its size and last bytes are what -l reads), and named
** "stdout" in the table, as gzip 1.12 names it. */
static void list_stdin(job *j)
{
  char path[64];
  snprintf(path, sizeof path, "/tmp/.gzip-l-%d", acs_sys_getpid());
  int fd = acs_sys_open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
  if (fd < 0) return problem(j, P_OPEN, stdin_name(j), NULL, cmd_strerror(fd));
  acs_sys_unlink(path);
  ssize_t n;
  while ((n = acs_sys_read(0, j->in, BUFSZ)) > 0)
    if (acs_sys_write_all(fd, j->in, (size_t)n) < 0) break;
  acs__sys_stat st;
  if (n == 0 && acs_sys_fstat(fd, &st) == 0) list_gzip(j, fd, "stdout", &st);
  else problem(j, P_OPEN, stdin_name(j), NULL, cmd_strerror(n < 0 ? (int)n : -5));
  acs_sys_close(fd);
}

static void do_stdin(job *j)
{
  const czip_opts *o = j->o;
  bool dec = o->decompress || o->test;
  if (!o->force && !o->list) {
    if (!dec && !o->test && czip_isatty(1)) return problem(j, P_TTY_OUT, NULL, NULL, NULL);
    if (dec && czip_isatty(0)) return problem(j, P_TTY_IN, NULL, NULL, NULL);
  }
  if (o->list) {
    if (o->kind == CODEC_GZIP) list_stdin(j);
    return;
  }
  sink s = {j, o->test ? -1 : 1, 0};
  if (o->outfile && !o->test) {
    s.fd = acs_sys_open(o->outfile, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (s.fd < 0) return problem(j, P_WRITE, stdin_name(j), o->outfile, cmd_strerror(s.fd));
  }
  stream(j, 0, stdin_name(j), NULL, &s, NULL);
  if (s.fd > 1) acs_sys_close(s.fd);
  verbose_done(j, stdin_name(j), NULL);
}

/* dir(name)/NAME from name's gzip header (its last component only, so
** that a header cannot send the output elsewhere), or NULL. */
static char *header_name(const char *name)
{
  int fd = acs_sys_open(name, O_RDONLY, 0);
  if (fd < 0) return NULL;
  gzhead gh;
  bool ok = gz_head(fd, &gh) && gh.name[0];
  acs_sys_close(fd);
  if (!ok) return NULL;
  const char *base = strrchr(gh.name, '/');
  base = base ? base + 1 : gh.name;
  if (!*base || !strcmp(base, ".") || !strcmp(base, "..")) return NULL;
  const char *slash = strrchr(name, '/');
  size_t dl = slash ? (size_t)(slash - name + 1) : 0;
  char *r = malloc(dl + strlen(base) + 1);
  if (!r) return NULL;
  memcpy(r, name, dl);
  strcpy(r + dl, base);
  return r;
}

/* xz reads a file before it looks at its name: .xz's magic, or .lzma's
** usual first byte */
static bool looks_xz(const char *name)
{
  unsigned char b[6];
  int fd = acs_sys_open(name, O_RDONLY, 0);
  if (fd < 0) return true; /* the open's error comes later */
  ssize_t n = acs_sys_read(fd, b, sizeof b);
  acs_sys_close(fd);
  return (n == 6 && codec_sniff(b, 6) == CODEC_XZ) || (n > 0 && b[0] == 0x5d);
}

static void do_path(job *j, const char *name)
{
  const czip_opts *o = j->o;
  bool dec = o->decompress || o->test;
  acs__sys_stat st;
  int r = acs_sys_lstat(name, &st);
  if (r == 0 && S_ISLNK(st.mode) && (o->force || o->to_stdout || o->test || o->list)) r = acs_sys_stat(name, &st);
  if (r < 0) return problem(j, P_OPEN, name, NULL, cmd_strerror(r));
  if (S_ISDIR(st.mode)) {
    if (o->recursive) return do_dir(j, name);
    return problem(j, P_DIR, name, NULL, NULL);
  }
  if (!S_ISREG(st.mode)) {
    if (S_ISLNK(st.mode) && o->kind == CODEC_GZIP) return problem(j, P_OPEN, name, NULL, cmd_strerror(-40));
    return problem(j, P_NOT_REGULAR, name, NULL, NULL);
  }
  char *out = NULL;
  bool to_stdout = o->to_stdout && !o->outfile;
  if (!to_stdout && !o->test && !o->list) {
    if (o->outfile) {
      out = strdup(o->outfile);
    } else if (dec && o->kind == CODEC_GZIP && o->name && (out = header_name(name)) != NULL) {
      /* gzip -dN: the name the header holds, beside the input */
    } else if (dec) {
      out = strip_suffix(j, name);
      if (!out && o->kind == CODEC_XZ && !looks_xz(name)) return problem(j, P_FORMAT, name, NULL, NULL);
      if (!out) {
        if (o->kind != CODEC_BZIP2) return problem(j, P_UNKNOWN_SUFFIX, name, NULL, NULL);
        size_t n = strlen(name);
        out = malloc(n + 5);
        if (out) memcpy(out, name, n), strcpy(out + n, ".out");
        problem(j, P_UNKNOWN_SUFFIX, name, out, NULL);
      }
    } else {
      const char *base = strrchr(name, '/');
      base = base ? base + 1 : name;
      char *t = o->kind != CODEC_ZSTD ? strip_suffix(j, base) : NULL;
      if (t) {
        free(t);
        return problem(j, P_HAS_SUFFIX, name, NULL, NULL);
      }
      size_t n = strlen(name), k = strlen(o->suffix);
      out = malloc(n + k + 1);
      if (out) memcpy(out, name, n), memcpy(out + n, o->suffix, k + 1);
    }
    if (!out) return problem(j, P_MEM, name, NULL, NULL);
  } else if (!dec && !o->force && !o->list && czip_isatty(1)) {
    return problem(j, P_TTY_OUT, NULL, NULL, NULL);
  }
  if (!dec && o->kind == CODEC_GZIP && !o->force && !to_stdout && st.nlink > 1) {
    if (!o->quiet) say(j, "gzip: %s has %llu other link%s -- file ignored\n", name,
                       (unsigned long long)(st.nlink - 1), st.nlink > 2 ? "s" : "");
    set_status(j, 2);
    free(out);
    return;
  }
  int in = acs_sys_open(name, O_RDONLY, 0);
  if (in < 0) {
    free(out);
    return problem(j, P_OPEN, name, NULL, cmd_strerror(in));
  }
  if (o->list) {
    if (o->kind == CODEC_GZIP) list_gzip(j, in, name, &st);
    acs_sys_close(in);
    return;
  }
  sink s = {j, o->test ? -1 : 1, 0};
  if (out) {
    acs__sys_stat ost;
    if (acs_sys_lstat(out, &ost) == 0) {
      if (!o->force) {
        acs_sys_close(in);
        problem(j, P_EXISTS, name, out, NULL);
        free(out);
        return;
      }
      acs_sys_unlink(out);
    }
    s.fd = acs_sys_open(out, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (s.fd < 0) {
      acs_sys_close(in);
      problem(j, P_WRITE, name, out, cmd_strerror(s.fd));
      free(out);
      return;
    }
  }
  int bad = stream(j, in, name, out, &s, &st);
  acs_sys_close(in);
  if (out) {
    acs_sys_close(s.fd);
    if (bad) {
      if (o->kind == CODEC_BZIP2 && !o->test && bad == 2)
        say(j, "%s: Deleting output file %s, if it exists.\n", tool(j), out);
      acs_sys_unlink(out);
    } else {
      set_attrs(out, &st, j->hdr_mtime);
      if (!o->keep) acs_sys_unlink(name);
    }
  }
  if (!bad) verbose_done(j, name, out ? out : "stdout");
  free(out);
}

int czip_run(acs_cmd *c, const czip_opts *o, char **files, int n)
{
  job j = {.c = c, .o = o};
  j.in = malloc(BUFSZ);
  j.out = malloc(BUFSZ);
  if (!j.in || !j.out) {
    free(j.in);
    free(j.out);
    cmd_error(c, "%s", cmd_strerror(-12));
    return 1;
  }
  j.nfiles = n;
  if (n == 0) do_stdin(&j);
  for (int i = 0; i < n && !cmd_out_error(c); i++) {
    if (!strcmp(files[i], "-")) do_stdin(&j);
    else do_path(&j, files[i]);
  }
  if (o->kind == CODEC_ZSTD) zstd_total(&j);
  /* gzip's totals leave out the last file's header only */
  if (o->list && j.listed > 1)
    cmd_printf(c, "%19llu %19llu %5.1f%% (totals)\n", (unsigned long long)j.t_in, (unsigned long long)j.t_out,
               j.t_out ? ((double)j.t_out - (double)(j.t_in - j.overhead)) * 100.0 / (double)j.t_out : 0.0);
  free(j.in);
  free(j.out);
  return j.status;
}
