/* pkgcall.c - the kernel's package calls (PKG_INSTALL, PKG_RESULT): a
** guest's npm asks for a tree of packages; a worker process forked here
** resolves, downloads, verifies and unpacks it on the host (src/pkg,
** npmjob.c) while the kernel goes on serving every other process; once
** the worker has answered, the packages are copied from the store into
** memfs under the caller's project with the caller's credentials (so
** they are the caller's files, and nothing lands where the caller could
** not write), and the answer, less its host paths, is the reply.
**
** The worker never touches the box: it holds no channel of the box (its
** descriptors are closed but its pipe), and it dies with the kernel. */
#include "kernel.h"
#include "kfs.h"

#include "../base/base.h"
#include "../pkg/name.h"
#include "../pkg/npmjob.h"
#include "../pkg/pipjob.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_JOBS 8
#define MAX_ANSWER (64u << 20)  /* a worker's answer */
#define CHUNK (120u << 10)      /* bytes of an answer per reply */

typedef struct job {
  bool used;
  bool done;            /* answered: result holds the reply's JSON */
  acs__proc *p;
  int32_t pid;
  struct timespec start;
  int sock;
  uint32_t seq;
  int fd;               /* the worker's pipe, or -1 */
  uint32_t uid, gid, groups[8], ngroups, umask;
  char *dir;
  char *req;
  size_t req_len;
  acs__buf in;          /* the worker's answer so far */
  json_t *ans, *rq;     /* once it came: the answer and the request, while copying */
  size_t next;          /* the next package to copy */
  int copied;
  char *result;
  size_t result_len;
} job;

static job jobs[MAX_JOBS];

static void job_free(job *j)
{
  if (j->fd >= 0) close(j->fd);
  free(j->dir);
  free(j->req);
  acs__buf_free(&j->in);
  json_decref(j->ans);
  json_decref(j->rq);
  free(j->result);
  memset(j, 0, sizeof *j);
  j->fd = -1;
}

/* The process that asked is still the one that asked. */
static bool alive(acs__kernel *k, job *j)
{
  acs__proc *p = j->p;
  if (p->pid != j->pid || p->state != ACS__P_RUNNING || p->start.tv_sec != j->start.tv_sec ||
      p->start.tv_nsec != j->start.tv_nsec)
    return false;
  return j->sock == k->owner || p->sock == j->sock;
}

static acs_memfs_cred cred_of(const job *j)
{
  return (acs_memfs_cred){.uid = j->uid, .gid = j->gid, .ruid = j->uid, .rgid = j->gid,
                          .groups = j->groups, .ngroups = j->ngroups, .umask = j->umask};
}

/* ------------------------------------------------------- memfs side */

typedef struct names {
  char **v;
  size_t n, cap;
} names;

static int take_name(void *user, const acs_memfs_dirent *e)
{
  names *ns = user;
  if ((e->namelen == 1 && e->name[0] == '.') || (e->namelen == 2 && !memcmp(e->name, "..", 2))) return 0;
  if (ns->n == ns->cap) {
    size_t cap = ns->cap ? ns->cap * 2 : 16;
    char **nv = realloc(ns->v, cap * sizeof *nv);
    if (!nv) return 1;
    ns->v = nv, ns->cap = cap;
  }
  if (!(ns->v[ns->n] = strndup(e->name, e->namelen))) return 1;
  ns->n++;
  return 0;
}

/* rm -rf of path (absolute) as cr; a missing path is not an error. */
static int rm_tree(acs__kernel *k, const acs_memfs_cred *cr, const char *path, int depth)
{
  acs_memfs_stat st;
  int rc = acs__kfs_lstat(k, cr, path, &st);
  if (rc == -ENOENT) return 0;
  if (rc) return rc;
  if ((st.mode & S_IFMT) != S_IFDIR) return acs__kfs_unlink(k, cr, path);
  if (depth > 256) return -ELOOP;
  acs__kfile *f = NULL;
  if ((rc = acs__kfs_open(k, cr, path, O_RDONLY | O_DIRECTORY, 0, &f))) return rc;
  names ns = {0};
  while ((rc = acs__kfs_readdir(k, f, take_name, &ns)) > 0) {}
  acs__kfile_put(k, f);
  for (size_t i = 0; i < ns.n; i++) {
    char *sub = NULL;
    if (!rc && asprintf(&sub, "%s/%s", path, ns.v[i]) < 0) rc = -ENOMEM;
    if (!rc) rc = rm_tree(k, cr, sub, depth + 1);
    free(sub);
    free(ns.v[i]);
  }
  free(ns.v);
  return rc ? rc : acs__kfs_rmdir(k, cr, path);
}

