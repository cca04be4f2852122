/* box.c - the host side of a box (acs_box_* in acs.h): start the kernel
** process, talk to it over the owner's socket, run programs with their
** output captured as acs_exec captures it. */
#include "box_int.h"

#include "../base/base.h"
#include "../box/capture.h"
#include "../policy/hosts.h"
#include "../pkg/allow.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define DEFAULT_OUTPUT_CAP ((size_t)1 << 20)

/* Wait for the reply to seq (0 or -errno from the kernel; -EPIPE when the
** kernel is gone); *rd is left on its fields. */
int64_t acs__box_reply_fd(acs_box *b, uint32_t seq, acs__rd *rd, int *fd_out)
{
  acs__spin_await(&b->spin, b->sock);
  for (;;) {
    int fds[ACS__SYS_MAX_FDS], nfds = 0;
    ssize_t n = acs__msg_recv(b->sock, b->rbuf, ACS__SYS_MAX_MSG, fds, &nfds);
    acs__sys_hdr h;
    int64_t r;
    bool ok = n > 0 && acs__msg_parse(b->rbuf, (size_t)n, &h, rd) && h.op == ACS__SYS_REPLY &&
              acs__rd_i64(rd, &r);
    bool mine = ok && h.seq == seq;
    for (int i = 0; i < nfds; i++) {
      if (mine && fd_out && i == 0 && *fd_out < 0) *fd_out = fds[i];
      else close(fds[i]);
    }
    if (n <= 0) return -EPIPE;
    if (!ok) return -EPROTO;
    if (mine) return r;
  }
}

static int64_t reply_of(acs_box *b, uint32_t seq, acs__rd *rd) { return acs__box_reply_fd(b, seq, rd, NULL); }

int64_t acs__box_rpc(acs_box *b, acs__msg *m, acs__rd *rd)
{
  uint32_t seq;
  memcpy(&seq, m->buf + offsetof(acs__sys_hdr, seq), 4);
  int rc = acs__msg_send(b->sock, m);
  if (rc) return rc == -EMSGSIZE ? -E2BIG : -EPIPE;
  return reply_of(b, seq, rd);
}

