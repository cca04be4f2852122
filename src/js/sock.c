/* sock.c - host.sock: stream sockets for the box's node (net, http).
**
** The box's kernel makes every socket (src/sys: listen, accept, connect)
** and hands over a real fd; from then on bytes move here, on libuv
** streams, without the kernel. A listener's real fd is the kernel's
** eventfd, readable while a connection waits: a uv_poll on it says when to
** accept. Outside a box (exec) nothing here works: every call answers
** -ENOSYS, and node_net.js refuses before it gets here.
**
** Handles are numbers (JS never holds a C pointer): a stream or a
** listener watch, with one protected callback each. Results are Numbers,
** negative errno on failure, so that node_net.js words the errors as Node
** does. See src/js/lib/README.md, host.sock. */
#include "runtime_internal.h"

#include "../sys/sys.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_HANDLES 4096

typedef struct handle {
  int kind;         /* 0 free, 1 stream, 2 listener watch */
  int boxfd;        /* the box descriptor behind it */
  bool closing;
  union {
    uv_pipe_t pipe;
    uv_poll_t poll;
  } u;
  JSObjectRef on_read;  /* stream: (u8 | null at EOF | -errno); watch: () */
  int id;
} handle;

typedef struct wreq {
  uv_write_t req;
  JSObjectRef cb;
  void *bytes;
} wreq;

typedef struct sreq {
  uv_shutdown_t req;
  JSObjectRef cb;
} sreq;

static handle *handles[MAX_HANDLES];

static bool in_box(void) { return acs__R.cfg && acs__R.cfg->node; }

static JSValueRef num(JSContextRef ctx, double v) { return JSValueMakeNumber(ctx, v); }

static int int_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, int dflt)
{
  if (i >= argc || !JSValueIsNumber(ctx, argv[i])) return dflt;
  double d = JSValueToNumber(ctx, argv[i], NULL);
  return d >= -2147483648.0 && d <= 2147483647.0 ? (int)d : dflt;
}

static handle *handle_of(JSContextRef ctx, size_t argc, const JSValueRef argv[])
{
  int id = int_arg(ctx, argc, argv, 0, -1);
  return id > 0 && id < MAX_HANDLES && handles[id] && !handles[id]->closing ? handles[id] : NULL;
}

static handle *handle_new(int kind, int boxfd)
{
  for (int id = 1; id < MAX_HANDLES; id++)
    if (!handles[id]) {
      handle *h = calloc(1, sizeof *h);
      if (!h) return NULL;
      h->kind = kind;
      h->boxfd = boxfd;
      h->id = id;
      handles[id] = h;
      return h;
    }
  return NULL;
}

static void keep(JSContextRef ctx, JSObjectRef *slot, JSValueRef v)
{
  if (*slot) JSValueUnprotect(ctx, *slot);
  *slot = v && JSValueIsObject(ctx, v) ? JSValueToObject(ctx, v, NULL) : NULL;
  if (*slot) JSValueProtect(ctx, *slot);
}

/* [fd, local, lport, peer, pport]: what listen's and connect's callers
** need to know of a new socket. */
static JSValueRef sock_result(JSContextRef ctx, int fd, const acs_sys_sockaddr *a)
{
  JSValueRef v[5] = {num(ctx, fd), acs__js_str(ctx, a->local), num(ctx, a->lport),
                     acs__js_str(ctx, a->peer), num(ctx, a->pport)};
  return JSObjectMakeArray(ctx, 5, v, NULL);
}

static char *str_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i)
{
  if (i >= argc || !JSValueIsString(ctx, argv[i])) return strdup("");
  return acs__js_to_utf8(ctx, argv[i], NULL, NULL);
}

/* ------------------------------------------------------- kernel calls */

/* listen(addr, port, backlog) -> [fd, addr, port] or -errno */
static ACS__HOST_FN(s_listen)
{
  (void)fn; (void)self; (void)exc;
  if (!in_box()) return num(ctx, -ENOSYS);
  char *addr = str_arg(ctx, argc, argv, 0);
  if (!addr) return num(ctx, -ENOMEM);
  int port = 0;
  int fd = acs_sys_listen(addr, int_arg(ctx, argc, argv, 1, 0), int_arg(ctx, argc, argv, 2, 511),
                          SOCK_CLOEXEC, &port);
  free(addr);
  if (fd < 0) return num(ctx, fd);
  bool listener;
  acs_sys_sockaddr a;
  if (acs_sys_sockname(fd, &listener, &a) < 0) snprintf(a.local, sizeof a.local, "::");
  JSValueRef v[3] = {num(ctx, fd), acs__js_str(ctx, a.local), num(ctx, port)};
  return JSObjectMakeArray(ctx, 3, v, NULL);
}

