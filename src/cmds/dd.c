/* dd.c - convert and copy a file.
**
** Usage: dd [OPERAND]...
**   or:  dd OPTION
** Copy a file, converting and formatting according to the operands.
**
**   bs=BYTES        read and write up to BYTES bytes at a time (default: 512);
**                   overrides ibs and obs
**   cbs=BYTES       convert BYTES bytes at a time
**   conv=CONVS      convert the file as per the comma separated symbol list
**   count=N         copy only N input blocks
**   ibs=BYTES       read up to BYTES bytes at a time (default: 512)
**   if=FILE         read from FILE instead of stdin
**   iflag=FLAGS     read as per the comma separated symbol list
**   obs=BYTES       write BYTES bytes at a time (default: 512)
**   of=FILE         write to FILE instead of stdout
**   oflag=FLAGS     write as per the comma separated symbol list
**   seek=N          (or oseek=N) skip N obs-sized output blocks
**   skip=N          (or iseek=N) skip N ibs-sized input blocks
**   status=LEVEL    The LEVEL of information to print to stderr;
**                   'none' suppresses everything but error messages,
**                   'noxfer' suppresses the final transfer statistics,
**                   'progress' shows periodic transfer statistics
**
** N and BYTES may be followed by the following multiplicative suffixes:
** c=1, w=2, b=512, kB=1000, K=1024, MB=1000*1000, M=1024*1024, xM=M,
** GB=1000*1000*1000, G=1024*1024*1024, and so on for T, P, E, Z, Y.
** Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
** If N ends in 'B', it counts bytes not blocks.
**
** Each CONV symbol may be:
**
**   lcase     change upper case to lower case
**   ucase     change lower case to upper case
**   sparse    try to seek rather than write all-NUL output blocks
**   swab      swap every pair of input bytes
**   sync      pad every input block with NULs to ibs-size
**   excl      fail if the output file already exists
**   nocreat   do not create the output file
**   notrunc   do not truncate the output file
**   noerror   continue after read errors
**   fdatasync  physically write output file data before finishing
**   fsync     likewise, but also write metadata
**
** Each FLAG symbol may be:
**
**   append    append mode (makes sense only for output; conv=notrunc suggested)
**   fullblock  accumulate full blocks of input (iflag only)
**   skip_bytes  treat 'skip=N' as a byte count (iflag only)
**   count_bytes  treat 'count=N' as a byte count (iflag only)
**   seek_bytes  treat 'seek=N' as a byte count (oflag only)
**
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' dd for the operands above, its record counts ("N+M
** records in/out": whole and partial blocks) and its closing line on
** stderr ("N bytes (SI, IEC) copied, T s, R/s"). With bs= every block read
** is written as it is; with ibs/obs the output is cut into obs blocks.
** status=progress redraws the transfer line about once a second. */
#include "cmd.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

enum { C_LCASE = 1, C_UCASE = 2, C_SWAB = 4, C_SYNC = 8, C_EXCL = 16, C_NOCREAT = 32,
       C_NOTRUNC = 64, C_NOERROR = 128, C_FSYNC = 256, C_SPARSE = 512 };
enum { F_APPEND = 1, F_FULLBLOCK = 2, F_SKIP_BYTES = 4, F_COUNT_BYTES = 8, F_SEEK_BYTES = 16 };
enum { S_DEFAULT, S_NONE, S_NOXFER, S_PROGRESS };

typedef struct sym {
  const char *name;
  int bit;
} sym;

static const sym convs[] = {{"lcase", C_LCASE}, {"ucase", C_UCASE}, {"swab", C_SWAB}, {"sync", C_SYNC},
                            {"excl", C_EXCL}, {"nocreat", C_NOCREAT}, {"notrunc", C_NOTRUNC},
                            {"noerror", C_NOERROR}, {"fsync", C_FSYNC}, {"fdatasync", C_FSYNC},
                            {"sparse", C_SPARSE}, {0, 0}};
