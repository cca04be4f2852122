/* shmcall.h - the shared call area: a guest's calls and the kernel's
** answers through memory both map, instead of the channel's datagrams.
**
** A datagram there and back costs ~15 us on this project's 2-core VMs
** even with both sides waiting awake (two system calls each way and a
** wake-up between: measured 15-16 us for an empty call, where a flag in
** shared memory goes there and back in 0.5-1.5 us). So a process that
** makes more than a few calls asks the kernel for an area (SHMCALL), and
** from then on posts each call there and waits awake for its answer
** there. The channel stays: it carries answers with descriptors, the
** doorbells that wake a side sleeping in poll or recv, and the end of the
** process (its close).
**
** The kernel makes the area (a sealed memfd: the guest can neither shrink
** it under the kernel, which would fault there, nor grow it) and reads a
** call only from its own copy, so a guest that scribbles on the area
** while the kernel reads gets a malformed call (and ends), never a kernel
** that trusted what it read twice. A fork's child neither inherits the
** mapping (MADV_DONTFORK) nor uses the parent's (sys.c forgets it). */
#ifndef ACS_SYS_SHMCALL_H
#define ACS_SYS_SHMCALL_H

#include "proto.h"
#include "spin.h"

#include <stdatomic.h>
#include <stdint.h>

/* A read or write through the area moves up to ACS__SHM_MAX_DATA bytes
** (a datagram's 128 KB made 800 calls of a 100 MB file, each a chance for
** a side to fall asleep); a message there is that and its fields. The
** pages are the memfd's, made as they are first touched. */
#define ACS__SHM_MAX_DATA (1u << 20)
#define ACS__SHM_MSG (ACS__SHM_MAX_DATA + (64u << 10))
#define ACS__SHM_HEAD 4096u
#define ACS__SHM_SIZE (ACS__SHM_HEAD + 2u * ACS__SHM_MSG)

/* The wake-ups use the Dekker pattern with sequentially consistent
** atomics: a side stores that it sleeps, then looks for what it waits
** for; the other stores what it posts, then looks whether to ring. One of
** them always sees the other's store. */
typedef struct acs__shmcall {
  _Atomic uint32_t req;      /* the seq of the call posted (the guest's) */
  _Atomic uint32_t rep;      /* the seq of the answer posted (the kernel's) */
  _Atomic uint32_t k_asleep; /* the kernel may sleep in poll: ring it */
  _Atomic uint32_t g_asleep; /* the guest sleeps on the channel: ring it */
  uint32_t req_len;          /* bytes of the call at req_buf, header included */
  uint32_t rep_len;          /* bytes of the answer at rep_buf */
  uint32_t rep_on_chan;      /* the answer went as a datagram (it carries fds) */
} acs__shmcall;

_Static_assert(sizeof(acs__shmcall) <= ACS__SHM_HEAD, "the area's head fits its first page");

static inline unsigned char *acs__shm_req_buf(acs__shmcall *s) { return (unsigned char *)s + ACS__SHM_HEAD; }
static inline unsigned char *acs__shm_rep_buf(acs__shmcall *s)
{
  return (unsigned char *)s + ACS__SHM_HEAD + ACS__SHM_MSG;
}

/* A doorbell on the channel: a header alone (op ACS__SYS_DOORBELL). 0 or
** -errno; a full channel is no error (a doorbell is already there). */
int acs__shm_ring(int sock);

/* The guest's side. Post m as call seq (ringing the kernel if it sleeps):
** 0, or -EMSGSIZE. */
int acs__shm_post(acs__shmcall *s, int sock, acs__msg *m, uint32_t seq);
/* Wait for call seq's answer, awake for spin's budget, then asleep on
** the channel. 1: the answer is in the area (*ans, *len: valid until the
** next call); 0: a datagram waits on the channel (the answer when it
** carries fds, else a stale one: take it, then wait again); -1: the
** channel is gone. */
int acs__shm_wait(acs__shmcall *s, acs__spin *spin, int sock, uint32_t seq, const unsigned char **ans,
                  size_t *len);

#endif
