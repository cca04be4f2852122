/* host.c - the C primitives that src/js/lib/ builds on (the `host` object).
** Every way guest code can touch the world goes through a function here. */
#include "runtime_internal.h"

#include "../base/base.h"
#include "files.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* host.write(fd, string): fd 1 or 2 only. */
static ACS__HOST_FN(host_write)
{
  (void)fn; (void)self;
  int fd = argc > 0 ? (int)JSValueToNumber(ctx, argv[0], NULL) : 0;
  if (fd != 1 && fd != 2) return acs__js_throw(ctx, exc, "host.write: bad fd");
  if (argc < 2) return JSValueMakeUndefined(ctx);
  size_t len;
  char *s = acs__js_to_utf8(ctx, argv[1], &len, exc);
  if (!s) return JSValueMakeUndefined(ctx);
  /* A closed pipe (the supervisor stopped reading) is not the guest's
  ** business; the supervisor ends the run. Through the run's files: a box
  ** process's stdout may be a file of the box. */
  const acs__js_files *f = acs__js_files_of_run();
  for (size_t done = 0; done < len;) {
    ssize_t n = f->write(fd, s + done, len - done, -1);
    if (n <= 0) break;
    done += (size_t)n;
  }
  free(s);
  return JSValueMakeUndefined(ctx);
}

static double mono_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Nanoseconds since the run started: small enough that a double keeps
** every nanosecond for 104 days. */
static ACS__HOST_FN(host_hrtime)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  return JSValueMakeNumber(ctx, mono_ns() - acs__R.start_ms * 1e6);
}

/* host.randomFill(u8): the kernel's CSPRNG. getrandom(2) rather than
** OpenSSL here, so that a run that never hashes does not pay ~1 ms to load
** libcrypto at start-up. */
static ACS__HOST_FN(host_random_fill)
{
  (void)fn; (void)self;
  if (argc < 1 || !JSValueIsObject(ctx, argv[0]))
    return acs__js_throw(ctx, exc, "host.randomFill: expected a typed array");
  JSObjectRef o = JSValueToObject(ctx, argv[0], NULL);
  if (JSValueGetTypedArrayType(ctx, o, NULL) == kJSTypedArrayTypeNone)
    return acs__js_throw(ctx, exc, "host.randomFill: expected a typed array");
  /* The pointer is the buffer's start: a view begins at its offset. */
  unsigned char *p = JSObjectGetTypedArrayBytesPtr(ctx, o, exc);
  size_t n = JSObjectGetTypedArrayByteLength(ctx, o, exc);
  if (p) p += JSObjectGetTypedArrayByteOffset(ctx, o, exc);
  while (p && n) {
    ssize_t got = getrandom(p, n, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return acs__js_throw(ctx, exc, "random number generator failed");
    p += got;
    n -= (size_t)got;
  }
  return JSValueMakeUndefined(ctx);
}

static ACS__HOST_FN(host_mark_ticks)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  acs__R.ticks_pending = true;
  return JSValueMakeUndefined(ctx);
}

/* host.exit(code): the guest's process ends now ('exit' listeners ran). */
static ACS__HOST_FN(host_exit)
{
  (void)fn; (void)self; (void)exc;
  double code = argc > 0 ? JSValueToNumber(ctx, argv[0], NULL) : 0;
  acs__R.cfg->exit_fn(code != code ? 1 : (int)((long long)code & 0xff));
  return JSValueMakeUndefined(ctx);
}

static ACS__HOST_FN(host_compile)
{
  (void)fn; (void)self;
  char *name = argc > 0 ? acs__js_to_utf8(ctx, argv[0], NULL, exc) : NULL;
  if (!name) return acs__js_throw(ctx, exc, "host.compile: expected a name");
  JSObjectRef f = acs__lib_compile(ctx, name, exc);
  free(name);
  return f ? (JSValueRef)f : JSValueMakeUndefined(ctx);
}

