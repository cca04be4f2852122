/* kstart.c - the kernel's state made: its tables and its booted
** filesystem. acs__kernel_main (kernel.c) starts a box with these; the
** protocol fuzzer (tests/fuzz/kernel_fuzz.c) makes kernels with them
** too, so what it fuzzes is the kernel a box runs. */
#include "kernel.h"
#include "../sys/shmcall.h"

#include <stdlib.h>
#include <unistd.h>
#include <string.h>

int acs__kernel_init(acs__kernel *k, const acs__kernel_opts *o, int owner_sock)
{
  memset(k, 0, sizeof *k);
  k->o = *o;
  if (!k->o.max_procs) k->o.max_procs = 256;
  if (!k->o.max_fs_bytes) k->o.max_fs_bytes = 256ull << 20;
  if (!k->o.max_inodes) k->o.max_inodes = 1u << 20;
  k->owner = owner_sock;
  k->zygote = k->sigchld_fd = k->slim = -1;
  k->dial_done[0] = k->dial_done[1] = -1;
  clock_gettime(CLOCK_MONOTONIC, &k->boot);
  clock_gettime(CLOCK_REALTIME, &k->boot_real);
  k->nprocs = k->o.max_procs + 2;
  k->next_pid = 2;
  k->procs = calloc((size_t)k->nprocs, sizeof *k->procs);
  k->rbuf = malloc(ACS__SHM_MSG); /* a call from a shared call area is copied here whole */
  k->sbuf = malloc(ACS__SYS_MAX_MSG);
  if (!k->procs || !k->rbuf || !k->sbuf) {
    free(k->procs);
    free(k->rbuf);
    free(k->sbuf);
    return -1;
  }
  for (int i = 0; i < k->nprocs; i++) k->procs[i].sock = -1;
  return 0;
}

const char *acs__kernel_boot_fs(acs__kernel *k, acs__proc *owner)
{
  acs_memfs_options mo = {.version = ACS_MEMFS_OPTIONS_VERSION, .max_bytes = k->o.max_fs_bytes,
                          .max_inodes = k->o.max_inodes, .protected_hardlinks = true,
                          .protected_symlinks = true};
  if (acs_memfs_new(&mo, &k->fs)) return "out of memory for the filesystem";
  if (acs__kernel_boot(k)) return "the filesystem could not be laid out";
  memset(owner, 0, sizeof *owner);
  owner->fds = calloc(ACS__K_MAX_FDS, sizeof *owner->fds);
  if (!owner->fds) return "out of memory";
  owner->state = ACS__P_RUNNING;
  owner->cwd = acs_memfs_root(k->fs);
  acs_memfs_inode_hold(owner->cwd);
  owner->umask = 022;
  owner->nofile = owner->nofile_max = ACS__K_MAX_FDS;
  owner->sock = -1;
  return NULL;
}

void acs__kernel_free(acs__kernel *k, acs__proc *owner)
{
  acs__proc_free_all(k);
  for (int fd = 0; owner->fds && fd < ACS__K_MAX_FDS; fd++) acs__proc_fd_close(k, owner, fd);
  free(owner->fds);
  acs_memfs_inode_release(k->fs, owner->cwd);
  free(owner->cwd_path);
  memset(owner, 0, sizeof *owner);
  /* a listener lives as long as a descriptor of it: none is left */
  while (k->listeners) acs__net_unlisten(k, k->listeners);
  for (int i = 0; i < k->nexposed; i++) close(k->exposed[i].fd);
  for (int i = 0; i < k->nwaits; i++)
    if (k->waits[i].fd >= 0) close(k->waits[i].fd);
  for (int i = 0; i < 2; i++)
    if (k->dial_done[i] >= 0) close(k->dial_done[i]);
  acs_memfs_free(k->fs);
  free(k->procs);
  free(k->rbuf);
  free(k->sbuf);
  memset(k, 0, sizeof *k);
}
