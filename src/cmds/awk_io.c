/* awk_io.c - records and redirections: reading records with RS's rules
** (one character; "" for paragraphs; longer, a regex as gawk), the main
** input through ARGV (var=value operands assigned when reached), every
** form of getline, and print's files and pipes.
**
** A box process cannot fork: a command (print | "cmd", "cmd" | getline,
** system()) is `sh -c cmd` spawned through the kernel with one end of a
** box pipe as its stdin or stdout. Our descriptors are close-on-exec so a
** command never holds another's pipe open. As gawk, stdout is flushed
** before a command starts, and at the end the redirections are closed
** (their commands waited for) before stdout's last flush. */
#include "awk.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

/* ---- reading records */

reader *reader_new(int fd)
{
  reader *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->fd = fd;
  return r;
}

void reader_free(reader *r)
{
  if (!r) return;
  if (r->fd > 2) acs_sys_close(r->fd);
  free(r->buf);
  free(r);
}

/* more bytes after end; false at the end of the input */
static bool fill(awk *A, reader *r)
{
  if (r->eof) return false;
  if (r->start > 0 && r->start == r->end) r->start = r->end = 0;
  if (r->cap - r->end < 65536) {
    if (r->start > r->cap / 2) {
      memmove(r->buf, r->buf + r->start, r->end - r->start);
      r->end -= r->start;
      r->start = 0;
    }
    if (r->cap - r->end < 65536) {
      size_t cap = r->cap ? r->cap * 2 : 131072;
      char *b = realloc(r->buf, cap + 1);
      if (!b) awk_fatal(A, "out of memory");
      r->buf = b;
      r->cap = cap;
    }
  }
  ssize_t n = acs_sys_read(r->fd, r->buf + r->end, 65536);
  if (n <= 0) {
    r->eof = true;
    if (n < 0) r->err = (int)n;
    return false;
  }
  r->end += (size_t)n;
  return true;
}

static void take(awk *A, reader *r, size_t len, size_t skip, astr **rec, astr **rt)
{
  *rec = astr_new(A, r->buf + r->start, len);
  *rt = astr_new(A, r->buf + r->start + len, skip);
  r->start += len + skip;
}

bool read_record(awk *A, reader *r, astr **rec, astr **rt)
{
  astr *rs = A->rs;
  if (rs->len == 1) {
    char c = rs->s[0];
    size_t scan = r->start;
    for (;;) {
      /* nothing read yet: buf may still be NULL, which memchr must not get */
      char *p = r->end > scan ? memchr(r->buf + scan, c, r->end - scan) : NULL;
      if (p) {
        take(A, r, (size_t)(p - (r->buf + r->start)), 1, rec, rt);
        return true;
      }
      scan = r->end - r->start;
      if (!fill(A, r)) break;
      scan += r->start;
    }
    if (r->start == r->end) return false;
    take(A, r, r->end - r->start, 0, rec, rt);
    return true;
  }
  if (rs->len == 0) {
    /* paragraphs: blank lines end a record; leading newlines are skipped */
    for (;;) {
      while (r->start < r->end && r->buf[r->start] == '\n') r->start++;
      if (r->start < r->end || !fill(A, r)) break;
    }
    if (r->start == r->end) return false;
    size_t scan = r->start;
    for (;;) {
      size_t i;
      for (i = scan; i + 1 < r->end; i++)
        if (r->buf[i] == '\n' && r->buf[i + 1] == '\n') break;
      if (i + 1 < r->end) {
        size_t j = i;
        while (j < r->end && r->buf[j] == '\n') j++;
        if (j < r->end || r->eof) {
          take(A, r, i - r->start, j - i, rec, rt);
          return true;
        }
      }
      size_t off = (i > r->start ? i : r->start) - r->start;
      if (!fill(A, r)) break;
      scan = r->start + off;
    }
    size_t len = r->end - r->start, k = len;
    while (k > 0 && r->buf[r->start + k - 1] == '\n') k--;
    take(A, r, k, len - k, rec, rt);
    return true;
  }
  are *re = re_get(A, rs->s, rs->len);
  for (;;) {
    size_t so, eo, from = r->start;
    bool found = false;
    while (re_exec(A, re, r->buf ? r->buf : "", r->end, from, &so, &eo, NULL, 0)) {
      if (eo > so) {
        found = true;
        break;
      }
      if (so >= r->end) break;
      from = so + 1;
    }
    /* a match that touches the end may grow with more input */
    if (found && (eo < r->end || r->eof)) {
      take(A, r, so - r->start, eo - so, rec, rt);
      return true;
    }
    if (!fill(A, r)) {
      if (found) {
        take(A, r, so - r->start, eo - so, rec, rt);
        return true;
      }
      break;
    }
  }
  if (r->start == r->end) return false;
  take(A, r, r->end - r->start, 0, rec, rt);
  return true;
}

