/* exec.c - acs_exec(): check the options, fork a worker, supervise it.
**
** The supervisor owns every limit that the worker cannot be trusted to keep:
** wall time (a worker looping in wasm or in microtasks cannot stop itself),
** memory (JavaScriptCore has no heap cap; we watch the worker's private
** memory from outside), output (captured within caps), cancellation, and a
** worker that crashes. Whatever happens, the caller gets a result. */
#include "../base/base.h"
#include "../policy/env.h"
#include "../net/http.h"
#include "../policy/hosts.h"
#include "../pkg/allow.h"
#include "../vfs/vfs.h"
#include "capture.h"
#include "packages.h"
#include "walls.h"
#include "worker.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define DEFAULT_OUTPUT_CAP (1024 * 1024)
#define DEFAULT_MEMORY_MB 4096
/* After the worker's own clean stop at the deadline, how long the supervisor
** waits before it kills. */
#define KILL_GRACE_MS 150
/* Memory is sampled this often while the worker runs. */
#define SAMPLE_MS 10

struct acs_cancel_token {
  int rd, wr;
};

int acs_cancel_token_new(acs_cancel_token **out)
{
  *out = NULL;
  acs_cancel_token *t = calloc(1, sizeof *t);
  if (!t) return ACS_ENOMEM;
  int p[2];
  if (pipe2(p, O_CLOEXEC | O_NONBLOCK) < 0) {
    free(t);
    return ACS_EIO;
  }
  t->rd = p[0];
  t->wr = p[1];
  *out = t;
  return 0;
}

void acs_cancel(acs_cancel_token *t)
{
  if (t) {
    char c = 1;
    (void)!write(t->wr, &c, 1);
  }
}

void acs_cancel_token_free(acs_cancel_token *t)
{
  if (!t) return;
  close(t->rd);
  close(t->wr);
  free(t);
}

void acs_exec_result_free(acs_exec_result *r)
{
  if (!r) return;
  free(r->stdout_data);
  free(r->stderr_data);
  free(r);
}

int acs_exec_result_status(const acs_exec_result *r)
{
  if (!r) return 3;
  if (r->has_exit_code) return r->exit_code;
  if (r->stopped_by && strcmp(r->stopped_by, "memory") == 0) return 125;
  return 124;
}

/* ------------------------------------------------------------ reaping */

/* Workers that reported their exit and were still tearing down when the
** result went out; reaped by the next acs_exec (or at process exit). */
static pthread_mutex_t reap_lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t reap_list[256];
static int reap_count;

static void reap_later(pid_t pid)
{
  pthread_mutex_lock(&reap_lock);
  if (reap_count < (int)(sizeof reap_list / sizeof *reap_list)) {
    reap_list[reap_count++] = pid;
    pid = 0;
  }
  pthread_mutex_unlock(&reap_lock);
  if (pid) waitpid(pid, NULL, 0); /* the list is full: wait for this one */
}

void acs__reap_workers(void)
{
  pthread_mutex_lock(&reap_lock);
  for (int i = 0; i < reap_count;) {
    if (waitpid(reap_list[i], NULL, WNOHANG) != 0) reap_list[i] = reap_list[--reap_count];
    else i++;
  }
  pthread_mutex_unlock(&reap_lock);
}

/* ------------------------------------------------------------ the checks */

typedef struct plan {
  char *work_dir;   /* canonical */
  char *entry_path; /* canonical, inside work_dir */
  bool temp_dir;    /* work_dir is ours to remove */
  char **ro_dirs;   /* canonical */
  size_t ro_count;
  acs__hosts *hosts; /* allowedDomains, parsed */
  acs__allow *allow; /* allowedPackages, parsed; NULL: any */
  acs__box_pkgs pkgs; /* installed packages to mount */
  char *pkg_refusal;  /* why a package cannot be had (for the model) */
  bool cancelled;     /* acs_cancel() came while packages were installed */
} plan;

