/* redir.c - redirections, done in the shell's own descriptor table: each
** one saves the descriptor it replaces (a copy at 10 or above, as bash
** keeps them) so that a builtin, a compound command or the spawn of a
** program sees them, and the shell restores them afterwards. The saved
** copies are private: children are spawned with them closed. */
#include "sh.h"

#include <errno.h>
#include <stdio.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static int privates[256];
static int nprivate;

static void private_add(int fd)
{
  if (nprivate < (int)(sizeof privates / sizeof *privates)) privates[nprivate++] = fd;
}

static void private_del(int fd)
{
  for (int i = 0; i < nprivate; i++)
    if (privates[i] == fd) {
      privates[i] = privates[--nprivate];
      return;
    }
}

int redir_private(int (*pairs)[2], int cap)
{
  int n = 0;
  for (int i = 0; i < nprivate && n < cap; i++) {
    pairs[n][0] = privates[i];
    pairs[n][1] = -1;
    n++;
  }
  return n;
}

static bool fd_open(int fd)
{
  acs__sys_stat st;
  return acs_sys_fstat(fd, &st) == 0;
}

static int free_fd(void)
{
  for (int fd = 10; fd < 1024; fd++)
    if (!fd_open(fd)) return fd;
  return -1;
}

/* A copy of fd at 10 or above, as bash keeps its own (one kernel call:
** each costs a round trip); -errno when fd is not open. Under an open-file
** limit of 10 or less, the highest free fd below it, as bash's
** move_to_high_fd takes. */
static int copy_high(int fd)
{
  int r = acs_sys_fcntl(fd, F_DUPFD_CLOEXEC, 10);
  if (r != -EINVAL) return r;
  int64_t cur = 0, max = 0;
  if (acs_sys_rlimit(RLIMIT_NOFILE, false, &cur, &max) || cur > 10) return r;
  for (int at = (int)cur - 1; at > 2; at--)
    if (!fd_open(at)) return acs_sys_fcntl(fd, F_DUPFD_CLOEXEC, at);
  return -EMFILE;
}

int redir_hide(int fd)
{
  int nfd = fd >= 0 && fd < 10 ? copy_high(fd) : -1;
  if (nfd < 0) return fd;
  acs_sys_close(fd);
  return nfd;
}

/* Keep fd to restore after the command. False (said) when fd is open but
** no copy could be made: the redirection must not go on, or the command's
** end would close what it could not restore. */
static bool save(int fd, saved_fds *sv)
{
  if (!sv || sv->n >= 32) return true;
  for (int i = 0; i < sv->n; i++)
    if (sv->fd[i] == fd) return true; /* the first save is the one to restore */
  int copy = copy_high(fd);
  if (copy >= 0) {
    private_add(copy);
  } else if (copy != -EBADF) {
    sh_error("redirection error: cannot duplicate fd: %s", strerror(-copy));
    return false;
  } else {
    copy = -1;
  }
  sv->fd[sv->n] = fd;
  sv->saved[sv->n] = copy;
  sv->n++;
  return true;
}

bool redir_move(int from, int to, saved_fds *sv)
{
  if (!save(to, sv)) return false;
  if (from == to) return true;
  int rc = acs_sys_dup2(from, to);
  if (rc < 0) {
    /* as bash words it: the descriptor that could not be had (the source
    ** is open by now, so it is the target: past the limit) */
    sh_error("%d: %s", to, strerror(-rc));
    return false;
  }
  return true;
}

void redir_restore(saved_fds *sv)
{
  out_flush();
  for (int i = sv->n - 1; i >= 0; i--) {
    if (sv->saved[i] >= 0) {
      acs_sys_dup2(sv->saved[i], sv->fd[i]);
      acs_sys_close(sv->saved[i]);
      private_del(sv->saved[i]);
    } else {
      acs_sys_close(sv->fd[i]);
    }
  }
  sv->n = 0;
}

/* the body of a here-document or here-string on a descriptor to read */
static int body_fd(const char *body, size_t len)
{
  if (len < 60000) {
    int p[2];
    int rc = acs_sys_pipe(p, 0);
    if (rc < 0) return rc;
    acs_sys_write_all(p[1], body, len);
    acs_sys_close(p[1]);
    return p[0];
  }
  /* too big for a pipe the shell writes alone: a file removed once open */
  char path[64];
  for (int i = 0; i < 1000; i++) {
    snprintf(path, sizeof path, "/tmp/sh-thd-%d-%d", sh.pid, i);
    int fd = acs_sys_open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd == -EEXIST) continue;
    if (fd < 0) return fd;
    acs_sys_write_all(fd, body, len);
    acs_sys_unlink(path);
    acs_sys_lseek(fd, 0, 0);
    return fd;
  }
  return -EEXIST;
}

static bool all_digits(const char *s)
{
  if (!*s) return false;
  for (; *s; s++)
    if (*s < '0' || *s > '9') return false;
  return true;
}

static char *target_name(redir *r)
{
  strv f = {0};
  if (!ex_words(r->target, &f)) {
    sv_free(&f);
    return NULL;
  }
  if (f.n != 1) {
    sh_error("%s: ambiguous redirect", r->target->raw);
    sv_free(&f);
    return NULL;
  }
  char *s = f.v[0];
  free(f.v);
  return s;
}