/* accept(fd) -> [fd, local, lport, peer, pport], or -EAGAIN when none waits */
static ACS__HOST_FN(s_accept)
{
  (void)fn; (void)self; (void)exc;
  if (!in_box()) return num(ctx, -ENOSYS);
  acs_sys_sockaddr a;
  int fd = acs_sys_accept(int_arg(ctx, argc, argv, 0, -1), SOCK_CLOEXEC, &a);
  return fd < 0 ? num(ctx, fd) : sock_result(ctx, fd, &a);
}

/* why the last connect failed, as the kernel said it ("" when it did not) */
static char last_error[320];

/* connect(host, port) -> [fd, local, lport, peer, pport] or -errno (then
** lastError() says why, for a host outside the box) */
static ACS__HOST_FN(s_connect)
{
  (void)fn; (void)self; (void)exc;
  if (!in_box()) return num(ctx, -ENOSYS);
  char *hostname = str_arg(ctx, argc, argv, 0);
  if (!hostname) return num(ctx, -ENOMEM);
  acs_sys_sockaddr a;
  int fd = acs_sys_connect(hostname, int_arg(ctx, argc, argv, 1, 0), SOCK_CLOEXEC, &a);
  free(hostname);
  snprintf(last_error, sizeof last_error, "%s", fd < 0 ? a.error : "");
  return fd < 0 ? num(ctx, fd) : sock_result(ctx, fd, &a);
}

/* lookup(host, family) -> [address, family, address, family, ...] or
** -errno (then lastError() says why) */
static ACS__HOST_FN(s_lookup)
{
  (void)fn; (void)self; (void)exc;
  if (!in_box()) return num(ctx, -ENOSYS);
  char *hostname = str_arg(ctx, argc, argv, 0);
  if (!hostname) return num(ctx, -ENOMEM);
  acs_sys_addr a[32];
  int n = acs_sys_lookup(hostname, int_arg(ctx, argc, argv, 1, 0), a, 32, last_error, sizeof last_error);
  free(hostname);
  if (n < 0) return num(ctx, n);
  last_error[0] = 0;
  JSValueRef v[64];
  for (int i = 0; i < n; i++) {
    v[2 * i] = acs__js_str(ctx, a[i].address);
    v[2 * i + 1] = num(ctx, a[i].family);
  }
  return JSObjectMakeArray(ctx, (size_t)n * 2, v, NULL);
}

static ACS__HOST_FN(s_last_error)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  return acs__js_str(ctx, last_error);
}

/* ------------------------------------------------------------ streams */

static void closed(uv_handle_t *u)
{
  handle *h = u->data;
  JSContextRef ctx = acs__R.ctx;
  if (h->on_read) JSValueUnprotect(ctx, h->on_read);
  if (h->boxfd >= 0) acs_sys_close(h->boxfd);
  handles[h->id] = NULL;
  free(h);
}

static void alloc_cb(uv_handle_t *u, size_t suggested, uv_buf_t *buf)
{
  (void)u;
  (void)suggested;
  buf->base = malloc(65536);
  buf->len = buf->base ? 65536 : 0;
}

static void free_bytes(void *bytes, void *unused)
{
  (void)unused;
  free(bytes);
}

static void read_cb(uv_stream_t *s, ssize_t n, const uv_buf_t *buf)
{
  handle *h = s->data;
  JSContextRef ctx = acs__R.ctx;
  if (n == 0 || !h->on_read) {
    free(buf->base);
    return;
  }
  JSValueRef arg;
  if (n > 0) {
    /* the buffer shrinks to what came: a 64 KiB block per small read
    ** would hold memory the engine does not see */
    void *bytes = (size_t)n < buf->len / 2 ? realloc(buf->base, (size_t)n) : buf->base;
    if (!bytes) bytes = buf->base;
    arg = JSObjectMakeTypedArrayWithBytesNoCopy(ctx, kJSTypedArrayTypeUint8Array, bytes, (size_t)n,
                                                free_bytes, NULL, NULL);
    JSReportExtraMemoryCost(ctx, (size_t)n);
  } else {
    free(buf->base);
    arg = n == UV_EOF ? JSValueMakeNull(ctx) : num(ctx, (double)n);
  }
  JSObjectRef cb = h->on_read;
  JSValueProtect(ctx, cb); /* the callback may close the handle */
  acs__js_call(cb, 1, &arg);
  JSValueUnprotect(ctx, cb);
}