static const sym flags[] = {{"append", F_APPEND}, {"fullblock", F_FULLBLOCK},
                            {"skip_bytes", F_SKIP_BYTES}, {"count_bytes", F_COUNT_BYTES},
                            {"seek_bytes", F_SEEK_BYTES}, {"direct", 0}, {"dsync", 0}, {"sync", 0},
                            {"nonblock", 0}, {"noatime", 0}, {"nocache", 0}, {"noctty", 0},
                            {"nofollow", 0}, {"binary", 0}, {"text", 0}, {"directory", 0}, {0, 0}};

static bool symbols(acs_cmd *c, const char *list, const sym *table, const char *what, int *out)
{
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", list);
  for (char *s = buf, *e; s; s = e) {
    e = strchr(s, ',');
    if (e) *e++ = 0;
    const sym *t = table;
    while (t->name && strcmp(t->name, s)) t++;
    if (!t->name) {
      char q[1100];
      cmd_usage_error(c, "invalid %s: %s", what, cmd_quote(s, q, sizeof q));
      return false;
    }
    *out |= t->bit;
  }
  return true;
}

/* N[SUFFIX][xN...]; *bytes when it ends in B alone ("count=5B") */
static bool number(acs_cmd *c, const char *s, int64_t *v)
{
  char buf[256], q[300];
  snprintf(buf, sizeof buf, "%s", s);
  int64_t r = 1;
  for (char *p = buf, *x; p; p = x) {
    x = strchr(p, 'x');
    if (x) *x++ = 0;
    int64_t n;
    if (!*p || !cmd_parse_num(p, true, &n) || n < 0 || (n && r > INT64_MAX / n)) {
      cmd_error(c, "invalid number: %s", cmd_quote(s, q, sizeof q));
      return false;
    }
    r *= n;
  }
  *v = r;
  return true;
}

/* "1.0 kB", "2.0 KiB", "512 B" as dd's human_readable makes them */
static void hr(double n, unsigned base, char *out, size_t size)
{
  static const char units[] = "kMGTPEZY";
  if (n < base) {
    snprintf(out, size, "%.0f B", n);
    return;
  }
  int e = 0;
  while (n >= base && e < 8) n /= base, e++;
  char u = base == 1024 && e == 1 ? 'K' : units[e - 1];
  if (n < 9.95) snprintf(out, size, "%.1f %c%s", n, u, base == 1024 ? "iB" : "B");
  else if (n < base - 0.5 || e == 8) snprintf(out, size, "%.0f %c%s", n, u, base == 1024 ? "iB" : "B");
  else snprintf(out, size, "1.0 %c%s", base == 1024 && e == 0 ? 'K' : units[e], base == 1024 ? "iB" : "B");
}

typedef struct stats {
  int64_t full_in, part_in, full_out, part_out, bytes;
  struct timespec t0;
} stats;