/* ---- the main input */

static void set_global(awk *A, int slot, cell v)
{
  var_assign(A, slot, &v);
  cell_free(&v);
}

static bool assignment_operand(awk *A, const char *s)
{
  const char *eq = strchr(s, '=');
  if (!eq || eq == s) return false;
  if (!(s[0] == '_' || (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return false;
  for (const char *p = s; p < eq; p++)
    if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))) return false;
  extern void awk_assign_operand(awk * A, const char *s, const char *eq);
  awk_assign_operand(A, s, eq);
  return true;
}

static bool open_next(awk *A)
{
  for (;;) {
    double argc = cell_tonum(A, &A->g[G_ARGC].c);
    if (A->argi >= argc) break;
    char key[32];
    snprintf(key, sizeof key, "%d", A->argi++);
    cell *e = A->g[G_ARGV].k == V_ARRAY ? array_find(A->g[G_ARGV].a, key, strlen(key)) : NULL;
    if (!e) continue;
    astr *s = cell_tostr(A, e);
    if (s->len == 0 || assignment_operand(A, s->s)) {
      astr_unref(s);
      continue;
    }
    A->main_done = true; /* a file was named: stdin is not read */
    A->fnr = 0;
    int fd;
    if (!strcmp(s->s, "-") || !strcmp(s->s, "/dev/stdin")) {
      fd = 0;
    } else {
      acs__sys_stat st;
      if (acs_sys_stat(s->s, &st) == 0 && (st.mode & 0170000) == 0040000) {
        awk_warn(A, "command line argument `%s' is a directory: skipped", s->s);
        astr_unref(s);
        continue;
      }
      fd = acs_sys_open(s->s, O_RDONLY | O_CLOEXEC, 0);
      if (fd < 0) {
        awk_fatal(A, "cannot open file `%s' for reading: %s", s->s, cmd_strerror(fd));
      }
    }
    A->main_in = reader_new(fd);
    if (!A->main_in) awk_fatal(A, "out of memory");
    set_global(A, G_FILENAME, cell_str(s));
    A->fnr = 0;
    set_global(A, G_FNR, cell_num(0));
    if (A->has_beginfile) run_rules(A, T_BEGINFILE);
    return true;
  }
  if (!A->main_done) {
    A->main_done = true;
    A->main_in = reader_new(0);
    if (!A->main_in) awk_fatal(A, "out of memory");
    set_global(A, G_FILENAME, cell_str(astr_cstr(A, "-")));
    return true;
  }
  return false;
}

/* the next record of the main input, counted in NR and FNR */
static bool main_read(awk *A, astr **rec)
{
  if (A->in_end) return false;
  for (;;) {
    if (!A->main_in && !open_next(A)) return false;
    astr *rt;
    if (read_record(A, A->main_in, rec, &rt)) {
      set_global(A, G_RT, cell_str(rt));
      A->nr++;
      A->fnr++;
      set_global(A, G_NR, cell_num(A->nr));
      set_global(A, G_FNR, cell_num(A->fnr));
      return true;
    }
    reader_free(A->main_in);
    A->main_in = NULL;
    if (A->has_endfile) run_rules(A, T_ENDFILE);
  }
}

bool next_main_record(awk *A)
{
  astr *rec;
  if (!main_read(A, &rec)) return false;
  rec_set(A, rec);
  return true;
}

/* ---- streams */

static stream *find(awk *A, astr *name, int kind)
{
  for (stream *s = A->streams; s; s = s->next)
    if (s->name->len == name->len && !memcmp(s->name->s, name->s, name->len) &&
        (kind < 0 || s->kind == kind || (kind == R_FILE && s->kind == R_APPEND) || (kind == R_APPEND && s->kind == R_FILE)))
      return s;
  return NULL;
}

static stream *add_stream(awk *A, astr *name, int kind, int fd, int pid)
{
  stream *s = calloc(1, sizeof *s);
  if (!s) awk_fatal(A, "out of memory");
  s->name = astr_ref(name);
  s->kind = kind;
  s->fd = fd;
  s->pid = pid;
  s->next = A->streams;
  A->streams = s;
  return s;
}

