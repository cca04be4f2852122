/* sed_exec.c - sed's cycle: addresses and ranges, every command, s with
** its flags and case conversion, the append queue, hold space. */
#include "sed.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static void grow(char **b, size_t *cap, size_t need)
{
  if (need <= *cap) return;
  size_t nc = *cap ? *cap : 256;
  while (nc < need) nc *= 2;
  *b = realloc(*b, nc);
  *cap = nc;
}

static void ps_set(sed *s, const char *p, size_t n)
{
  grow(&s->ps, &s->pscap, n + 1);
  memmove(s->ps, p, n);
  s->pslen = n;
}

/* ---- output: a line lacking its newline gets one before more follows */

void sed_emit(sed *s, sed_out *o, const char *p, size_t n)
{
  if (o->to_buf) {
    grow(&o->buf, &o->cap, o->len + n + 1);
    memcpy(o->buf + o->len, p, n);
    o->len += n;
  } else cmd_out(s->c, p, n);
}

static void out_text(sed *s, const char *p, size_t n)
{
  char d = s->nuldata ? 0 : '\n';
  if (s->out.missing_nl) sed_emit(s, &s->out, &d, 1);
  s->out.missing_nl = false;
  sed_emit(s, &s->out, p, n);
}

/* the pattern space (or n bytes of it) and the delimiter the line had */
static void out_line(sed *s, const char *p, size_t n, bool nl)
{
  char d = s->nuldata ? 0 : '\n';
  out_text(s, p, n);
  if (nl) sed_emit(s, &s->out, &d, 1);
  else s->out.missing_nl = true;
  if (s->unbuffered && !s->out.to_buf) cmd_flush(s->c);
}

void sed_emit_fd(sed *s, int fd, const char *p, size_t n)
{
  if (fd < 0) out_text(s, p, n);
  else acs_sys_write_all(fd, p, n);
}

static void wfile_line(sed *s, int idx, const char *p, size_t n)
{
  char d = s->nuldata ? 0 : '\n';
  int fd = s->wfiles[idx].fd;
  if (fd < 0) {
    out_line(s, p, n, true);
    return;
  }
  acs_sys_write_all(fd, p, n);
  acs_sys_write_all(fd, &d, 1);
}

static void queue(sed *s, const char *p, size_t n)
{
  grow(&s->append, &s->acap, s->alen + n + 1);
  memcpy(s->append + s->alen, p, n);
  s->alen += n;
}

static void flush_append(sed *s)
{
  if (s->alen) out_text(s, s->append, s->alen);
  s->alen = 0;
}

/* ---- regular expressions on the pattern space ------------------------ */

static void runtime_error(sed *s, const char *msg);

static sed_re *use_re(sed *s, sed_re *re)
{
  if (re) s->last_re = re;
  if (!s->last_re) runtime_error(s, "no previous regular expression"); /* GNU's script error with no place */
  return s->last_re;
}

static bool sre_match(sed_re *re, const char *p, size_t len, size_t from, regmatch_t *m, size_t nm)
{
  m[0].rm_so = (regoff_t)from;
  m[0].rm_eo = (regoff_t)len;
  return regexec(&re->re, p, nm, m, REG_STARTEND) == 0;
}

static bool match1(sed *s, sed_addr *a)
{
  switch (a->type) {
  case A_LINE: return s->lineno == a->n;
  case A_LAST: return sed_last(s);
  case A_STEP: return a->step <= 0 ? s->lineno == a->n : s->lineno >= a->n && (s->lineno - a->n) % a->step == 0;
  case A_RE: {
    sed_re *re = use_re(s, a->re);
    regmatch_t m[1];
    return re && sre_match(re, s->ps, s->pslen, 0, m, 1);
  }
  }
  return false;
}