int acs_box_new(const acs_box_options *o, acs_box **out, acs_err *err)
{
  *out = NULL;
  acs__kernel_opts ko = {0};
  acs__hosts *policy = NULL; /* the forked kernel keeps its copy */
  if (o) {
    if (o->version != ACS_BOX_OPTIONS_VERSION)
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "acs_box_options.version must be %d",
                       ACS_BOX_OPTIONS_VERSION);
    if (o->hostname) {
      size_t n = strlen(o->hostname);
      bool ok = n > 0 && n <= 64;
      for (size_t i = 0; ok && i < n; i++) {
        char c = o->hostname[i];
        ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             ((c == '-' || c == '.') && i > 0);
      }
      if (!ok)
        return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "hostname '%s' is not a host name: "
                         "1 to 64 letters, digits, '-' and '.'", o->hostname);
      snprintf(ko.hostname, sizeof ko.hostname, "%s", o->hostname);
    }
    if (o->max_fs_mb < 0 || o->max_files < 0 || o->max_processes < 0 || o->memory_mb < 0)
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "box limits must be whole numbers >= 0");
    if (o->allowed_domain_count) {
      int rc = acs__hosts_parse(o->allowed_domains, o->allowed_domain_count, &policy, err);
      if (rc) return rc;
      ko.policy = policy;
    }
    for (size_t i = 0; i < o->resolve_count; i++) {
      const char *e = o->resolve[i];
      const char *c1 = e ? strchr(e, ':') : NULL;
      const char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
      if (!c1 || c1 == e || !c2 || c2 == c1 + 1 || !c2[1]) {
        acs__hosts_free(policy);
        return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "resolve entry '%s' is not HOST:PORT:ADDRESS",
                         e ? e : "(null)");
      }
    }
    ko.any_public = o->network;
    {
      /* the guest never sees the proxy variables; the operator routes the
      ** box's outbound connections through its proxy with
      ** ACS_GUEST_PROXY=1, as exec's */
      const char *g = getenv("ACS_GUEST_PROXY");
      if (g && strcmp(g, "0")) {
        ko.http_proxy = getenv("HTTP_PROXY") ? getenv("HTTP_PROXY") : getenv("http_proxy");
        ko.https_proxy = getenv("HTTPS_PROXY") ? getenv("HTTPS_PROXY") : getenv("https_proxy");
        ko.no_proxy = getenv("NO_PROXY") ? getenv("NO_PROXY") : getenv("no_proxy");
      }
    }
    ko.resolve = o->resolve;
    ko.resolve_count = o->resolve_count;
    ko.max_fs_bytes = (uint64_t)o->max_fs_mb << 20;
    ko.max_memory = (uint64_t)o->memory_mb << 20;
    ko.max_inodes = (uint64_t)o->max_files;
    ko.max_procs = o->max_processes;
    if (o->limit_packages || o->allowed_package_count) {
      /* checked here, so that a bad entry is the caller's error; the
      ** kernel (a fork) reads its own copy of the list */
      acs__allow *allow = NULL;
      int rc = acs__allow_parse(o->allowed_packages, o->allowed_package_count, &allow, err);
      if (rc) return rc;
      acs__allow_free(allow);
      ko.no_packages = o->allowed_package_count == 0;
      ko.allowed_packages = calloc(o->allowed_package_count + 1, sizeof *ko.allowed_packages);
      if (!ko.allowed_packages) return ACS_ENOMEM;
      for (size_t i = 0; i < o->allowed_package_count; i++)
        if (!(ko.allowed_packages[i] = strdup(o->allowed_packages[i]))) {
          acs__strv_free(ko.allowed_packages);
          return ACS_ENOMEM;
        }
      ko.allowed_package_count = o->allowed_package_count;
    }
  }
  if (!ko.max_memory) ko.max_memory = 4096ull << 20;
  acs_box *b = calloc(1, sizeof *b);
  if (!b) {
    acs__hosts_free(policy);
    return ACS_ENOMEM;
  }
  b->spin = (acs__spin)ACS__SPIN_INIT;
  b->sbuf = malloc(ACS__SYS_MAX_MSG);
  b->rbuf = malloc(ACS__SYS_MAX_MSG);
  int sv[2] = {-1, -1};
  if (!b->sbuf || !b->rbuf) goto nomem;
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) {
    acs__fail(err, ACS_EENV, ACS__ENV, "could not make the box's socket: %s", strerror(errno));
    goto fail;
  }
  b->kernel = fork();
  if (b->kernel < 0) {
    acs__fail(err, ACS_EENV, ACS__ENV, "could not start the box's kernel: %s", strerror(errno));
    goto fail;
  }
  if (b->kernel == 0) {
    close(sv[0]);
    acs__kernel_main(sv[1], &ko);
  }
  close(sv[1]);
  acs__hosts_free(policy);
  policy = NULL;
  acs__strv_free(ko.allowed_packages); /* the kernel has its copy */
  ko.allowed_packages = NULL;
  b->sock = sv[0];
  pthread_mutex_init(&b->lock, NULL);
  acs__rd rd;
  int64_t r = reply_of(b, 0, &rd);
  if (r) {
    acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel did not start (%s)",
              r == -EPIPE ? "it exited" : strerror((int)-r));
    acs_box_free(b);
    return ACS_EENV;
  }
  *out = b;
  return 0;
nomem:
  acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
fail:
  acs__hosts_free(policy);
  if (sv[0] >= 0) close(sv[0]);
  if (sv[1] >= 0) close(sv[1]);
  free(b->sbuf);
  free(b->rbuf);
  free(b);
  acs__strv_free(ko.allowed_packages);
  return err && err->code ? err->code : ACS_ENOMEM;
}

