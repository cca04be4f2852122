/* snap_tar.c - ustar blocks and pax records (POSIX.1-2001 pax interchange
** format) for snapshots: written so that GNU tar and libarchive read them
** as any pax archive, read back trusting nothing (a snapshot comes from
** outside the kernel): checksums, octal fields, record lengths and the
** bytes present are all checked, and what is not understood is refused
** with its reason rather than guessed at. */
#include "snap_tar.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ustar's fields: offset and width */
enum {
  F_NAME = 0, W_NAME = 100, F_MODE = 100, F_UID = 108, F_GID = 116, F_SIZE = 124, W_SIZE = 12,
  F_MTIME = 136, F_CHKSUM = 148, F_TYPE = 156, F_LINK = 157, W_LINK = 100, F_MAGIC = 257,
  F_VERSION = 263, F_UNAME = 265, F_GNAME = 297, F_DEVMAJOR = 329, F_DEVMINOR = 337,
  F_PREFIX = 345, W_PREFIX = 155, W_ID = 8,
};

/* ------------------------------------------------------------ writing */

/* v in octal, zero-padded, filling width-1 digits and a NUL; false when
** it does not fit (the caller then says it in a pax record) */
static bool octal(unsigned char *field, size_t width, uint64_t v)
{
  if (width < 22 && v >> (3 * (width - 1))) {
    memset(field, '0', width - 1);
    field[width - 1] = 0;
    return false;
  }
  char tmp[24];
  snprintf(tmp, sizeof tmp, "%0*" PRIo64, (int)(width - 1), v);
  memcpy(field, tmp, width);
  return true;
}

static size_t digits(size_t n)
{
  size_t d = 1;
  while (n >= 10) {
    n /= 10;
    d++;
  }
  return d;
}

/* One record "LEN key=value\n", LEN counting itself. */
static size_t record(char *out, const char *key, const char *val, size_t vlen)
{
  size_t body = 1 + strlen(key) + 1 + vlen + 1, d = 1;
  while (digits(body + d) > d) d++;
  size_t n = (size_t)sprintf(out, "%zu %s=", body + d, key);
  memcpy(out + n, val, vlen);
  out[n + vlen] = '\n';
  return n + vlen + 1;
}

/* a time as pax writes it: seconds, a point, nine digits (negative times
** count down: -0.5 is half a second before the epoch) */
static int time_text(char *out, struct timespec t)
{
  if (t.tv_sec >= 0) return sprintf(out, "%lld.%09ld", (long long)t.tv_sec, t.tv_nsec);
  if (!t.tv_nsec) return sprintf(out, "%lld", (long long)t.tv_sec);
  return sprintf(out, "-%lld.%09ld", -((long long)t.tv_sec + 1), 1000000000L - t.tv_nsec);
}

static void checksum(unsigned char *b)
{
  memset(b + F_CHKSUM, ' ', 8);
  unsigned sum = 0;
  for (int i = 0; i < ACS__TAR_BLOCK; i++) sum += b[i];
  snprintf((char *)b + F_CHKSUM, 8, "%06o", sum);
  b[F_CHKSUM + 7] = ' ';
}

static void ustar(unsigned char *b, const char *name, char type, uint64_t size, uint32_t mode,
                  uint32_t uid, uint32_t gid, int64_t mtime)
{
  memset(b, 0, ACS__TAR_BLOCK);
  size_t n = strlen(name);
  memcpy(b + F_NAME, name, n < W_NAME ? n : W_NAME);
  octal(b + F_MODE, W_ID, mode & 07777);
  octal(b + F_UID, W_ID, uid);
  octal(b + F_GID, W_ID, gid);
  octal(b + F_SIZE, W_SIZE, size);
  octal(b + F_MTIME, W_SIZE, mtime > 0 ? (uint64_t)mtime : 0);
  b[F_TYPE] = (unsigned char)type;
  memcpy(b + F_MAGIC, "ustar", 6);
  memcpy(b + F_VERSION, "00", 2);
}

/* An 'x' or 'g' header and its records, padded: the bytes. */
static size_t extended(unsigned char *out, char type, const char *name, const char *recs,
                       size_t len, int64_t mtime)
{
  ustar(out, name, type, len, 0644, 0, 0, mtime);
  checksum(out);
  memcpy(out + ACS__TAR_BLOCK, recs, len);
  size_t pad = (size_t)acs__tar_pad(len);
  memset(out + ACS__TAR_BLOCK + len, 0, pad);
  return ACS__TAR_BLOCK + len + pad;
}

