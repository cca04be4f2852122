/* kshm.c - the kernel's side of the shared call areas (src/sys/shmcall.h):
** making one for a process, taking the calls posted there, sending their
** answers there (acs__msg_divert: every answer of the kernel goes through
** acs__msg_send, wherever it is made, now or later), and unmapping it
** when the process's channel goes. */
#include "kernel.h"
#include "../sys/shmcall.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static acs__kernel *kern; /* the one kernel of this process, for the divert */

static acs__proc *proc_of_sock(int sock)
{
  if (!kern || sock < 0 || sock >= kern->shm_socks) return NULL;
  int32_t pid = kern->shm_by_sock[sock];
  if (pid <= 1 || pid >= kern->nprocs) return NULL;
  acs__proc *p = &kern->procs[pid];
  return p->shm && p->sock == sock ? p : NULL;
}

/* An answer to the call p took from its area goes back there; anything
** else to its channel (and an answer with descriptors, after which the
** area says so) goes as a datagram. */
static int divert(int sock, acs__msg *m)
{
  acs__proc *p = proc_of_sock(sock);
  if (!p || !p->shm_due || m->bad) return ACS__MSG_AS_DATAGRAM;
  acs__sys_hdr h;
  memcpy(&h, m->buf, sizeof h);
  if (h.op != ACS__SYS_REPLY || h.seq != p->shm_seq) return ACS__MSG_AS_DATAGRAM;
  acs__shmcall *s = p->shm;
  if (m->nfds) {
    int r = acs__msg_sendmsg(sock, m);
    if (r) return r; /* the caller's error answer goes as a datagram */
    p->shm_due = false;
    s->rep_on_chan = 1;
    atomic_store(&s->rep, h.seq);
    return 0;
  }
  ssize_t n = acs__msg_flatten(m, acs__shm_rep_buf(s), ACS__SHM_MSG);
  if (n < 0) return (int)n;
  p->shm_due = false;
  s->rep_len = (uint32_t)n;
  s->rep_on_chan = 0;
  atomic_store(&s->rep, h.seq);
  if (atomic_load(&s->g_asleep)) acs__shm_ring(sock);
  return 0;
}

/* a child the kernel forks is not the kernel: it sends as datagrams */
static void child_forgets(void)
{
  acs__msg_divert = NULL;
  kern = NULL;
}

static int track(acs__kernel *k, acs__proc *p)
{
  if (!k->shm_pids && !(k->shm_pids = calloc((size_t)k->nprocs, sizeof *k->shm_pids))) return -ENOMEM;
  if (p->sock >= k->shm_socks) {
    int n = p->sock + 64;
    int32_t *t = realloc(k->shm_by_sock, (size_t)n * sizeof *t);
    if (!t) return -ENOMEM;
    memset(t + k->shm_socks, 0, (size_t)(n - k->shm_socks) * sizeof *t);
    k->shm_by_sock = t;
    k->shm_socks = n;
  }
  k->shm_by_sock[p->sock] = p->pid;
  k->shm_pids[k->nshm++] = p->pid;
  return 0;
}

void acs__kshm_give(acs__kernel *k, acs__proc *p, int sock, uint32_t seq)
{
  static bool at_fork;
  if (!at_fork) {
    if (pthread_atfork(NULL, NULL, child_forgets) != 0) return acs__kernel_reply(k, sock, seq, -ENOMEM);
    at_fork = true;
  }
  if (p->shm || sock != p->sock) return acs__kernel_reply(k, sock, seq, -EBUSY);
  int fd = memfd_create("acs-call", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) return acs__kernel_reply(k, sock, seq, -errno);
  void *a = MAP_FAILED;
  int err = 0;
  if (ftruncate(fd, ACS__SHM_SIZE) != 0 ||
      fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0 ||
      (a = mmap(NULL, ACS__SHM_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED)
    err = -errno;
  if (!err && (err = track(k, p)) != 0) munmap(a, ACS__SHM_SIZE);
  if (err) {
    close(fd);
    return acs__kernel_reply(k, sock, seq, err);
  }
  madvise(a, ACS__SHM_SIZE, MADV_DONTFORK);
  p->shm = a;
  p->shm_seen = 0;
  p->shm_due = false;
  kern = k;
  acs__msg_divert = divert;
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, 0);
  acs__msg_fd(&m, fd);
  if (acs__msg_sendmsg(sock, &m) != 0) acs__kshm_drop(k, p);
  close(fd);
}

void acs__kshm_drop(acs__kernel *k, acs__proc *p)
{
  if (!p->shm) return;
  munmap(p->shm, ACS__SHM_SIZE);
  p->shm = NULL;
  p->shm_due = false;
  if (p->sock >= 0 && p->sock < k->shm_socks && k->shm_by_sock[p->sock] == p->pid) k->shm_by_sock[p->sock] = 0;
  for (int i = 0; i < k->nshm; i++)
    if (k->shm_pids[i] == p->pid) {
      k->shm_pids[i] = k->shm_pids[--k->nshm];
      break;
    }
}

/* whether p's area holds a call it may take now: one at a time, and none
** from a process whose call is parked (as its channel is not polled) */
static bool ready(const acs__proc *p)
{
  return p->shm && !p->shm_due && !p->waiting && !p->dialing && !p->fifo_wait &&
         atomic_load_explicit(&p->shm->req, memory_order_acquire) != p->shm_seen;
}

bool acs__kshm_posted(const acs__kernel *k)
{
  for (int i = 0; i < k->nshm; i++)
    if (ready(&k->procs[k->shm_pids[i]])) return true;
  return false;
}

bool acs__kshm_serve(acs__kernel *k)
{
  bool any = false;
  int n = k->nshm;
  if (n == 0) return false;
  /* a call may end processes and give areas: walk a copy */
  int32_t pids[n];
  memcpy(pids, k->shm_pids, (size_t)n * sizeof *pids);
  for (int i = 0; i < n; i++) {
    acs__proc *p = &k->procs[pids[i]];
    if (!ready(p)) continue;
    acs__shmcall *s = p->shm;
    uint32_t seq = atomic_load_explicit(&s->req, memory_order_acquire);
    p->shm_seen = seq;
    uint32_t len = s->req_len;
    acs__sys_hdr h;
    /* the kernel's own copy: the guest may write the area while we read */
    if (len < sizeof h || len > ACS__SHM_MSG) {
      acs__proc_drop(k, p, "malformed message");
      continue;
    }
    memcpy(k->rbuf, acs__shm_req_buf(s), len);
    memcpy(&h, k->rbuf, sizeof h);
    if (h.seq != seq) {
      acs__proc_drop(k, p, "malformed message");
      continue;
    }
    p->shm_seq = seq;
    p->shm_due = true;
    any = true;
    if (!acs__kernel_guest_call(k, p, k->rbuf, len, 0)) acs__proc_drop(k, p, "malformed message");
  }
  return any;
}

unsigned char *acs__kshm_answer_buf(acs__proc *p, size_t *cap)
{
  if (!p->shm || !p->shm_due) return NULL;
  *cap = ACS__SHM_MSG;
  return acs__shm_rep_buf(p->shm);
}

void acs__kshm_sleeping(acs__kernel *k, bool asleep)
{
  for (int i = 0; i < k->nshm; i++) atomic_store(&k->procs[k->shm_pids[i]].shm->k_asleep, asleep ? 1u : 0u);
}