static void plan_free(plan *p)
{
  free(p->work_dir);
  free(p->entry_path);
  for (size_t i = 0; i < p->ro_count; i++) free(p->ro_dirs[i]);
  free(p->ro_dirs);
  acs__hosts_free(p->hosts);
  acs__allow_free(p->allow);
  acs__box_pkgs_free(&p->pkgs);
  free(p->pkg_refusal);
}

/* The directories exist, and no link inside them points outside them. */
static int check_dirs(const acs_exec_options *o, plan *p, acs_err *err)
{
  if (o->read_only_count) {
    p->ro_dirs = calloc(o->read_only_count, sizeof *p->ro_dirs);
    if (!p->ro_dirs) return ACS_ENOMEM;
  }
  for (size_t i = 0; i < o->read_only_count; i++) {
    const char *d = o->read_only_dirs[i];
    char *real = d ? realpath(d, NULL) : NULL;
    struct stat st;
    if (!real)
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                       "readOnlyDirs entry '%s' does not exist: give existing directories",
                       d ? d : "(null)");
    if (stat(real, &st) < 0 || !S_ISDIR(st.st_mode)) {
      free(real);
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "readOnlyDirs entry '%s' is not a directory", d);
    }
    p->ro_dirs[p->ro_count++] = real;
  }
  acs__vfs *v;
  if (acs__vfs_new(&v)) return ACS_ENOMEM;
  int rc = acs__vfs_mount(v, p->work_dir, false, err);
  for (size_t i = 0; !rc && i < p->ro_count; i++) rc = acs__vfs_mount(v, p->ro_dirs[i], true, err);
  /* A fresh temporary work dir holds no links; the read-only dirs may. */
  if (!rc) rc = acs__vfs_check_links(v, p->temp_dir ? 1 : 0, err);
  acs__vfs_free(v);
  return rc;
}

static const char *env_either(const char *a, const char *b)
{
  const char *v = getenv(a);
  return v && *v ? v : getenv(b);
}

/* "host:port:address", where address is IPv4 or [IPv6]. */
static int check_resolve(const char *item, acs_err *err)
{
  const char *c1 = item ? strchr(item, ':') : NULL;
  const char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
  char addr[64], port[8];
  unsigned char buf[16];
  bool ok = c1 && c2 && c1 > item && c2 - c1 - 1 > 0 && c2 - c1 - 1 < (long)sizeof port;
  if (ok) {
    memcpy(port, c1 + 1, (size_t)(c2 - c1 - 1));
    port[c2 - c1 - 1] = 0;
    long pn = strtol(port, NULL, 10);
    ok = strspn(port, "0123456789") == strlen(port) && pn >= 1 && pn <= 65535;
  }
  if (ok) {
    const char *a = c2 + 1;
    size_t al = strlen(a);
    if (al >= 2 && a[0] == '[' && a[al - 1] == ']') { a++; al -= 2; }
    ok = al < sizeof addr;
    if (ok) {
      memcpy(addr, a, al);
      addr[al] = 0;
      ok = inet_pton(AF_INET, addr, buf) == 1 || inet_pton(AF_INET6, addr, buf) == 1;
    }
  }
  if (!ok)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "resolve entry '%s' is invalid: write host:port:address, e.g. "
                     "api.test:443:127.0.0.1", item ? item : "");
  return 0;
}

