/* worker.c - the process that runs guest code.
**
** It is forked by the supervisor, gets the three pipes as fds 1, 2 and 3,
** drops everything else it inherited (fds, environment, terminal signals)
** and runs the realm until the guest exits. */
#include "worker.h"

#include "../base/base.h"
#include "../js/runtime.h"
#include "../vfs/vfs.h"
#include "walls.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

extern char **environ;

static int ctl_fd = 3;

static void worker_exit(int code) { _exit(code & 0xff); }

static void worker_timeout(void)
{
  char c = ACS__CTL_TIMEOUT;
  (void)!write(ctl_fd, &c, 1);
  _exit(124);
}

static void close_other_fds(void)
{
  /* close_range is cheaper, but fall back to a loop on old kernels. */
  if (syscall(436 /* close_range */, 4U, ~0U, 0U) == 0) return;
  long max = sysconf(_SC_OPEN_MAX);
  for (long fd = 4; fd < (max > 0 ? max : 1024); fd++) close((int)fd);
}

static void setup_process(const acs__worker_args *a)
{
  /* fds 0..3: /dev/null, stdout pipe, stderr pipe, control pipe. */
  int devnull = open("/dev/null", O_RDONLY);
  int fds[4] = {devnull, a->out_fd, a->err_fd, a->ctl_fd};
  /* Move the sources above 3 first so that dup2 never clobbers one. */
  for (int i = 0; i < 4; i++) {
    int d = fcntl(fds[i], F_DUPFD_CLOEXEC, 10);
    fds[i] = d;
  }
  for (int i = 0; i < 4; i++) {
    if (fds[i] < 0 || dup2(fds[i], i) < 0) _exit(71);
  }
  close_other_fds();

  /* Terminal signals belong to the supervisor, which decides what a ^C
  ** means; the worker gets its own process group. */
  setpgid(0, 0);
  signal(SIGPIPE, SIG_IGN);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);

  /* No host variable may reach the engine (JSC_* options) or the guest.
  ** An empty list rather than clearenv(): JSC walks `environ` and does not
  ** expect it to be NULL. */
  static char *no_env[] = {NULL};
  environ = no_env;

  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
}

void acs__worker_main(const acs__worker_args *a)
{
  setup_process(a);

  acs__buf src = {0};
  const char *filename;
  char *entry_src = NULL;
  size_t entry_len = 0;
  char *code_name = NULL;
  if (a->entry_path) {
    int rc = acs__read_file(a->entry_path, &entry_src, &entry_len);
    if (rc) {
      dprintf(2, "Error: Cannot find module '%s': %s\n", a->entry_path, strerror(-rc));
      _exit(1);
    }
    filename = a->entry_path;
  } else {
    acs__buf_puts(&src, a->code);
    entry_src = acs__buf_take(&src, &entry_len);
    /* Code has no file; this name reads well in frames ("[code]:3"). */
    if (asprintf(&code_name, "%s/[code]", a->cwd) < 0) _exit(71);
    filename = code_name;
  }

  /* The guest's files: the work dir read-write, the others read-only. */
  acs__vfs *vfs = NULL;
  acs_err err = {0};
  if (acs__vfs_new(&vfs) || acs__vfs_mount(vfs, a->cwd, false, &err)) {
    dprintf(2, "acs: cannot mount the working directory: %s\n", err.message ? err.message : "?");
    _exit(71);
  }
  for (size_t i = 0; i < a->ro_count; i++)
    if (acs__vfs_mount(vfs, a->ro_dirs[i], true, &err)) {
      dprintf(2, "acs: cannot mount %s: %s\n", a->ro_dirs[i], err.message ? err.message : "?");
      _exit(71);
    }

  /* The second wall, under the VFS: from here on the kernel itself keeps
  ** this process to the mounts and the system files the runtime reads. */
  acs__walls walls;
  if (!a->walls_off && acs__walls_apply(&a->cwd, 1, a->ro_dirs, a->ro_count, &walls)) {
    dprintf(2, "acs: %s\n", walls.note);
    _exit(71);
  }

  char started = ACS__CTL_STARTED;
  (void)!write(ctl_fd, &started, 1);

  acs__js_config cfg = {
      .source = entry_src,
      .source_len = entry_len,
      .filename = filename,
      .is_code = a->entry_path == NULL,
      .vfs = vfs,
      .cwd = a->cwd,
      .argv = a->argv,
      .argc = a->argc,
      .env = a->env,
      .env_count = a->env_count,
      .net = a->net,
      .deadline_ms = a->timeout_ms > 0 ? acs__now_ms() + (double)a->timeout_ms : 0,
      .exit_fn = worker_exit,
      .timeout_fn = worker_timeout,
  };
  acs__js_run(&cfg);
  _exit(70);
}
