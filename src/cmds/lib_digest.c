/* lib_digest.c - coreutils 9.1's md5sum.c, cksum.c and sum.c behaviour:
** the lines they print, the lines -c accepts (GNU's "HEX  NAME", "HEX
** *NAME", "HEX NAME" when the file's first line so says, BSD's "TAG (NAME)
** = HEX", a leading backslash for escaped names, '#' comments, CR LF),
** the "NAME: OK"/"FAILED" lines and the WARNING summaries.
**
** Digests come from libcrypto (EVP), opened on first use; BLAKE2b at a
** length other than 512 bits is lib_blake2b's, since OpenSSL 3.0 has no
** variable-length BLAKE2b. CRC, BSD and System V sums are computed here:
** they are a few lines each and libcrypto has none of them. */
#include "lib_digest.h"
#include "lib_blake2b.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct alg_info {
  const char *arg; /* cksum -a's name */
  const char *tag; /* the BSD-style line's name, and -c's messages */
  const char *evp; /* libcrypto's name */
  int bits;
} alg_info;

static const alg_info algs[] = {
    {"sysv", "SYSV", NULL, 0},           {"bsd", "BSD", NULL, 0},
    {"crc", "CRC", NULL, 0},             {"md5", "MD5", "MD5", 128},
    {"sha1", "SHA1", "SHA1", 160},       {"sha224", "SHA224", "SHA224", 224},
    {"sha256", "SHA256", "SHA256", 256}, {"sha384", "SHA384", "SHA384", 384},
    {"sha512", "SHA512", "SHA512", 512}, {"blake2b", "BLAKE2b", "BLAKE2B512", 512},
    {"sm3", "SM3", "SM3", 256},
};
enum { NALGS = sizeof algs / sizeof *algs };

typedef struct evp {
  const void *(*by_name)(const char *);
  void *(*ctx_new)(void);
  void (*ctx_free)(void *);
  int (*init)(void *, const void *, void *);
  int (*update)(void *, const void *, size_t);
  int (*final)(void *, unsigned char *, unsigned int *);
} evp;

typedef struct dg {
  acs_cmd *c;
  int alg;        /* the algorithm chosen (for cksum -c without -a: per line) */
  bool cksum;     /* cksum's rules */
  bool alg_given; /* cksum -a */
  size_t bytes;   /* digest length (b2sum -l / 8), 0 for the default */
  bool tag, binary, zero, quiet, status, strict, warn, ignore_missing;
  bool evp_ok;
  evp e;
  unsigned char buf[ACS__SYS_MAX_DATA];
} dg;

typedef struct result {
  unsigned char md[64];
  size_t len;
  uint32_t sum;  /* CRC, BSD or System V */
  uint64_t size; /* the bytes read */
} result;

static bool load_evp(dg *d)
{
  if (d->evp_ok) return true;
  static const char *const names[] = {"EVP_get_digestbyname", "EVP_MD_CTX_new", "EVP_MD_CTX_free",
                                      "EVP_DigestInit_ex",    "EVP_DigestUpdate", "EVP_DigestFinal_ex"};
  void *p[6];
  if (!cmd_dlsyms(d->c, "libcrypto.so.3", names, p, 6)) return false;
  memcpy(&d->e.by_name, &p[0], sizeof p[0]);
  memcpy(&d->e.ctx_new, &p[1], sizeof p[1]);
  memcpy(&d->e.ctx_free, &p[2], sizeof p[2]);
  memcpy(&d->e.init, &p[3], sizeof p[3]);
  memcpy(&d->e.update, &p[4], sizeof p[4]);
  memcpy(&d->e.final, &p[5], sizeof p[5]);
  d->evp_ok = true;
  return true;
}

static uint32_t crc_table(int i)
{
  uint32_t r = (uint32_t)i << 24;
  for (int k = 0; k < 8; k++) r = r & 0x80000000u ? r << 1 ^ 0x04c11db7u : r << 1;
  return r;
}

