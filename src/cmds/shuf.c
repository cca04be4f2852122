/* shuf.c - generate random permutations.
**
** Usage: shuf [OPTION]... [FILE]
**   or:  shuf -e [OPTION]... [ARG]...
**   or:  shuf -i LO-HI [OPTION]...
** Write a random permutation of the input lines to standard output.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -e, --echo                treat each ARG as an input line
**   -i, --input-range=LO-HI   treat each number LO through HI as an input line
**   -n, --head-count=COUNT    output at most COUNT lines
**   -o, --output=FILE         write result to FILE instead of standard output
**       --random-source=FILE  get random bytes from FILE
**   -r, --repeat              output lines can be repeated
**   -z, --zero-terminated     line delimiter is NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils 9.1's shuf, draw for draw: with the same --random-source
** bytes it prints what GNU prints. Numbers are drawn as gnulib's
** randint_genmax draws them (big-endian bytes read only as far as needed,
** the unused part of a draw kept for the next, rejection of the top
** range), permutations as randperm_new makes them (a partial Fisher-Yates
** of the first COUNT places), and with -n on a pipe or an input over 8 MiB
** the lines are kept by reservoir sampling as GNU does, with its extra draw
** at the end of the input. Without --random-source the bytes come from
** getrandom(2) (GNU seeds ISAAC from it: not reproducible either way). */
#include "cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

typedef struct rng {
  acs_cmd *c;
  const char *name; /* --random-source, or NULL */
  int fd;
  uint64_t randnum, randmax;
  bool failed;
} rng;

static bool rng_bytes(rng *r, unsigned char *buf, size_t n)
{
  if (r->failed) return false;
  size_t got = 0;
  while (got < n) {
    ssize_t k;
    if (r->name) k = acs_sys_read(r->fd, buf + got, n - got);
    else k = getrandom(buf + got, n - got, 0);
    if (k <= 0) {
      char q[1024];
      if (r->name) cmd_error(r->c, "%s: %s", cmd_quote(r->name, q, sizeof q), k == 0 ? "end of file" : cmd_strerror((int)k));
      else cmd_error(r->c, "getrandom: %s", cmd_strerror(-errno));
      r->failed = true;
      return false;
    }
    got += (size_t)k;
  }
  return true;
}

/* A number in [0, genmax], as gnulib's randint_genmax. */
static uint64_t genmax(rng *r, uint64_t max)
{
  uint64_t randnum = r->randnum, randmax = r->randmax, choices = max + 1;
  for (;;) {
    if (randmax < max) {
      unsigned char buf[8];
      size_t i = 0;
      uint64_t rmax = randmax;
      do {
        rmax = (rmax << 8) + 255;
        i++;
      } while (rmax < max);
      if (!rng_bytes(r, buf, i)) return 0;
      i = 0;
      do {
        randnum = (randnum << 8) + buf[i];
        randmax = (randmax << 8) + 255;
        i++;
      } while (randmax < max);
    }
    if (randmax == max) {
      r->randnum = r->randmax = 0;
      return randnum;
    }
    uint64_t excess = randmax - max;
    uint64_t unusable = excess % choices;
    uint64_t last_usable = randmax - unusable;
    uint64_t reduced = randnum % choices;
    if (randnum <= last_usable) {
      r->randnum = randnum / choices;
      r->randmax = excess / choices;
      return reduced;
    }
    r->randnum = randnum = reduced;
    r->randmax = randmax = unusable - 1;
  }
}

static uint64_t choose(rng *r, uint64_t n) { return genmax(r, n - 1); }

/* A swap table for a permutation of a huge range: index -> value for the
** places that moved (open addressing; size a power of two). */
typedef struct sparse {
  size_t *key, *val;
  size_t mask;
} sparse;

static size_t *slot(sparse *m, size_t k)
{
  size_t i = (k * 0x9e3779b97f4a7c15ULL) & m->mask;
  while (m->key[i] != (size_t)-1 && m->key[i] != k) i = (i + 1) & m->mask;
  if (m->key[i] == (size_t)-1) {
    m->key[i] = k;
    m->val[i] = k;
  }
  return &m->val[i];
}