static bool open_to(const char *name, int flags, int fd, saved_fds *sv)
{
  if (sh.opt_C && (flags & O_TRUNC)) {
    acs__sys_stat st;
    if (acs_sys_stat(name, &st) == 0 && (st.mode & 0170000) == 0100000) {
      sh_error("%s: cannot overwrite existing file", name);
      return false;
    }
  }
  /* before the open, which may return fd itself when it is free: what
  ** is restored is fd as it was (closed, then) */
  if (!save(fd, sv)) return false;
  int nfd = acs_sys_open(name, flags, 0666);
  if (nfd < 0) {
    /* ^C while a fifo's open waited: the command ends without a word, as bash's */
    if (!(nfd == -EINTR && jc_interrupted())) sh_perror(name, nfd);
    return false;
  }
  bool ok = redir_move(nfd, fd, sv);
  if (nfd != fd) acs_sys_close(nfd);
  return ok;
}

static bool one(redir *r, saved_fds *sv)
{
  int op = r->op;
  int fd = r->fd;
  if (r->fdvar) {
    /* {name}>&- closes $name; any other opens a descriptor of 10 or
    ** above into $name that stays open after the command, as bash */
    if (op == R_DUPIN || op == R_DUPOUT) {
      char *t = ex_string(r->target);
      bool close = t && !strcmp(t, "-");
      free(t);
      if (close) {
        const char *v = var_get(r->fdvar);
        if (!v || !all_digits(v)) {
          sh_error("%s: ambiguous redirect", r->fdvar);
          return false;
        }
        acs_sys_close(atoi(v));
        return true;
      }
    }
    int nfd = free_fd();
    if (nfd < 0) {
      sh_error("%s: cannot allocate a file descriptor", r->fdvar);
      return false;
    }
    redir copy = *r;
    copy.fdvar = NULL;
    copy.fd = nfd;
    if (!one(&copy, NULL)) return false;
    char num[16];
    snprintf(num, sizeof num, "%d", nfd);
    return var_set(r->fdvar, num, 0) == 0;
  }
  if (fd < 0) fd = (op == R_IN || op == R_RDWR || op == R_DUPIN || op == R_HEREDOC || op == R_HERESTR) ? 0 : 1;
  if (op == R_HEREDOC || op == R_HERESTR) {
    char *body;
    if (op == R_HERESTR) {
      char *s = ex_string(r->target);
      if (!s) return false;
      size_t n = strlen(s);
      body = xrealloc(s, n + 2);
      body[n] = '\n';
      body[n + 1] = 0;
    } else {
      body = r->hd_expand ? ex_heredoc(r->target) : xstrdup(r->target ? r->target->parts->text : "");
      if (!body) return false;
    }
    int bfd = body_fd(body, strlen(body));
    free(body);
    if (bfd < 0) {
      sh_perror("cannot make here-document", bfd);
      return false;
    }
    bool ok = redir_move(bfd, fd, sv);
    if (bfd != fd) acs_sys_close(bfd);
    return ok;
  }
  if (op == R_DUPIN || op == R_DUPOUT) {
    char *t = ex_string(r->target);
    if (!t) return false;
    bool ok = true;
    size_t n = strlen(t);
    if (!strcmp(t, "-")) {
      ok = save(fd, sv);
      if (ok) acs_sys_close(fd);
    } else if (all_digits(t) || (n > 1 && t[n - 1] == '-' && (t[n - 1] = 0, all_digits(t)))) {
      bool move = n > 1 && t[n - 1] == 0;
      int from = atoi(t);
      if (!fd_open(from)) {
        sh_error("%s: Bad file descriptor", t);
        ok = false;
      } else {
        ok = redir_move(from, fd, sv);
        if (ok && move && from != fd) {
          ok = save(from, sv);
          if (ok) acs_sys_close(from);
        }
      }
    } else if (op == R_DUPOUT && (r->fd < 0 || r->fd == 1)) {
      /* >&file is &>file (the word must be one field) */
      char *name = target_name(r);
      ok = name && open_to(name, O_WRONLY | O_CREAT | O_TRUNC, 1, sv) && redir_move(1, 2, sv);
      free(name);
    } else {
      sh_error("%s: ambiguous redirect", t);
      ok = false;
    }
    free(t);
    return ok;
  }
  char *name = target_name(r);
  if (!name) return false;
  bool ok;
  switch (op) {
  case R_IN: ok = open_to(name, O_RDONLY, fd, sv); break;
  case R_OUT: ok = open_to(name, O_WRONLY | O_CREAT | O_TRUNC, fd, sv); break;
  case R_CLOBBER: {
    bool c = sh.opt_C;
    sh.opt_C = false;
    ok = open_to(name, O_WRONLY | O_CREAT | O_TRUNC, fd, sv);
    sh.opt_C = c;
    break;
  }
  case R_APPEND: ok = open_to(name, O_WRONLY | O_CREAT | O_APPEND, fd, sv); break;
  case R_RDWR: ok = open_to(name, O_RDWR | O_CREAT, fd, sv); break;
  case R_ALLOUT: ok = open_to(name, O_WRONLY | O_CREAT | O_TRUNC, 1, sv) && redir_move(1, 2, sv); break;
  case R_ALLAPPEND: ok = open_to(name, O_WRONLY | O_CREAT | O_APPEND, 1, sv) && redir_move(1, 2, sv); break;
  default: ok = false;
  }
  free(name);
  return ok;
}

bool redir_apply(redir *r, saved_fds *sv)
{
  out_flush();
  for (; r; r = r->next)
    if (!one(r, sv)) return false;
  return true;
}

void redir_forget(saved_fds *sv)
{
  for (int i = 0; i < sv->n; i++)
    if (sv->saved[i] >= 0) {
      acs_sys_close(sv->saved[i]);
      private_del(sv->saved[i]);
    }
  sv->n = 0;
}
