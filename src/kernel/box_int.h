/* box_int.h - what the host side's files of a box share (box.c,
** box_proc.c, box_fs.c, box_snap.c, session.c, box_pty.c): the handle and its owner
** socket. Calls on the socket are made under `lock`, one at a time, each a
** request and its reply; nothing waits on the socket for long (a
** program's end comes on a pipe of its own, WAITFD), so threads may share
** a box. */
#ifndef ACS_KERNEL_BOX_INT_H
#define ACS_KERNEL_BOX_INT_H

#include "kernel.h"
#include "acs.h"

#include "../sys/proto.h"
#include "../sys/spin.h"

#include <pthread.h>
#include <stdint.h>
#include <sys/types.h>

struct acs_box {
  int sock;
  pid_t kernel;
  uint32_t seq;
  unsigned char *sbuf, *rbuf;
  pthread_mutex_t lock;
  acs__spin spin; /* waiting for the kernel's replies (src/sys/spin.h) */
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

/* session.c, for box_pty.c too. The environment a box program starts
** with plus the caller's items (NULL when one is bad: err says which);
** whether user is root (NULL) or agent; under b->lock: a terminal of the
** box (its id; with relay, the owner's end in *fd) and a program spawned
** on it (BOX_SPAWN_EX: its pid, or a negative errno). */
char **acs__box_env(const char *const *items, size_t n, bool agent, const char *term, acs_err *err);
bool acs__box_user_ok(const char *user, bool *agent, acs_err *err);
int64_t acs__box_tty_open(acs_box *b, int rows, int cols, bool relay, int *fd);
int64_t acs__box_spawn_ex(acs_box *b, const char *path, const char *const *argv, size_t argc,
                          char **env, const char *cwd, bool agent, int32_t tty, const int *childfd,
                          const int *fds, int n);

/* box_pty.c: whether the program's end was the kernel's going away. */
bool acs__box_pty_kernel_gone(const acs_box_pty *pty);

#endif