/* The first h places of a random permutation of 0..n-1 (randperm_new:
** the same draws whether GNU keeps the whole array or a sparse one). */
static size_t *randperm(rng *r, size_t h, size_t n)
{
  size_t *v = malloc((h ? h : 1) * sizeof *v);
  if (!h || !v) return v;
  if (n <= (1u << 20) || h >= n / 4) {
    size_t *all = malloc(n * sizeof *all);
    if (!all) {
      free(v);
      return NULL;
    }
    for (size_t i = 0; i < n; i++) all[i] = i;
    for (size_t i = 0; i < h && !r->failed; i++) {
      size_t j = (size_t)choose(r, n - i) + i;
      size_t t = all[i];
      all[i] = all[j];
      all[j] = t;
    }
    memcpy(v, all, h * sizeof *v);
    free(all);
    return v;
  }
  size_t cap = 16;
  while (cap < 4 * h) cap *= 2;
  sparse m = {malloc(cap * sizeof(size_t)), malloc(cap * sizeof(size_t)), cap - 1};
  if (!m.key || !m.val) {
    free(m.key);
    free(m.val);
    free(v);
    return NULL;
  }
  memset(m.key, 0xff, cap * sizeof(size_t));
  for (size_t i = 0; i < h && !r->failed; i++) {
    size_t j = (size_t)choose(r, n - i) + i;
    size_t *a = slot(&m, i), *b = slot(&m, j);
    size_t t = *a;
    *a = *b;
    *b = t;
    v[i] = *a;
  }
  free(m.key);
  free(m.val);
  return v;
}

typedef struct line {
  char *p;
  size_t n; /* with its delimiter */
} line;

/* The lines of data[0..len) (the last given a delimiter), in *out. */
static size_t split_lines(char *data, size_t len, char eol, line **out, bool *added)
{
  size_t n = 0, cap = 64;
  line *v = malloc(cap * sizeof *v);
  *added = false;
  for (size_t at = 0; v && at < len;) {
    char *e = memchr(data + at, eol, len - at);
    size_t k = e ? (size_t)(e - data - at) + 1 : len - at;
    if (n == cap) {
      cap *= 2;
      line *nv = realloc(v, cap * sizeof *v);
      if (!nv) {
        free(v);
        return (size_t)-1;
      }
      v = nv;
    }
    v[n].p = data + at;
    v[n].n = k;
    if (!e) {
      data[len] = eol; /* cmd_read_all leaves a byte after the data */
      v[n].n++;
      *added = true;
    }
    n++;
    at += k;
  }
  *out = v;
  return v ? n : (size_t)-1;
}

/* Reservoir sampling of k lines (GNU's read_input_reservoir_sampling):
** *count lines kept in (*res)[i], (*lens)[i] bytes each. */
static int reservoir(acs_cmd *c, rng *r, cmd_in *in, char eol, size_t k, char ***res, size_t **lens, size_t *count)
{
  size_t cap = 0, kept = 0;
  char **keep = NULL;
  size_t *klen = NULL;
  uint64_t n = 0;
  char *l;
  ssize_t len = 0;
  bool oom = false;
  while (n < k && (len = cmd_getdelim(in, &l, eol)) > 0) {
    if (kept == cap) {
      cap = cap ? cap * 2 : 64;
      char **nk = realloc(keep, cap * sizeof *nk);
      size_t *nl = nk ? realloc(klen, cap * sizeof *nl) : NULL;
      if (nk) keep = nk;
      if (!nk || !nl) {
        oom = true;
        break;
      }
      klen = nl;
    }
    keep[kept] = malloc((size_t)len + 1);
    if (!keep[kept]) {
      oom = true;
      break;
    }
    memcpy(keep[kept], l, (size_t)len);
    if (l[len - 1] != eol) keep[kept][len++] = eol;
    klen[kept++] = (size_t)len;
    n++;
  }
  if (!oom && len > 0 && n == k) {
    /* every next line replaces a kept one with falling chances; GNU draws
    ** once more when the input has ended */
    for (;;) {
      uint64_t j = choose(r, n + 1);
      if (r->failed) break;
      len = cmd_getdelim(in, &l, eol);
      if (len <= 0) break;
      if (j < k) {
        char *p = realloc(keep[j], (size_t)len + 1);
        if (!p) {
          oom = true;
          break;
        }
        keep[j] = p;
        memcpy(p, l, (size_t)len);
        if (l[len - 1] != eol) p[len++] = eol;
        klen[j] = (size_t)len;
      }
      n++;
    }
  }
  *res = keep;
  *lens = klen;
  *count = kept;
  if (oom) cmd_error(c, "memory exhausted");
  return r->failed || oom ? 1 : 0;
}

