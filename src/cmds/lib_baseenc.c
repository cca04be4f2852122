/* lib_baseenc.c - GNU coreutils' base64 and base32 (RFC 4648's
** alphabets), shared by base64.c and base32.c. Decoding
** follows gnulib's decoder: newlines are skipped, the input is taken in
** groups of 4 (8) characters, '=' may only pad the end of a group, and at
** an invalid character the bytes already decoded are written before
** "invalid input" and status 1; a group cut short at the end is invalid. */
#include "lib_baseenc.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

const cmd_codec cmd_base64 = {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 4, 3};
const cmd_codec cmd_base32 = {"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 8, 5};

typedef struct coder {
  acs_cmd *c;
  const cmd_codec *k;
  signed char value[256]; /* the digit of each alphabet byte, else -1 */
  uint64_t wrap, column;
} coder;

static void put_wrapped(coder *d, const char *s, size_t n)
{
  if (!d->wrap) {
    cmd_out(d->c, s, n);
    return;
  }
  while (n) {
    size_t room = (size_t)(d->wrap - d->column);
    size_t k = n < room ? n : room;
    cmd_out(d->c, s, k);
    s += k;
    n -= k;
    d->column += k;
    if (d->column == d->wrap) {
      cmd_putc(d->c, '\n');
      d->column = 0;
    }
  }
}

/* A group of up to k->bytes bytes as k->group characters, '='-padded. */
static void encode_group(coder *d, const unsigned char *p, size_t n)
{
  const cmd_codec *k = d->k;
  char out[8];
  if (k->group == 4) {
    unsigned v = (unsigned)p[0] << 16 | (n > 1 ? p[1] : 0u) << 8 | (n > 2 ? p[2] : 0u);
    for (int i = 0; i < 4; i++) out[i] = k->alphabet[(v >> (18 - 6 * i)) & 63];
    if (n < 3) out[3] = '=';
    if (n < 2) out[2] = '=';
  } else {
    uint64_t v = 0;
    for (size_t i = 0; i < 5; i++) v = v << 8 | (i < n ? p[i] : 0u);
    static const int used[] = {0, 2, 4, 5, 7, 8}; /* characters carrying n bytes */
    for (int i = 0; i < 8; i++) out[i] = i < used[n] ? k->alphabet[(v >> (35 - 5 * i)) & 31] : '=';
  }
  put_wrapped(d, out, (size_t)k->group);
}

static int encode(coder *d, int fd)
{
  enum { CHUNK = 30 * 1024 }; /* a multiple of 3 and of 5 */
  static unsigned char buf[CHUNK + 8];
  size_t have = 0;
  for (;;) {
    ssize_t r = acs_sys_read(fd, buf + have, CHUNK - have);
    if (r < 0) return (int)r;
    have += (size_t)r;
    size_t whole = have / (size_t)d->k->bytes * (size_t)d->k->bytes;
    if (r == 0) whole = have;
    for (size_t i = 0; i < whole; i += (size_t)d->k->bytes)
      encode_group(d, buf + i, whole - i < (size_t)d->k->bytes ? whole - i : (size_t)d->k->bytes);
    memmove(buf, buf + whole, have - whole);
    have -= whole;
    if (r == 0 || cmd_out_error(d->c)) break;
  }
  if (d->wrap && d->column) cmd_putc(d->c, '\n');
  return 0;
}

/* One group (n characters, n < group only at the end) as gnulib decodes
** it: the bytes before a fault are kept. Returns false on a fault. */
static bool decode_group(coder *d, const unsigned char *in, int n)
{
  const signed char *v = d->value;
  unsigned char out[5];
  int k = 0;
  bool ok = false;
#define OK(i) ((i) < n && v[in[i]] >= 0)
#define PAD(i) ((i) < n && in[i] == '=')
  if (d->k->group == 4) {
    if (n < 2 || !OK(0) || !OK(1)) goto done;
    out[k++] = (unsigned char)(v[in[0]] << 2 | v[in[1]] >> 4);
    if (n == 2) goto done;
    if (PAD(2)) {
      ok = n == 4 && PAD(3);
      goto done;
    }
    if (!OK(2)) goto done;
    out[k++] = (unsigned char)((v[in[1]] << 4 & 0xf0) | v[in[2]] >> 2);
    if (n == 3) goto done;
    if (PAD(3)) {
      ok = n == 4;
      goto done;
    }
    if (!OK(3)) goto done;
    out[k++] = (unsigned char)((v[in[2]] << 6 & 0xc0) | v[in[3]]);
    ok = true;
  } else {
    if (n < 8 || !OK(0) || !OK(1)) goto done;
    out[k++] = (unsigned char)(v[in[0]] << 3 | v[in[1]] >> 2);
    if (PAD(2)) {
      ok = PAD(3) && PAD(4) && PAD(5) && PAD(6) && PAD(7);
      goto done;
    }
    if (!OK(2) || !OK(3)) goto done;
    out[k++] = (unsigned char)(v[in[1]] << 6 | v[in[2]] << 1 | v[in[3]] >> 4);
    if (PAD(4)) {
      ok = PAD(5) && PAD(6) && PAD(7);
      goto done;
    }
    if (!OK(4)) goto done;
    out[k++] = (unsigned char)(v[in[3]] << 4 | v[in[4]] >> 1);
    if (PAD(5)) {
      ok = PAD(6) && PAD(7);
      goto done;
    }
    if (!OK(5) || !OK(6)) goto done;
    out[k++] = (unsigned char)(v[in[4]] << 7 | v[in[5]] << 2 | v[in[6]] >> 3);
    if (PAD(7)) {
      ok = true;
      goto done;
    }
    if (!OK(7)) goto done;
    out[k++] = (unsigned char)(v[in[6]] << 5 | v[in[7]]);
    ok = true;
  }
#undef OK
#undef PAD
done:
  cmd_out(d->c, out, (size_t)k);
  return ok;
}

/* 1 on invalid input, a negative errno on a read error, else 0. */
static int decode(coder *d, int fd, bool garbage)
{
  static unsigned char buf[65536];
  unsigned char grp[8];
  int n = 0;
  for (;;) {
    ssize_t r = acs_sys_read(fd, buf, sizeof buf);
    if (r < 0) return (int)r;
    if (r == 0) break;
    for (ssize_t i = 0; i < r; i++) {
      unsigned char ch = buf[i];
      if (ch == '\n') continue;
      if (garbage && d->value[ch] < 0 && ch != '=') continue;
      grp[n++] = ch;
      if (n == d->k->group) {
        n = 0;
        if (!decode_group(d, grp, d->k->group)) return 1;
      }
    }
    if (cmd_out_error(d->c)) return 0;
  }
  if (n && !decode_group(d, grp, n)) return 1;
  return 0;
}

int cmd_baseenc_main(acs_cmd *c, int argc, char **argv, const cmd_codec *k)
{
  static const cmd_opt longs[] = {
      {"decode", 'd', CMD_NOARG}, {"ignore-garbage", 'i', CMD_NOARG}, {"wrap", 'w', CMD_ARG}, {0}};
  coder d = {.c = c, .k = k, .wrap = 76};
  bool dec = false, garbage = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "diw:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'd': dec = true; break;
    case 'i': garbage = true; break;
    case 'w': {
      char *end;
      unsigned long long w = strtoull(g.arg, &end, 10);
      if (!*g.arg || *end || *g.arg == '-' || w > INT64_MAX) {
        cmd_error(c, "invalid wrap size: '%s'", g.arg);
        return 1;
      }
      d.wrap = w;
      break;
    }
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char q[1024];
  if (g.nops > 1) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(cmd_operands(&g)[1], q, sizeof q));
    return 1;
  }
  memset(d.value, -1, sizeof d.value);
  for (int i = 0; k->alphabet[i]; i++) d.value[(unsigned char)k->alphabet[i]] = (signed char)i;
  const char *name = g.nops ? cmd_operands(&g)[0] : "-";
  int fd = 0;
  if (strcmp(name, "-")) {
    fd = acs_sys_open(name, O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0) {
      cmd_error(c, "%s: %s", cmd_quotef(name, q, sizeof q), cmd_strerror(fd));
      return 1;
    }
  }
  int rc = dec ? decode(&d, fd, garbage) : encode(&d, fd);
  if (fd) acs_sys_close(fd);
  if (rc == 1) {
    cmd_error(c, "invalid input");
    return 1;
  }
  if (rc < 0) {
    cmd_error(c, "%s: %s", cmd_quotef(name, q, sizeof q), cmd_strerror(rc));
    return 1;
  }
  return 0;
}