/* host.sourceLine(url, line): the text of a line of the guest's source. */
static ACS__HOST_FN(host_source_line)
{
  (void)fn; (void)self;
  if (argc < 2) return JSValueMakeUndefined(ctx);
  char *url = acs__js_to_utf8(ctx, argv[0], NULL, exc);
  if (!url) return JSValueMakeUndefined(ctx);
  size_t len;
  const char *line = acs__source_line(url, (int)JSValueToNumber(ctx, argv[1], NULL), &len);
  free(url);
  return line ? acs__js_strn(ctx, line, len) : JSValueMakeUndefined(ctx);
}

/* Resident and shared pages of this process, from /proc/self/statm. */
static void rss_bytes(double *rss)
{
  *rss = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f) return;
  unsigned long size, res;
  if (fscanf(f, "%lu %lu", &size, &res) == 2) *rss = (double)res * (double)sysconf(_SC_PAGESIZE);
  fclose(f);
}

/* host.rusage(): getrusage(RUSAGE_SELF) as numbers, in the order of
** Node's process.resourceUsage() (CPU times in microseconds) */
static ACS__HOST_FN(host_rusage)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  struct rusage u;
  if (getrusage(RUSAGE_SELF, &u) != 0) memset(&u, 0, sizeof u);
  double v[] = {(double)u.ru_utime.tv_sec * 1e6 + (double)u.ru_utime.tv_usec,
                (double)u.ru_stime.tv_sec * 1e6 + (double)u.ru_stime.tv_usec,
                (double)u.ru_maxrss, (double)u.ru_ixrss, (double)u.ru_idrss, (double)u.ru_isrss,
                (double)u.ru_minflt, (double)u.ru_majflt, (double)u.ru_nswap, (double)u.ru_inblock,
                (double)u.ru_oublock, (double)u.ru_msgsnd, (double)u.ru_msgrcv, (double)u.ru_nsignals,
                (double)u.ru_nvcsw, (double)u.ru_nivcsw};
  JSValueRef items[sizeof v / sizeof *v];
  for (size_t i = 0; i < sizeof v / sizeof *v; i++) items[i] = JSValueMakeNumber(ctx, v[i]);
  return JSObjectMakeArray(ctx, sizeof v / sizeof *v, items, NULL);
}

/* host.memoryUsage(): { rss, heapTotal, heapUsed, external } */
static ACS__HOST_FN(host_memory_usage)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  JSObjectRef stats = JSGetMemoryUsageStatistics(ctx);
  JSObjectRef out = JSObjectMake(ctx, NULL, NULL);
  double rss;
  rss_bytes(&rss);
  acs__js_set(ctx, out, "rss", JSValueMakeNumber(ctx, rss));
  acs__js_set(ctx, out, "heapTotal", acs__js_get(ctx, stats, "heapCapacity"));
  acs__js_set(ctx, out, "heapUsed", acs__js_get(ctx, stats, "heapSize"));
  acs__js_set(ctx, out, "external", acs__js_get(ctx, stats, "extraMemorySize"));
  return out;
}

static JSObjectRef str_array(JSContextRef ctx, const char *const *items, size_t n)
{
  JSValueRef *vals = calloc(n ? n : 1, sizeof *vals);
  for (size_t i = 0; i < n; i++) vals[i] = acs__js_str(ctx, items[i]);
  JSObjectRef a = JSObjectMakeArray(ctx, n, vals, NULL);
  free(vals);
  return a;
}

/* Defined only in the test build build/acs-hole (tests/hole/), which
** proves that the kernel walls hold when the sandbox's own checks fail. */
void acs__host_test_hole(JSContextRef ctx, JSObjectRef host) __attribute__((weak));

