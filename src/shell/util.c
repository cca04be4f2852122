/* util.c - the shell's strings, arenas, sources, messages and the
** buffered output of its builtins. */
#include "sh.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

shell sh;

/* A box process that cannot allocate has nothing sensible left to do. */
static void oom(void)
{
  static const char m[] = "sh: out of memory\n";
  acs_sys_write_all(2, m, sizeof m - 1);
  acs_sys_exit(2);
}

void *xmalloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p) oom();
  return p;
}

void *xcalloc(size_t n, size_t m)
{
  void *p = calloc(n ? n : 1, m ? m : 1);
  if (!p) oom();
  return p;
}

void *xrealloc(void *p, size_t n)
{
  p = realloc(p, n ? n : 1);
  if (!p) oom();
  return p;
}

char *xstrndup(const char *s, size_t n)
{
  char *p = xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

void sb_add(sbuf *b, const void *p, size_t n)
{
  if (b->len + n + 1 > b->cap) {
    size_t c = b->cap ? b->cap * 2 : 64;
    while (c < b->len + n + 1) c *= 2;
    b->s = xrealloc(b->s, c);
    b->cap = c;
  }
  if (n) memcpy(b->s + b->len, p, n);
  b->len += n;
  b->s[b->len] = 0;
}

void sb_addc(sbuf *b, char c) { sb_add(b, &c, 1); }
void sb_adds(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

void sb_printf(sbuf *b, const char *fmt, ...)
{
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof tmp) {
    sb_add(b, tmp, (size_t)n);
    return;
  }
  char *big = xmalloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  sb_add(b, big, (size_t)n);
  free(big);
}

char *sb_take(sbuf *b)
{
  if (!b->s) return xstrdup("");
  char *s = b->s;
  b->s = NULL;
  b->len = b->cap = 0;
  return s;
}

void sb_free(sbuf *b)
{
  free(b->s);
  b->s = NULL;
  b->len = b->cap = 0;
}

bool is_name(const char *s, size_t n)
{
  if (n == 0 || !(s[0] == '_' || (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
    return false;
  for (size_t i = 1; i < n; i++)
    if (!(s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
          (s[i] >= '0' && s[i] <= '9')))
      return false;
  return true;
}

struct arena_blk {
  arena_blk *next;
  size_t used, cap;
  _Alignas(16) unsigned char data[];
};

void *ar_alloc(arena *a, size_t n)
{
  n = (n + 15) & ~(size_t)15;
  arena_blk *b = a->head;
  if (!b || b->used + n > b->cap) {
    size_t cap = n > 8192 ? n : 8192;
    b = xmalloc(sizeof *b + cap);
    b->cap = cap;
    b->used = 0;
    b->next = a->head;
    a->head = b;
  }
  void *p = b->data + b->used;
  b->used += n;
  memset(p, 0, n);
  return p;
}

char *ar_strndup(arena *a, const char *s, size_t n)
{
  char *p = ar_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

void ar_free(arena *a)
{
  for (arena_blk *b = a->head, *n; b; b = n) {
    n = b->next;
    free(b);
  }
  a->head = NULL;
}

source *src_new_text(const char *text, size_t len, const char *name)
{
  source *s = xcalloc(1, sizeof *s);
  s->text = xstrndup(text, len);
  s->len = len;
  s->cap = len + 1;
  s->fd = -1;
  s->eof = true;
  s->refs = 1;
  s->name = xstrdup(name ? name : "");
  return s;
}

source *src_new_fd(int fd, const char *name)
{
  source *s = src_new_text("", 0, name);
  s->fd = fd;
  s->eof = false;
  return s;
}

void src_unref(source *s)
{
  if (!s || --s->refs > 0) return;
  ar_free(&s->ar);
  free(s->text);
  free(s->hds);
  free(s->name);
  free(s);
}

/* Input from a descriptor comes a line at a time, as bash reads a script
** on a pipe: the commands it runs may read the rest of that input. */
bool src_more(source *s, size_t pos)
{
  while (pos >= s->len) {
    if (s->eof || s->fd < 0) return false;
    if (s->interactive) {
      char *line = le_readline(interactive_prompt(s));
      if (!line) {
        s->eof = true;
        return false;
      }
      size_t n = strlen(line);
      if (s->len + n + 1 > s->cap) {
        s->cap = (s->len + n + 1) * 2;
        s->text = xrealloc(s->text, s->cap);
      }
      memcpy(s->text + s->len, line, n + 1);
      s->len += n;
      free(line);
      continue;
    }
    char c;
    for (;;) {
      ssize_t n = acs_sys_read(s->fd, &c, 1);
      if (n <= 0) {
        s->eof = true;
        break;
      }
      if (s->len + 2 > s->cap) {
        s->cap = s->cap * 2 + 64;
        s->text = xrealloc(s->text, s->cap);
      }
      s->text[s->len++] = c;
      s->text[s->len] = 0;
      if (c == '\n') break;
    }
  }
  return true;
}

void sv_push(strv *v, char *s)
{
  if (v->n + 2 > v->cap) {
    v->cap = v->cap ? v->cap * 2 : 8;
    v->v = xrealloc(v->v, v->cap * sizeof *v->v);
  }
  v->v[v->n++] = s;
  v->v[v->n] = NULL;
}

void sv_free(strv *v)
{
  for (size_t i = 0; i < v->n; i++) free(v->v[i]);
  free(v->v);
  v->v = NULL;
  v->n = v->cap = 0;
}

void sh_write(int fd, const char *s, size_t n) { (void)acs_sys_write_all(fd, s, n); }

static void error_v(const char *where, int line, const char *fmt, va_list ap)
{
  sbuf b = {0};
  out_flush();
  sb_adds(&b, sh.name ? sh.name : "sh");
  sb_adds(&b, ": ");
  if (where) sb_printf(&b, "%s: ", where);
  if (line > 0) sb_printf(&b, "line %d: ", line);
  /* whole, as bash: a long word or expression must not push the reason
  ** (which comes after it) out of the line */
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  char *tmp = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (tmp) vsnprintf(tmp, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  sb_adds(&b, tmp ? tmp : fmt);
  free(tmp);
  sb_addc(&b, '\n');
  sh_write(2, b.s, b.len);
  sb_free(&b);
}

void sh_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  /* bash names the line, but not at a prompt */
  error_v(NULL, sh.interactive ? 0 : sh.line, fmt, ap);
  va_end(ap);
}

void sh_error_at(const char *where, int line, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  error_v(where, line, fmt, ap);
  va_end(ap);
}

const char *sh_strerror(int neg_errno) { return strerror(neg_errno < 0 ? -neg_errno : neg_errno); }

void sh_perror(const char *what, int neg_errno) { sh_error("%s: %s", what, sh_strerror(neg_errno)); }

/* Builtins write through one buffer, flushed before anything else writes
** (a child, an error message) so the order of output stays the order of
** the commands. */
static sbuf obuf;
static int oerr; /* the first write error since the last flush asked, -errno */

void out_add(const char *s, size_t n)
{
  sb_add(&obuf, s, n);
  if (obuf.len >= 65536) {
    int rc = acs_sys_write_all(1, obuf.s, obuf.len);
    if (rc && !oerr) oerr = rc;
    obuf.len = 0;
  }
}

void out_adds(const char *s) { out_add(s, strlen(s)); }

void out_printf(const char *fmt, ...)
{
  char tmp[1024];
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n >= 0 && (size_t)n >= sizeof tmp) {
    /* whole: pwd deep in a tree, declare -p of a long value */
    char *big = malloc((size_t)n + 1);
    if (big) {
      vsnprintf(big, (size_t)n + 1, fmt, ap2);
      out_add(big, (size_t)n);
      free(big);
    }
    n = -1;
  }
  va_end(ap2);
  if (n < 0) return;
  out_add(tmp, (size_t)n);
}

int out_flush_err(void)
{
  if (obuf.len) {
    int rc = acs_sys_write_all(1, obuf.s, obuf.len);
    if (rc && !oerr) oerr = rc;
    obuf.len = 0;
  }
  int rc = oerr;
  oerr = 0;
  return rc;
}

bool out_flush(void) { return out_flush_err() == 0; }

void sh_usage(const char *line)
{
  out_flush();
  sh_write(2, line, strlen(line));
}

bool sh_binary_file(int fd)
{
  /* bash's test: a NUL before the first newline of the first 80 bytes */
  char sample[80];
  ssize_t n = acs_sys_pread(fd, sample, sizeof sample, 0);
  for (ssize_t i = 0; i < n; i++) {
    if (sample[i] == '\n') return false;
    if (sample[i] == 0) return true;
  }
  return false;
}
