/* owner_more.c - the owner's ops of the container API (120-139): an exit
** told on a pipe of the owner's (so that a host can wait for many
** processes without a call parked on its socket), and snapshots. */
#include "kernel.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static bool waitfd(acs__kernel *k, acs__rd *rd, uint32_t seq, int *fds, int nfds)
{
  int32_t pid;
  if (!acs__rd_i32(rd, &pid) || !acs__rd_done(rd) || nfds != 1) return false;
  acs__proc *p = acs__proc_get(k, pid);
  int64_t r = 0;
  if (!p || !p->host_child) r = -ECHILD;
  else if (k->nwaits >= (int)(sizeof k->waits / sizeof *k->waits)) r = -EAGAIN;
  if (r) {
    acs__kernel_reply(k, k->owner, seq, r);
    return true;
  }
  k->waits[k->nwaits++] = (struct owner_wait){pid, seq, fds[0]};
  fds[0] = -1; /* the wait's now */
  acs__kernel_reply(k, k->owner, seq, 0);
  if (p->state == ACS__P_ZOMBIE) acs__proc_notify(k, p);
  return true;
}

static void reply_why(acs__kernel *k, uint32_t seq, int64_t r, const char *why)
{
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, r);
  acs__msg_str(&m, why);
  acs__msg_send(k->owner, &m);
}

bool acs__kernel_owner_more(acs__kernel *k, acs__proc *owner, const acs__sys_hdr *h, acs__rd *rd,
                            int *fds, int nfds)
{
  bool ok = true;
  switch (h->op) {
  case ACS__BOX_WAITFD: ok = waitfd(k, rd, h->seq, fds, nfds); break;
  case ACS__BOX_SNAPSHOT:
    if (!acs__rd_done(rd) || nfds != 1) {
      ok = false;
      break;
    }
    acs__kernel_reply(k, k->owner, h->seq, acs__snapshot_write(k, fds[0]));
    break;
  case ACS__BOX_RESTORE: {
    if (!acs__rd_done(rd) || nfds != 1) {
      ok = false;
      break;
    }
    char why[512] = "";
    int r = acs__snapshot_restore(k, owner, fds[0], why, sizeof why);
    reply_why(k, h->seq, r, why);
    break;
  }
  default: ok = false;
  }
  for (int i = 0; i < nfds; i++)
    if (fds[i] >= 0) close(fds[i]);
  return ok;
}