/* Reads fd to its end into *r with algorithm alg at bytes of digest.
** Returns 0, a negative errno (read), or 1 when libcrypto failed. */
static int hash_fd(dg *d, int fd, int alg, size_t bytes, result *r)
{
  memset(r, 0, sizeof *r);
  uint32_t crc[256];
  void *ctx = NULL;
  cmd_blake2b b2;
  bool own_b2 = alg == CMD_DIGEST_BLAKE2B && bytes != 64;
  if (alg == CMD_DIGEST_CRC) {
    for (int i = 0; i < 256; i++) crc[i] = crc_table(i);
  } else if (own_b2) {
    cmd_blake2b_init(&b2, bytes);
  } else if (alg >= CMD_DIGEST_MD5) {
    if (!load_evp(d)) return 1;
    const void *md = d->e.by_name(algs[alg].evp);
    ctx = md ? d->e.ctx_new() : NULL;
    if (!ctx || !d->e.init(ctx, md, NULL)) {
      cmd_error(d->c, "%s: not available in libcrypto", algs[alg].tag);
      if (ctx) d->e.ctx_free(ctx);
      return 1;
    }
  }
  uint32_t sum = 0;
  int rc = 0;
  for (;;) {
    ssize_t n = acs_sys_read(fd, d->buf, sizeof d->buf);
    if (n < 0) {
      rc = (int)n;
      break;
    }
    if (n == 0) break;
    const unsigned char *p = d->buf;
    r->size += (uint64_t)n;
    switch (alg) {
    case CMD_DIGEST_CRC:
      for (ssize_t i = 0; i < n; i++) sum = sum << 8 ^ crc[(sum >> 24 ^ p[i]) & 0xff];
      break;
    case CMD_DIGEST_BSD:
      for (ssize_t i = 0; i < n; i++) sum = ((sum >> 1) + ((sum & 1) << 15) + p[i]) & 0xffff;
      break;
    case CMD_DIGEST_SYSV:
      for (ssize_t i = 0; i < n; i++) sum += p[i];
      break;
    default:
      if (own_b2) cmd_blake2b_update(&b2, p, (size_t)n);
      else d->e.update(ctx, p, (size_t)n);
    }
  }
  if (alg == CMD_DIGEST_CRC) {
    for (uint64_t len = r->size; len; len >>= 8) sum = sum << 8 ^ crc[(sum >> 24 ^ len) & 0xff];
    r->sum = ~sum;
  } else if (alg == CMD_DIGEST_SYSV) {
    uint32_t t = (sum & 0xffff) + (sum >> 16);
    r->sum = (t & 0xffff) + (t >> 16);
  } else if (alg == CMD_DIGEST_BSD) {
    r->sum = sum;
  } else if (own_b2) {
    cmd_blake2b_final(&b2, r->md);
    r->len = bytes;
  } else {
    unsigned int len = 0;
    d->e.final(ctx, r->md, &len);
    d->e.ctx_free(ctx);
    r->len = len;
  }
  return rc;
}

/* Opens and hashes name ("-" is stdin). Returns 0, 1 (libcrypto), or the
** negative errno of the open or the read. */
static int hash_file(dg *d, const char *name, int alg, size_t bytes, result *r)
{
  int fd = 0;
  if (strcmp(name, "-")) {
    fd = acs_sys_open(name, O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0) return fd;
  }
  int rc = hash_fd(d, fd, alg, bytes, r);
  if (fd) acs_sys_close(fd);
  return rc;
}

/* Output lines escape \\, \n and \r; -c's report lines only names with
** a newline (coreutils 9.1 does both so). */
static bool needs_escape(const char *s) { return strchr(s, '\\') || strchr(s, '\n') || strchr(s, '\r'); }

static void put_name(dg *d, const char *s, bool escape)
{
  if (!escape) {
    cmd_puts(d->c, s);
    return;
  }
  for (; *s; s++) {
    if (*s == '\\') cmd_puts(d->c, "\\\\");
    else if (*s == '\n') cmd_puts(d->c, "\\n");
    else if (*s == '\r') cmd_puts(d->c, "\\r");
    else cmd_putc(d->c, *s);
  }
}

static void put_hex(dg *d, const result *r)
{
  for (size_t i = 0; i < r->len; i++) cmd_printf(d->c, "%02x", r->md[i]);
}

static size_t digest_bytes(const dg *d, int alg)
{
  if (alg == CMD_DIGEST_BLAKE2B && d->bytes) return d->bytes;
  return (size_t)algs[alg].bits / 8;
}

static void file_error(dg *d, const char *name, int err)
{
  char q[1024];
  cmd_error(d->c, "%s: %s", cmd_quotef(name, q, sizeof q), cmd_strerror(err));
}