void acs_box_free(acs_box *b)
{
  if (!b) return;
  acs__box_cmd_stop(b);
  if (b->sock >= 0) close(b->sock); /* the kernel kills every process and exits */
  if (b->kernel > 0)
    while (waitpid(b->kernel, NULL, 0) < 0 && errno == EINTR) {}
  pthread_mutex_destroy(&b->lock);
  free(b->sbuf);
  free(b->rbuf);
  free(b);
}

/* -------------------------------------------------------------- copy in */

/* A call on the owner's socket (root, cwd /) with no reply fields. */
typedef struct copier {
  acs_box *b;
  uint32_t uid, gid;
  acs_err *err;
  int rc;
} copier;

static int64_t owner_call(acs_box *b, acs__msg *m)
{
  acs__rd rd;
  return acs__box_rpc(b, m, &rd);
}

static int copy_fail(copier *c, const char *what, const char *host, const char *box, int64_t r)
{
  int code = r == -EPIPE || r == -EPROTO ? ACS_EENV : ACS_ECONFIG;
  c->rc = acs__fail(c->err, code, code == ACS_EENV ? ACS__ENV : ACS__CONFIG,
                    "cannot copy %s into the box at %s: %s %s", host, box, what,
                    r == -EPIPE ? "(the box's kernel is gone)" : strerror((int)-r));
  return c->rc;
}

/* mode, owner, times of box path p as the host's st says (links: the
** owner and times of the link itself) */
static int64_t copy_attrs(copier *c, const char *p, const struct stat *st)
{
  acs_box *b = c->b;
  acs__msg m;
  int64_t r = 0;
  bool link = S_ISLNK(st->st_mode);
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_CHOWN, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, p);
  acs__msg_u32(&m, c->uid);
  acs__msg_u32(&m, c->gid);
  acs__msg_i32(&m, AT_SYMLINK_NOFOLLOW);
  if ((r = owner_call(b, &m)) != 0) return r;
  if (!link) {
    /* after the chown, which clears set-id bits, and past the umask */
    acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_CHMOD, ++b->seq);
    acs__msg_i32(&m, AT_FDCWD);
    acs__msg_str(&m, p);
    acs__msg_u32(&m, (uint32_t)(st->st_mode & 07777));
    acs__msg_i32(&m, 0);
    if ((r = owner_call(b, &m)) != 0) return r;
  }
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_UTIMENS, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, p);
  acs__msg_i64(&m, st->st_atim.tv_sec);
  acs__msg_i64(&m, st->st_atim.tv_nsec);
  acs__msg_i64(&m, st->st_mtim.tv_sec);
  acs__msg_i64(&m, st->st_mtim.tv_nsec);
  acs__msg_i32(&m, AT_SYMLINK_NOFOLLOW);
  return owner_call(b, &m);
}

static int copy_tree(copier *c, const char *host, const char *box, int depth);

static int copy_file(copier *c, const char *host, const char *box, const struct stat *st)
{
  acs_box *b = c->b;
  int hfd = open(host, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (hfd < 0) return copy_fail(c, "reading it failed:", host, box, -errno);
  acs__msg m;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_OPEN, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, box);
  acs__msg_i32(&m, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
  acs__msg_u32(&m, 0600);
  int64_t fd = owner_call(b, &m);
  if (fd < 0) {
    close(hfd);
    return copy_fail(c, "creating it failed:", host, box, fd);
  }
  /* off the stack: a caller's thread may have a small one */
  char *buf = malloc(ACS__SYS_MAX_DATA);
  int64_t r = buf ? 0 : copy_fail(c, "copying it failed:", host, box, -ENOMEM);
  while (buf) {
    ssize_t n = read(hfd, buf, ACS__SYS_MAX_DATA);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      r = -errno;
      copy_fail(c, "reading it failed:", host, box, r);
      break;
    }
    if (n == 0) break;
    for (ssize_t off = 0; off < n;) {
      acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_WRITE, ++b->seq);
      acs__msg_i32(&m, (int32_t)fd);
      acs__msg_bytes(&m, buf + off, (size_t)(n - off));
      int64_t w = owner_call(b, &m);
      if (w <= 0) {
        r = w < 0 ? w : -EIO;
        copy_fail(c, "writing it failed:", host, box, r);
        break;
      }
      off += w;
    }
    if (r) break;
  }
  free(buf);
  close(hfd);
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_CLOSE, ++b->seq);
  acs__msg_i32(&m, (int32_t)fd);
  owner_call(b, &m);
  if (r) return c->rc;
  if ((r = copy_attrs(c, box, st)) != 0) return copy_fail(c, "setting its mode and times failed:", host, box, r);
  return 0;
}