/* open(fd) -> a stream handle over the box descriptor fd (a socket the
** kernel handed over), or -errno. The box fd is closed with the handle. */
static ACS__HOST_FN(s_open)
{
  (void)fn; (void)self; (void)exc;
  int fd = int_arg(ctx, argc, argv, 0, -1);
  int real = in_box() ? acs_sys_direct_fd(fd) : -1;
  if (real < 0) return num(ctx, -EBADF);
  handle *h = handle_new(1, fd);
  if (!h) return num(ctx, -EMFILE);
  /* libuv owns (and closes) its own copy; the box descriptor is closed
  ** through the kernel, which keeps the books on who holds the socket */
  int mine = dup(real);
  int r = mine < 0 ? -errno : uv_pipe_init(&acs__R.loop, &h->u.pipe, 0);
  if (!r) {
    h->u.pipe.data = h;
    r = uv_pipe_open(&h->u.pipe, mine);
    if (r) {
      h->boxfd = -1; /* the caller still owns fd */
      uv_close((uv_handle_t *)&h->u.pipe, closed);
      close(mine);
      return num(ctx, r);
    }
    return num(ctx, h->id);
  }
  if (mine >= 0) close(mine);
  handles[h->id] = NULL;
  free(h);
  return num(ctx, r);
}

/* readStart(id, cb) / readStop(id) -> 0 or -errno */
static ACS__HOST_FN(s_read_start)
{
  (void)fn; (void)self; (void)exc;
  handle *h = handle_of(ctx, argc, argv);
  if (!h || h->kind != 1) return num(ctx, -EBADF);
  keep(ctx, &h->on_read, argc > 1 ? argv[1] : NULL);
  return num(ctx, uv_read_start((uv_stream_t *)&h->u.pipe, alloc_cb, read_cb));
}

static ACS__HOST_FN(s_read_stop)
{
  (void)fn; (void)self; (void)exc;
  handle *h = handle_of(ctx, argc, argv);
  if (!h || h->kind != 1) return num(ctx, -EBADF);
  return num(ctx, uv_read_stop((uv_stream_t *)&h->u.pipe));
}

static void write_cb(uv_write_t *req, int status)
{
  wreq *w = (wreq *)req;
  JSContextRef ctx = acs__R.ctx;
  free(w->bytes);
  if (w->cb) {
    JSValueRef arg = num(ctx, status);
    acs__js_call(w->cb, 1, &arg);
    JSValueUnprotect(ctx, w->cb);
  }
  free(w);
}

/* write(id, u8, cb) -> bytes queued in the stream after this one (what
** Node's writableLength reads as the handle's share), or -errno; cb(status)
** once the bytes are out. The bytes are copied: the caller may reuse u8. */
static ACS__HOST_FN(s_write)
{
  (void)fn; (void)self;
  handle *h = handle_of(ctx, argc, argv);
  if (!h || h->kind != 1) return num(ctx, -EBADF);
  if (argc < 2 || !JSValueIsObject(ctx, argv[1])) return num(ctx, -EINVAL);
  JSObjectRef o = JSValueToObject(ctx, argv[1], NULL);
  size_t n = JSObjectGetTypedArrayByteLength(ctx, o, exc);
  const unsigned char *p = JSObjectGetTypedArrayBytesPtr(ctx, o, exc);
  if (!p && n) return num(ctx, -EINVAL);
  if (p) p += JSObjectGetTypedArrayByteOffset(ctx, o, exc); /* the pointer is the buffer's */
  wreq *w = calloc(1, sizeof *w);
  void *copy = malloc(n ? n : 1);
  if (!w || !copy) {
    free(w);
    free(copy);
    return num(ctx, -ENOMEM);
  }
  if (n) memcpy(copy, p, n);
  w->bytes = copy;
  keep(ctx, &w->cb, argc > 2 ? argv[2] : NULL);
  uv_buf_t b = uv_buf_init(copy, (unsigned)n);
  int r = uv_write(&w->req, (uv_stream_t *)&h->u.pipe, &b, 1, write_cb);
  if (r) {
    if (w->cb) JSValueUnprotect(ctx, w->cb);
    free(copy);
    free(w);
    return num(ctx, r);
  }
  return num(ctx, (double)uv_stream_get_write_queue_size((uv_stream_t *)&h->u.pipe));
}

static void shutdown_cb(uv_shutdown_t *req, int status)
{
  sreq *s = (sreq *)req;
  JSContextRef ctx = acs__R.ctx;
  if (s->cb) {
    JSValueRef arg = num(ctx, status);
    acs__js_call(s->cb, 1, &arg);
    JSValueUnprotect(ctx, s->cb);
  }
  free(s);
}

