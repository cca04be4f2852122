/* net.c - host.net: the HTTP client of src/net for fetch and node:http.
**
** Each request carries one JS callback, protected from the collector until
** libcurl's side says `done`. See src/js/lib/README.md for the contract. */
#include "runtime_internal.h"

#include "../base/base.h"
#include "../net/http.h"
#include "../sys/sys.h"


#include <stdlib.h>
#include <string.h>

static acs__http *client;

/* A box's node opens no socket: the box's kernel dials (and applies the
** box's policy), and libcurl gets the connected socket. */
static int box_dial(const char *host, int port, char *why, size_t why_len)
{
  return acs_sys_dial(host, port, why, why_len);
}

static const acs__http_config box_config = {.dial = box_dial};

/* The run's network configuration: exec's, or the box's dialer. */
static const acs__http_config *config(void)
{
  return acs__R.cfg->node ? &box_config : acs__R.cfg->net;
}

typedef struct pending {
  JSObjectRef cb;
} pending;

static acs__http *get_client(void)
{
  if (!client)
    client = acs__http_new(&acs__R.loop, config());
  return client;
}

static void ev_call(pending *p, const char *kind, size_t argc, JSValueRef *rest)
{
  JSContextRef ctx = acs__R.ctx;
  JSValueRef args[4];
  args[0] = acs__js_str(ctx, kind);
  for (size_t i = 0; i < argc && i < 3; i++) args[i + 1] = rest[i];
  acs__js_call(p->cb, argc + 1, args);
}

static void on_response(void *user, int status, const char *reason, const char *const *names,
                        const char *const *values, size_t count, const char *version)
{
  JSContextRef ctx = acs__R.ctx;
  JSValueRef *pairs = calloc(count ? count : 1, sizeof *pairs);
  if (!pairs) return;
  for (size_t i = 0; i < count; i++) {
    JSValueRef two[2] = {acs__js_str(ctx, names[i]), acs__js_str(ctx, values[i])};
    pairs[i] = JSObjectMakeArray(ctx, 2, two, NULL);
  }
  JSObjectRef list = JSObjectMakeArray(ctx, count, pairs, NULL);
  free(pairs);
  acs__js_set(ctx, list, "httpVersion", acs__js_str(ctx, version));
  JSValueRef rest[3] = {JSValueMakeNumber(ctx, status), acs__js_str(ctx, reason), list};
  ev_call(user, "response", 3, rest);
}

static void free_bytes(void *bytes, void *unused)
{
  (void)unused;
  free(bytes);
}

static void on_data(void *user, const char *bytes, size_t len)
{
  JSContextRef ctx = acs__R.ctx;
  void *copy = malloc(len ? len : 1);
  if (!copy) return;
  memcpy(copy, bytes, len);
  JSValueRef u8 = JSObjectMakeTypedArrayWithBytesNoCopy(ctx, kJSTypedArrayTypeUint8Array, copy,
                                                        len, free_bytes, NULL, NULL);
  if (!u8) return;
  /* The engine does not see malloc'd bytes: told, its collector runs soon
  ** enough to keep a long download's garbage small. */
  JSReportExtraMemoryCost(ctx, len);
  ev_call(user, "data", 1, &u8);
}

static void on_end(void *user) { ev_call(user, "end", 0, NULL); }

static void on_error(void *user, const char *code, const char *message)
{
  JSContextRef ctx = acs__R.ctx;
  JSObjectRef e = JSObjectMake(ctx, NULL, NULL);
  acs__js_set(ctx, e, "code", acs__js_str(ctx, code));
  acs__js_set(ctx, e, "message", acs__js_str(ctx, message));
  JSValueRef v = e;
  ev_call(user, "error", 1, &v);
}

static void on_done(void *user)
{
  pending *p = user;
  JSValueUnprotect(acs__R.ctx, p->cb);
  free(p);
}

static void on_drain(void *user) { ev_call(user, "drain", 0, NULL); }

static const acs__http_events events = {on_response, on_data, on_end, on_error, on_done, on_drain, NULL};