static int copy_dir(copier *c, const char *host, const char *box, const struct stat *st, int depth)
{
  acs_box *b = c->b;
  acs__msg m;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_MKDIR, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, box);
  acs__msg_u32(&m, 0700);
  int64_t r = owner_call(b, &m);
  if (r && r != -EEXIST) return copy_fail(c, "making the directory failed:", host, box, r);
  DIR *d = opendir(host);
  if (!d) return copy_fail(c, "listing it failed:", host, box, -errno);
  struct dirent *e;
  int rc = 0;
  while (!rc && (e = readdir(d)) != NULL) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    char *hp = NULL, *bp = NULL;
    if (asprintf(&hp, "%s/%s", host, e->d_name) < 0) hp = NULL;
    if (asprintf(&bp, "%s/%s", strcmp(box, "/") ? box : "", e->d_name) < 0) bp = NULL;
    rc = hp && bp ? copy_tree(c, hp, bp, depth + 1)
                  : (c->rc = acs__fail(c->err, ACS_ENOMEM, ACS__ENV, "out of memory"));
    free(hp);
    free(bp);
  }
  closedir(d);
  if (rc) return rc;
  /* last: adding the entries moved the directory's times */
  if ((r = copy_attrs(c, box, st)) != 0) return copy_fail(c, "setting its mode and times failed:", host, box, r);
  return 0;
}

static int copy_tree(copier *c, const char *host, const char *box, int depth)
{
  struct stat st;
  if (lstat(host, &st) < 0) return copy_fail(c, "it cannot be read:", host, box, -errno);
  if (strlen(box) > ACS__SYS_MAX_STR) return copy_fail(c, "the box path is too long:", host, box, -ENAMETOOLONG);
  if (depth > 256) return copy_fail(c, "the tree is too deep:", host, box, -ELOOP);
  if (S_ISDIR(st.st_mode)) return copy_dir(c, host, box, &st, depth);
  if (S_ISREG(st.st_mode)) return copy_file(c, host, box, &st);
  if (S_ISLNK(st.st_mode)) {
    /* the link's text as it is: inside the box it resolves in the box */
    char target[ACS__SYS_MAX_STR + 1];
    ssize_t n = readlink(host, target, sizeof target - 1);
    if (n < 0) return copy_fail(c, "reading the link failed:", host, box, -errno);
    target[n] = 0;
    acs_box *b = c->b;
    acs__msg m;
    acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_SYMLINK, ++b->seq);
    acs__msg_str(&m, target);
    acs__msg_i32(&m, AT_FDCWD);
    acs__msg_str(&m, box);
    int64_t r = owner_call(b, &m);
    if (r) return copy_fail(c, "making the link failed:", host, box, r);
    if ((r = copy_attrs(c, box, &st)) != 0) return copy_fail(c, "setting its times failed:", host, box, r);
    return 0;
  }
  c->rc = acs__fail(c->err, ACS_ECONFIG, ACS__CONFIG,
                    "cannot copy %s into the box: only files, directories and symbolic links "
                    "are copied (it is a %s)", host,
                    S_ISFIFO(st.st_mode) ? "fifo" : S_ISSOCK(st.st_mode) ? "socket" : "device");
  return c->rc;
}

