/* proc.h - what the files of node's child_process primitives share
** (proc.c: host.proc; proc_start.c: starting a child; proc_pipe.c: the
** parent's pipe ends as libuv streams). A box process's only. */
#ifndef ACS_JS_PROC_H
#define ACS_JS_PROC_H

#include "runtime_internal.h"

#define ACS__PROC_MAX_STDIO 16

/* How one of the child's descriptors is made (acs__proc_start.stdio):
** >= 0 the parent's descriptor of that number. */
enum {
  ACS__PROC_PIPE_OUT = -1, /* a pipe the child writes and the parent reads */
  ACS__PROC_PIPE_IN = -2,  /* a pipe the parent writes and the child reads */
  ACS__PROC_IGNORE = -3,   /* /dev/null */
};

typedef struct acs__proc_start {
  /* in */
  const char *file, *cwd; /* cwd NULL: the parent's */
  char **argv, **envp;
  int stdio[ACS__PROC_MAX_STDIO];
  int n;
  /* out: the pid and, per pipe, the parent's end as a host fd (else -1) */
  int pid;
  int host[ACS__PROC_MAX_STDIO];
  /* scratch */
  int child[ACS__PROC_MAX_STDIO], parent[ACS__PROC_MAX_STDIO];
} acs__proc_start;

/* Start the child: 0 or -errno (-ENOENT for a program not found). */
int acs__proc_run(acs__proc_start *s);

/* The box descriptor boxfd (a direct one: a pipe) as a host fd of this
** process alone (the box's descriptor closed): the fd or -errno. */
int acs__proc_take(int boxfd);

/* proc_pipe.c: host.proc.pipe* on obj */
void acs__host_proc_pipes(JSContextRef ctx, JSObjectRef obj);

#endif