static char *prop_str(JSContextRef ctx, JSObjectRef o, const char *name, JSValueRef *exc)
{
  JSValueRef v = acs__js_get(ctx, o, name);
  if (!v || !JSValueIsString(ctx, v)) return NULL;
  return acs__js_to_utf8(ctx, v, NULL, exc);
}

static int id_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[])
{
  double d = argc > 0 ? JSValueToNumber(ctx, argv[0], NULL) : 0;
  return d >= 1 && d <= 2147483647.0 ? (int)d : 0;
}

/* A run without a network configuration refuses every request, saying
** so, as a box's kernel says of a box without a network. */
#define no_network acs_sys_no_network

static JSValueRef throw_no_network(JSContextRef ctx, JSValueRef *exc)
{
  JSValueRef msg = acs__js_str(ctx, no_network);
  JSObjectRef err = JSObjectMakeError(ctx, 1, &msg, NULL);
  acs__js_set(ctx, err, "code", acs__js_str(ctx, "ENETUNREACH"));
  *exc = err;
  return JSValueMakeUndefined(ctx);
}

/* request(opts, onEvent) -> id */
static ACS__HOST_FN(net_request)
{
  (void)fn; (void)self;
  if (!config()) return throw_no_network(ctx, exc);
  if (argc < 2 || !JSValueIsObject(ctx, argv[0]) || !JSValueIsObject(ctx, argv[1]))
    return acs__js_throw(ctx, exc, "net.request(opts, onEvent)");
  JSObjectRef o = JSValueToObject(ctx, argv[0], NULL);
  acs__http_request q = {0};
  char *method = prop_str(ctx, o, "method", exc);
  char *url = prop_str(ctx, o, "url", exc);
  char **names = NULL, **values = NULL;
  size_t n = 0;
  JSValueRef result = NULL;
  if (!method || !url) {
    result = acs__js_throw(ctx, exc, "net.request: method and url must be strings");
    goto out;
  }
  JSValueRef hv = acs__js_get(ctx, o, "headers");
  if (hv && JSValueIsArray(ctx, hv)) {
    JSObjectRef ha = JSValueToObject(ctx, hv, NULL);
    size_t len = (size_t)JSValueToNumber(ctx, acs__js_get(ctx, ha, "length"), NULL);
    names = calloc(len + 1, sizeof *names);
    values = calloc(len + 1, sizeof *values);
    if (!names || !values) goto out;
    for (size_t i = 0; i < len; i++) {
      JSValueRef pv = JSObjectGetPropertyAtIndex(ctx, ha, (unsigned)i, NULL);
      if (!JSValueIsArray(ctx, pv)) continue;
      JSObjectRef pa = JSValueToObject(ctx, pv, NULL);
      names[n] = acs__js_to_utf8(ctx, JSObjectGetPropertyAtIndex(ctx, pa, 0, NULL), NULL, exc);
      values[n] = acs__js_to_utf8(ctx, JSObjectGetPropertyAtIndex(ctx, pa, 1, NULL), NULL, exc);
      if (!names[n] || !values[n]) {
        free(names[n]);
        free(values[n]);
        names[n] = values[n] = NULL;
        goto out;
      }
      n++;
    }
  }
  JSValueRef bv = acs__js_get(ctx, o, "body");
  if (bv && JSValueIsObject(ctx, bv)) {
    JSObjectRef b = JSValueToObject(ctx, bv, NULL);
    if (JSValueGetTypedArrayType(ctx, b, NULL) == kJSTypedArrayTypeNone) {
      result = acs__js_throw(ctx, exc, "net.request: body must be a Uint8Array or null");
      goto out;
    }
    char *p = JSObjectGetTypedArrayBytesPtr(ctx, b, NULL);
    q.body_len = JSObjectGetTypedArrayByteLength(ctx, b, NULL);
    q.body = p ? p + JSObjectGetTypedArrayByteOffset(ctx, b, NULL) : "";
  }
  q.method = method;
  q.url = url;
  q.names = (const char *const *)names;
  q.values = (const char *const *)values;
  q.header_count = n;
  q.stream = JSValueToBoolean(ctx, acs__js_get(ctx, o, "stream"));
  q.decode = JSValueToBoolean(ctx, acs__js_get(ctx, o, "decode"));

  acs__http *c = get_client();
  pending *p = calloc(1, sizeof *p);
  if (!c || !p) {
    free(p);
    result = acs__js_throw(ctx, exc, "out of memory");
    goto out;
  }
  p->cb = JSValueToObject(ctx, argv[1], NULL);
  JSValueProtect(ctx, p->cb);
  acs_err err = {0};
  int id = acs__http_start(c, &q, &events, p, &err);
  if (id < 0) {
    JSValueUnprotect(ctx, p->cb);
    free(p);
    result = acs__js_throw(ctx, exc, err.message ? err.message : "the network is unavailable");
    free(err.message);
    goto out;
  }
  result = JSValueMakeNumber(ctx, id);
out:
  for (size_t i = 0; i < n; i++) {
    free(names[i]);
    free(values[i]);
  }
  free(names);
  free(values);
  free(method);
  free(url);
  return result ? result : JSValueMakeUndefined(ctx);
}