static int check_options(const acs_exec_options *o, plan *p, acs_err *err)
{
  if (!o || o->version != ACS_EXEC_OPTIONS_VERSION)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "acs_exec_options.version must be ACS_EXEC_OPTIONS_VERSION (%d)",
                     ACS_EXEC_OPTIONS_VERSION);
  if (!!o->code == !!o->entrypoint)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "specify exactly one of code and entrypoint");
  if (o->timeout_ms < 0)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "timeoutMs must be 0 (no limit) or a positive number of milliseconds, "
                     "not %lld", (long long)o->timeout_ms);
  if (o->memory_mb < 0)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "memoryMb must be a positive number of megabytes, not %lld",
                     (long long)o->memory_mb);
  if (o->max_output_bytes < 0)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "maxOutputBytes must be a positive number of bytes, not %lld",
                     (long long)o->max_output_bytes);
  for (size_t i = 0; i < o->env_count; i++) {
    int rc = acs__env_check(o->env[i], err);
    if (rc) return rc;
  }
  int hrc = acs__hosts_parse(o->allowed_domains, o->allowed_domain_count, &p->hosts, err);
  if (hrc) return hrc;
  for (size_t i = 0; i < o->resolve_count; i++) {
    hrc = check_resolve(o->resolve[i], err);
    if (hrc) return hrc;
  }
  if (o->limit_packages || o->allowed_package_count) {
    hrc = acs__allow_parse(o->allowed_packages, o->allowed_package_count, &p->allow, err);
    if (hrc) return hrc;
  }
  if (o->entrypoint && !o->work_dir)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "workDir is required with entrypoint: the entrypoint is a file in it");

  if (o->work_dir) {
    char *real = realpath(o->work_dir, NULL);
    struct stat st;
    if (!real)
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                       "workDir '%s' does not exist: create it first (%s)", o->work_dir,
                       strerror(errno));
    if (stat(real, &st) < 0 || !S_ISDIR(st.st_mode)) {
      free(real);
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "workDir '%s' is not a directory",
                       o->work_dir);
    }
    p->work_dir = real;
  } else {
    int trc = acs__temp_dir("acs-run", &p->work_dir, err);
    if (trc) return trc;
    p->temp_dir = true;
  }

  if (o->entrypoint) {
    /* The entry must be a file inside workDir, however it is spelled. */
    char *joined;
    if (o->entrypoint[0] == '/') joined = strdup(o->entrypoint);
    else if (asprintf(&joined, "%s/%s", p->work_dir, o->entrypoint) < 0) joined = NULL;
    if (!joined) return ACS_ENOMEM;
    char *real = realpath(joined, NULL);
    free(joined);
    size_t wl = strlen(p->work_dir);
    if (!real)
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                       "entrypoint '%s' does not exist in workDir '%s'", o->entrypoint,
                       p->work_dir);
    if (strncmp(real, p->work_dir, wl) != 0 || (real[wl] != '/' && real[wl] != 0)) {
      free(real);
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                       "entrypoint '%s' is outside workDir '%s'", o->entrypoint,
                       p->work_dir);
    }
    struct stat st;
    if (stat(real, &st) < 0 || !S_ISREG(st.st_mode)) {
      free(real);
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "entrypoint '%s' is not a file",
                       o->entrypoint);
    }
    p->entry_path = real;
  }
  int rc = check_dirs(o, p, err);
  if (rc) return rc;
  acs__box_pkg_args pa = {
      .code = o->code,
      .entry_path = p->entry_path,
      .cwd = p->work_dir,
      .ro_dirs = p->ro_dirs,
      .ro_count = p->ro_count,
      .allow = p->allow,
      .allowed = o->allowed_packages,
      .allowed_count = p->allow ? o->allowed_package_count : 0,
      .on_progress = o->on_progress,
      .on_progress_user = o->on_progress_user,
      .cancel_fd = o->cancel ? o->cancel->rd : -1,
  };
  rc = acs__box_packages(&pa, &p->pkgs, &p->pkg_refusal, err);
  if (rc == ACS_ECANCELED) {
    acs_err_clear(err);
    p->cancelled = true;
    rc = 0;
  }
  return rc;
}

/* --------------------------------------------------------- supervision */

typedef struct run {
  const acs_exec_options *o;
  pid_t pid;
  int out_fd, err_fd, ctl_fd;
  acs__capture out, err;
  bool started, worker_timeout;
  int reported_exit; /* -1, or the code the worker sent before exiting */
  double start_ms, deadline_ms; /* deadline 0: none */
  const char *stopped_by;
  long page_size;
  int64_t mem_limit_mb;
  bool mem_default;
} run;

