/* owner_more.c - the owner's ops of the container API (120-139): an exit
** told on a pipe of the owner's (so that a host can wait for many
** processes without a call parked on its socket), snapshots, and
** commands the host defines: a guest running one (the program acs-host)
** asks HOSTCMD, and the kernel hands it one end of a fresh socket and the
** owner, on the channel it registered, the other with who asks: the two
** then talk without the kernel. */
#include "kernel.h"
#include "hostfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int cmd_chan = -1; /* the owner's channel for host commands */

static void put_list(acs__msg *m, char **v)
{
  uint32_t n = 0;
  while (v && v[n] && n < ACS__SYS_MAX_ARGS) n++;
  acs__msg_u32(m, n);
  for (uint32_t i = 0; i < n; i++) acs__msg_str(m, v[i]);
}

bool acs__kernel_hostcmd(acs__kernel *k, acs__proc *p, const acs__sys_hdr *h, acs__rd *rd)
{
  char name[256];
  if (!acs__rd_str(rd, name, sizeof name) || !acs__rd_done(rd)) return false;
  if (cmd_chan < 0) {
    acs__kernel_reply(k, p->sock, h->seq, -ENOSYS);
    return true;
  }
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) {
    acs__kernel_reply(k, p->sock, h->seq, -errno);
    return true;
  }
  char *cwd = NULL;
  if (acs__proc_cwd(k, p, &cwd)) cwd = NULL;
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_HOSTCMD, 0);
  acs__msg_i32(&m, p->pid);
  acs__msg_u32(&m, p->uid);
  acs__msg_u32(&m, p->gid);
  acs__msg_str(&m, name);
  acs__msg_str(&m, cwd ? cwd : "/");
  put_list(&m, p->argv);
  put_list(&m, p->envp);
  acs__msg_fd(&m, sv[0]);
  free(cwd);
  int rc = acs__msg_send(cmd_chan, &m);
  close(sv[0]);
  if (rc) {
    close(sv[1]);
    acs__kernel_reply(k, p->sock, h->seq, rc == -EMSGSIZE ? -E2BIG : -ENOSYS);
    return true;
  }
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, h->seq);
  acs__msg_i64(&m, 0);
  acs__msg_fd(&m, sv[1]);
  acs__msg_send(p->sock, &m);
  close(sv[1]);
  return true;
}

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
  case ACS__BOX_CMD_CHANNEL:
    if (!acs__rd_done(rd) || nfds != 1) {
      ok = false;
      break;
    }
    if (cmd_chan >= 0) close(cmd_chan);
    /* the kernel never waits on it: a host that stops reading fails runs */
    cmd_chan = fds[0];
    fds[0] = -1;
    fcntl(cmd_chan, F_SETFL, O_NONBLOCK);
    acs__kernel_reply(k, k->owner, h->seq, 0);
    break;
  case ACS__BOX_MOUNT: {
    char path[ACS__SYS_MAX_STR + 1], why[512] = "";
    uint32_t ro, uid, gid;
    if (!acs__rd_str(rd, path, sizeof path) || !acs__rd_u32(rd, &ro) || !acs__rd_u32(rd, &uid) ||
        !acs__rd_u32(rd, &gid) || !acs__rd_done(rd) || nfds != 1) {
      ok = false;
      break;
    }
    int r = acs__hostfs_mount(k, fds[0], path, ro != 0, uid, gid, why, sizeof why);
    reply_why(k, h->seq, r, why);
    break;
  }
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