static bool parse_range(const char *s, uint64_t *lo, uint64_t *hi)
{
  char *end;
  if (*s < '0' || *s > '9') return false;
  errno = 0;
  *lo = strtoull(s, &end, 10);
  if (*end != '-' || errno) return false;
  const char *h = end + 1;
  if (*h < '0' || *h > '9') return false;
  *hi = strtoull(h, &end, 10);
  if (*end || errno) return false;
  return *lo <= *hi + 1 && !(*lo == 0 && *hi == UINT64_MAX);
}

int acs__cmd_shuf(acs_cmd *c, int argc, char **argv)
{
  enum { RANDOM_SOURCE = 256 };
  static const cmd_opt longs[] = {
      {"echo", 'e', CMD_NOARG},   {"input-range", 'i', CMD_ARG}, {"head-count", 'n', CMD_ARG},
      {"output", 'o', CMD_ARG},   {"random-source", RANDOM_SOURCE, CMD_ARG}, {"repeat", 'r', CMD_NOARG},
      {"zero-terminated", 'z', CMD_NOARG}, {0}};
  bool echo = false, range = false, repeat = false;
  uint64_t lo = 0, hi = 0, head = UINT64_MAX;
  const char *out = NULL, *source = NULL;
  char eol = '\n', q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "ei:n:o:rz", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'e': echo = true; break;
    case 'i':
      if (range) {
        cmd_error(c, "multiple -i options specified");
        return 1;
      }
      range = true;
      if (!parse_range(g.arg, &lo, &hi)) {
        cmd_error(c, "invalid input range: %s", cmd_quote(g.arg, q, sizeof q));
        return 1;
      }
      break;
    case 'n': {
      char *end;
      errno = 0;
      unsigned long long v = strtoull(g.arg, &end, 10);
      if (*g.arg == '-' || end == g.arg || *end) {
        cmd_error(c, "invalid line count: %s", cmd_quote(g.arg, q, sizeof q));
        return 1;
      }
      if (errno) v = UINT64_MAX;
      if (v < head) head = v;
      break;
    }
    case 'o':
      if (out && strcmp(out, g.arg)) {
        cmd_error(c, "multiple output files specified");
        return 1;
      }
      out = g.arg;
      break;
    case RANDOM_SOURCE:
      if (source && strcmp(source, g.arg)) {
        cmd_error(c, "multiple random sources specified");
        return 1;
      }
      source = g.arg;
      break;
    case 'r': repeat = true; break;
    case 'z': eol = 0; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (echo && range) {
    cmd_usage_error(c, "cannot combine -e and -i options");
    return 1;
  }
  char **ops = cmd_operands(&g);
  if (range ? g.nops > 0 : !echo && g.nops > 1) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(ops[range ? 0 : 1], q, sizeof q));
    return 1;
  }
  rng r = {.c = c, .name = source, .fd = -1};
  if (source) {
    r.fd = acs_sys_open(source, O_RDONLY | O_CLOEXEC, 0);
    if (r.fd < 0) {
      cmd_error(c, "%s: %s", cmd_quotef(source, q, sizeof q), cmd_strerror(r.fd));
      return 1;
    }
  }
  int rc = 0;
  char *data = NULL;
  line *lines = NULL;
  size_t n = 0;
  char **kept = NULL;
  size_t *kept_len = NULL, nkept = 0;
  bool sampled = false;
  cmd_in *in = NULL;
  if (echo) {
    lines = malloc((g.nops ? (size_t)g.nops : 1) * sizeof *lines);
    for (int i = 0; lines && i < g.nops; i++) {
      size_t k = strlen(ops[i]);
      ops[i][k] = eol; /* argv strings end with a NUL we may reuse */
      lines[i].p = ops[i];
      lines[i].n = k + 1;
    }
    n = (size_t)g.nops;
  } else if (!range) {
    const char *file = g.nops ? ops[0] : "-";
    int fd = 0;
    if (strcmp(file, "-")) {
      fd = acs_sys_open(file, O_RDONLY | O_CLOEXEC, 0);
      if (fd < 0) {
        cmd_error(c, "%s: %s", cmd_quotef(file, q, sizeof q), cmd_strerror(fd));
        rc = 1;
        goto done;
      }
    }
    acs__sys_stat st;
    bool small = acs_sys_fstat(fd, &st) == 0 && (st.mode & 0170000) == 0100000;
    if (small) {
      int64_t pos = acs_sys_lseek(fd, 0, SEEK_CUR);
      small = pos >= 0 && st.size - (uint64_t)pos <= 8u << 20;
    }
    in = cmd_in_new();
    if (!in) {
      cmd_error(c, "memory exhausted");
      rc = 1;
      goto done;
    }
    cmd_in_fd(in, fd);
    in->close_fd = fd != 0;
    if (!repeat && head != UINT64_MAX && !small) {
      sampled = true;
      rc = reservoir(c, &r, in, eol, (size_t)head, &kept, &kept_len, &nkept);
      n = nkept;
      if (rc) goto done;
    } else {
      size_t len = 0, cap = 65536;
      data = malloc(cap + 1);
      ssize_t k;
      while (data && (k = cmd_in_read(in, data + len, cap - len)) > 0) {
        len += (size_t)k;
        if (cap - len < 65536) {
          cap *= 2;
          char *p = realloc(data, cap + 1);
          if (!p) {
            free(data);
            data = NULL;
            break;
          }
          data = p;
        }
      }
      if (!data) {
        cmd_error(c, "memory exhausted");
        rc = 1;
        goto done;
      }
      if (in->err) {
        cmd_error(c, "%s: %s", cmd_quotef(file, q, sizeof q), cmd_strerror(in->err));
        rc = 1;
        goto done;
      }
      bool added;
      n = split_lines(data, len, eol, &lines, &added);
      if (n == (size_t)-1) {
        cmd_error(c, "memory exhausted");
        rc = 1;
        goto done;
      }
    }
  } else {
    n = (size_t)(hi - lo + 1);
  }
  if (repeat && !n && head) {
    cmd_error(c, "no lines to repeat");
    rc = 1;
    goto done;
  }
  int saved = -1;
  if (out) {
    int fd = acs_sys_open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
      cmd_error(c, "%s: %s", cmd_quotef(out, q, sizeof q), cmd_strerror(fd));
      rc = 1;
      goto done;
    }
    cmd_flush(c);
    saved = acs_sys_dup(1);
    acs_sys_dup2(fd, 1);
    acs_sys_close(fd);
  }
  if (repeat) {
    for (uint64_t i = 0; i < head && !cmd_out_error(c); i++) {
      uint64_t j = choose(&r, range ? hi - lo + 1 : n);
      if (r.failed) break;
      if (range) cmd_printf(c, "%llu%c", (unsigned long long)(lo + j), eol);
      else cmd_out(c, lines[j].p, lines[j].n);
    }
  } else {
    size_t h = head < n ? (size_t)head : n;
    size_t *perm = randperm(&r, h, n);
    if (!perm) {
      cmd_error(c, "memory exhausted");
      rc = 1;
    }
    for (size_t i = 0; perm && !r.failed && i < h && !cmd_out_error(c); i++) {
      if (range) cmd_printf(c, "%llu%c", (unsigned long long)(lo + perm[i]), eol);
      else if (sampled) cmd_out(c, kept[perm[i]], kept_len[perm[i]]);
      else cmd_out(c, lines[perm[i]].p, lines[perm[i]].n);
    }
    free(perm);
  }
  if (r.failed) rc = 1;
  if (saved >= 0) {
    if (!cmd_flush(c)) rc = 1;
    acs_sys_dup2(saved, 1);
    acs_sys_close(saved);
  }
done:
  if (r.fd >= 0) acs_sys_close(r.fd);
  if (kept)
    for (size_t i = 0; i < nkept; i++) free(kept[i]);
  free(kept);
  free(kept_len);
  free(lines);
  free(data);
  cmd_in_free(in);
  return rc;
}