/* Private (non-file-backed) resident memory of the worker in bytes. */
static long long private_rss(pid_t pid, long page)
{
  char path[64], buf[128];
  snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return -1;
  buf[n] = 0;
  unsigned long size, res, shared;
  if (sscanf(buf, "%lu %lu %lu", &size, &res, &shared) != 3) return -1;
  return (long long)(res - shared) * page;
}

static void stop(run *r, const char *why)
{
  if (!r->stopped_by) r->stopped_by = why;
  kill(-r->pid, SIGKILL);
  kill(r->pid, SIGKILL);
}

static void deliver(run *r, acs__capture *c, int stream, const char *data, size_t n)
{
  size_t live = acs__capture_add(c, data, n);
  if (live && r->o->on_output) r->o->on_output(r->o->on_output_user, stream, data, live);
}

/* Read what is there; returns false at EOF or error (fd closed). */
static bool drain(run *r, int *fd, acs__capture *c, int stream)
{
  char buf[65536];
  ssize_t n = read(*fd, buf, sizeof buf);
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
  if (n <= 0) {
    close(*fd);
    *fd = -1;
    return false;
  }
  deliver(r, c, stream, buf, (size_t)n);
  return true;
}

static void read_ctl(run *r)
{
  char buf[64];
  ssize_t n = read(r->ctl_fd, buf, sizeof buf);
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
  if (n <= 0) {
    close(r->ctl_fd);
    r->ctl_fd = -1;
    return;
  }
  for (ssize_t i = 0; i < n; i++) {
    if (buf[i] == ACS__CTL_STARTED && !r->started) {
      r->started = true;
      if (r->o->timeout_ms > 0)
        r->deadline_ms = acs__now_ms() + (double)r->o->timeout_ms + KILL_GRACE_MS;
    } else if (buf[i] == ACS__CTL_TIMEOUT) {
      r->worker_timeout = true;
    } else if (buf[i] == ACS__CTL_EXIT && i + 1 < n) {
      r->reported_exit = (unsigned char)buf[++i];
    }
  }
}

static void supervise(run *r)
{
  acs_cancel_token *tok = r->o->cancel;
  /* Reading a worker's memory map costs about a millisecond: it is sampled
  ** every SAMPLE_MS, not on every wake-up (output, control bytes). */
  double next_sample = acs__now_ms() + SAMPLE_MS;
  while (r->out_fd >= 0 || r->err_fd >= 0 || r->ctl_fd >= 0) {
    struct pollfd pf[4];
    int n = 0, i_out = -1, i_err = -1, i_ctl = -1, i_can = -1;
    if (r->out_fd >= 0) i_out = n, pf[n++] = (struct pollfd){r->out_fd, POLLIN, 0};
    if (r->err_fd >= 0) i_err = n, pf[n++] = (struct pollfd){r->err_fd, POLLIN, 0};
    if (r->ctl_fd >= 0) i_ctl = n, pf[n++] = (struct pollfd){r->ctl_fd, POLLIN, 0};
    if (tok && !r->stopped_by) i_can = n, pf[n++] = (struct pollfd){tok->rd, POLLIN, 0};
    int wait = SAMPLE_MS;
    if (r->deadline_ms > 0) {
      double left = r->deadline_ms - acs__now_ms();
      if (left < wait) wait = left > 0 ? (int)left + 1 : 0;
    }
    int k = poll(pf, (nfds_t)n, wait);
    if (k < 0 && errno != EINTR) break;
    if (k > 0) {
      if (i_out >= 0 && pf[i_out].revents) drain(r, &r->out_fd, &r->out, 1);
      if (i_err >= 0 && pf[i_err].revents) drain(r, &r->err_fd, &r->err, 2);
      if (i_ctl >= 0 && pf[i_ctl].revents) read_ctl(r);
      if (i_can >= 0 && pf[i_can].revents) stop(r, "signal");
    }
    if (r->stopped_by) continue;
    if (r->deadline_ms > 0 && acs__now_ms() >= r->deadline_ms) {
      stop(r, "timeout");
      continue;
    }
    double now = acs__now_ms();
    if (now < next_sample) continue;
    next_sample = now + SAMPLE_MS;
    long long mem = private_rss(r->pid, r->page_size);
    if (mem > r->mem_limit_mb * 1024 * 1024) stop(r, "memory");
  }
}

