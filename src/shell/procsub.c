/* procsub.c - process substitution: <(list) and >(list) run list in a
** child shell on a pipe and expand to /dev/fd/N, N the shell's end of the
** pipe, moved to 63 or below as bash does. The ends stay open while the
** command that expanded them runs (run_node releases them after it), so
** the programs it starts inherit them and open /dev/fd/N. The shell
** waits for its >(list) children before it exits: what they write after
** the shell is done must not be lost when the box ends with its shell.
**
** Also $(<file) and <(<file): a list that is one input redirection alone
** reads the file (bash's shortcut for cat). */
#include "sh.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
  int fd;
} open_subs[64];
static size_t nsubs;

/* the children not reaped yet; out: a >(list) one */
static struct {
  int pid;
  bool out;
} kids[64];
static size_t nkids;

size_t procsub_mark(void) { return nsubs; }

void procsub_wait_writers(void)
{
  procsub_release(0);
  for (size_t i = 0; i < nkids; i++) {
    int w;
    if (kids[i].out) acs_sys_wait(kids[i].pid, &w, 0);
  }
  nkids = 0;
}

int procsub_wait(int pid)
{
  for (size_t i = 0; i < nkids; i++)
    if (kids[i].pid == pid) {
      kids[i] = kids[--nkids];
      return wait_status(pid);
    }
  return -1;
}

void procsub_release(size_t mark)
{
  while (nsubs > mark) {
    nsubs--;
    acs_sys_close(open_subs[nsubs].fd);

  }
}

/* fd moved to the highest free descriptor from 63 down (fd itself when
** none is free) */
static int move_high(int fd)
{
  for (int to = 63; to > fd && to >= 10; to--) {
    if (acs_sys_fcntl(to, F_GETFD, 0) >= 0) continue;
    if (acs_sys_dup2(fd, to) != to) continue;
    acs_sys_close(fd);
    return to;
  }
  return fd;
}

char *cmdsub_input_file(const char *text, int line)
{
  const char *t = text + strspn(text, " \t\n");
  if (*t != '<' || t[1] == '<' || t[1] == '(' || t[1] == '&' || t[1] == '>') return NULL;
  source *s = src_new_text(text, strlen(text), "substitution");
  lexer lx = {.src = s, .ar = &s->ar, .line = line};
  node *n = NULL, *more = NULL;
  char *name = NULL;
  if (ps_command(&lx, &n) == 0 && n) {
    while (n->kind == N_LIST && n->a && !n->a->next && !n->a->bg) n = n->a;
    if (n->kind == N_SIMPLE && !n->words && !n->assigns && n->redirs && !n->redirs->next &&
        n->redirs->op == R_IN && n->redirs->fd <= 0 && ps_command(&lx, &more) == 0 && !more)
      name = ex_string(n->redirs->target);
  }
  free(lx.errmsg);
  src_unref(s);
  return name;
}

char *ex_procsub(const char *text, int line, char dir)
{
  char *file = dir == '<' ? cmdsub_input_file(text, line) : NULL;
  int keep = -1, pid = 0;
  if (file) {
    keep = acs_sys_open(file, O_RDONLY, 0);
    if (keep < 0) sh_error("%s: %s", file, sh_strerror(keep));
    free(file);
    if (keep < 0) return xstrdup("/dev/null");
  } else {
    int p[2];
    int rc = acs_sys_pipe(p, 0);
    if (rc < 0) {
      sh_perror("cannot make pipe for process substitution", rc);
      return xstrdup("/dev/null");
    }
    int give = dir == '<' ? p[1] : p[0];
    keep = dir == '<' ? p[0] : p[1];
    const int fds[2][2] = {{dir == '<' ? 1 : 0, give}, {keep, -1}};
    out_flush();
    trace_level++; /* its trace is marked a level deeper */
    pid = spawn_subshell(text, line, fds, 2);
    trace_level--;
    acs_sys_close(give);
    if (pid > 0) sh.last_bg = pid;
    if (pid > 0 && nkids < sizeof kids / sizeof *kids) {
      kids[nkids].pid = pid;
      kids[nkids++].out = dir == '>';
    }
  }
  keep = move_high(keep);
  if (nsubs < sizeof open_subs / sizeof *open_subs) {
    open_subs[nsubs++].fd = keep;
  }
  char path[32];
  snprintf(path, sizeof path, "/dev/fd/%d", keep);
  return xstrdup(path);
}