static bool selected(sed *s, sed_cmd *c)
{
  if (c->a1.type == A_NONE) return true;
  if (c->a2.type == A_NONE) return match1(s, &c->a1);
  if (!c->range_on) {
    /* a line-number start that N or n jumped over still opens the range,
    ** once, as in GNU sed */
    bool passed = s->lineno > c->a1.n && !c->range_done && (c->a2.type != A_LINE || s->lineno <= c->a2.n);
    bool start = c->a1.type == A_LINE ? s->lineno == c->a1.n || passed : c->a1.type != A_ZERO && match1(s, &c->a1);
    if (!start) return false;
    c->range_on = true;
    c->range_done = true;
    switch (c->a2.type) {
    case A_LINE:
      if (c->a2.n <= s->lineno) c->range_on = false;
      break;
    case A_PLUS:
      c->range_end = s->lineno + c->a2.n;
      if (c->a2.n == 0) c->range_on = false;
      break;
    case A_TILDE: /* to the next multiple of N after this line */
      if (c->a2.n <= 0) c->range_on = false;
      else c->range_end = (s->lineno / c->a2.n + 1) * c->a2.n;
      break;
    case A_LAST:
      if (sed_last(s)) c->range_on = false;
      break;
    }
    return true;
  }
  switch (c->a2.type) {
  case A_LINE:
    if (s->lineno >= c->a2.n) c->range_on = false;
    return true;
  case A_PLUS: case A_TILDE:
    if (s->lineno >= c->range_end) c->range_on = false;
    return true;
  case A_LAST:
    if (sed_last(s)) c->range_on = false;
    return true;
  default:
    if (match1(s, &c->a2)) c->range_on = false;
    return true;
  }
}

/* ---- s --------------------------------------------------------------- */

typedef struct casebuf {
  char *b;
  size_t n, cap;
  int mode, once; /* 'U' 'L' or 0; 'u' 'l' or 0 */
} casebuf;

static void cb_add(casebuf *cb, const char *p, size_t n)
{
  grow(&cb->b, &cb->cap, cb->n + n + 1);
  for (size_t i = 0; i < n; i++) {
    int ch = (unsigned char)p[i];
    if (cb->once) {
      ch = cb->once == 'u' ? toupper(ch) : tolower(ch);
      cb->once = 0;
    } else if (cb->mode == 'U') ch = toupper(ch);
    else if (cb->mode == 'L') ch = tolower(ch);
    cb->b[cb->n++] = (char)ch;
  }
}

static void replacement(sed_cmd *c, casebuf *cb, const char *ps, regmatch_t *m)
{
  for (size_t i = 0; i < c->nrp; i++) {
    repl_part *r = &c->rp[i];
    if (r->kind == R_LIT) cb_add(cb, r->s, r->len);
    else if (r->kind == R_GROUP) {
      if (m[r->n].rm_so >= 0) cb_add(cb, ps + m[r->n].rm_so, (size_t)(m[r->n].rm_eo - m[r->n].rm_so));
    } else if (r->n == 'u' || r->n == 'l') cb->once = r->n;
    else if (r->n == 'E') cb->mode = 0, cb->once = 0;
    else cb->mode = r->n;
  }
}

static bool run_command(sed *s, const char *cmd, char **out, size_t *outlen);

/* a run-time script error: GNU's words, before the output it holds */
static void runtime_error(sed *s, const char *msg)
{
  char m[512];
  int n = snprintf(m, sizeof m, "%s: -e expression #1, char 0: %s\n", s->c->name, msg);
  acs_sys_write_all(2, m, (size_t)n < sizeof m ? (size_t)n : sizeof m - 1);
  s->quit = s->aborted = true;
  s->status = 1;
}