/* mkdir -p of box path's parents (root, 0755) */
static int64_t box_parents(acs_box *b, const char *box)
{
  char path[ACS__SYS_MAX_STR + 1];
  snprintf(path, sizeof path, "%s", box);
  for (char *s = path + 1; *s; s++) {
    if (*s != '/') continue;
    *s = 0;
    acs__msg m;
    acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_MKDIR, ++b->seq);
    acs__msg_i32(&m, AT_FDCWD);
    acs__msg_str(&m, path);
    acs__msg_u32(&m, 0755);
    int64_t r = owner_call(b, &m);
    *s = '/';
    if (r && r != -EEXIST) return r;
  }
  return 0;
}

int acs_box_copy_in(acs_box *b, const char *host_path, const char *box_path, const char *owner,
                    acs_err *err)
{
  if (!b || !host_path || !*host_path || !box_path || box_path[0] != '/')
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "copy into the box: give a host path and an "
                     "absolute box path (got '%s' and '%s')", host_path ? host_path : "",
                     box_path ? box_path : "");
  bool agent = owner && !strcmp(owner, "agent");
  if (owner && !agent && strcmp(owner, "root"))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "user '%s' does not exist in the box: "
                     "use root or agent", owner);
  if (strlen(box_path) > ACS__SYS_MAX_STR)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "the box path '%.64s...' is too long", box_path);
  copier c = {.b = b, .uid = agent ? 1000 : 0, .gid = agent ? 1000 : 0, .err = err};
  pthread_mutex_lock(&b->lock);
  /* "/x/" names the directory /x */
  char box[ACS__SYS_MAX_STR + 1];
  snprintf(box, sizeof box, "%s", box_path);
  for (size_t n = strlen(box); n > 1 && box[n - 1] == '/'; n--) box[n - 1] = 0;
  int64_t r = box_parents(b, box);
  int rc = r ? copy_fail(&c, "making its parent directories failed:", host_path, box, r)
             : copy_tree(&c, host_path, box, 0);
  pthread_mutex_unlock(&b->lock);
  return rc;
}

/* ---------------------------------------------------------------- network */

static int net_fail(acs_err *err, int64_t r, const char *what, int port)
{
  if (r == -EPIPE || r == -EPROTO)
    return acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone");
  if (r == -ECONNREFUSED)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "nothing listens on port %d in the box", port);
  return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "%s of box port %d failed: %s", what, port,
                   strerror((int)-r));
}

static bool port_ok(int port) { return port >= 1 && port <= 65535; }

int acs_box_connect(acs_box *b, int port, int *fd_out, acs_err *err)
{
  *fd_out = -1;
  if (!b || !port_ok(port))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a box port is a number from 1 to 65535");
  pthread_mutex_lock(&b->lock);
  unsigned char buf[64];
  acs__msg m;
  acs__msg_init(&m, buf, sizeof buf, ACS__BOX_CONNECT, ++b->seq);
  acs__msg_u32(&m, (uint32_t)port);
  acs__rd rd;
  int64_t r = acs__msg_send(b->sock, &m) ? -EPIPE : acs__box_reply_fd(b, b->seq, &rd, fd_out);
  pthread_mutex_unlock(&b->lock);
  if (r == 0 && *fd_out < 0) r = -EPROTO;
  if (r) {
    if (*fd_out >= 0) close(*fd_out);
    *fd_out = -1;
    return net_fail(err, r, "a connection", port);
  }
  return 0;
}