/* Prints one file's line; 0 or 1. */
static int print_sum(dg *d, const char *name, bool named)
{
  result r;
  int alg = d->alg;
  int rc = hash_file(d, name, alg, digest_bytes(d, alg), &r);
  if (rc == 1) return 1;
  if (rc < 0) {
    file_error(d, name, rc);
    return 1;
  }
  if (alg <= CMD_DIGEST_CRC) { /* names as they are, as GNU prints them */
    if (alg == CMD_DIGEST_CRC) cmd_printf(d->c, "%u %llu", r.sum, (unsigned long long)r.size);
    else if (alg == CMD_DIGEST_SYSV) cmd_printf(d->c, "%u %llu", r.sum, (unsigned long long)((r.size + 511) / 512));
    else cmd_printf(d->c, "%05u %5llu", r.sum, (unsigned long long)((r.size + 1023) / 1024));
    if (named) cmd_printf(d->c, " %s", name);
    cmd_putc(d->c, '\n');
    return 0;
  }
  bool esc = !d->zero && needs_escape(name);
  if (esc) cmd_putc(d->c, '\\');
  if (d->tag) {
    cmd_puts(d->c, algs[alg].tag);
    if (alg == CMD_DIGEST_BLAKE2B && r.len != 64) cmd_printf(d->c, "-%zu", r.len * 8);
    cmd_puts(d->c, " (");
    put_name(d, name, esc);
    cmd_puts(d->c, ") = ");
    put_hex(d, &r);
  } else {
    put_hex(d, &r);
    cmd_puts(d->c, d->binary ? " *" : "  ");
    put_name(d, name, esc);
  }
  cmd_putc(d->c, d->zero ? '\0' : '\n');
  return 0;
}

/* ---- -c */

typedef struct check {
  const char *file; /* the checksum file, for messages */
  int reversed;     /* GNU's bsd_reversed: -1 unknown, 1 "HEX NAME" lines */
  long lines, bad_format, bad_read, mismatched, matched, formatted;
} check;

/* A name with \\ and \n in place (GNU's filename_unescape): false when
** another backslash escape is there. */
static bool unescape(char *s)
{
  char *o = s;
  for (; *s; s++) {
    if (*s != '\\') {
      *o++ = *s;
      continue;
    }
    s++;
    if (*s == '\\') *o++ = '\\';
    else if (*s == 'n') *o++ = '\n';
    else if (*s == 'r') *o++ = '\r';
    else return false;
  }
  *o = 0;
  return true;
}

static bool is_hex(const char *s, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!isxdigit((unsigned char)s[i])) return false;
  return true;
}

/* The BSD-style rest of a line after "TAG": " (NAME) = HEX". */
static bool split_tagged(char *s, bool escaped, char **hex, char **name)
{
  if (*s == ' ') s++;
  if (*s != '(') return false;
  s++;
  char *close = strrchr(s, ')');
  if (!close) return false;
  *close = 0;
  *name = s;
  if (escaped && !unescape(s)) return false;
  char *p = close + 1;
  while (*p == ' ' || *p == '\t') p++;
  if (*p != '=') return false;
  p++;
  while (*p == ' ' || *p == '\t') p++;
  *hex = p;
  return true;
}

