/* runtime.c - one realm on JavaScriptCore, run to completion.
**
** The entry is evaluated, then a libuv loop drives timers and immediates
** until nothing is pending. JavaScriptCore drains its microtask queue each
** time control returns from JS to C, so every callback the loop delivers is
** a separate call into JS: that is what gives Node's order (a callback, its
** process.nextTick queue, then its promise jobs, then the next callback). */
#include "runtime_internal.h"

#include "../base/base.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

acs__rt acs__R;

/* -------------------------------------------------------------- helpers */

JSValueRef acs__js_str(JSContextRef ctx, const char *s)
{
  JSStringRef js = JSStringCreateWithUTF8CString(s ? s : "");
  JSValueRef v = JSValueMakeString(ctx, js);
  JSStringRelease(js);
  return v;
}

JSValueRef acs__js_strn(JSContextRef ctx, const char *s, size_t n)
{
  char *copy = acs__strndup(s, n);
  JSValueRef v = acs__js_str(ctx, copy);
  free(copy);
  return v;
}

char *acs__js_to_utf8(JSContextRef ctx, JSValueRef v, size_t *len, JSValueRef *exc)
{
  JSStringRef s = JSValueToStringCopy(ctx, v, exc);
  if (!s) return NULL;
  /* By hand, not JSStringGetUTF8CString, which drops a lone surrogate:
  ** "a\uD800" would name the file "a" in C while JS sees another name.
  ** A lone surrogate becomes U+FFFD, as Node makes it. */
  size_t n = JSStringGetLength(s);
  const JSChar *u = JSStringGetCharactersPtr(s);
  char *buf = malloc(n * 3 + 1);
  if (!buf) {
    JSStringRelease(s);
    return NULL;
  }
  size_t o = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t c = u[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && u[i + 1] >= 0xDC00 && u[i + 1] <= 0xDFFF)
      c = 0x10000 + ((c - 0xD800) << 10) + (u[++i] - 0xDC00);
    else if (c >= 0xD800 && c <= 0xDFFF)
      c = 0xFFFD;
    if (c < 0x80) {
      buf[o++] = (char)c;
    } else if (c < 0x800) {
      buf[o++] = (char)(0xC0 | c >> 6);
      buf[o++] = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      buf[o++] = (char)(0xE0 | c >> 12);
      buf[o++] = (char)(0x80 | (c >> 6 & 0x3F));
      buf[o++] = (char)(0x80 | (c & 0x3F));
    } else {
      buf[o++] = (char)(0xF0 | c >> 18);
      buf[o++] = (char)(0x80 | (c >> 12 & 0x3F));
      buf[o++] = (char)(0x80 | (c >> 6 & 0x3F));
      buf[o++] = (char)(0x80 | (c & 0x3F));
    }
  }
  buf[o] = 0;
  JSStringRelease(s);
  if (len) *len = o;
  return buf;
}

void acs__js_set(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef v)
{
  JSStringRef n = JSStringCreateWithUTF8CString(name);
  JSObjectSetProperty(ctx, obj, n, v, kJSPropertyAttributeNone, NULL);
  JSStringRelease(n);
}

JSValueRef acs__js_get(JSContextRef ctx, JSObjectRef obj, const char *name)
{
  JSStringRef n = JSStringCreateWithUTF8CString(name);
  JSValueRef v = JSObjectGetProperty(ctx, obj, n, NULL);
  JSStringRelease(n);
  return v;
}

void acs__js_set_fn(JSContextRef ctx, JSObjectRef obj, const char *name,
                    JSObjectCallAsFunctionCallback fn)
{
  JSStringRef n = JSStringCreateWithUTF8CString(name);
  JSObjectSetProperty(ctx, obj, n, JSObjectMakeFunctionWithCallback(ctx, n, fn),
                      kJSPropertyAttributeNone, NULL);
  JSStringRelease(n);
}

JSValueRef acs__js_throw(JSContextRef ctx, JSValueRef *exc, const char *msg)
{
  JSValueRef arg = acs__js_str(ctx, msg);
  *exc = JSObjectMakeError(ctx, 1, &arg, NULL);
  return JSValueMakeUndefined(ctx);
}

/* -------------------------------------------------------- calling into JS */

