/* shmcall.c - the doorbell, and the guest's posting and waiting in the
** shared call area (shmcall.h). */
#include "shmcall.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>

int acs__shm_ring(int sock)
{
  acs__sys_hdr h = {.magic = ACS__SYS_MAGIC, .version = ACS__SYS_VERSION, .op = ACS__SYS_DOORBELL};
  for (;;) {
    if (send(sock, &h, sizeof h, MSG_NOSIGNAL | MSG_DONTWAIT) >= 0) return 0;
    if (errno == EAGAIN) return 0; /* the other side has doorbells unread */
    if (errno != EINTR) return -errno;
  }
}

int acs__shm_post(acs__shmcall *s, int sock, acs__msg *m, uint32_t seq)
{
  ssize_t n = acs__msg_flatten(m, acs__shm_req_buf(s), ACS__SHM_MSG);
  if (n < 0) return (int)n;
  s->req_len = (uint32_t)n;
  atomic_store(&s->req, seq);
  if (atomic_load(&s->k_asleep)) return acs__shm_ring(sock);
  return 0;
}

/* Sleep until the channel has a datagram: 1 when it was a doorbell
** (taken), 0 when it is something else (left for the caller), -1 when
** the channel is gone. */
static int sleep_on(int sock)
{
  for (;;) {
    acs__sys_hdr h;
    ssize_t n = recv(sock, &h, sizeof h, MSG_PEEK);
    if (n < 0 && errno == EINTR) return 1; /* a signal: look again */
    if (n <= 0) return -1;
    if ((size_t)n < sizeof h || h.op != ACS__SYS_DOORBELL) return 0;
    if (recv(sock, &h, sizeof h, MSG_DONTWAIT) < 0 && errno != EAGAIN && errno != EINTR) return -1;
    return 1;
  }
}

int acs__shm_wait(acs__shmcall *s, acs__spin *spin, int sock, uint32_t seq, const unsigned char **ans,
                  size_t *len)
{
  int64_t budget = acs__spin_budget(spin);
  bool came = atomic_load(&s->rep) == seq;
  if (!came && budget) {
    int64_t end = acs__mono_ns() + budget;
    do {
      acs__spin_relax();
      came = atomic_load(&s->rep) == seq;
    } while (!came && acs__mono_ns() < end);
    acs__spin_result(spin, came);
  }
  while (!came) {
    atomic_store(&s->g_asleep, 1);
    came = atomic_load(&s->rep) == seq;
    int r = came ? 1 : sleep_on(sock);
    atomic_store(&s->g_asleep, 0);
    if (r < 0) return -1;
    if (r == 0) return 0; /* an answer as a datagram (a stale one is skipped there) */
    came = atomic_load(&s->rep) == seq;
  }
  if (s->rep_on_chan) return 0;
  *ans = acs__shm_rep_buf(s);
  *len = s->rep_len;
  return 1;
}
