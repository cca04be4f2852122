/* walls.h - the second wall: the worker locks itself down with the kernel's
** unprivileged tools (Landlock, seccomp with no_new_privs) before guest code
** runs. The sandbox's own checks are the first wall and hold without these;
** where the kernel lacks them the run goes on, and `acs doctor` says so. */
#ifndef ACS_BOX_WALLS_H
#define ACS_BOX_WALLS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct acs__walls {
  bool no_new_privs;
  int landlock_abi;  /* 0: not available or not applied */
  bool landlock;     /* file access limited to the mounts and system paths */
  bool landlock_net; /* TCP bind refused (Landlock ABI >= 4) */
  bool seccomp;      /* execve, ptrace, namespaces, bpf, ... refused */
  char note[256];    /* why a wall is down, when one is */
} acs__walls;

/* Lock this process down: read-write access to the rw directories,
** read-only to the ro ones and to what the runtime itself reads (shared
** libraries, CA certificates, resolver files, time zones), nothing else;
** and the seccomp filter. Irreversible; for the worker only. Fills *st with
** what is up. Returns 0, or -1 when the environment asks for walls and
** applying one failed midway (the caller must not run guest code then).
** The caller checks acs__walls_disabled() first, in the supervisor, whose
** environment the worker does not keep. */
int acs__walls_apply(const char *const *rw, size_t nrw, const char *const *ro, size_t nro,
                     acs__walls *st);

/* Build the part of the Landlock ruleset that does not depend on the run
** (the system paths), for a warm worker to do while it waits; the next
** acs__walls_apply uses it. Failures are left for apply to meet. */
void acs__walls_prepare(void);

/* Only the seccomp filter's program (the part a zygote may share with its
** workers: it holds no fd, and forks copy it). */
void acs__walls_prepare_filter(void);

/* A libseccomp context's program as BPF (malloc'd, the caller owns it;
** *len its instructions), or NULL. */
struct sock_filter *acs__walls_export_bpf(void *ctx, unsigned short *len);

/* Whether the operator switched the walls off (ACS_WALLS=off in the
** supervisor's environment), for kernels where they misbehave. */
bool acs__walls_disabled(void);

#endif