static void fatal_start(const char *what, JSValueRef exc)
{
  char *msg = exc ? acs__js_to_utf8(acs__R.ctx, exc, NULL, NULL) : NULL;
  fprintf(stderr, "acs: internal error while %s: %s\n", what, msg ? msg : "?");
  free(msg);
}

/* The time limit terminated JS: stop now, whatever JS was doing. */
static void check_deadline(void)
{
  if (acs__R.cfg->deadline_ms > 0 && acs__now_ms() >= acs__R.cfg->deadline_ms)
    acs__R.cfg->timeout_fn();
}

static void run_ticks(void);

/* Hand an exception that escaped a callback to the guest's process. */
static void uncaught(JSValueRef exc)
{
  check_deadline();
  JSValueRef e2 = NULL;
  JSObjectCallAsFunction(acs__R.ctx, acs__R.fn_uncaught, NULL, 1, &exc, &e2);
  if (e2) {
    check_deadline();
    /* The handler itself threw: report that plainly and stop. */
    char *msg = acs__js_to_utf8(acs__R.ctx, e2, NULL, NULL);
    fprintf(stderr, "Uncaught %s\n", msg ? msg : "exception");
    free(msg);
    acs__R.cfg->exit_fn(7);
  }
}

/* The nearest node:vm `timeout` of the JS running now (deadline 0: none). */
static acs__vm_limit vm_limit;
/* When the watchdog was last armed (acs__now_ms), for acs__js_call. */
static double armed_at;
static void arm_watchdog(JSContextGroupRef group);

JSValueRef acs__js_call(JSObjectRef fn, size_t argc, const JSValueRef *argv)
{
  JSValueRef exc = NULL;
  if ((acs__R.cfg && acs__R.cfg->deadline_ms > 0) || vm_limit.deadline_ms > 0)
    if (acs__now_ms() - armed_at > 50) arm_watchdog(acs__R.group);
  JSValueRef r = JSObjectCallAsFunction(acs__R.ctx, fn, NULL, argc, argv, &exc);
  if (exc) {
    uncaught(exc);
    r = NULL;
  }
  run_ticks();
  return r;
}

/* Ticks queued by promise jobs (which ran as the last call returned) are
** run in a call of their own, until none are left. */
static void run_ticks(void)
{
  while (acs__R.ticks_pending) {
    acs__R.ticks_pending = false;
    JSValueRef exc = NULL;
    JSObjectCallAsFunction(acs__R.ctx, acs__R.fn_ticks, NULL, 0, NULL, &exc);
    if (exc) uncaught(exc);
  }
}

/* ------------------------------------------------------------ time limit */


static bool on_watchdog(JSContextRef ctx, void *data);

/* Arm the watchdog for the nearer deadline, the run's or a vm timeout's,
** at most a second ahead (half the time left while more than 200 ms are);
** none when neither applies. It fires once per
** arming. Each firing costs the hot loop it interrupts its optimised code
** (JSC jettisons the code of the frames it stops), so it fires as rarely as
** the deadline allows: re-armed every 100 ms it cost a numeric loop 30-70 %
** (bench/compute/loop.js), at the deadline nothing measurable. JSC counts
** a limit from the outermost entry into JS, so a limit set long before an
** entry would fire late: acs__js_call arms it again when it is older than
** 50 ms, and the second's cap bounds an entry that does not pass there. */
static void arm_watchdog(JSContextGroupRef group)
{
  double now = acs__now_ms(), wait = 0;
  if (acs__R.cfg && acs__R.cfg->deadline_ms > 0) wait = (acs__R.cfg->deadline_ms - now) / 1000;
  if (vm_limit.deadline_ms > 0) {
    double left = (vm_limit.deadline_ms - now) / 1000;
    if (wait == 0 || left < wait) wait = left;
  }
  armed_at = now;
  if (wait == 0) {
    JSContextGroupClearExecutionTimeLimit(group);
    return;
  }
  /* JSC's limit counts the thread's CPU time, which on a busy machine
  ** falls behind the clock: halving the wait while more than 200 ms remain
  ** keeps the stop near the deadline (a 300 ms limit under load ended at
  ** 460 ms armed once), for a few firings more */
  if (wait > 0.2) wait /= 2;
  if (wait < 0.001) wait = 0.001;
  if (wait > 1) wait = 1;
  JSContextGroupSetExecutionTimeLimit(group, wait, on_watchdog, NULL);
}