static void stream_flush(awk *A, stream *s)
{
  (void)A;
  if (s->olen && s->fd >= 0) {
    /* a failed write loses the output, as gawk's ignored EPIPE would */
    (void)acs_sys_write_all(s->fd, s->obuf, s->olen);
  }
  s->olen = 0;
}

void awk_flush_all(awk *A)
{
  cmd_flush(A->c);
  for (stream *s = A->streams; s; s = s->next)
    if (s->kind == R_FILE || s->kind == R_APPEND || s->kind == R_PIPE) stream_flush(A, s);
}

/* the environment of a command: ENVIRON as the program left it (gawk
** 5 passes its changes on) */
static char **child_env(awk *A)
{
  var *v = &A->g[G_ENVIRON];
  if (v->k != V_ARRAY) return NULL;
  size_t n;
  astr **keys = array_keys(v->a, &n);
  char **env = calloc(n + 1, sizeof *env);
  if (!env) awk_fatal(A, "out of memory");
  for (size_t i = 0; i < n; i++) {
    cell *c = array_find(v->a, keys[i]->s, keys[i]->len);
    astr *val = c ? cell_tostr(A, c) : astr_new(A, "", 0);
    env[i] = malloc(keys[i]->len + val->len + 2);
    if (!env[i]) awk_fatal(A, "out of memory");
    memcpy(env[i], keys[i]->s, keys[i]->len);
    env[i][keys[i]->len] = '=';
    memcpy(env[i] + keys[i]->len + 1, val->s, val->len + 1);
    astr_unref(val);
    astr_unref(keys[i]);
  }
  free(keys);
  return env;
}

static int spawn_sh(awk *A, const char *cmd, int child_fd, int parent_fd)
{
  awk_flush_all(A);
  char *argv[] = {"sh", "-c", (char *)cmd, NULL};
  int pairs[1][2] = {{child_fd, parent_fd}};
  char **env = child_env(A);
  int pid = acs_sys_spawn("/bin/sh", argv, env ? env : environ, (const int(*)[2])pairs, parent_fd < 0 ? 0 : 1);
  for (size_t i = 0; env && env[i]; i++) free(env[i]);
  free(env);
  return pid;
}

static int wait_status(int pid)
{
  int w = 0;
  if (acs_sys_wait(pid, &w, 0) < 0) return -1;
  if (WIFEXITED(w)) return WEXITSTATUS(w);
  if (WIFSIGNALED(w)) return 256 + WTERMSIG(w) + (WCOREDUMP(w) ? 256 : 0);
  return 0;
}

static stream *out_stream(awk *A, int kind, astr *dest)
{
  stream *s = find(A, dest, kind);
  if (s) return s;
  if (kind == R_PIPE) {
    int p[2];
    int rc = acs_sys_pipe(p, O_CLOEXEC);
    if (rc < 0) awk_fatal(A, "cannot open pipe `%s': %s", dest->s, cmd_strerror(rc));
    int pid = spawn_sh(A, dest->s, 0, p[0]);
    acs_sys_close(p[0]);
    if (pid < 0) {
      acs_sys_close(p[1]);
      awk_fatal(A, "cannot open pipe `%s': %s", dest->s, cmd_strerror(pid));
    }
    s = add_stream(A, dest, R_PIPE, p[1], pid);
  } else if (!strcmp(dest->s, "/dev/stdout") || !strcmp(dest->s, "-")) {
    s = add_stream(A, dest, kind, 1, 0);
    s->is_stdout = true;
  } else if (!strcmp(dest->s, "/dev/stderr")) {
    s = add_stream(A, dest, kind, 2, 0);
    s->is_stderr = true;
  } else {
    int fd = acs_sys_open(dest->s, O_WRONLY | O_CREAT | O_CLOEXEC | (kind == R_APPEND ? O_APPEND : O_TRUNC), 0666);
    if (fd < 0) awk_fatal(A, "cannot redirect to `%s': %s", dest->s, cmd_strerror(fd));
    s = add_stream(A, dest, kind, fd, 0);
  }
  if (!s->is_stdout && !s->is_stderr) {
    s->obuf = malloc(65536);
    if (!s->obuf) awk_fatal(A, "out of memory");
  }
  return s;
}