/* The kept bytes of a stream: head, then marker and tail. The part after the
** head (never shown live) is also passed to a live listener here. */
static char *finish_stream(run *r, acs__capture *c, int stream, size_t *len,
                           bool *truncated)
{
  acs__buf b = {0};
  acs__buf_append(&b, c->head.data ? c->head.data : "", c->head.len);
  acs__buf rest = {0};
  if (acs__capture_rest(c, &rest)) {
    /* End the head on a whole character too. */
    size_t end = b.len, back = 0;
    while (end > 0 && back < 3 && ((unsigned char)b.data[end - 1] & 0xC0) == 0x80)
      end--, back++;
    if (end > 0 && (unsigned char)b.data[end - 1] >= 0xC0) b.len = end - 1;
    *truncated = true;
  }
  if (rest.len && r->o->on_output) r->o->on_output(r->o->on_output_user, stream, rest.data, rest.len);
  acs__buf_append(&b, rest.data ? rest.data : "", rest.len);
  acs__buf_free(&rest);
  return acs__buf_take(&b, len);
}

static void stop_message(run *r, acs__buf *msg)
{
  const acs_exec_options *o = r->o;
  if (!r->stopped_by) return;
  if (strcmp(r->stopped_by, "timeout") == 0)
    acs__buf_printf(msg,
                    "Error: the run was stopped after %lld ms: the time limit (timeoutMs) was "
                    "reached. Make the code finish sooner, or do less work in one run.\n",
                    (long long)o->timeout_ms);
  else if (strcmp(r->stopped_by, "memory") == 0 && r->mem_default)
    acs__buf_printf(msg,
                    "Error: the run was stopped: it used more than %lld MB of memory, the "
                    "sandbox's backstop. Use less memory: process the data in smaller pieces.\n",
                    (long long)r->mem_limit_mb);
  else if (strcmp(r->stopped_by, "memory") == 0)
    acs__buf_printf(msg,
                    "Error: the run was stopped: it used more than %lld MB of memory, the "
                    "memory limit (memoryMb). Use less memory: process the data in smaller "
                    "pieces, or raise memoryMb.\n",
                    (long long)r->mem_limit_mb);
  else if (strcmp(r->stopped_by, "signal") == 0)
    acs__buf_puts(msg, "Error: the run was stopped by a signal or cancelled by the caller.\n");
}