/* A vm script ran past its timeout. Node throws to the caller; JSC can
** only terminate up to the outermost call into JS (and aborts the process
** when that happens inside a microtask drain), so the run ends here with
** Node's error, as if the caller had not caught it. */
static void vm_timed_out(void)
{
  char msg[256];
  int n = snprintf(msg, sizeof msg,
                   "Error: Script execution timed out after %.15gms {\n"
                   "  code: 'ERR_SCRIPT_EXECUTION_TIMEOUT'\n}\n"
                   "(in this sandbox a vm timeout ends the run: the error cannot be caught)\n",
                   vm_limit.timeout_ms);
  if (n > 0) (void)acs__write_all(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
  acs__R.cfg->exit_fn(1);
}

static bool on_watchdog(JSContextRef ctx, void *data)
{
  (void)data;
  /* Past the deadline the run ends here, on the spot. Asking JSC to
  ** terminate instead (returning true) aborts the process when the loop
  ** runs inside a microtask drain. */
  double now = acs__now_ms();
  if (acs__R.cfg->deadline_ms > 0 && now >= acs__R.cfg->deadline_ms)
    acs__R.cfg->timeout_fn();
  if (vm_limit.deadline_ms > 0 && now >= vm_limit.deadline_ms) vm_timed_out();
  arm_watchdog(JSContextGetGroup(ctx));
  return false;
}

acs__vm_limit acs__js_vm_limit_push(double timeout_ms)
{
  acs__vm_limit prev = vm_limit;
  double mine = acs__now_ms() + timeout_ms;
  if (!(prev.deadline_ms > 0 && prev.deadline_ms <= mine)) vm_limit = (acs__vm_limit){mine, timeout_ms};
  arm_watchdog(acs__R.group);
  return prev;
}

void acs__js_vm_limit_pop(acs__vm_limit prev)
{
  vm_limit = prev;
  arm_watchdog(acs__R.group);
}

static void on_deadline(uv_timer_t *t)
{
  (void)t;
  acs__R.cfg->timeout_fn();
}

/* ------------------------------------------------------------- the realm */

static JSValueRef host_on_rejection(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                    size_t argc, const JSValueRef argv[], JSValueRef *exc)
{
  (void)fn; (void)self; (void)exc;
  /* Called by JSC at a microtask checkpoint: queue it for JS to decide
  ** after the ticks run, as Node's processTicksAndRejections does. */
  JSValueRef args[2] = {argc > 0 ? argv[0] : JSValueMakeUndefined(ctx),
                        argc > 1 ? argv[1] : JSValueMakeUndefined(ctx)};
  JSValueRef e2 = NULL;
  JSObjectCallAsFunction(ctx, acs__R.fn_rejection, NULL, 2, args, &e2);
  acs__R.ticks_pending = true;
  return JSValueMakeUndefined(ctx);
}

static JSObjectRef hook(JSObjectRef hooks, const char *name)
{
  JSValueRef v = acs__js_get(acs__R.ctx, hooks, name);
  if (!JSValueIsObject(acs__R.ctx, v)) return NULL;
  JSObjectRef o = JSValueToObject(acs__R.ctx, v, NULL);
  JSValueProtect(acs__R.ctx, o);
  return o;
}

static JSObjectRef hooks_of_bootstrap;

static int bootstrap(void)
{
  JSContextRef ctx = acs__R.ctx;
  JSObjectRef host = acs__host_new(ctx);
  JSValueProtect(ctx, host);
  acs__R.host = host;
  JSValueRef exc = NULL;
  JSObjectRef boot = acs__lib_compile(ctx, "bootstrap", &exc);
  if (!boot) {
    fatal_start("compiling the bootstrap", exc);
    return ACS_EENV;
  }
  JSValueRef args[2] = {host, acs__intrinsics_new(ctx)};
  JSValueRef hooks = JSObjectCallAsFunction(ctx, boot, NULL, 2, args, &exc);
  if (exc || !JSValueIsObject(ctx, hooks)) {
    fatal_start("running the bootstrap", exc);
    return ACS_EENV;
  }
  JSObjectRef h = JSValueToObject(ctx, hooks, NULL);
  hooks_of_bootstrap = h;
  JSValueProtect(ctx, h);
  acs__R.fn_uncaught = hook(h, "onUncaught");
  acs__R.fn_ticks = hook(h, "runTicks");
  acs__R.fn_rejection = hook(h, "onUnhandledRejection");
  acs__R.fn_timers = hook(h, "runTimer");
  acs__R.fn_immediates = hook(h, "runImmediate");
  acs__R.fn_before_exit = hook(h, "beforeExit");
  acs__R.fn_exit = hook(h, "exit");
  acs__R.fn_main = hook(h, "runMain");
  if (!acs__R.fn_uncaught || !acs__R.fn_ticks || !acs__R.fn_rejection ||
      !acs__R.fn_timers || !acs__R.fn_immediates || !acs__R.fn_before_exit ||
      !acs__R.fn_exit || !acs__R.fn_main) {
    fprintf(stderr, "acs: internal error: the bootstrap lacks a hook\n");
    return ACS_EENV;
  }
  JSObjectRef rej = JSObjectMakeFunctionWithCallback(ctx, NULL, host_on_rejection);
  JSGlobalContextSetUnhandledRejectionCallback(acs__R.ctx, rej, NULL);
  return 0;
}

/* The box's node rehearses its own entries too (acs__js_prepare_forkable). */
static bool warm_node;

/* A throwaway run through the steps of a real one (the bootstrap's warm
** hook): the bytecode it compiles and the pages it writes are then made. */
static int warm_up(void)
{
  JSObjectRef fn = hook(hooks_of_bootstrap, "warm");
  JSValueRef node = JSValueMakeBoolean(acs__R.ctx, warm_node), exc = NULL;
  JSValueRef why = fn ? JSObjectCallAsFunction(acs__R.ctx, fn, NULL, 1, &node, &exc) : NULL;
  if (!warm_node || (!exc && why && JSValueIsNull(acs__R.ctx, why))) return 0;
  /* the box's preload read a run's state (or threw): this realm must not
  ** be forked for runs */
  char *text = acs__js_to_utf8(acs__R.ctx, exc ? exc : why, NULL, NULL);
  fprintf(stderr, "acs: node's prepared state cannot be made: %s\n", text ? text : "?");
  free(text);
  return ACS_EENV;
}

int acs__js_prepare(bool warm)
{
  memset(&acs__R, 0, sizeof acs__R);
  acs__R.start_ms = acs__now_ms();
  if (uv_loop_init(&acs__R.loop)) {
    fprintf(stderr, "acs: could not start the event loop\n");
    return ACS_EENV;
  }
  acs__loop_init();

  acs__R.group = JSContextGroupCreate();
  acs__R.ctx = JSGlobalContextCreateInGroup(acs__R.group, NULL);
  if (!acs__R.ctx) {
    fprintf(stderr, "acs: could not create a JavaScript context\n");
    return ACS_EENV;
  }
  int rc = bootstrap();
  if (rc || !warm) return rc;
  return warm_up();
}

static void (*scavenger_resume)(void);
static int statm_fd = -1;

/* The allocator keeps /proc/self/statm open to read its footprint; the
** open file names the process that opened it, so a child would read the
** zygote's figures. Found once here, reopened in each child. */
static void find_statm(void)
{
  char want[64], link[64], path[64];
  snprintf(want, sizeof want, "/proc/%d/statm", (int)getpid());
  for (int fd = 3; fd < 64; fd++) {
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(path, link, sizeof link - 1);
    if (n <= 0) continue;
    link[n] = 0;
    if (!strcmp(link, want)) { statm_fd = fd; return; }
  }
}

int acs__js_prepare_forkable(bool node)
{
  warm_node = node;
  /* symbols libpas exports but the library's headers do not declare */
  void (*suspend)(void) = (void (*)(void))dlsym(RTLD_DEFAULT, "pas_scavenger_suspend");
  scavenger_resume = (void (*)(void))dlsym(RTLD_DEFAULT, "pas_scavenger_resume");
  if (!suspend) return ACS_EENV;
  suspend();
  /* Read when the engine initialises; the children keep them (the
  ** engine's options are fixed for the life of the process). */
  static char *single_thread[] = {"JSC_useConcurrentJIT=false", "JSC_numberOfGCMarkers=1",
                                  "JSC_useConcurrentGC=false", "JSC_useSharedArrayBuffer=true", NULL};
  char **saved = environ;
  environ = single_thread;
  int rc = acs__js_prepare(true);
  environ = saved;
  if (!rc) find_statm();
  return rc;
}

static void reopen_statm(void)
{
  if (statm_fd >= 0) {
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd >= 0 && fd != statm_fd) {
      dup3(fd, statm_fd, O_CLOEXEC);
      close(fd);
    }
  }
}