void out_write(awk *A, int kind, astr *dest, const char *p, size_t n)
{
  if (kind == R_NONE) {
    cmd_out(A->c, p, n);
    return;
  }
  stream *s = out_stream(A, kind, dest);
  if (s->is_stdout) {
    cmd_out(A->c, p, n);
    return;
  }
  if (s->is_stderr) {
    acs_sys_write_all(2, p, n);
    return;
  }
  if (s->olen + n > 65536) stream_flush(A, s);
  if (n > 65536) {
    if (s->fd >= 0) acs_sys_write_all(s->fd, p, n);
    return;
  }
  memcpy(s->obuf + s->olen, p, n);
  s->olen += n;
}

static int stream_close(awk *A, stream *s)
{
  int rc = 0;
  if (s->kind == R_FILE || s->kind == R_APPEND || s->kind == R_PIPE) stream_flush(A, s);
  if (s->in) {
    reader_free(s->in); /* closes the fd */
    s->in = NULL;
  } else if (s->fd > 2) {
    acs_sys_close(s->fd);
  }
  if (s->pid > 0) rc = wait_status(s->pid);
  astr_unref(s->name);
  free(s->obuf);
  free(s);
  return rc;
}

double awk_close(awk *A, astr *name)
{
  for (stream **pp = &A->streams; *pp; pp = &(*pp)->next) {
    stream *s = *pp;
    if (s->name->len == name->len && !memcmp(s->name->s, name->s, name->len)) {
      *pp = s->next;
      return stream_close(A, s);
    }
  }
  return -1;
}

int awk_fflush(awk *A, astr *name, bool all)
{
  if (all) {
    awk_flush_all(A);
    return 0;
  }
  if (!strcmp(name->s, "/dev/stdout")) {
    cmd_flush(A->c);
    return 0;
  }
  stream *s = find(A, name, -1);
  if (!s || s->in) return -1;
  if (s->is_stdout) cmd_flush(A->c);
  stream_flush(A, s);
  return 0;
}

void awk_close_all(awk *A)
{
  while (A->streams) {
    stream *s = A->streams;
    A->streams = s->next;
    stream_close(A, s);
  }
  reader_free(A->main_in);
  A->main_in = NULL;
}

int awk_system(awk *A, const char *cmd)
{
  int pid = spawn_sh(A, cmd, -1, -1);
  if (pid < 0) return -1;
  return wait_status(pid);
}

/* ---- getline */

static void set_target(awk *A, node *lv, astr *rec)
{
  if (!lv) {
    rec_set(A, rec);
    return;
  }
  cell v = cell_input(rec);
  cell *p = lvalue(A, lv);
  cell_set(p, &v);
  lvalue_done(A, lv);
  cell_free(&v);
}

int awk_getline(awk *A, node *n)
{
  astr *rec, *rt;
  if (n->sub == R_NONE) {
    if (!main_read(A, &rec)) return 0;
    set_target(A, n->a, rec);
    return 1;
  }
  astr *name = eval_str(A, n->b);
  stream *s = find(A, name, n->sub == R_FILE ? 0 : R_CMD);
  if (!s) {
    if (n->sub == R_FILE) {
      int fd = !strcmp(name->s, "-") || !strcmp(name->s, "/dev/stdin") ? 0 : acs_sys_open(name->s, O_RDONLY | O_CLOEXEC, 0);
      if (fd < 0) {
        astr_unref(name);
        return -1;
      }
      acs__sys_stat st;
      if (fd > 0 && acs_sys_fstat(fd, &st) == 0 && (st.mode & 0170000) == 0040000) {
        acs_sys_close(fd);
        astr_unref(name);
        return -1;
      }
      s = add_stream(A, name, R_FILE, fd, 0);
      s->kind = 0; /* an input file: not flushed */
    } else {
      int p[2];
      int rc = acs_sys_pipe(p, O_CLOEXEC);
      if (rc < 0) awk_fatal(A, "cannot open pipe `%s': %s", name->s, cmd_strerror(rc));
      int pid = spawn_sh(A, name->s, 1, p[1]);
      acs_sys_close(p[1]);
      if (pid < 0) {
        acs_sys_close(p[0]);
        awk_fatal(A, "cannot open pipe `%s': %s", name->s, cmd_strerror(pid));
      }
      s = add_stream(A, name, R_CMD, p[0], pid);
    }
    s->in = reader_new(s->fd);
    if (!s->in) awk_fatal(A, "out of memory");
  }
  astr_unref(name);
  if (!s->in) return -1; /* an output stream of that name */
  if (!read_record(A, s->in, &rec, &rt)) return 0;
  set_global(A, G_RT, cell_str(rt));
  set_target(A, n->a, rec);
  return 1;
}