int acs_exec(const acs_exec_options *o, acs_exec_result **out, acs_err *err)
{
  *out = NULL;
  double t0 = acs__now_ms();
  plan p = {0};
  int rc = check_options(o, &p, err);
  if (rc) {
    if (p.temp_dir) acs__remove_tree(p.work_dir);
    plan_free(&p);
    return rc;
  }

  if (p.pkg_refusal || p.cancelled) {
    /* The run does not start: a package the model must do without, or a
    ** cancel while packages were fetched. */
    acs_exec_result *res = calloc(1, sizeof *res);
    acs__buf eb = {0};
    if (p.cancelled) acs__buf_puts(&eb, "Error: the run was stopped by a signal or cancelled by the caller.\n");
    else acs__buf_printf(&eb, "%s\n", p.pkg_refusal);
    if (!res || !eb.data) {
      free(res);
      acs__buf_free(&eb);
      rc = ACS_ENOMEM;
    } else {
      if (o->on_output) o->on_output(o->on_output_user, 2, eb.data, eb.len);
      res->stderr_data = acs__buf_take(&eb, &res->stderr_len);
      res->stdout_data = calloc(1, 1);
      res->has_exit_code = !p.cancelled;
      res->exit_code = p.cancelled ? 0 : 1;
      res->timed_out = p.cancelled;
      res->stopped_by = p.cancelled ? "signal" : NULL;
      res->duration_ms = acs__now_ms() - t0;
      *out = res;
    }
    if (p.temp_dir) acs__remove_tree(p.work_dir);
    plan_free(&p);
    return rc;
  }

  acs__reap_workers();
  run r = {.o = o, .out_fd = -1, .err_fd = -1, .ctl_fd = -1, .reported_exit = -1};
  r.page_size = sysconf(_SC_PAGESIZE);
  r.mem_limit_mb = o->memory_mb > 0 ? o->memory_mb : DEFAULT_MEMORY_MB;
  r.mem_default = o->memory_mb <= 0;
  size_t cap = o->max_output_bytes > 0 ? (size_t)o->max_output_bytes : DEFAULT_OUTPUT_CAP;
  acs_exec_result *res = calloc(1, sizeof *res);
  int pout[2] = {-1, -1}, perr[2] = {-1, -1}, pctl[2] = {-1, -1};
  if (!res || acs__capture_init(&r.out, "stdout", cap) ||
      acs__capture_init(&r.err, "stderr", cap)) {
    rc = ACS_ENOMEM;
    goto fail;
  }
  if (pipe2(pout, O_CLOEXEC) < 0 || pipe2(perr, O_CLOEXEC) < 0 ||
      pipe2(pctl, O_CLOEXEC) < 0) {
    rc = acs__fail(err, ACS_EENV, ACS__ENV, "could not create pipes for the worker: %s",
                   strerror(errno));
    goto fail;
  }
  /* The guest never sees proxy variables; the operator may route its
  ** allowed requests through the host's proxy with ACS_GUEST_PROXY=1. */
  bool use_proxy = getenv("ACS_GUEST_PROXY") && strcmp(getenv("ACS_GUEST_PROXY"), "0");
  acs__http_config net = {
      .policy = p.hosts,
      .resolve = o->resolve,
      .resolve_count = o->resolve_count,
      .http_proxy = use_proxy ? env_either("HTTP_PROXY", "http_proxy") : NULL,
      .https_proxy = use_proxy ? env_either("HTTPS_PROXY", "https_proxy") : NULL,
      .no_proxy = use_proxy ? env_either("NO_PROXY", "no_proxy") : NULL,
  };
  acs__worker_args wa = {
      .code = o->code,
      .entry_path = p.entry_path,
      .cwd = p.work_dir,
      .ro_dirs = (const char *const *)p.ro_dirs,
      .ro_count = p.ro_count,
      .argv = o->argv,
      .argc = o->argc,
      .env = o->env,
      .env_count = o->env_count,
      .net = &net,
      .walls_off = acs__walls_disabled(),
      .domains = o->allowed_domains,
      .domain_count = o->allowed_domain_count,
      .pkg_host = (const char *const *)p.pkgs.host,
      .pkg_guest = (const char *const *)p.pkgs.guest,
      .pkg_count = p.pkgs.n,
      .pkg_table = p.pkgs.table,
      .allowed_packages = p.allow ? o->allowed_packages : NULL,
      .allowed_package_count = p.allow ? o->allowed_package_count : 0,
      .limit_packages = p.allow != NULL,
      .timeout_ms = o->timeout_ms,
      .out_fd = pout[1],
      .err_fd = perr[1],
      .ctl_fd = pctl[1],
  };
  r.pid = o->pool ? acs__pool_run(o->pool, &wa) : 0;
  if (r.pid == 0) r.pid = fork();
  if (r.pid < 0) {
    rc = acs__fail(err, ACS_EENV, ACS__ENV, "could not start the worker process: %s",
                   strerror(errno));
    goto fail;
  }
  if (r.pid == 0) acs__worker_main(&wa);
  /* The worker also calls setpgid on itself; doing it here too closes the
  ** race in which a kill(-pid) would find no group yet. */
  setpgid(r.pid, r.pid);
  close(pout[1]), close(perr[1]), close(pctl[1]);
  pout[1] = perr[1] = pctl[1] = -1;
  r.out_fd = pout[0], r.err_fd = perr[0], r.ctl_fd = pctl[0];
  pout[0] = perr[0] = pctl[0] = -1;
  r.start_ms = t0;
  /* Until the worker reports that guest code starts, the deadline covers
  ** start-up too, so a worker that hangs before that is still stopped. */
  if (o->timeout_ms > 0) r.deadline_ms = t0 + (double)o->timeout_ms + 10000;

  supervise(&r);

  int status = 0;
  if (r.reported_exit >= 0 && !r.stopped_by && !r.worker_timeout) {
    /* The worker said how it ended and is tearing down: reap it later. */
    status = r.reported_exit << 8; /* as WEXITSTATUS reads it */
    if (waitpid(r.pid, NULL, WNOHANG) == 0) reap_later(r.pid);
  } else {
    while (waitpid(r.pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (r.worker_timeout && !r.stopped_by) r.stopped_by = "timeout";

  acs__buf extra = {0};
  if (!r.stopped_by && WIFSIGNALED(status)) {
    r.stopped_by = "signal";
    acs__buf_printf(&extra,
                    "Error: the sandbox worker crashed (signal %d, %s). This is a bug in the "
                    "sandbox, not in the code; the run may succeed if tried again.\n",
                    WTERMSIG(status), strsignal(WTERMSIG(status)));
  } else {
    stop_message(&r, &extra);
  }
  res->stdout_data = finish_stream(&r, &r.out, 1, &res->stdout_len, &res->truncated);
  size_t elen;
  char *e = finish_stream(&r, &r.err, 2, &elen, &res->truncated);
  acs__buf eb = {0};
  acs__buf_append(&eb, e, elen);
  free(e);
  if (extra.len) {
    /* The limit's message goes after the kept output, outside the cap, on a
    ** line of its own. */
    const char *nl = eb.len && eb.data[eb.len - 1] != '\n' ? "\n" : "";
    acs__buf_puts(&eb, nl);
    acs__buf_append(&eb, extra.data, extra.len);
    if (o->on_output) {
      if (*nl) o->on_output(o->on_output_user, 2, nl, 1);
      o->on_output(o->on_output_user, 2, extra.data, extra.len);
    }
  }
  acs__buf_free(&extra);
  res->stderr_data = acs__buf_take(&eb, &res->stderr_len);

  if (r.stopped_by) {
    res->has_exit_code = false;
    res->timed_out = strcmp(r.stopped_by, "timeout") == 0 || strcmp(r.stopped_by, "signal") == 0;
  } else {
    res->has_exit_code = true;
    res->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  }
  res->stopped_by = r.stopped_by;
  res->duration_ms = acs__now_ms() - t0;
  acs__capture_free(&r.out);
  acs__capture_free(&r.err);
  if (p.temp_dir) acs__remove_tree(p.work_dir);
  plan_free(&p);
  *out = res;
  return 0;

fail:
  for (int i = 0; i < 2; i++) {
    if (pout[i] >= 0) close(pout[i]);
    if (perr[i] >= 0) close(perr[i]);
    if (pctl[i] >= 0) close(pctl[i]);
  }
  acs__capture_free(&r.out);
  acs__capture_free(&r.err);
  free(res);
  if (p.temp_dir) acs__remove_tree(p.work_dir);
  plan_free(&p);
  return rc;
}