void acs__js_forked(void)
{
  reopen_statm();
  /* a child may start threads: its allocator returns freed memory again,
  ** as a cold run's does */
  if (scavenger_resume) scavenger_resume();
}

static uv_timer_t scavenger_timer;
static bool own_loop;

int acs__js_rehearse(void)
{
  reopen_statm();
  if (uv_loop_fork(&acs__R.loop)) return ACS_EENV;
  own_loop = true;
  return warm_up();
}

static void resume_scavenger(uv_timer_t *t)
{
  (void)t;
  scavenger_resume();
}

int acs__js_forked_start(const acs__js_config *cfg)
{
  /* the loop's epoll instance is shared with the zygote until remade */
  if (!own_loop) {
    reopen_statm();
    if (uv_loop_fork(&acs__R.loop)) {
      fprintf(stderr, "acs: could not start the event loop\n");
      return ACS_EENV;
    }
  }
  /* The allocator's thread starts again once the program has run a
  ** while: a second thread makes each copy-on-write fault of the
  ** process's first pages flush the other CPU's TLB as well, and a short
  ** program has nothing to give back. */
  if (scavenger_resume && uv_timer_init(&acs__R.loop, &scavenger_timer) == 0) {
    uv_timer_start(&scavenger_timer, resume_scavenger, 50, 0);
    uv_unref((uv_handle_t *)&scavenger_timer);
  }
  return acs__js_start(cfg);
}