static double elapsed(const struct timespec *t0)
{
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* status=progress: the transfer line, redrawn after a carriage return
** about once a second; *last is when it was drawn, *drawn whether ever */
static void progress(const stats *s, double *last, bool *drawn)
{
  double dt = elapsed(&s->t0);
  if (dt - *last < 1) return;
  *last = dt;
  *drawn = true;
  char si[64], iec[64], rate[64], b[256];
  hr((double)s->bytes, 1000, si, sizeof si);
  hr((double)s->bytes, 1024, iec, sizeof iec);
  hr((double)s->bytes / dt, 1000, rate, sizeof rate);
  int n = snprintf(b, sizeof b, "\r%jd bytes (%s, %s) copied, %.0f s, %s/s", (intmax_t)s->bytes, si, iec, dt, rate);
  if (n > 0) acs_sys_write_all(2, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

static void report(acs_cmd *c, int status, const stats *s, bool drawn)
{
  if (status == S_NONE) return;
  char b[512];
  int n = snprintf(b, sizeof b, "%s%jd+%jd records in\n%jd+%jd records out\n", drawn ? "\n" : "",
                   (intmax_t)s->full_in, (intmax_t)s->part_in, (intmax_t)s->full_out, (intmax_t)s->part_out);
  if (status != S_NOXFER) {
    double dt = elapsed(&s->t0);
    if (dt <= 0) dt = 1e-9;
    char si[64], iec[64], rate[64];
    hr((double)s->bytes, 1000, si, sizeof si);
    hr((double)s->bytes, 1024, iec, sizeof iec);
    hr((double)s->bytes / dt, 1000, rate, sizeof rate);
    if (s->bytes < 1000)
      n += snprintf(b + n, sizeof b - (size_t)n, "%jd byte%s copied, %g s, %s/s\n", (intmax_t)s->bytes,
                    s->bytes == 1 ? "" : "s", dt, rate);
    else if (s->bytes < 1024)
      n += snprintf(b + n, sizeof b - (size_t)n, "%jd bytes (%s) copied, %g s, %s/s\n", (intmax_t)s->bytes, si, dt, rate);
    else
      n += snprintf(b + n, sizeof b - (size_t)n, "%jd bytes (%s, %s) copied, %g s, %s/s\n", (intmax_t)s->bytes, si,
                    iec, dt, rate);
  }
  cmd_flush(c);
  acs_sys_write_all(2, b, (size_t)n);
}

static int write_out(acs_cmd *c, int fd, const char *name, const char *p, size_t n, stats *s, size_t obs)
{
  int rc = acs_sys_write_all(fd, p, n);
  if (rc) {
    char q[1024];
    cmd_error(c, "error writing %s: %s", cmd_quote(name, q, sizeof q), cmd_strerror(rc));
    return 1;
  }
  if (n == obs) s->full_out++;
  else s->part_out++;
  s->bytes += (int64_t)n;
  return 0;
}

int acs__cmd_dd(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  const char *in = NULL, *out = NULL;
  int64_t bs = 0, ibs = 512, obs = 512, count = -1, skip = 0, seek = 0, v;
  int conv = 0, iflag = 0, oflag = 0, status = S_DEFAULT;
  char q[1024];
  for (int i = 0; i < g.nops; i++) {
    char *a = cmd_operands(&g)[i], *eq = strchr(a, '=');
    if (!eq) {
      cmd_usage_error(c, "unrecognized operand %s", cmd_quote(a, q, sizeof q));
      return 1;
    }
    size_t kl = (size_t)(eq - a);
    const char *val = eq + 1;
#define KEY(k) (kl == strlen(k) && !strncmp(a, k, kl))
    if (KEY("if")) in = val;
    else if (KEY("of")) out = val;
    else if (KEY("conv")) {
      if (!symbols(c, val, convs, "conversion", &conv)) return 1;
    } else if (KEY("iflag")) {
      if (!symbols(c, val, flags, "input flag", &iflag)) return 1;
    } else if (KEY("oflag")) {
      if (!symbols(c, val, flags, "output flag", &oflag)) return 1;
    } else if (KEY("status")) {
      if (!strcmp(val, "none")) status = S_NONE;
      else if (!strcmp(val, "noxfer")) status = S_NOXFER;
      else if (!strcmp(val, "progress")) status = S_PROGRESS;
      else {
        cmd_usage_error(c, "invalid status level: %s", cmd_quote(val, q, sizeof q));
        return 1;
      }
    } else if (KEY("bs") || KEY("ibs") || KEY("obs") || KEY("cbs") || KEY("count") || KEY("skip") ||
               KEY("iseek") || KEY("seek") || KEY("oseek")) {
      if (!number(c, val, &v)) return 1;
      bool block = KEY("bs") || KEY("ibs") || KEY("obs") || KEY("cbs");
      if (block && (v <= 0 || v > (1 << 30))) {
        cmd_error(c, "invalid number: %s", cmd_quote(val, q, sizeof q));
        return 1;
      }
      if (KEY("bs")) bs = v;
      else if (KEY("ibs")) ibs = v;
      else if (KEY("obs")) obs = v;
      else if (KEY("count")) count = v;
      else if (KEY("skip") || KEY("iseek")) skip = v;
      else if (KEY("seek") || KEY("oseek")) seek = v;
    } else {
      cmd_usage_error(c, "unrecognized operand %s", cmd_quote(a, q, sizeof q));
      return 1;
    }
#undef KEY
  }
  if ((conv & C_LCASE) && (conv & C_UCASE)) {
    cmd_error(c, "cannot combine lcase and ucase");
    return 1;
  }
  if ((conv & C_EXCL) && (conv & C_NOCREAT)) {
    cmd_error(c, "cannot combine excl and nocreat");
    return 1;
  }
  if (bs) ibs = obs = bs;
  int ifd = 0, ofd = 1;
  const char *iname = in ? in : "standard input", *oname = out ? out : "standard output";
  if (in) {
    ifd = acs_sys_open(in, O_RDONLY, 0);
    if (ifd < 0) {
      cmd_error(c, "failed to open %s: %s", cmd_quote(in, q, sizeof q), cmd_strerror(ifd));
      return 1;
    }
  }
  int64_t seek_bytes = (oflag & F_SEEK_BYTES) ? seek : seek * obs;
  if (out) {
    int fl = O_WRONLY | ((conv & C_NOCREAT) ? 0 : O_CREAT) | ((conv & C_EXCL) ? O_EXCL : 0) |
             ((oflag & F_APPEND) ? O_APPEND : 0) | (!(conv & C_NOTRUNC) && seek_bytes == 0 ? O_TRUNC : 0);
    ofd = acs_sys_open(out, fl, 0666);
    if (ofd < 0) {
      cmd_error(c, "failed to open %s: %s", cmd_quote(out, q, sizeof q), cmd_strerror(ofd));
      return 1;
    }
    acs__sys_stat st;
    if (seek_bytes && !(conv & C_NOTRUNC) && !acs_sys_fstat(ofd, &st) && S_ISREG(st.mode)) {
      int rc = acs_sys_ftruncate(ofd, seek_bytes);
      if (rc) {
        cmd_error(c, "failed to truncate to %jd bytes in output file %s: %s", (intmax_t)seek_bytes,
                  cmd_quote(out, q, sizeof q), cmd_strerror(rc));
        return 1;
      }
    }
  }
  stats s = {0};
  clock_gettime(CLOCK_MONOTONIC, &s.t0);
  int rc = 0;
  /* bs= writes each block as read, but for swab (GNU's two buffers) */
  bool direct = bs && !(conv & C_SWAB);
  int saved = -1;
  char *ibuf = malloc((size_t)ibs + 2), *obuf = direct ? NULL : malloc((size_t)obs * 2 + (size_t)ibs + 2);
  if (!ibuf || (!direct && !obuf)) {
    cmd_error(c, "memory exhausted");
    return 1;
  }
  /* skip input: seek a file, read through anything else */
  int64_t skip_bytes = (iflag & F_SKIP_BYTES) ? skip : skip * ibs;
  acs__sys_stat ist;
  if (skip_bytes && !acs_sys_fstat(ifd, &ist) && S_ISREG(ist.mode) &&
      acs_sys_lseek(ifd, 0, SEEK_CUR) + skip_bytes > (int64_t)ist.size)
    cmd_error(c, "%s: cannot skip to specified offset", cmd_quotef(iname, q, sizeof q));
  if (skip_bytes && acs_sys_lseek(ifd, skip_bytes, SEEK_CUR) < 0) {
    int64_t left = skip_bytes;
    while (left > 0) {
      ssize_t n = acs_sys_read(ifd, ibuf, (size_t)(left < ibs ? left : ibs));
      if (n <= 0) {
        if (n < 0) cmd_error(c, "%s: cannot skip: %s", cmd_quote(iname, q, sizeof q), cmd_strerror((int)n));
        else cmd_error(c, "%s: cannot skip to specified offset", cmd_quote(iname, q, sizeof q));
        rc = 1;
        break;
      }
      left -= n;
    }
  }
  if (seek_bytes && acs_sys_lseek(ofd, seek_bytes, SEEK_CUR) < 0) {
    cmd_error(c, "%s: cannot seek: Illegal seek", cmd_quote(oname, q, sizeof q));
    rc = 1;
  }
  int64_t done_in = 0; /* blocks (or bytes with count_bytes) read */
  double last_drawn = 0;
  bool drawn = false;
  size_t olen = 0;
  while (!rc && (count < 0 || done_in < count)) {
    size_t want = (size_t)ibs;
    if (count >= 0 && (iflag & F_COUNT_BYTES) && (int64_t)want > count - done_in) want = (size_t)(count - done_in);
    size_t got = 0;
    bool err = false;
    do {
      ssize_t n = acs_sys_read(ifd, ibuf + 1 + got, want - got);
      if (n < 0) {
        cmd_error(c, "error reading %s: %s", cmd_quote(iname, q, sizeof q), cmd_strerror((int)n));
        err = true;
        break;
      }
      if (n == 0) break; /* a short read is not the end: only 0 is */
      got += (size_t)n;
    } while ((iflag & F_FULLBLOCK) && got < want);
    if (err && !(conv & C_NOERROR)) {
      rc = 1;
      break;
    }
    if (got == 0 && !err) break;
    if (got == (size_t)ibs) s.full_in++;
    else s.part_in++;
    done_in += (iflag & F_COUNT_BYTES) ? (int64_t)got : 1;
    if ((conv & C_SYNC) && got < (size_t)ibs) {
      memset(ibuf + 1 + got, 0, (size_t)ibs - got);
      got = (size_t)ibs;
    }
    char *data = ibuf + 1;
    if (conv & C_SWAB) {
      /* pairs swapped across blocks: an odd byte waits for the next block */
      if (saved >= 0) {
        *--data = (char)saved;
        got++;
        saved = -1;
      }
      if (got & 1) saved = (unsigned char)data[--got];
      for (size_t i = 0; i + 1 < got; i += 2) {
        char t = data[i];
        data[i] = data[i + 1];
        data[i + 1] = t;
      }
    }
    if (conv & (C_LCASE | C_UCASE))
      for (size_t i = 0; i < got; i++)
        data[i] = (char)((conv & C_UCASE) ? toupper((unsigned char)data[i]) : tolower((unsigned char)data[i]));
    if (status == S_PROGRESS) progress(&s, &last_drawn, &drawn);
    if (direct) {
      rc = write_out(c, ofd, oname, data, got, &s, (size_t)obs);
    } else {
      memcpy(obuf + olen, data, got);
      olen += got;
      size_t at = 0;
      while (!rc && olen - at >= (size_t)obs) {
        rc = write_out(c, ofd, oname, obuf + at, (size_t)obs, &s, (size_t)obs);
        at += (size_t)obs;
      }
      memmove(obuf, obuf + at, olen - at);
      olen -= at;
    }
  }
  if (saved >= 0 && !rc) {
    /* the odd last byte of swab goes out last */
    if (direct) rc = write_out(c, ofd, oname, (char[]){(char)saved}, 1, &s, (size_t)obs);
    else obuf[olen++] = (char)saved;
  }
  while (!rc && olen) {
    size_t k = olen < (size_t)obs ? olen : (size_t)obs;
    rc = write_out(c, ofd, oname, obuf, k, &s, (size_t)obs);
    memmove(obuf, obuf + k, olen - k);
    olen -= k;
  }
  free(ibuf);
  free(obuf);
  if (in) acs_sys_close(ifd);
  if (out) {
    int e = acs_sys_close(ofd);
    if (e && !rc) {
      cmd_error(c, "closing output file %s: %s", cmd_quote(out, q, sizeof q), cmd_strerror(e));
      rc = 1;
    }
  }
  report(c, status, &s, drawn);
  return rc;
}