/* host.proxyTarget(v) -> the target when v is a Proxy, else undefined.
** No trap runs. A global object (globalThis of any realm) is reached
** through JSC's own proxy for it, which JS never sees as a Proxy. */
static ACS__HOST_FN(host_proxy_target)
{
  (void)fn; (void)self; (void)exc;
  if (argc < 1 || !JSValueIsObject(ctx, argv[0])) return JSValueMakeUndefined(ctx);
  JSObjectRef o = JSValueToObject(ctx, argv[0], NULL);
  JSObjectRef t = o ? JSObjectGetProxyTarget(o) : NULL;
  if (!t) return JSValueMakeUndefined(ctx);
  JSGlobalContextRef realm = JSObjectGetGlobalContext(o); /* the realm o belongs to */
  if (realm && JSValueIsStrictEqual(ctx, o, JSContextGetGlobalObject(realm))) return JSValueMakeUndefined(ctx);
  return t;
}

JSObjectRef acs__host_new(JSContextRef ctx)
{
  JSObjectRef h = JSObjectMake(ctx, NULL, NULL);
  acs__js_set_fn(ctx, h, "write", host_write);
  acs__js_set_fn(ctx, h, "hrtime", host_hrtime);
  acs__js_set_fn(ctx, h, "randomFill", host_random_fill);
  acs__js_set_fn(ctx, h, "now", acs__host_now);
  acs__js_set_fn(ctx, h, "timerArm", acs__host_timer_arm);
  acs__js_set_fn(ctx, h, "immediateArm", acs__host_immediate_arm);
  acs__js_set_fn(ctx, h, "markTicks", host_mark_ticks);
  acs__js_set_fn(ctx, h, "exit", host_exit);
  acs__js_set_fn(ctx, h, "compile", host_compile);
  acs__js_set_fn(ctx, h, "sourceLine", host_source_line);
  acs__js_set_fn(ctx, h, "memoryUsage", host_memory_usage);
  acs__js_set_fn(ctx, h, "rusage", host_rusage);
  acs__js_set_fn(ctx, h, "proxyTarget", host_proxy_target);
  acs__host_modules(ctx, h);
  acs__host_fs(ctx, h);
  acs__host_crypto(ctx, h);
  acs__host_zlib(ctx, h);
  acs__host_net(ctx, h);
  acs__host_sock(ctx, h);
  acs__host_proc(ctx, h);
  acs__host_vm(ctx, h);
  acs__host_introspect(ctx, h);
  if (acs__host_test_hole) acs__host_test_hole(ctx, h);
  acs__js_set(ctx, h, "version", acs__js_str(ctx, ACS_VERSION));
  return h;
}