/* One line of a checksum file into its algorithm, digest length, hex and
** name; false when improperly formatted. */
static bool parse_line(dg *d, check *k, char *s, int *alg, size_t *bytes, char **hex, char **name)
{
  while (*s == ' ' || *s == '\t') s++;
  bool escaped = *s == '\\';
  if (escaped) s++;
  /* BSD style: the tag of this program, or for cksum of any algorithm */
  for (int a = CMD_DIGEST_MD5; a < NALGS; a++) {
    if (d->alg_given || !d->cksum) {
      if (a != d->alg) continue;
    }
    size_t tl = strlen(algs[a].tag);
    if (strncmp(s, algs[a].tag, tl)) continue;
    char *p = s + tl;
    if (*p != ' ' && *p != '(' && *p != '-') continue;
    d->alg = a; /* cksum names the last algorithm seen in its warnings */
    size_t b = (size_t)algs[a].bits / 8;
    if (a == CMD_DIGEST_BLAKE2B && *p == '-') {
      char *end;
      unsigned long bits = strtoul(p + 1, &end, 10);
      if (end == p + 1 || bits == 0 || bits > 512 || bits % 8) return false;
      b = bits / 8;
      p = end;
    }
    if (*p != ' ' && *p != '(') continue;
    if (!split_tagged(p, escaped, hex, name)) return false;
    *alg = a;
    *bytes = b;
    return strlen(*hex) == 2 * b && is_hex(*hex, 2 * b);
  }
  if (d->cksum && !d->alg_given) return false; /* cksum -c needs tags */
  /* GNU style: HEX, white space, then ' ' or '*' and the name */
  size_t hl = 0;
  if (d->alg == CMD_DIGEST_BLAKE2B) {
    while (isxdigit((unsigned char)s[hl])) hl++;
    if (hl < 2 || hl % 2 || hl > 128) return false;
  } else {
    hl = 2 * digest_bytes(d, d->alg);
  }
  if (strlen(s) <= hl || !is_hex(s, hl) || (s[hl] != ' ' && s[hl] != '\t')) return false;
  s[hl] = 0;
  *hex = s;
  char *p = s + hl + 1;
  if (!p[0] || p[1] == 0 || (p[0] != ' ' && p[0] != '*')) {
    if (k->reversed == 0) return false;
    k->reversed = 1;
  } else if (k->reversed != 1) {
    k->reversed = 0;
    p++;
  }
  *name = p;
  *alg = d->alg;
  *bytes = hl / 2;
  return !escaped || unescape(p);
}

static bool same_hex(const char *hex, const result *r)
{
  static const char digits[] = "0123456789abcdef";
  for (size_t i = 0; i < r->len; i++)
    if (tolower((unsigned char)hex[2 * i]) != digits[r->md[i] >> 4] ||
        tolower((unsigned char)hex[2 * i + 1]) != digits[r->md[i] & 15])
      return false;
  return true;
}

static void report_line(dg *d, const char *name, const char *what)
{
  bool esc = strchr(name, '\n') != NULL;
  if (esc) cmd_putc(d->c, '\\');
  put_name(d, name, esc);
  cmd_printf(d->c, ": %s\n", what);
}

static const char *plural(long n, const char *one, const char *many) { return n == 1 ? one : many; }

/* Checks one checksum file; 0 when every listed file matched. */
static int check_file(dg *d, const char *file)
{
  char q[1024];
  cmd_in *in = cmd_in_new();
  if (!in) {
    cmd_error(d->c, "memory exhausted");
    return 1;
  }
  if (cmd_in_open(d->c, in, file) < 0) {
    cmd_in_free(in);
    return 1;
  }
  check k = {.file = !strcmp(file, "-") ? "standard input" : file, .reversed = -1};
  char *line;
  ssize_t n;
  while ((n = cmd_getdelim(in, &line, '\n')) > 0) {
    k.lines++;
    if (line[0] == '#') continue;
    if (line[n - 1] == '\n') line[--n] = 0;
    if (n && line[n - 1] == '\r') line[--n] = 0;
    if (!n) continue;
    int alg;
    size_t bytes;
    char *hex, *name;
    if (memchr(line, 0, (size_t)n) || !parse_line(d, &k, line, &alg, &bytes, &hex, &name)) {
      k.bad_format++;
      if (d->warn)
        cmd_error(d->c, "%s: %ld: improperly formatted %s checksum line", cmd_quotef(k.file, q, sizeof q),
                  k.lines, algs[d->alg].tag);
      continue;
    }
    k.formatted++;
    result r;
    int rc = hash_file(d, name, alg, bytes, &r);
    if (rc == 1) {
      cmd_in_free(in);
      return 1;
    }
    if (rc < 0) {
      if (d->ignore_missing && rc == -ENOENT) continue;
      file_error(d, name, rc);
      k.bad_read++;
      if (!d->status) report_line(d, name, "FAILED open or read");
      continue;
    }
    bool ok = same_hex(hex, &r);
    if (ok) k.matched++;
    else k.mismatched++;
    if (!d->status && (!ok || !d->quiet)) report_line(d, name, ok ? "OK" : "FAILED");
    if (cmd_out_error(d->c)) break;
  }
  if (n < 0) file_error(d, file, (int)n);
  cmd_in_free(in);
  if (!k.formatted) {
    cmd_error(d->c, "%s: no properly formatted checksum lines found", cmd_quotef(k.file, q, sizeof q));
    return 1;
  }
  if (!d->status) {
    if (k.bad_format)
      cmd_error(d->c, "WARNING: %ld %s", k.bad_format, plural(k.bad_format, "line is improperly formatted", "lines are improperly formatted"));
    if (k.bad_read)
      cmd_error(d->c, "WARNING: %ld %s", k.bad_read, plural(k.bad_read, "listed file could not be read", "listed files could not be read"));
    if (k.mismatched)
      cmd_error(d->c, "WARNING: %ld %s", k.mismatched, plural(k.mismatched, "computed checksum did NOT match", "computed checksums did NOT match"));
    if (d->ignore_missing && !k.matched) cmd_error(d->c, "%s: no file was verified", cmd_quotef(k.file, q, sizeof q));
  }
  bool good = !k.mismatched && !k.bad_read && (!d->strict || !k.bad_format) && (!d->ignore_missing || k.matched);
  return good ? 0 : 1;
}

