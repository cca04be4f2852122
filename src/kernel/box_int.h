/* box_int.h - what the host side's files of a box share (box.c,
** box_proc.c, box_fs.c, box_snap.c, session.c): the handle and its owner
** socket. Calls on the socket are made under `lock`, one at a time, each a
** request and its reply; nothing waits on the socket for long (a
** program's end comes on a pipe of its own, WAITFD), so threads may share
** a box. */
#ifndef ACS_KERNEL_BOX_INT_H
#define ACS_KERNEL_BOX_INT_H

#include "kernel.h"
#include "acs.h"

#include "../sys/proto.h"

#include <pthread.h>
#include <stdint.h>
#include <sys/types.h>

struct acs_box {
  int sock;
  pid_t kernel;
  uint32_t seq;
  unsigned char *sbuf, *rbuf;
  pthread_mutex_t lock;
  /* host commands (box_cmd.c): the channel's reader, when set */
  bool cmd_on;
  struct acs__box_chan *cmd;
  pthread_t cmd_thread;
};

/* box_cmd.c: stop the host commands' reader (acs_box_free, before the
** kernel goes). */
void acs__box_cmd_stop(acs_box *b);

/* Under b->lock. Send m and wait for its reply: the result (>= 0, or a
** negative errno; -EPIPE when the kernel is gone, -E2BIG for a message too
** long), *rd on its fields (in b->rbuf). */
int64_t acs__box_rpc(acs_box *b, acs__msg *m, acs__rd *rd);
/* Wait for the reply to seq; its first descriptor, if any, in *fd_out
** (which must be -1 before). */
int64_t acs__box_reply_fd(acs_box *b, uint32_t seq, acs__rd *rd, int *fd_out);

#endif
