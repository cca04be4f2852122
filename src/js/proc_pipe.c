/* proc_pipe.c - a child's stdio pipes on the parent's side, as libuv
** streams (the host fds proc_start.c took from the kernel), for the
** Readable and Writable of child_process.js. Reading stops while JS says
** so (pipeReadStop), and a write's callback comes once the pipe took it,
** so a slow reader holds a fast writer back as in Node.
**
**   pipeOpen(fd) -> id (the pipe is ours from then on; -errno on failure)
**   pipeRead(id, cb): cb(Uint8Array) per chunk, cb(null) at EOF, cb(-errno)
**   pipeReadStop(id)
**   pipeWrite(id, u8, cb) -> bytes queued in libuv; cb(0 or -errno) when written
**   pipeClose(id); pipeRef(id, bool) */
#include "proc.h"

#include "files.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PIPES 512

typedef struct pipe_h {
  uv_pipe_t p;
  int id;
  JSObjectRef read_cb;
  bool closing;
} pipe_h;

typedef struct write_req {
  uv_write_t w;
  JSObjectRef cb;
  char data[];
} write_req;

static pipe_h *pipes[MAX_PIPES];

static pipe_h *pipe_of(JSContextRef ctx, size_t argc, const JSValueRef argv[])
{
  int id = argc > 0 ? (int)JSValueToNumber(ctx, argv[0], NULL) : -1;
  if (id < 0 || id >= MAX_PIPES || !pipes[id] || pipes[id]->closing) return NULL;
  return pipes[id];
}

static ACS__HOST_FN(pipe_open)
{
  (void)fn; (void)self;
  /* a host fd is only ever one proc.c took from the box's kernel */
  if (acs__js_files_of_run() != &acs__js_files_sys) return acs__js_throw(ctx, exc, "no pipes outside a box");
  int fd = argc > 0 ? (int)JSValueToNumber(ctx, argv[0], NULL) : -1;
  int id = 0;
  while (id < MAX_PIPES && pipes[id]) id++;
  if (fd < 0 || id == MAX_PIPES) return JSValueMakeNumber(ctx, fd < 0 ? -EBADF : -EMFILE);
  pipe_h *h = calloc(1, sizeof *h);
  if (!h) return JSValueMakeNumber(ctx, -ENOMEM);
  uv_pipe_init(&acs__R.loop, &h->p, 0);
  int rc = uv_pipe_open(&h->p, fd);
  if (rc) {
    free(h);
    return JSValueMakeNumber(ctx, rc);
  }
  h->p.data = h;
  h->id = id;
  pipes[id] = h;
  return JSValueMakeNumber(ctx, id);
}

static void on_alloc(uv_handle_t *handle, size_t hint, uv_buf_t *buf)
{
  (void)handle;
  if (hint > 65536) hint = 65536;
  buf->base = malloc(hint);
  buf->len = buf->base ? hint : 0;
}

static void free_bytes(void *bytes, void *unused)
{
  (void)unused;
  free(bytes);
}

static void on_read(uv_stream_t *s, ssize_t n, const uv_buf_t *buf)
{
  pipe_h *h = s->data;
  JSContextRef ctx = acs__R.ctx;
  if (n == 0 || !h->read_cb) {
    free(buf->base);
    return;
  }
  JSValueRef arg;
  if (n > 0) {
    arg = JSObjectMakeTypedArrayWithBytesNoCopy(ctx, kJSTypedArrayTypeUint8Array, buf->base,
                                                (size_t)n, free_bytes, NULL, NULL);
  } else {
    free(buf->base);
    uv_read_stop(s);
    arg = n == UV_EOF ? JSValueMakeNull(ctx) : JSValueMakeNumber(ctx, (double)n);
  }
  /* the callback may close the pipe: hold it for the call */
  JSObjectRef cb = h->read_cb;
  JSValueProtect(ctx, cb);
  acs__js_call(cb, 1, &arg);
  JSValueUnprotect(ctx, cb);
}

static ACS__HOST_FN(pipe_read)
{
  (void)fn; (void)self; (void)exc;
  pipe_h *h = pipe_of(ctx, argc, argv);
  if (!h || argc < 2 || !JSValueIsObject(ctx, argv[1])) return JSValueMakeNumber(ctx, -EBADF);
  JSObjectRef cb = JSValueToObject(ctx, argv[1], NULL);
  if (h->read_cb != cb) {
    if (h->read_cb) JSValueUnprotect(ctx, h->read_cb);
    h->read_cb = cb;
    JSValueProtect(ctx, cb);
  }
  int rc = uv_read_start((uv_stream_t *)&h->p, on_alloc, on_read);
  return JSValueMakeNumber(ctx, rc == UV_EALREADY ? 0 : rc);
}

