/* worker.c - the process that runs guest code.
**
** It is forked by the supervisor, gets the three pipes as fds 1, 2 and 3,
** drops everything else it inherited (fds, environment, terminal signals)
** and runs the realm until the guest exits. */
#include "worker.h"

#include "../base/base.h"
#include "../js/runtime.h"
#include "../pkg/allow.h"
#include "../vfs/vfs.h"
#include "walls.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

extern char **environ;

static int ctl_fd = 3;

/* The exit code goes to the supervisor first and the pipes close: a
** process with the engine's address space takes a millisecond or more to
** tear down, and the answer need not wait for that. */
static void worker_exit(int code)
{
  char msg[2] = {ACS__CTL_EXIT, (char)(code & 0xff)};
  (void)!write(ctl_fd, msg, 2);
  close(1);
  close(2);
  close(ctl_fd);
  _exit(code & 0xff);
}

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

/* fds 0..3: /dev/null, stdout pipe, stderr pipe, control pipe; nothing
** else stays open. */
static void setup_fds(int out_fd, int err_fd, int ctl)
{
  int devnull = open("/dev/null", O_RDONLY);
  int fds[4] = {devnull, out_fd, err_fd, ctl};
  /* Move the sources above 3 first so that dup2 never clobbers one. */
  for (int i = 0; i < 4; i++) {
    int d = fcntl(fds[i], F_DUPFD_CLOEXEC, 10);
    fds[i] = d;
  }
  for (int i = 0; i < 4; i++) {
    if (fds[i] < 0 || dup2(fds[i], i) < 0) _exit(71);
  }
  close_other_fds();
}

static void setup_process(void)
{
  /* A worker never outlives its supervisor: the limits live there. */
  pid_t parent = getppid();
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(0);

  /* Terminal signals belong to the supervisor, which decides what a ^C
  ** means; the worker gets its own process group. */
  setpgid(0, 0);
  signal(SIGPIPE, SIG_IGN);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);

  /* No host variable may reach the engine (JSC_* options) or the guest:
  ** only the engine options of every run (SharedArrayBuffer, which Node
  ** has, is off in JavaScriptCore by default). A list rather than
  ** clearenv(): JSC walks `environ` and does not expect it to be NULL. */
  static char *engine_env[] = {"JSC_useSharedArrayBuffer=true", NULL};
  environ = engine_env;

  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
}

/* The run itself, from reading the entry to the guest's exit; the realm
** is already prepared when `prepared`. */
static void run_job(const acs__worker_args *a, bool prepared) __attribute__((noreturn));

void acs__worker_main(const acs__worker_args *a)
{
  setup_fds(a->out_fd, a->err_fd, a->ctl_fd);
  setup_process();
  run_job(a, false);
}

static void run_job(const acs__worker_args *a, bool prepared)
{
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

  /* Installed packages, read-only where Node's resolution finds them. */
  for (size_t i = 0; i < a->pkg_count; i++)
    if (acs__vfs_mount_at(vfs, a->pkg_host[i], a->pkg_guest[i], true, &err)) {
      dprintf(2, "acs: cannot mount package %s: %s\n", a->pkg_guest[i], err.message ? err.message : "?");
      _exit(71);
    }
  acs__allow *allow = NULL;
  if (a->limit_packages &&
      acs__allow_parse(a->allowed_packages, a->allowed_package_count, &allow, &err)) {
    dprintf(2, "acs: %s\n", err.message ? err.message : "bad allowedPackages");
    _exit(71);
  }

  /* The second wall, under the VFS: from here on the kernel itself keeps
  ** this process to the mounts and the system files the runtime reads. */
  acs__walls walls;
  const char **ro_all = calloc(a->ro_count + a->pkg_count + 1, sizeof *ro_all);
  if (!ro_all) _exit(71);
  for (size_t i = 0; i < a->ro_count; i++) ro_all[i] = a->ro_dirs[i];
  for (size_t i = 0; i < a->pkg_count; i++) ro_all[a->ro_count + i] = a->pkg_host[i];
  if (!a->walls_off &&
      acs__walls_apply(&a->cwd, 1, ro_all, a->ro_count + a->pkg_count, &walls)) {
    dprintf(2, "acs: %s\n", walls.note);
    _exit(71);
  }
  free(ro_all);

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
      .packages = a->pkg_table,
      .allow = allow,
      .limit_packages = a->limit_packages,
      .deadline_ms = a->timeout_ms > 0 ? acs__now_ms() + (double)a->timeout_ms : 0,
      .exit_fn = worker_exit,
      .timeout_fn = worker_timeout,
  };
  if (prepared) acs__js_start(&cfg);
  else acs__js_run(&cfg);
  _exit(70);
}

int acs__worker_detach(int sock)
{
  /* Until a run comes, nothing of the server's may stay open here. */
  int devnull = open("/dev/null", O_RDWR);
  /* fd 3 too is held, so that the engine's own fds (event fds, epoll)
  ** land above the four a run will take. */
  for (int i = 0; i < 4; i++) dup2(devnull, i);
  int keep = fcntl(sock, F_DUPFD_CLOEXEC, 10);
  if (keep < 0 || syscall(436 /* close_range */, 4U, (unsigned)keep - 1, 0U) != 0 ||
      syscall(436, (unsigned)keep + 1, ~0U, 0U) != 0) {
    long max = sysconf(_SC_OPEN_MAX);
    for (long fd = 4; fd < (max > 0 ? max : 1024); fd++)
      if (fd != keep) close((int)fd);
  }
  setup_process();
  return keep;
}

/* Say 'R' on keep, then take one run from it and do it. */
static void wait_for_run(int keep) __attribute__((noreturn));
static void wait_for_run(int keep)
{
  char ready = 'R';
  if (write(keep, &ready, 1) != 1) _exit(0);
  acs__warm_job job;
  if (acs__warm_receive(keep, &job) != 0) _exit(0); /* the pool went away */
  /* Only 1..3 are replaced: the realm's own fds stay open. */
  int fds[3] = {job.out_fd, job.err_fd, job.ctl_fd};
  for (int i = 0; i < 3; i++)
    if (dup2(fds[i], i + 1) < 0) _exit(71);
  for (int i = 0; i < 3; i++) close(fds[i]);
  close(keep);
  run_job(&job.args, true);
}

void acs__worker_warm(int sock)
{
  int keep = acs__worker_detach(sock);
  acs__walls_prepare();
  if (acs__js_prepare(true) != 0) _exit(71);
  wait_for_run(keep);
}

void acs__worker_forked(int sock, pid_t server)
{
  /* The death signal does not survive a fork; the zygote's parent is ours
  ** too (CLONE_PARENT), and if it is already gone, so is the run. */
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != server) _exit(0);
  setpgid(0, 0);
  /* The Landlock ruleset is built here, never in the zygote: rules added to
  ** a ruleset fd shared with siblings would open one run's dirs to another. */
  acs__walls_prepare();
  if (acs__js_after_fork() != 0) _exit(71);
  wait_for_run(sock);
}