/* mkdir -p of path's parents. */
static int parents(acs__kernel *k, const acs_memfs_cred *cr, const char *path)
{
  char buf[ACS_MEMFS_PATH_MAX];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *s = strchr(buf + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = 0;
    int rc = acs__kfs_mkdir(k, cr, buf, 0777);
    *s = '/';
    if (rc && rc != -EEXIST) return rc;
  }
  return 0;
}

/* cp -r of a store directory (host) to box (absolute), as cr: into memfs
** or through a mount. The store holds what tarball.c let through: regular
** files, directories, links inside the package. */
static int copy_in(acs__kernel *k, const acs_memfs_cred *cr, const char *host, const char *box, int depth)
{
  struct stat st;
  if (lstat(host, &st) < 0) return -errno;
  if (S_ISLNK(st.st_mode)) {
    char target[4096];
    ssize_t n = readlink(host, target, sizeof target - 1);
    if (n < 0) return -errno;
    target[n] = 0;
    return acs__kfs_symlink(k, cr, target, box);
  }
  if (S_ISDIR(st.st_mode)) {
    if (depth > 128) return -ELOOP;
    int rc = acs__kfs_mkdir(k, cr, box, 0777);
    if (rc && rc != -EEXIST) return rc;
    DIR *d = opendir(host);
    if (!d) return -errno;
    struct dirent *e;
    rc = 0;
    while (!rc && (e = readdir(d))) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      char *hs = NULL, *bs = NULL;
      if (asprintf(&hs, "%s/%s", host, e->d_name) < 0) hs = NULL;
      if (asprintf(&bs, "%s/%s", box, e->d_name) < 0) bs = NULL;
      rc = hs && bs ? copy_in(k, cr, hs, bs, depth + 1) : -ENOMEM;
      free(hs);
      free(bs);
    }
    closedir(d);
    return rc;
  }
  if (!S_ISREG(st.st_mode)) return 0;
  int fd = open(host, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -errno;
  acs__kfile *f = NULL;
  int rc = acs__kfs_open(k, cr, box, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW,
                         (st.st_mode & 0111) ? 0777 : 0666, &f);
  char buf[65536];
  ssize_t n;
  while (!rc && (n = read(fd, buf, sizeof buf)) != 0) {
    if (n < 0) {
      rc = errno == EINTR ? 0 : -errno;
      continue;
    }
    for (ssize_t off = 0; !rc && off < n;) {
      ssize_t w = acs__kfs_write(k, cr, f, buf + off, (size_t)(n - off));
      if (w < 0) rc = (int)w;
      else if (w == 0) rc = -EIO;
      else off += w;
    }
  }
  close(fd);
  acs__kfile_put(k, f);
  return rc;
}