int acs__js_after_fork(void)
{
  /* The loop's epoll instance is one kernel object shared by every process
  ** forked from the zygote: each child needs its own. */
  if (uv_loop_fork(&acs__R.loop)) return ACS_EENV;
  /* Rehearse a run again, here: the pages it writes are the zygote's until
  ** written, and each first write costs a copy-on-write fault. Made while
  ** the worker waits, those are off the next run's path. */
  warm_up();
  return 0;
}

int acs__js_start(const acs__js_config *cfg)
{
  acs__R.cfg = cfg;
  /* A prepared realm may have waited: the run's clock starts now. */
  acs__R.start_ms = acs__now_ms();
  uv_update_time(&acs__R.loop);
  acs__host_set_run(acs__R.ctx, acs__R.host);

  vm_limit = (acs__vm_limit){0, 0};
  /* The watchdog must exist before JS is entered: JSC starts its timer for
  ** a limit set later, by a vm script's timeout, only if it saw that entry.
  ** Without a deadline it is then disarmed, which costs nothing. */
  JSContextGroupSetExecutionTimeLimit(acs__R.group, 0.1, on_watchdog, NULL);
  arm_watchdog(acs__R.group);
  if (cfg->deadline_ms > 0) {
    uv_timer_init(&acs__R.loop, &acs__R.deadline);
    double left = cfg->deadline_ms - acs__now_ms();
    uv_timer_start(&acs__R.deadline, on_deadline, left > 0 ? (uint64_t)left : 0, 0);
    uv_unref((uv_handle_t *)&acs__R.deadline);
  }

  /* The entry runs inside hooks.runMain, so that its nextTicks run before
  ** its promise jobs, as in Node. */
  acs__js_call(acs__R.fn_main, 0, NULL);

  for (;;) {
    uv_run(&acs__R.loop, UV_RUN_DEFAULT);
    /* 'beforeExit' may schedule more work; the loop then goes on. */
    acs__js_call(acs__R.fn_before_exit, 0, NULL);
    if (!uv_loop_alive(&acs__R.loop)) break;
  }
  JSValueRef code = acs__js_call(acs__R.fn_exit, 0, NULL);
  int status = code ? (int)JSValueToNumber(acs__R.ctx, code, NULL) : 1;
  cfg->exit_fn(status);
  return 0;
}

int acs__js_run(const acs__js_config *cfg)
{
  int rc = acs__js_prepare(false);
  return rc ? rc : acs__js_start(cfg);
}
