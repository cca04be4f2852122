/* box_int.h - the host side of a box, shared by its files (box.c: boot,
** copy, spawn, network; session.c: sessions and the interactive
** terminal). */
#ifndef ACS_KERNEL_BOX_INT_H
#define ACS_KERNEL_BOX_INT_H

#include <acs.h>

#include "../sys/proto.h"

#include <pthread.h>
#include <stdint.h>
#include <sys/types.h>

struct acs_box {
  int sock;
  pid_t kernel;
  uint32_t seq;
  unsigned char *sbuf, *rbuf;
  pthread_mutex_t lock; /* one conversation on the owner's socket at a time */
};

/* Send m and wait for its reply (the caller holds the lock): the result,
** -EPIPE when the kernel is gone; *rd left on the reply's fields. */
int64_t acs__box_rpc(acs_box *b, acs__msg *m, acs__rd *rd);
/* Wait for the reply to seq; the first fd that came with it in *fd_out
** (when not NULL and still -1). */
int64_t acs__box_reply_fd(acs_box *b, uint32_t seq, acs__rd *rd, int *fd_out);

#endif