size_t acs__tar_encode(const acs__tar_head *h, unsigned char *out)
{
  char recs[2 * ACS_MEMFS_PATH_MAX + 512];
  size_t rl = 0;
  if (h->type == 'g') {
    rl = record(recs, "comment", h->comment, strlen(h->comment));
    return extended(out, 'g', "pax_global_header", recs, rl, 0);
  }
  char t[48];
  size_t plen = strlen(h->path), llen = strlen(h->link);
  /* a sparse file, as GNU tar writes format 1.0: its name and size in
  ** GNU.sparse records, and a stand-in name for readers without them */
  const char *ustar_name = h->path;
  if (h->sparse) {
    rl += record(recs + rl, "GNU.sparse.major", "1", 1);
    rl += record(recs + rl, "GNU.sparse.minor", "0", 1);
    rl += record(recs + rl, "GNU.sparse.name", h->path, plen);
    rl += record(recs + rl, "GNU.sparse.realsize", t, (size_t)sprintf(t, "%" PRIu64, h->realsize));
    ustar_name = "./GNUSparseFile.0/file";
  } else if (plen > W_NAME) rl += record(recs + rl, "path", h->path, plen);
  if (llen > W_LINK) rl += record(recs + rl, "linkpath", h->link, llen);
  if (h->uid >> 21) rl += record(recs + rl, "uid", t, (size_t)sprintf(t, "%" PRIu32, h->uid));
  if (h->gid >> 21) rl += record(recs + rl, "gid", t, (size_t)sprintf(t, "%" PRIu32, h->gid));
  if (h->size >> 33) rl += record(recs + rl, "size", t, (size_t)sprintf(t, "%" PRIu64, h->size));
  rl += record(recs + rl, "mtime", t, (size_t)time_text(t, h->mtime));
  rl += record(recs + rl, "atime", t, (size_t)time_text(t, h->atime));
  /* the extended header's own name, as GNU tar forms it: DIR/PaxHeaders/BASE */
  char xname[W_NAME + 1];
  const char *base = strrchr(h->path, '/');
  base = base && base[1] ? base + 1 : h->path;
  snprintf(xname, sizeof xname, "PaxHeaders/%.*s", (int)(sizeof xname - sizeof "PaxHeaders/"), base);
  size_t n = extended(out, 'x', xname, recs, rl, h->mtime.tv_sec);
  unsigned char *b = out + n;
  ustar(b, ustar_name, h->type, h->size, h->mode, h->uid, h->gid, h->mtime.tv_sec);
  memcpy(b + F_LINK, h->link, llen < W_LINK ? llen : W_LINK);
  memcpy(b + F_UNAME, h->uname, strnlen(h->uname, 31));
  memcpy(b + F_GNAME, h->gname, strnlen(h->gname, 31));
  if (h->type == '3') {
    octal(b + F_DEVMAJOR, W_ID, h->devmajor);
    octal(b + F_DEVMINOR, W_ID, h->devminor);
  }
  checksum(b);
  return n + ACS__TAR_BLOCK;
}

/* ------------------------------------------------------------ reading */

static int fail(char *why, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *why, size_t cap, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, cap, fmt, ap);
  va_end(ap);
  return -1;
}

/* An octal field: optional leading spaces, digits, then only spaces or
** NULs. GNU's base-256 numbers are not ours and fail here. */
static bool get_octal(const unsigned char *f, size_t width, uint64_t *out)
{
  size_t i = 0;
  uint64_t v = 0;
  while (i < width && f[i] == ' ') i++;
  size_t start = i;
  for (; i < width && f[i] >= '0' && f[i] <= '7'; i++) {
    if (v >> 60) return false;
    v = v * 8 + (uint64_t)(f[i] - '0');
  }
  if (i == start && i < width && f[i] != 0) return false;
  for (; i < width; i++)
    if (f[i] != ' ' && f[i] != 0) return false;
  *out = v;
  return true;
}