static ACS__HOST_FN(net_write)
{
  (void)fn; (void)self;
  int id = id_arg(ctx, argc, argv);
  if (!client || argc < 2 || !JSValueIsObject(ctx, argv[1])) return JSValueMakeNumber(ctx, -1);
  JSObjectRef b = JSValueToObject(ctx, argv[1], NULL);
  if (JSValueGetTypedArrayType(ctx, b, NULL) == kJSTypedArrayTypeNone)
    return acs__js_throw(ctx, exc, "net.write: a Uint8Array is expected");
  const char *p = JSObjectGetTypedArrayBytesPtr(ctx, b, NULL);
  size_t len = JSObjectGetTypedArrayByteLength(ctx, b, NULL);
  if (p) p += JSObjectGetTypedArrayByteOffset(ctx, b, NULL);
  return JSValueMakeNumber(ctx, (double)acs__http_write(client, id, p ? p : "", len));
}

static ACS__HOST_FN(net_end)
{
  (void)fn; (void)self; (void)exc;
  return JSValueMakeBoolean(ctx, client && acs__http_end(client, id_arg(ctx, argc, argv)) == 0);
}

static ACS__HOST_FN(net_pause)
{
  (void)fn; (void)self; (void)exc;
  return JSValueMakeBoolean(ctx, client && acs__http_pause(client, id_arg(ctx, argc, argv), true) == 0);
}

static ACS__HOST_FN(net_resume)
{
  (void)fn; (void)self; (void)exc;
  return JSValueMakeBoolean(ctx, client && acs__http_pause(client, id_arg(ctx, argc, argv), false) == 0);
}

static ACS__HOST_FN(net_abort)
{
  (void)fn; (void)self; (void)exc;
  return JSValueMakeBoolean(ctx, client && acs__http_abort(client, id_arg(ctx, argc, argv)) == 0);
}

/* check(url) -> null, or the refusal message */
static ACS__HOST_FN(net_check)
{
  (void)fn; (void)self;
  if (!config()) return acs__js_str(ctx, no_network);
  char *url = argc > 0 ? acs__js_to_utf8(ctx, argv[0], NULL, exc) : NULL;
  acs__http *c = get_client();
  if (!url || !c) {
    free(url);
    return acs__js_throw(ctx, exc, "net.check(url)");
  }
  char why[1024];
  bool ok = acs__http_check(c, url, why, sizeof why);
  free(url);
  return ok ? JSValueMakeNull(ctx) : acs__js_str(ctx, why);
}

void acs__host_net(JSContextRef ctx, JSObjectRef host)
{
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  acs__js_set_fn(ctx, o, "request", net_request);
  acs__js_set_fn(ctx, o, "write", net_write);
  acs__js_set_fn(ctx, o, "end", net_end);
  acs__js_set_fn(ctx, o, "pause", net_pause);
  acs__js_set_fn(ctx, o, "resume", net_resume);
  acs__js_set_fn(ctx, o, "abort", net_abort);
  acs__js_set_fn(ctx, o, "check", net_check);
  acs__js_set(ctx, host, "net", o);
}