/* shutdown(id, cb) -> 0 or -errno: the write side ends once what is
** queued is out (the peer reads EOF); cb(status) then. */
static ACS__HOST_FN(s_shutdown)
{
  (void)fn; (void)self; (void)exc;
  handle *h = handle_of(ctx, argc, argv);
  if (!h || h->kind != 1) return num(ctx, -EBADF);
  sreq *s = calloc(1, sizeof *s);
  if (!s) return num(ctx, -ENOMEM);
  keep(ctx, &s->cb, argc > 1 ? argv[1] : NULL);
  int r = uv_shutdown(&s->req, (uv_stream_t *)&h->u.pipe, shutdown_cb);
  if (r) {
    if (s->cb) JSValueUnprotect(ctx, s->cb);
    free(s);
  }
  return num(ctx, r);
}

/* ------------------------------------------------------------ listeners */

static void poll_cb(uv_poll_t *p, int status, int events)
{
  (void)status;
  (void)events;
  handle *h = p->data;
  if (!h->on_read || h->closing) return;
  JSObjectRef cb = h->on_read;
  JSContextRef ctx = acs__R.ctx;
  JSValueProtect(ctx, cb);
  acs__js_call(cb, 0, NULL);
  JSValueUnprotect(ctx, cb);
}

/* watch(fd, cb) -> a handle: cb() whenever a connection waits on the
** listener fd (accept until -EAGAIN then). Closing the handle closes fd. */
static ACS__HOST_FN(s_watch)
{
  (void)fn; (void)self; (void)exc;
  int fd = int_arg(ctx, argc, argv, 0, -1);
  int real = in_box() ? acs_sys_direct_fd(fd) : -1;
  if (real < 0) return num(ctx, -EBADF);
  handle *h = handle_new(2, fd);
  if (!h) return num(ctx, -EMFILE);
  int r = uv_poll_init(&acs__R.loop, &h->u.poll, real);
  if (r) {
    handles[h->id] = NULL;
    free(h);
    return num(ctx, r);
  }
  h->u.poll.data = h;
  keep(ctx, &h->on_read, argc > 1 ? argv[1] : NULL);
  uv_poll_start(&h->u.poll, UV_READABLE, poll_cb);
  return num(ctx, h->id);
}

/* ------------------------------------------------------------ both kinds */

/* close(id): the handle and its box descriptor; nothing is called back
** after this. */
static ACS__HOST_FN(s_close)
{
  (void)fn; (void)self; (void)exc;
  handle *h = handle_of(ctx, argc, argv);
  if (!h) return num(ctx, -EBADF);
  h->closing = true;
  if (h->on_read) {
    JSValueUnprotect(ctx, h->on_read);
    h->on_read = NULL;
  }
  uv_close(h->kind == 1 ? (uv_handle_t *)&h->u.pipe : (uv_handle_t *)&h->u.poll, closed);
  return num(ctx, 0);
}

/* ref(id, bool): whether the handle keeps the process alive. */
static ACS__HOST_FN(s_ref)
{
  (void)fn; (void)self; (void)exc;
  handle *h = handle_of(ctx, argc, argv);
  if (!h) return num(ctx, -EBADF);
  uv_handle_t *u = h->kind == 1 ? (uv_handle_t *)&h->u.pipe : (uv_handle_t *)&h->u.poll;
  if (argc > 1 && JSValueToBoolean(ctx, argv[1])) uv_ref(u);
  else uv_unref(u);
  return num(ctx, 0);
}

/* queued(id) -> bytes written and not yet out */
static ACS__HOST_FN(s_queued)
{
  (void)fn; (void)self; (void)exc;
  handle *h = handle_of(ctx, argc, argv);
  if (!h || h->kind != 1) return num(ctx, 0);
  return num(ctx, (double)uv_stream_get_write_queue_size((uv_stream_t *)&h->u.pipe));
}

void acs__host_sock(JSContextRef ctx, JSObjectRef host)
{
  JSObjectRef s = JSObjectMake(ctx, NULL, NULL);
  acs__js_set_fn(ctx, s, "listen", s_listen);
  acs__js_set_fn(ctx, s, "accept", s_accept);
  acs__js_set_fn(ctx, s, "connect", s_connect);
  acs__js_set_fn(ctx, s, "lastError", s_last_error);
  acs__js_set_fn(ctx, s, "lookup", s_lookup);
  acs__js_set_fn(ctx, s, "open", s_open);
  acs__js_set_fn(ctx, s, "readStart", s_read_start);
  acs__js_set_fn(ctx, s, "readStop", s_read_stop);
  acs__js_set_fn(ctx, s, "write", s_write);
  acs__js_set_fn(ctx, s, "shutdown", s_shutdown);
  acs__js_set_fn(ctx, s, "watch", s_watch);
  acs__js_set_fn(ctx, s, "close", s_close);
  acs__js_set_fn(ctx, s, "ref", s_ref);
  acs__js_set_fn(ctx, s, "queued", s_queued);
  acs__js_set(ctx, host, "sock", s);
}