static void do_s(sed *s, sed_cmd *c)
{
  sed_re *re = use_re(s, c->re);
  if (!re) return;
  if (!c->re) /* s//\N/ takes its groups from the last expression */
    for (size_t i = 0; i < c->nrp; i++)
      if (c->rp[i].kind == R_GROUP && (size_t)c->rp[i].n > re->nsub) {
        char msg[128];
        snprintf(msg, sizeof msg, "invalid reference \\%d on `s' command's RHS", c->rp[i].n);
        runtime_error(s, msg);
        return;
      }
  regmatch_t m[10];
  casebuf cb = {0};
  size_t pos = 0, copied = 0;
  int64_t count = 0;
  bool did = false;
  long prev_end = -1;
  while (pos <= s->pslen && sre_match(re, s->ps, s->pslen, pos, m, 10)) {
    size_t ms = (size_t)m[0].rm_so, me = (size_t)m[0].rm_eo;
    if (ms == me && (long)ms == prev_end) { /* no empty match right after a match */
      if (ms >= s->pslen) break;
      pos = ms + 1;
      continue;
    }
    count++;
    prev_end = (long)me;
    if (count >= (c->nth ? c->nth : 1)) {
      cb.mode = cb.once = 0; /* \U and \L last to the end of one replacement */
      cb_add(&cb, s->ps + copied, ms - copied);
      replacement(c, &cb, s->ps, m);
      copied = me;
      did = true;
      if (!c->global) break;
    }
    pos = ms == me ? ms + 1 : me;
  }
  if (!did) {
    free(cb.b);
    return;
  }
  cb.mode = cb.once = 0;
  cb_add(&cb, s->ps + copied, s->pslen - copied);
  ps_set(s, cb.b, cb.n);
  free(cb.b);
  s->replaced = true;
  if (c->eval) {
    char *o;
    size_t on;
    grow(&s->ps, &s->pscap, s->pslen + 1);
    s->ps[s->pslen] = 0;
    if (run_command(s, s->ps, &o, &on)) {
      if (on && o[on - 1] == '\n') on--;
      ps_set(s, o, on);
      free(o);
    }
  }
  if (c->print) out_line(s, s->ps, s->pslen, s->chomped);
  if (c->wfile >= 0) wfile_line(s, c->wfile, s->ps, s->pslen);
}

/* ---- e: a command run by the box's sh, its output collected ---------- */

static bool run_command(sed *s, const char *cmd, char **out, size_t *outlen)
{
  int fds[2];
  if (acs_sys_pipe(fds, 0) < 0) return false;
  char *argv[] = {"sh", "-c", (char *)cmd, NULL};
  extern char **environ;
  int pairs[2][2] = {{1, fds[1]}, {fds[0], -1}};
  cmd_flush(s->c);
  int pid = acs_sys_spawn("/bin/sh", argv, environ, (const int(*)[2])pairs, 2);
  if (pid < 0) pid = acs_sys_spawn("/usr/bin/sh", argv, environ, (const int(*)[2])pairs, 2);
  acs_sys_close(fds[1]);
  char *b = NULL;
  size_t n = 0, cap = 0;
  if (pid >= 0)
    for (;;) {
      grow(&b, &cap, n + 4096);
      ssize_t r = acs_sys_read(fds[0], b + n, 4096);
      if (r <= 0) break;
      n += (size_t)r;
    }
  acs_sys_close(fds[0]);
  if (pid < 0) {
    cmd_error(s->c, "couldn't run sh: %s", cmd_strerror(pid));
    return false;
  }
  int st;
  acs_sys_wait(pid, &st, 0);
  *out = b ? b : strdup("");
  *outlen = n;
  return true;
}

/* ---- l --------------------------------------------------------------- */

static void do_l(sed *s, int64_t width)
{
  char *o = NULL;
  size_t n = 0, cap = 0, col = 0;
  for (size_t i = 0; i < s->pslen; i++) {
    unsigned char ch = (unsigned char)s->ps[i];
    char e[8];
    int k;
    const char *esc = strchr("\\\a\b\f\n\r\t\v", ch) && ch ? "\\\\\0a\0b\0f\0n\0r\0t\0v" : NULL;
    if (esc) {
      static const char map[] = "\\\a\b\f\n\r\t\v", let[] = "\\abfnrtv";
      k = snprintf(e, sizeof e, "\\%c", let[strchr(map, ch) - map]);
    } else if (ch < 32 || ch >= 127) {
      k = snprintf(e, sizeof e, "\\%03o", ch);
    } else {
      e[0] = (char)ch;
      k = 1;
    }
    /* GNU wraps before a character that would pass width-1 columns */
    if (width > 0 && col + (size_t)k > (size_t)width - 1) {
      grow(&o, &cap, n + 3);
      o[n++] = '\\';
      o[n++] = '\n';
      col = 0;
    }
    grow(&o, &cap, n + (size_t)k + 1);
    memcpy(o + n, e, (size_t)k);
    n += (size_t)k;
    col += (size_t)k;
  }
  grow(&o, &cap, n + 3);
  o[n++] = '$';
  o[n++] = '\n';
  out_text(s, o, n);
  free(o);
}