static ACS__HOST_FN(pipe_read_stop)
{
  (void)fn; (void)self; (void)exc;
  pipe_h *h = pipe_of(ctx, argc, argv);
  if (h) uv_read_stop((uv_stream_t *)&h->p);
  return JSValueMakeUndefined(ctx);
}

static void on_write(uv_write_t *w, int status)
{
  write_req *r = (write_req *)w;
  JSContextRef ctx = acs__R.ctx;
  if (r->cb) {
    JSValueRef a = JSValueMakeNumber(ctx, status);
    acs__js_call(r->cb, 1, &a);
    JSValueUnprotect(ctx, r->cb);
  }
  free(r);
}

static ACS__HOST_FN(pipe_write)
{
  (void)fn; (void)self; (void)exc;
  pipe_h *h = pipe_of(ctx, argc, argv);
  if (!h || argc < 2 || !JSValueIsObject(ctx, argv[1])) return JSValueMakeNumber(ctx, -EBADF);
  JSObjectRef u8 = JSValueToObject(ctx, argv[1], NULL);
  if (JSValueGetTypedArrayType(ctx, u8, NULL) == kJSTypedArrayTypeNone)
    return JSValueMakeNumber(ctx, -EINVAL);
  const char *p = JSObjectGetTypedArrayBytesPtr(ctx, u8, NULL);
  size_t len = JSObjectGetTypedArrayByteLength(ctx, u8, NULL);
  if (p) p += JSObjectGetTypedArrayByteOffset(ctx, u8, NULL);
  write_req *r = malloc(sizeof *r + (len ? len : 1));
  if (!r) return JSValueMakeNumber(ctx, -ENOMEM);
  if (len) memcpy(r->data, p, len);
  r->cb = argc > 2 && JSValueIsObject(ctx, argv[2]) ? JSValueToObject(ctx, argv[2], NULL) : NULL;
  if (r->cb) JSValueProtect(ctx, r->cb);
  uv_buf_t b = uv_buf_init(r->data, (unsigned)len);
  int rc = uv_write(&r->w, (uv_stream_t *)&h->p, &b, 1, on_write);
  if (rc) {
    if (r->cb) JSValueUnprotect(ctx, r->cb);
    free(r);
    return JSValueMakeNumber(ctx, rc);
  }
  return JSValueMakeNumber(ctx, (double)uv_stream_get_write_queue_size((uv_stream_t *)&h->p));
}

static void on_close(uv_handle_t *handle)
{
  pipe_h *h = handle->data;
  if (pipes[h->id] == h) pipes[h->id] = NULL;
  free(h);
}

static ACS__HOST_FN(pipe_close)
{
  (void)fn; (void)self; (void)exc;
  pipe_h *h = pipe_of(ctx, argc, argv);
  if (!h) return JSValueMakeUndefined(ctx);
  h->closing = true;
  if (h->read_cb) JSValueUnprotect(ctx, h->read_cb);
  h->read_cb = NULL;
  uv_close((uv_handle_t *)&h->p, on_close);
  return JSValueMakeUndefined(ctx);
}

static ACS__HOST_FN(pipe_ref)
{
  (void)fn; (void)self; (void)exc;
  pipe_h *h = pipe_of(ctx, argc, argv);
  if (!h) return JSValueMakeUndefined(ctx);
  if (argc > 1 && JSValueToBoolean(ctx, argv[1])) uv_ref((uv_handle_t *)&h->p);
  else uv_unref((uv_handle_t *)&h->p);
  return JSValueMakeUndefined(ctx);
}

void acs__host_proc_pipes(JSContextRef ctx, JSObjectRef obj)
{
  acs__js_set_fn(ctx, obj, "pipeOpen", pipe_open);
  acs__js_set_fn(ctx, obj, "pipeRead", pipe_read);
  acs__js_set_fn(ctx, obj, "pipeReadStop", pipe_read_stop);
  acs__js_set_fn(ctx, obj, "pipeWrite", pipe_write);
  acs__js_set_fn(ctx, obj, "pipeClose", pipe_close);
  acs__js_set_fn(ctx, obj, "pipeRef", pipe_ref);
}
