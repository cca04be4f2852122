/* session.c - `sh --acs-session`: the long-lived shell of an
** acs_box_session (src/kernel/session.c is the host's side). Its state
** lasts from one script to the next, as at a prompt. Scripts come on fd
** 250 (u32 length, then the text); once a script is done and the shell's
** own output is written, its status goes back on fd 251 (u32), so the
** output carries nothing of the protocol. fd 252 is the session's terminal
** (never its stdin): the shell makes each job its foreground group, which
** the host signals to stop a run that timed out or was cancelled. The end
** of fd 250 ends the shell. */
#include "sh.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

enum { CTL_IN = 250, CTL_OUT = 251, CTL_TTY = 252 };

static bool read_full(int fd, void *buf, size_t n)
{
  char *p = buf;
  while (n) {
    ssize_t r = acs_sys_read(fd, p, n);
    if (r <= 0) return false;
    p += r;
    n -= (size_t)r;
  }
  return true;
}

int session_main(void)
{
  /* the protocol's descriptors are the shell's alone */
  for (int fd = CTL_IN; fd <= CTL_TTY; fd++) acs_sys_fcntl(fd, F_SETFD, FD_CLOEXEC);
  sh.is_c = true; /* messages as bash -c words them: "bash: line N: ..." */
  sh.at_prompt = true;
  char *sa[] = {"shopt", "-s", "expand_aliases", NULL};
  bi_shopt(3, sa);
  jc_init(CTL_TTY);
  for (;;) {
    uint32_t len;
    if (!read_full(CTL_IN, &len, 4)) break;
    char *text = xmalloc((size_t)len + 1);
    if (!read_full(CTL_IN, text, len)) {
      free(text);
      break;
    }
    text[len] = 0;
    jc_clear_interrupt();
    sh.aborting = false;
    int st = run_string_as_c(text);
    free(text);
    if (sh.exiting) sh_exit(sh.exit_status);
    if (sh.aborting) {
      sh.aborting = false;
      if (!jc_interrupted() && sh.opt_e) sh_exit(1);
    }
    if (jc_interrupted()) st = 130;
    jc_clear_interrupt();
    sh.status = st;
    sh.returning = false;
    sh.breaking = sh.continuing = 0;
    out_flush();
    uint32_t status = (uint32_t)st;
    if (acs_sys_write_all(CTL_OUT, &status, 4)) break;
  }
  sh_exit(sh.status);
}