/* ---- R: one line of a file per use ----------------------------------- */

static void do_R(sed *s, const char *name)
{
  sed_rfile *f = NULL;
  for (size_t i = 0; i < s->nrfiles; i++)
    if (!strcmp(s->rfiles[i].name, name)) f = &s->rfiles[i];
  if (!f) {
    s->rfiles = realloc(s->rfiles, (s->nrfiles + 1) * sizeof *s->rfiles);
    f = &s->rfiles[s->nrfiles++];
    f->name = strdup(name);
    f->in = cmd_in_new();
    int fd = f->in ? acs_sys_open(name, O_RDONLY | O_CLOEXEC, 0) : -1;
    f->eof = fd < 0;
    if (fd >= 0) {
      cmd_in_fd(f->in, fd);
      f->in->close_fd = true;
    }
  }
  if (f->eof) return;
  char *line;
  ssize_t n = cmd_getdelim(f->in, &line, s->nuldata ? 0 : '\n');
  if (n <= 0) {
    f->eof = true;
    return;
  }
  queue(s, line, (size_t)n);
  if (line[n - 1] != (s->nuldata ? 0 : '\n')) queue(s, s->nuldata ? "" : "\n", 1);
}

static void do_r(sed *s, const char *name)
{
  char *data;
  size_t len;
  if (!strcmp(name, "/dev/stdin")) name = "-";
  if (cmd_read_all(name, &data, &len) < 0) return; /* GNU: a missing file is silently nothing */
  queue(s, data, len);
  free(data);
}

/* ---- the cycle ------------------------------------------------------- */