/* ---- the commands */

static bool parse_length(dg *d, const char *arg)
{
  char *end;
  errno = 0;
  unsigned long long v = strtoull(arg, &end, 10);
  if (!*arg || *end || *arg == '-' || errno) {
    cmd_error(d->c, "invalid length: '%s'", arg);
    return false;
  }
  if (v > 512) {
    cmd_error(d->c, "invalid length: '%s'", arg);
    cmd_error(d->c, "maximum digest length for 'BLAKE2b' is 512 bits");
    return false;
  }
  if (v % 8) {
    cmd_error(d->c, "invalid length: '%s'", arg);
    cmd_error(d->c, "length is not a multiple of 8");
    return false;
  }
  d->bytes = (size_t)(v / 8);
  return true;
}

static int bad_algorithm(acs_cmd *c, const char *arg)
{
  char msg[1024];
  int k = snprintf(msg, sizeof msg, "%s: invalid argument '%s' for '--algorithm'\nValid arguments are:\n", c->name, arg);
  for (int i = 0; i < NALGS && k < 900; i++) /* GNU lists bsd first */
    k += snprintf(msg + k, sizeof msg - (size_t)k, "  - '%s'\n", algs[i < 2 ? 1 - i : i].arg);
  k += snprintf(msg + k, sizeof msg - (size_t)k, "Try '%s --help' for more information.\n", c->name);
  cmd_flush(c);
  cmd_write_fd(2, msg, (size_t)k);
  return 1;
}