void acs__host_set_run(JSContextRef ctx, JSObjectRef h)
{
  const acs__js_config *cfg = acs__R.cfg;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  double wall = (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
  /* The run started at start_ms on the monotonic clock; timeOrigin is that
  ** instant on the wall clock. */
  acs__js_set(ctx, h, "timeOrigin",
              JSValueMakeNumber(ctx, wall - (acs__now_ms() - acs__R.start_ms)));
  acs__js_set(ctx, h, "cwd", acs__js_str(ctx, cfg->cwd));
  acs__js_set(ctx, h, "filename", acs__js_str(ctx, cfg->filename));
  acs__js_set(ctx, h, "argv", str_array(ctx, cfg->argv, cfg->argc));
  acs__js_set(ctx, h, "env", str_array(ctx, cfg->env, cfg->env_count));
  if (cfg->node) {
    /* node in a box: the process is the box's, not a neutral one */
    const acs__js_node *n = cfg->node;
    acs__proc_signals_take();
    /* node's zygote made it before loading the builtins that keep it
    ** (bootstrap.js, preloadForBox): filled in, not replaced */
    JSValueRef made = acs__js_get(ctx, h, "node");
    JSObjectRef o = made && JSValueIsObject(ctx, made) ? (JSObjectRef)made : JSObjectMake(ctx, NULL, NULL);
    acs__js_set(ctx, o, "mode", acs__js_str(ctx, n->mode));
    acs__js_set(ctx, o, "execPath", acs__js_str(ctx, n->exec_path));
    acs__js_set(ctx, o, "argv0", acs__js_str(ctx, n->argv0 ? n->argv0 : "node"));
    acs__js_set(ctx, o, "argv", str_array(ctx, n->argv, n->argc));
    acs__js_set(ctx, o, "pid", JSValueMakeNumber(ctx, n->pid));
    acs__js_set(ctx, o, "ppid", JSValueMakeNumber(ctx, n->ppid));
    acs__js_set(ctx, o, "uid", JSValueMakeNumber(ctx, n->uid));
    acs__js_set(ctx, o, "gid", JSValueMakeNumber(ctx, n->gid));
    acs__js_set(ctx, o, "euid", JSValueMakeNumber(ctx, n->euid));
    acs__js_set(ctx, o, "egid", JSValueMakeNumber(ctx, n->egid));
    if (n->cwd_errno) acs__js_set(ctx, o, "cwdErrno", JSValueMakeNumber(ctx, n->cwd_errno));
    acs__js_set(ctx, h, "node", o);
  }
}

/* ------------------------------------------------------ the embedded lib */

static int lib_cmp(const void *key, const void *item)
{
  return strcmp(key, ((const acs__lib_file *)item)->name);
}

JSObjectRef acs__intrinsics_new(JSContextRef ctx)
{
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  JSObjectSetPrototype(ctx, o, JSValueMakeNull(ctx));
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  const char *p = ACS__INTRINSICS;
  while (*p) {
    size_t n = strcspn(p, ",");
    char name[64];
    if (n >= sizeof name) break;
    memcpy(name, p, n);
    name[n] = 0;
    acs__js_set(ctx, o, name, acs__js_get(ctx, global, name));
    p += n;
    while (*p == ',' || *p == ' ') p++;
  }
  return o;
}

JSObjectRef acs__lib_compile(JSContextRef ctx, const char *name, JSValueRef *exc)
{
  const acs__lib_file *f = bsearch(name, acs__lib_files, acs__lib_count,
                                   sizeof *acs__lib_files, lib_cmp);
  if (!f) {
    char msg[256];
    snprintf(msg, sizeof msg, "internal module '%s' does not exist", name);
    acs__js_throw(ctx, exc, msg);
    return NULL;
  }
  /* bootstrap.js takes only `host`; the others the module triple. Both
  ** take $i, the intrinsics as the realm had them before any guest code,
  ** as locals of the file: a guest that deletes or replaces a global
  ** (Promise, Map, Error, ...) does not reach the runtime's own code. The
  ** headers sit on line 1 so that line numbers stay the file's own. */
  const char *head = strcmp(name, "bootstrap") == 0
                         ? "(function (host, $i) {\"use strict\";const {"
                         : "(function (exports, require, host, $i) {\"use strict\";const {";
  acs__buf b = {0};
  acs__buf_puts(&b, head);
  acs__buf_puts(&b, ACS__INTRINSICS);
  acs__buf_puts(&b, "} = $i;");
  acs__buf_append(&b, f->source, f->len);
  if (acs__buf_puts(&b, "\n})")) {
    acs__buf_free(&b);
    acs__js_throw(ctx, exc, "out of memory");
    return NULL;
  }
  char url[300];
  snprintf(url, sizeof url, "node:internal/%s", name);
  JSStringRef src = JSStringCreateWithUTF8CString(b.data);
  JSStringRef jurl = JSStringCreateWithUTF8CString(url);
  acs__buf_free(&b);
  JSValueRef v = JSEvaluateScript(ctx, src, NULL, jurl, 1, exc);
  JSStringRelease(src);
  JSStringRelease(jurl);
  if (!v || (exc && *exc)) return NULL;
  return JSValueToObject(ctx, v, exc);
}