/* Runs the script once over ps. Returns 0 for the end of the cycle with
** autoprint, 1 without it, 2 for D's restart, 3 to quit after autoprint,
** 4 to quit at once. */
static int cycle(sed *s)
{
  size_t pc = 0;
  while (pc < s->ncmds) {
    sed_cmd *c = &s->cmds[pc];
    bool sel = selected(s, c) != c->neg;
    if (s->aborted) return 4;
    if (c->cmd == '{') {
      pc = sel ? pc + 1 : c->jump;
      continue;
    }
    pc++;
    if (!sel) continue;
    char d = s->nuldata ? 0 : '\n';
    switch (c->cmd) {
    case '}': case ':': break;
    case '=': {
      char b[32];
      int n = snprintf(b, sizeof b, "%lld\n", (long long)s->lineno);
      out_text(s, b, (size_t)n);
      break;
    }
    case 'a': queue(s, c->text, c->tlen); break;
    case 'i': out_text(s, c->text, c->tlen); break;
    case 'c':
      /* a range prints the text once, at its end */
      if (c->a2.type == A_NONE || c->neg || !c->range_on) out_text(s, c->text, c->tlen);
      return 1;
    case 'b': pc = c->jump; break;
    case 't':
      if (s->replaced) s->replaced = false, pc = c->jump;
      break;
    case 'T':
      if (!s->replaced) pc = c->jump;
      else s->replaced = false;
      break;
    case 'd': return 1;
    case 'D': {
      char *nl = memchr(s->ps, d, s->pslen);
      if (!nl) return 1;
      size_t cut = (size_t)(nl - s->ps) + 1;
      ps_set(s, s->ps + cut, s->pslen - cut);
      return 2;
    }
    case 'e': {
      char *o;
      size_t on;
      if (c->text && *c->text) {
        if (run_command(s, c->text, &o, &on)) {
          out_text(s, o, on);
          free(o);
        }
      } else {
        grow(&s->ps, &s->pscap, s->pslen + 1);
        s->ps[s->pslen] = 0;
        if (run_command(s, s->ps, &o, &on)) {
          if (on && o[on - 1] == '\n') on--;
          ps_set(s, o, on);
          free(o);
        }
      }
      break;
    }
    case 'F': {
      const char *n = s->fname ? s->fname : "-";
      out_text(s, n, strlen(n));
      out_text(s, &d, 1);
      break;
    }
    case 'g': ps_set(s, s->hs ? s->hs : "", s->hslen); break;
    case 'G':
      grow(&s->ps, &s->pscap, s->pslen + s->hslen + 2);
      s->ps[s->pslen++] = d;
      if (s->hslen) memcpy(s->ps + s->pslen, s->hs, s->hslen);
      s->pslen += s->hslen;
      break;
    case 'h':
      grow(&s->hs, &s->hscap, s->pslen + 1);
      memcpy(s->hs, s->ps, s->pslen);
      s->hslen = s->pslen;
      break;
    case 'H':
      grow(&s->hs, &s->hscap, s->hslen + s->pslen + 2);
      s->hs[s->hslen++] = d;
      memcpy(s->hs + s->hslen, s->ps, s->pslen);
      s->hslen += s->pslen;
      break;
    case 'x': {
      char *t = s->ps;
      size_t tl = s->pslen, tc = s->pscap;
      s->ps = s->hs;
      s->pslen = s->hslen;
      s->pscap = s->hscap;
      s->hs = t;
      s->hslen = tl;
      s->hscap = tc;
      if (!s->ps) ps_set(s, "", 0);
      break;
    }
    case 'l': case 'L': do_l(s, c->num >= 0 ? c->num : s->lwidth); break;
    case 'n':
      if (sed_last(s)) {
        if (s->posix) return 1;
        return 3; /* GNU prints, then quits without running the rest */
      }
      if (!s->quiet) out_line(s, s->ps, s->pslen, s->chomped);
      flush_append(s);
      sed_read(s, false);
      break;
    case 'N':
      if (sed_last(s)) {
        if (s->posix) return 1;
        return 3;
      }
      flush_append(s);
      sed_read(s, true);
      break;
    case 'p': out_line(s, s->ps, s->pslen, s->chomped); break;
    case 'P': {
      char *nl = memchr(s->ps, d, s->pslen);
      out_line(s, s->ps, nl ? (size_t)(nl - s->ps) : s->pslen, nl ? true : s->chomped);
      break;
    }
    case 'q':
      s->status = c->num >= 0 ? (int)c->num : 0;
      return 3;
    case 'Q':
      s->status = c->num >= 0 ? (int)c->num : 0;
      return 4;
    case 'r': do_r(s, c->text); break;
    case 'R': do_R(s, c->text); break;
    case 's':
      do_s(s, c);
      if (s->aborted) return 4;
      break;
    case 'w': wfile_line(s, c->wfile, s->ps, s->pslen); break;
    case 'W': {
      char *nl = memchr(s->ps, d, s->pslen);
      wfile_line(s, c->wfile, s->ps, nl ? (size_t)(nl - s->ps) : s->pslen);
      break;
    }
    case 'y':
      for (size_t i = 0; i < s->pslen; i++) s->ps[i] = (char)c->ymap[(unsigned char)s->ps[i]];
      break;
    case 'z': s->pslen = 0; break;
    }
  }
  return 0;
}

int sed_run(sed *s)
{
  for (size_t i = 0; i < s->ncmds; i++) {
    sed_cmd *c = &s->cmds[i];
    if (c->a1.type == A_ZERO) c->range_on = true;
    /* GNU 4.9's 0r FILE: the file before the first line */
    if (c->cmd == 'r' && c->a1.type == A_LINE && c->a1.n == 0 && s->lineno == 0 && !sed_last(s)) {
      do_r(s, c->text);
      flush_append(s);
    }
  }
  bool restart = false;
  while (!s->quit && !cmd_out_error(s->c)) {
    if (!restart) {
      if (!sed_read(s, false)) break;
      s->replaced = false;
    }
    restart = false;
    int r = cycle(s);
    if (r == 0 || r == 3)
      if (!s->quiet) out_line(s, s->ps, s->pslen, s->chomped);
    if (!s->aborted && r != 4) flush_append(s); /* Q drops the queue */
    if (r == 2) restart = true;
    if (r >= 3) {
      s->quit = true;
      break;
    }
  }
  return s->status;
}