int acs_box_listeners(acs_box *b, acs_box_listener **out, size_t *n, acs_err *err)
{
  *out = NULL;
  *n = 0;
  if (!b) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box");
  pthread_mutex_lock(&b->lock);
  unsigned char buf[64];
  acs__msg m;
  acs__msg_init(&m, buf, sizeof buf, ACS__BOX_PORTS, ++b->seq);
  acs__rd rd;
  int64_t r = acs__msg_send(b->sock, &m) ? -EPIPE : reply_of(b, b->seq, &rd);
  uint32_t count = 0;
  acs_box_listener *v = NULL;
  if (r == 0 && acs__rd_u32(&rd, &count) && count <= 65536) {
    v = count ? calloc(count, sizeof *v) : NULL;
    if (count && !v) r = -ENOMEM;
    for (uint32_t i = 0; v && i < count; i++) {
      uint32_t port;
      int32_t pid;
      if (!acs__rd_u32(&rd, &port) || !acs__rd_i32(&rd, &pid)) {
        r = -EPROTO;
        break;
      }
      v[i] = (acs_box_listener){(int)port, pid};
    }
  } else if (r == 0) r = -EPROTO;
  pthread_mutex_unlock(&b->lock);
  if (r) {
    free(v);
    if (r == -ENOMEM) return acs__fail(err, ACS_EENV, ACS__ENV, "out of memory");
    return acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone");
  }
  *out = v;
  *n = count;
  return 0;
}

int acs_box_wait_port(acs_box *b, int port, int64_t timeout_ms, bool *listening, acs_err *err)
{
  *listening = false;
  if (!b || !port_ok(port))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a box port is a number from 1 to 65535");
  if (timeout_ms < 0 || timeout_ms > UINT32_MAX)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "timeout_ms must be from 0 to %u", UINT32_MAX);
  /* in short waits, so that the box's other calls go on between them */
  double until = acs__now_ms() + (double)timeout_ms;
  int64_t r;
  for (;;) {
    double left = until - acs__now_ms();
    uint32_t step = left <= 0 ? 0 : left > 20 ? 20 : (uint32_t)left;
    pthread_mutex_lock(&b->lock);
    unsigned char buf[64];
    acs__msg m;
    acs__msg_init(&m, buf, sizeof buf, ACS__BOX_PORT_WAIT, ++b->seq);
    acs__msg_u32(&m, (uint32_t)port);
    acs__msg_u32(&m, step);
    acs__rd rd;
    r = acs__msg_send(b->sock, &m) ? -EPIPE : reply_of(b, b->seq, &rd);
    pthread_mutex_unlock(&b->lock);
    if (r != 0 || step == 0 || acs__now_ms() >= until) break;
  }
  if (r < 0) return net_fail(err, r, "a wait", port);
  *listening = r == 1;
  return 0;
}

int acs_box_expose(acs_box *b, int port, int host_port, int *bound_port, acs_err *err)
{
  if (bound_port) *bound_port = 0;
  if (!b || !port_ok(port))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a box port is a number from 1 to 65535");
  if (host_port < 0 || host_port > 65535)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a host port is a number from 0 to 65535");
  /* only the host's loopback: an exposed port is for this machine */
  int ls = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (ls < 0) return acs__fail(err, ACS_EENV, ACS__ENV, "no socket for the exposed port: %s", strerror(errno));
  int one = 1;
  setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)host_port),
                           .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  socklen_t sl = sizeof sa;
  if (bind(ls, (struct sockaddr *)&sa, sizeof sa) < 0 || listen(ls, 511) < 0 ||
      getsockname(ls, (struct sockaddr *)&sa, &sl) < 0) {
    int e = errno;
    close(ls);
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "host port %d cannot be used: %s%s", host_port,
                     strerror(e), e == EADDRINUSE ? " (choose another, or 0 for a free one)" : "");
  }
  pthread_mutex_lock(&b->lock);
  unsigned char buf[64];
  acs__msg m;
  acs__msg_init(&m, buf, sizeof buf, ACS__BOX_EXPOSE, ++b->seq);
  acs__msg_u32(&m, (uint32_t)port);
  acs__msg_fd(&m, ls);
  acs__rd rd;
  int64_t r = acs__msg_send(b->sock, &m) ? -EPIPE : reply_of(b, b->seq, &rd);
  pthread_mutex_unlock(&b->lock);
  close(ls); /* the kernel has its own: the port lives as long as the box */
  if (r == -ENOSPC) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a box exposes at most 16 ports");
  if (r < 0) return net_fail(err, r, "exposing", port);
  if (bound_port) *bound_port = ntohs(sa.sin_port);
  return 0;
}