int cmd_digest_main(acs_cmd *c, int argc, char **argv, int alg)
{
  enum { TAG = 256, IGNORE_MISSING, QUIET, STATUS, STRICT, UNTAGGED, DEBUG };
  static const cmd_opt sum_longs[] = {
      {"binary", 'b', CMD_NOARG}, {"check", 'c', CMD_NOARG},  {"tag", TAG, CMD_NOARG},
      {"text", 't', CMD_NOARG},   {"zero", 'z', CMD_NOARG},   {"ignore-missing", IGNORE_MISSING, CMD_NOARG},
      {"quiet", QUIET, CMD_NOARG}, {"status", STATUS, CMD_NOARG}, {"strict", STRICT, CMD_NOARG},
      {"warn", 'w', CMD_NOARG},   {"length", 'l', CMD_ARG},   {0}};
  static const cmd_opt cksum_longs[] = {
      {"algorithm", 'a', CMD_ARG}, {"check", 'c', CMD_NOARG}, {"length", 'l', CMD_ARG},
      {"tag", TAG, CMD_NOARG},     {"untagged", UNTAGGED, CMD_NOARG}, {"zero", 'z', CMD_NOARG},
      {"ignore-missing", IGNORE_MISSING, CMD_NOARG}, {"quiet", QUIET, CMD_NOARG},
      {"status", STATUS, CMD_NOARG}, {"strict", STRICT, CMD_NOARG}, {"warn", 'w', CMD_NOARG},
      {"debug", DEBUG, CMD_NOARG}, {0}};
  dg *d = calloc(1, sizeof *d);
  if (!d) {
    cmd_error(c, "memory exhausted");
    return 1;
  }
  d->c = c;
  d->cksum = alg == CMD_DIGEST_CKSUM;
  d->alg = d->cksum ? CMD_DIGEST_CRC : alg;
  bool check = false, text = false, binary = false, untagged = false;
  const char *length = NULL;
  cmd_getopt g;
  if (d->cksum) cmd_getopt_init(&g, argc, argv, "a:cl:wz", cksum_longs);
  else cmd_getopt_init(&g, argc, argv, alg == CMD_DIGEST_BLAKE2B ? "bcl:twz" : "bctwz", sum_longs);
  int opt, rc = 1;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': {
      int hit = -1; /* exact names only, as 9.1's argmatch_exact */
      for (int a = 0; a < NALGS; a++)
        if (!strcmp(algs[a].arg, g.arg)) hit = a;
      if (hit < 0) {
        bad_algorithm(c, g.arg);
        goto out;
      }
      d->alg = hit;
      d->alg_given = true;
      break;
    }
    case 'b': binary = true, text = false; break;
    case 't': text = true, binary = false; break;
    case 'c': check = true; break;
    case 'l': length = g.arg; break;
    case 'z': d->zero = true; break;
    case 'w': d->warn = true, d->status = d->quiet = false; break;
    case TAG: d->tag = true, untagged = false; break;
    case UNTAGGED: untagged = true, d->tag = false; break;
    case IGNORE_MISSING: d->ignore_missing = true; break;
    case QUIET: d->quiet = true, d->status = d->warn = false; break;
    case STATUS: d->status = true, d->quiet = d->warn = false; break;
    case STRICT: d->strict = true; break;
    case DEBUG: break;
    }
  }
  if (opt < 0) {
    rc = opt == CMD_HELP_DONE ? 0 : 1;
    goto out;
  }
  if (length && !parse_length(d, length)) goto out;
  if (d->cksum) {
    if (length && d->alg != CMD_DIGEST_BLAKE2B) {
      cmd_error(c, "--length is only supported with --algorithm=blake2b");
      goto out;
    }
    if (!untagged && !(check && !d->alg_given)) d->tag = true;
    if (check && d->alg_given && d->alg <= CMD_DIGEST_CRC) {
      cmd_error(c, "--check is not supported with --algorithm={bsd,sysv,crc}");
      goto out;
    }
  }
  d->binary = binary;
  const char *misuse = NULL;
  if (d->tag && text && !d->cksum) misuse = "--tag does not support --text mode";
  else if (check && d->zero) misuse = "the --zero option is not supported when verifying checksums";
  else if (check && d->tag && !d->cksum) misuse = "the --tag option is meaningless when verifying checksums";
  else if (check && (binary || text)) misuse = "the --binary and --text options are meaningless when verifying checksums";
  else if (d->ignore_missing && !check) misuse = "the --ignore-missing option is meaningful only when verifying checksums";
  else if (d->status && !check) misuse = "the --status option is meaningful only when verifying checksums";
  else if (d->warn && !check) misuse = "the --warn option is meaningful only when verifying checksums";
  else if (d->quiet && !check) misuse = "the --quiet option is meaningful only when verifying checksums";
  else if (d->strict && !check) misuse = "the --strict option is meaningful only when verifying checksums";
  if (misuse) {
    cmd_usage_error(c, "%s", misuse);
    goto out;
  }
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int nfiles = g.nops;
  bool named = nfiles > 0 || !d->cksum || d->alg > CMD_DIGEST_CRC;
  if (!nfiles) {
    files = dash;
    nfiles = 1;
  }
  rc = 0;
  for (int i = 0; i < nfiles && !cmd_out_error(c); i++)
    rc |= check ? check_file(d, files[i]) : print_sum(d, files[i], named);
out:
  free(d);
  return rc;
}

int cmd_sum_main(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"sysv", 's', CMD_NOARG}, {0}};
  dg *d = calloc(1, sizeof *d);
  if (!d) {
    cmd_error(c, "memory exhausted");
    return 1;
  }
  d->c = c;
  d->alg = CMD_DIGEST_BSD;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "rs", longs);
  int opt, rc = 0;
  while ((opt = cmd_getopt_next(c, &g)) > 0) d->alg = opt == 's' ? CMD_DIGEST_SYSV : CMD_DIGEST_BSD;
  if (opt < 0) {
    free(d);
    return opt == CMD_HELP_DONE ? 0 : 1;
  }
  static char *dash[] = {"-"};
  char **files = g.nops ? cmd_operands(&g) : dash;
  int nfiles = g.nops ? g.nops : 1;
  for (int i = 0; i < nfiles && !cmd_out_error(c); i++) rc |= print_sum(d, files[i], g.nops > 0);
  free(d);
  return rc;
}