static char *error_json(const char *code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static char *error_json(const char *code, const char *fmt, ...)
{
  char msg[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  json_t *j = json_pack("{s:b, s:s, s:s}", "ok", 0, "code", code, "message", msg);
  char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;
  json_decref(j);
  return s;
}

/* The worker's answer into the box: each package copied in (unless the
** request says it is there already, or it is a dev package the request
** omits), a slice at a time (land_some), then the answer the guest gets
** (land_done). */
static char *land_start(job *j)
{
  json_t *a = json_loadb(j->in.data ? j->in.data : "", j->in.len, 0, NULL);
  if (!json_is_object(a))
    return error_json("EENV", "the package worker of the box failed (%s)", j->in.len ? "its answer is not JSON" : "it ended without an answer");
  if (!json_is_true(json_object_get(a, "ok"))) {
    char *s = json_dumps(a, JSON_COMPACT);
    json_decref(a);
    return s;
  }
  j->ans = a;
  j->rq = json_loadb(j->req, j->req_len, 0, NULL);
  j->next = 0;
  /* -g's name becomes a path: it must be a package's */
  const char *g = json_string_value(json_object_get(j->rq, "global"));
  if (g && acs__pkg_name_check(g, strlen(g), true))
    return error_json("EINVAL", "\"%.300s\" is not a package name", g);
  return NULL;
}

/* Copy packages from the next one on, for about `budget_ns`: a big tree
** must not hold up the box's other processes. Returns true once all are in
** (or one failed: j->result then holds the error). */
static bool land_some(acs__kernel *k, job *j, long budget_ns)
{
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  json_t *present = json_object_get(j->rq, "present");
  bool omit_dev = json_is_true(json_object_get(j->rq, "omitDev"));
  const char *g = json_string_value(json_object_get(j->rq, "global"));
  /* pip's wheels merge into site-packages and the prefix, as pip writes
  ** them: a namespace folder holds several distributions' files */
  bool pip = json_is_object(json_object_get(j->rq, "pip"));
  acs_memfs_cred cr = cred_of(j);
  json_t *pkgs = json_object_get(j->ans, "pkgs");
  while (j->next < json_array_size(pkgs)) {
    json_t *pk = json_array_get(pkgs, j->next++);
    const char *path = json_string_value(json_object_get(pk, "path"));
    const char *dir = json_string_value(json_object_get(pk, "dir"));
    const char *ver = json_string_value(json_object_get(pk, "version"));
    if (path && dir && ver && !(omit_dev && json_is_true(json_object_get(pk, "dev")))) {
      const char *had = json_string_value(json_object_get(present, path));
      if (!had || strcmp(had, ver)) {
        char box[ACS_MEMFS_PATH_MAX];
        /* -g: each named package is a tree of its own, its dependencies
        ** nested under it (/usr/local/lib/node_modules/X/node_modules/D) */
        char gtop[600];
        snprintf(gtop, sizeof gtop, "node_modules/%s", g ? g : "");
        int n = g && strcmp(path, gtop)
                    ? snprintf(box, sizeof box, "%s/%s/%s", strcmp(j->dir, "/") ? j->dir : "", gtop, path)
                    : snprintf(box, sizeof box, "%s/%s", strcmp(j->dir, "/") ? j->dir : "", path);
        int rc = n < 0 || (size_t)n >= sizeof box ? -ENAMETOOLONG : pip ? 0 : rm_tree(k, &cr, box, 0);
        if (!rc) rc = parents(k, &cr, box);
        if (!rc) rc = copy_in(k, &cr, dir, box, 0);
        if ((rc == -EACCES || rc == -EPERM) && pip) {
          j->result = error_json("EACCES", "ERROR: Could not install packages due to an OSError: [Errno 13] Permission denied: '%s'\n"
                                 "Consider using the `--user` option or check the permissions.", box);
          return true;
        }
        if (rc == -EACCES || rc == -EPERM) {
          /* npm's words for it */
          j->result = error_json("EACCES", "syscall mkdir\npath %s\nerrno -13\nError: EACCES: permission denied, mkdir '%s'\n\n"
                                 "The operation was rejected by your operating system.\nIt is likely you do not have the "
                                 "permissions to access this file as the current user\n\nIf you believe this might be a "
                                 "permissions issue, please double-check the\npermissions of the file and its containing "
                                 "directories, or try running\nthe command again as root/Administrator.", box, box);
          return true;
        }
        if (rc) {
          j->result = error_json(rc == -ENOSPC || rc == -EDQUOT ? "ENOSPC" : "EENV", "%s: could not write %s: %s",
                                 json_string_value(json_object_get(pk, "name")), box, strerror(-rc));
          return true;
        }
        j->copied++;
        json_object_set_new(pk, "copied", json_true());
      }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if ((t1.tv_sec - t0.tv_sec) * 1000000000L + (t1.tv_nsec - t0.tv_nsec) >= budget_ns) break;
  }
  return j->next >= json_array_size(pkgs);
}

/* The answer for the guest: the worker's, less its host paths. */
static char *land_done(job *j)
{
  json_t *pk;
  size_t i;
  json_array_foreach(json_object_get(j->ans, "pkgs"), i, pk) json_object_del(pk, "dir");
  json_object_set_new(j->ans, "copied", json_integer(j->copied));
  return json_dumps(j->ans, JSON_COMPACT);
}

/* ------------------------------------------------------- the worker */

static _Noreturn void worker(acs__kernel *k, job *j, int out)
{
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) _exit(1);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  signal(SIGCHLD, SIG_DFL);
  /* nothing of the box's: its channels stay with the kernel */
  if (dup3(out, 3, 0) < 0) _exit(1);
  if (syscall(SYS_close_range, 4, ~0u, 0) != 0)
    for (int fd = 4; fd < 4096; fd++) close(fd);
  acs__npm_policy pol = {.none = k->o.no_packages};
  acs__allow *allow = NULL;
  if (!pol.none && k->o.allowed_package_count) {
    acs_err err = {0};
    if (acs__allow_parse((const char *const *)k->o.allowed_packages, k->o.allowed_package_count, &allow, &err))
      _exit(1);
    pol.allow = allow;
    pol.allowed = (const char *const *)k->o.allowed_packages;
    pol.allowed_count = k->o.allowed_package_count;
  }
  /* pip's requests come as {"pip": {...}}; the rest are npm's */
  json_t *rq = json_loadb(j->req, j->req_len, 0, NULL);
  json_t *pip = json_object_get(rq, "pip");
  char *answer = json_is_object(pip) ? acs__pip_job(pip, &pol) : acs__npm_job(j->req, j->req_len, &pol);
  json_decref(rq);
  if (answer) (void)acs__write_all(3, answer, strlen(answer));
  _exit(answer ? 0 : 1);
}

/* ------------------------------------------------------- the calls */

static void send_chunk(acs__kernel *k, job *j, int sock, uint32_t seq, uint64_t off)
{
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, (int64_t)j->result_len);
  size_t n = off < j->result_len ? j->result_len - off : 0;
  if (n > CHUNK) n = CHUNK;
  acs__msg_bytes(&m, j->result + off, n);
  acs__msg_send(sock, &m);
}

static job *job_of(acs__kernel *k, acs__proc *p)
{
  for (int i = 0; i < MAX_JOBS; i++)
    if (jobs[i].used && jobs[i].p == p && alive(k, &jobs[i])) return &jobs[i];
  return NULL;
}

bool acs__kpkg_call(acs__kernel *k, acs__proc *p, int sock, const acs__sys_hdr *h, acs__rd *rd)
{
  if (h->op == ACS__SYS_PKG_RESULT) {
    int64_t off;
    if (!acs__rd_i64(rd, &off) || !acs__rd_done(rd)) return false;
    job *j = job_of(k, p);
    if (!j || !j->done || off < 0) {
      acs__kernel_reply(k, sock, h->seq, -EINVAL);
      return true;
    }
    send_chunk(k, j, sock, h->seq, (uint64_t)off);
    if ((uint64_t)off + CHUNK >= j->result_len) job_free(j);
    return true;
  }
  char dir[ACS__SYS_MAX_STR + 1];
  const unsigned char *req;
  size_t len;
  if (!acs__rd_str(rd, dir, sizeof dir) || !acs__rd_bytes(rd, &req, &len) || !acs__rd_done(rd)) return false;
  /* one request at a time per process: a new one drops what it left */
  job *j = job_of(k, p);
  if (j) job_free(j);
  for (int i = 0; !j && i < MAX_JOBS; i++)
    if (!jobs[i].used) j = &jobs[i];
    else if (!alive(k, &jobs[i])) {
      job_free(&jobs[i]);
      j = &jobs[i];
    }
  if (dir[0] != '/') {
    acs__kernel_reply(k, sock, h->seq, -EINVAL);
    return true;
  }
  if (!j) {
    acs__kernel_reply(k, sock, h->seq, -EAGAIN);
    return true;
  }
  memset(j, 0, sizeof *j);
  j->fd = -1;
  j->used = true;
  j->p = p;
  j->pid = p->pid;
  j->start = p->start;
  j->sock = sock;
  j->seq = h->seq;
  j->uid = p->euid;
  j->gid = p->egid;
  j->ngroups = p->ngroups < 8 ? p->ngroups : 8;
  memcpy(j->groups, p->groups, sizeof j->groups);
  j->umask = p->umask;
  j->dir = strdup(dir);
  j->req = malloc(len + 1);
  if (!j->dir || !j->req) {
    job_free(j);
    acs__kernel_reply(k, sock, h->seq, -ENOMEM);
    return true;
  }
  memcpy(j->req, req, len);
  j->req[len] = 0;
  j->req_len = len;
  int pp[2];
  if (pipe2(pp, O_CLOEXEC) < 0) {
    int e = errno;
    job_free(j);
    acs__kernel_reply(k, sock, h->seq, -e);
    return true;
  }
  pid_t w = fork();
  if (w == 0) {
    close(pp[0]);
    worker(k, j, pp[1]);
  }
  close(pp[1]);
  if (w < 0) {
    int e = errno;
    close(pp[0]);
    job_free(j);
    acs__kernel_reply(k, sock, h->seq, -e);
    return true;
  }
  fcntl(pp[0], F_SETFL, O_NONBLOCK);
  j->fd = pp[0];
  return true;
}

int acs__kpkg_poll(acs__kernel *k, struct pollfd *pf)
{
  int n = 0;
  for (int i = 0; i < MAX_JOBS; i++) {
    if (!jobs[i].used) continue;
    if (!alive(k, &jobs[i])) {
      job_free(&jobs[i]); /* its process is gone: the worker finishes into the store, unread */
      continue;
    }
    if (jobs[i].fd >= 0) pf[n++] = (struct pollfd){.fd = jobs[i].fd, .events = POLLIN};
  }
  return n;
}

static void fail_nomem(acs__kernel *k, job *j);
static void answer(acs__kernel *k, job *j);

void acs__kpkg_event(acs__kernel *k, int fd)
{
  job *j = NULL;
  for (int i = 0; i < MAX_JOBS && !j; i++)
    if (jobs[i].used && jobs[i].fd == fd) j = &jobs[i];
  if (!j) return;
  char buf[65536];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return;
    if (n > 0 && j->in.len + (size_t)n <= MAX_ANSWER && !acs__buf_append(&j->in, buf, (size_t)n)) continue;
    break; /* the end, an error, or too much: answer with what came */
  }
  close(j->fd);
  j->fd = -1;
  if (!alive(k, j)) {
    job_free(j);
    return;
  }
  j->result = land_start(j);
  if (j->result) answer(k, j);
  else if (!j->ans) fail_nomem(k, j);
  /* else acs__kpkg_work copies it in */
}