static bool get_decimal(const char *s, size_t n, uint64_t *out)
{
  if (!n || n > 20) return false;
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    uint64_t d = (uint64_t)(s[i] - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

/* "S", "S.F" or "-S.F", F's first nine digits kept */
static bool get_time(const char *s, size_t n, struct timespec *t)
{
  bool neg = n && s[0] == '-';
  if (neg) s++, n--;
  const char *dot = memchr(s, '.', n);
  size_t il = dot ? (size_t)(dot - s) : n;
  uint64_t sec;
  if (!get_decimal(s, il, &sec) || sec > (uint64_t)INT64_MAX / 2) return false;
  long ns = 0;
  if (dot) {
    size_t fl = n - il - 1;
    if (!fl) return false;
    for (size_t i = 0; i < fl; i++) {
      char c = dot[1 + i];
      if (c < '0' || c > '9') return false;
      if (i < 9) ns = ns * 10 + (c - '0');
    }
    for (size_t i = fl; i < 9; i++) ns *= 10;
  }
  if (!neg) *t = (struct timespec){(time_t)sec, ns};
  else if (!ns) *t = (struct timespec){-(time_t)sec, 0};
  else *t = (struct timespec){-(time_t)sec - 1, 1000000000L - ns};
  return true;
}

static bool set_text(char *dst, size_t cap, const char *v, size_t n)
{
  if (n >= cap || memchr(v, 0, n)) return false;
  memcpy(dst, v, n);
  dst[n] = 0;
  return true;
}

typedef struct pax_over {
  bool path, link, size, uid, gid, mtime, atime;
  bool sparse_name, major, minor; /* GNU.sparse.* seen */
} pax_over;

/* The records of an extended header into h. */
static int records(const char *d, size_t len, acs__tar_head *h, pax_over *o, char *why, size_t cap)
{
  size_t at = 0;
  while (at < len) {
    size_t sp = at;
    while (sp < len && sp - at < 12 && d[sp] >= '0' && d[sp] <= '9') sp++;
    uint64_t rlen;
    if (sp == len || d[sp] != ' ' || !get_decimal(d + at, sp - at, &rlen) || rlen < 5 ||
        rlen > len - at || d[at + rlen - 1] != '\n')
      return fail(why, cap, "a pax record at byte %zu of its header is malformed", at);
    const char *key = d + sp + 1, *end = d + at + rlen - 1;
    const char *eq = memchr(key, '=', (size_t)(end - key));
    if (!eq || eq == key) return fail(why, cap, "a pax record at byte %zu has no key", at);
    size_t kl = (size_t)(eq - key), vl = (size_t)(end - eq - 1);
    const char *v = eq + 1;
    bool ok = true;
#define KEY(s) (kl == sizeof s - 1 && !memcmp(key, s, kl))
    if (KEY("path")) {
      if (!o->sparse_name) ok = set_text(h->path, sizeof h->path, v, vl), o->path = true;
    } else if (KEY("GNU.sparse.name")) ok = set_text(h->path, sizeof h->path, v, vl), o->path = o->sparse_name = true;
    else if (KEY("GNU.sparse.realsize")) ok = get_decimal(v, vl, &h->realsize), h->sparse = true;
    else if (KEY("GNU.sparse.major")) ok = vl == 1 && v[0] == '1', o->major = true;
    else if (KEY("GNU.sparse.minor")) ok = vl == 1 && v[0] == '0', o->minor = true;
    else if (kl > 11 && !memcmp(key, "GNU.sparse.", 11))
      return fail(why, cap, "the pax record '%.*s' is of a sparse format other than GNU's 1.0", (int)kl, key);
    else if (KEY("linkpath")) ok = set_text(h->link, sizeof h->link, v, vl), o->link = true;
    else if (KEY("size")) ok = get_decimal(v, vl, &h->size), o->size = true;
    else if (KEY("uid") || KEY("gid")) {
      uint64_t id;
      ok = get_decimal(v, vl, &id) && id < UINT32_MAX;
      if (ok && key[0] == 'u') h->uid = (uint32_t)id, o->uid = true;
      else if (ok) h->gid = (uint32_t)id, o->gid = true;
    } else if (KEY("mtime")) ok = get_time(v, vl, &h->mtime), o->mtime = true;
    else if (KEY("atime")) ok = get_time(v, vl, &h->atime), o->atime = true;
    else if (KEY("comment")) ok = set_text(h->comment, sizeof h->comment, v, vl);
    /* others (ctime, uname, gname, charset, vendors' keys) change nothing here */
#undef KEY
    if (!ok) return fail(why, cap, "the pax record '%.*s' has a bad value", (int)kl, key);
    at += rlen;
  }
  return 0;
}

static bool all_zero(const unsigned char *b)
{
  for (int i = 0; i < ACS__TAR_BLOCK; i++)
    if (b[i]) return false;
  return true;
}

int acs__tar_decode(const unsigned char *p, size_t avail, acs__tar_head *h, size_t *used,
                    char *why, size_t whycap)
{
  memset(h, 0, sizeof *h);
  pax_over o = {0};
  size_t at = 0;
  for (;;) {
    if (avail - at < ACS__TAR_BLOCK)
      return fail(why, whycap, "a header is cut short (the snapshot is truncated)");
    const unsigned char *b = p + at;
    if (all_zero(b)) {
      if (at) return fail(why, whycap, "an extended header is followed by the archive's end");
      *used = ACS__TAR_BLOCK;
      return 1;
    }
    uint64_t stored;
    unsigned sum = 0;
    int ssum = 0;
    for (int i = 0; i < ACS__TAR_BLOCK; i++) {
      unsigned char c = i >= F_CHKSUM && i < F_CHKSUM + 8 ? ' ' : b[i];
      sum += c;
      ssum += (signed char)c;
    }
    if (!get_octal(b + F_CHKSUM, 8, &stored) || (stored != sum && stored != (uint64_t)(unsigned)ssum))
      return fail(why, whycap, "a header's checksum does not match (the snapshot is corrupt)");
    if (memcmp(b + F_MAGIC, "ustar", 5))
      return fail(why, whycap, "a header is not a POSIX tar (ustar) header");
    uint64_t size, mode, uid, gid, mtime;
    if (!get_octal(b + F_SIZE, W_SIZE, &size) || !get_octal(b + F_MODE, W_ID, &mode) ||
        !get_octal(b + F_UID, W_ID, &uid) || !get_octal(b + F_GID, W_ID, &gid) ||
        !get_octal(b + F_MTIME, W_SIZE, &mtime))
      return fail(why, whycap, "a header has a field that is not an octal number");
    char type = (char)b[F_TYPE];
    at += ACS__TAR_BLOCK;
    if (type == 'x' || type == 'g') {
      if (size > (1u << 20) || size > avail - at)
        return fail(why, whycap, "an extended header's %" PRIu64 " bytes of records are not there", size);
      if (records((const char *)p + at, (size_t)size, h, &o, why, whycap)) return -1;
      at += (size_t)(size + acs__tar_pad(size));
      if (type == 'g') {
        h->type = 'g';
        *used = at;
        return 0;
      }
      continue;
    }
    if (type == 'L' || type == 'K')
      return fail(why, whycap, "a GNU long-name header (a snapshot's long names are pax records)");
    h->type = type ? type : '0';
    if (h->sparse != (o.major && o.minor && o.sparse_name) || (h->sparse && h->type != '0' && h->type != '7'))
      return fail(why, whycap, "a sparse file's records are not GNU's format 1.0 (major 1, minor 0, name, realsize)");
    if (h->sparse) h->type = '0';
    if (!o.size) h->size = size;
    if (!o.uid) h->uid = (uint32_t)uid;
    if (!o.gid) h->gid = (uint32_t)gid;
    if (!o.mtime) h->mtime = (struct timespec){(time_t)mtime, 0};
    if (!o.atime) h->atime = h->mtime;
    h->mode = (uint32_t)(mode & 07777);
    if (!o.path) {
      char name[W_NAME + 1], prefix[W_PREFIX + 1];
      memcpy(name, b + F_NAME, W_NAME);
      name[W_NAME] = 0;
      memcpy(prefix, b + F_PREFIX, W_PREFIX);
      prefix[W_PREFIX] = 0;
      snprintf(h->path, sizeof h->path, "%s%s%s", prefix, *prefix ? "/" : "", name);
    }
    if (!o.link) {
      memcpy(h->link, b + F_LINK, W_LINK);
      h->link[W_LINK] = 0;
    }
    uint64_t maj = 0, min = 0;
    if (h->type == '3' && (!get_octal(b + F_DEVMAJOR, W_ID, &maj) || !get_octal(b + F_DEVMINOR, W_ID, &min)))
      return fail(why, whycap, "a device's numbers are not octal");
    h->devmajor = (uint32_t)maj;
    h->devminor = (uint32_t)min;
    memcpy(h->uname, b + F_UNAME, 31);
    memcpy(h->gname, b + F_GNAME, 31);
    *used = at;
    return 0;
  }
}