static void fail_nomem(acs__kernel *k, job *j)
{
  int sock = j->sock;
  uint32_t seq = j->seq;
  job_free(j);
  acs__kernel_reply(k, sock, seq, -ENOMEM);
}

/* The reply to PKG_INSTALL, once j->result holds the answer. */
static void answer(acs__kernel *k, job *j)
{
  j->result_len = strlen(j->result);
  j->done = true;
  send_chunk(k, j, j->sock, j->seq, 0);
  if (j->result_len <= CHUNK) job_free(j);
}

bool acs__kpkg_busy(void)
{
  for (int i = 0; i < MAX_JOBS; i++)
    if (jobs[i].used && jobs[i].ans && !jobs[i].done) return true;
  return false;
}

void acs__kpkg_work(acs__kernel *k)
{
  for (int i = 0; i < MAX_JOBS; i++) {
    job *j = &jobs[i];
    if (!j->used || !j->ans || j->done) continue;
    if (!alive(k, j)) {
      job_free(j);
      continue;
    }
    /* 2 ms of copying per turn of the loop: every other process's call
    ** waits at most that long */
    if (!land_some(k, j, 2000000)) continue;
    if (!j->result && !(j->result = land_done(j))) {
      fail_nomem(k, j);
      continue;
    }
    answer(k, j);
  }
}
