/* runtime_internal.h - what the files of src/js share; not used elsewhere. */
#ifndef ACS_JS_RUNTIME_INTERNAL_H
#define ACS_JS_RUNTIME_INTERNAL_H

#include "jsc_private.h"
#include "runtime.h"
#include "../lang/lang.h"

#include <stdbool.h>
#include <uv.h>

#define ACS__HOST_FN_DECL(name)                                               \
  JSValueRef name(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,         \
                  size_t argc, const JSValueRef argv[], JSValueRef *exc)
#define ACS__HOST_FN(name)                                                    \
  JSValueRef name(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,         \
                  size_t argc, const JSValueRef argv[], JSValueRef *exc)


/* The one realm of this worker process. */
typedef struct acs__rt {
  const acs__js_config *cfg;
  double start_ms;
  JSContextGroupRef group;
  JSGlobalContextRef ctx;
  JSObjectRef host; /* the host object handed to bootstrap.js */
  /* hooks returned by bootstrap.js, protected from GC */
  JSObjectRef fn_uncaught, fn_ticks, fn_rejection, fn_timers, fn_immediates,
      fn_before_exit, fn_exit, fn_main;
  uv_loop_t loop;
  uv_timer_t timer, deadline;
  uv_check_t check;
  uv_idle_t idle;
  uv_prepare_t forget; /* drops the VFS's kept directories before each wait */
  bool ticks_pending;
} acs__rt;
extern acs__rt acs__R;

/* Call a hook with the guest's semantics: an exception goes to the guest's
** uncaught handler, then pending ticks run. Returns NULL when it threw. */
JSValueRef acs__js_call(JSObjectRef fn, size_t argc, const JSValueRef *argv);

/* modules.c: the transform and module evaluation for JS */
void acs__host_modules(JSContextRef ctx, JSObjectRef host);
/* fs.c: host.fs, the file primitives over the run's file table (files.h) */
void acs__host_fs(JSContextRef ctx, JSObjectRef host);
/* The guest's working directory now (the run's, until a chdir). */
const char *acs__js_cwd(void);
/* crypto.c: host.crypto, OpenSSL's libcrypto opened on first use */
void acs__host_crypto(JSContextRef ctx, JSObjectRef host);
/* zlib.c: host.zlib */
void acs__host_zlib(JSContextRef ctx, JSObjectRef host);
/* net.c: host.net, HTTP(S) under the host policy */
void acs__host_net(JSContextRef ctx, JSObjectRef host);
/* sock.c: host.sock, stream sockets of the box's network (a box's node) */
void acs__host_sock(JSContextRef ctx, JSObjectRef host);
/* proc.c: host.proc, child processes and signals (a box's node only) */
void acs__host_proc(JSContextRef ctx, JSObjectRef host);
/* node in a box: signals from the box are a program's, the engine's own
** (SIGUSR1 to its threads, its faults) reach the engine (proc.c) */
void acs__proc_signals_take(void);
/* vm.c: host.vm, fresh realms in the same group */
void acs__host_vm(JSContextRef ctx, JSObjectRef host);
/* introspect.c: host.getPromiseDetails and host.previewEntries, what
** util.inspect reads from V8, from JSC objects' internal fields */
void acs__host_introspect(JSContextRef ctx, JSObjectRef host);
/* runtime.c: node:vm's `timeout` for JS that runs now. push arms the
** watchdog for timeout_ms from now (or an enclosing limit that comes
** first) and returns the enclosing limit, for pop to restore. Past it the
** watchdog writes Node's ERR_SCRIPT_EXECUTION_TIMEOUT error to stderr and
** ends the run with status 1. The run's own time limit holds throughout. */
typedef struct acs__vm_limit {
  double deadline_ms; /* acs__now_ms() value; 0: none */
  double timeout_ms;  /* the timeout it came from, for the message */
} acs__vm_limit;
acs__vm_limit acs__js_vm_limit_push(double timeout_ms);
void acs__js_vm_limit_pop(acs__vm_limit prev);

/* host.c: the object of C primitives handed to bootstrap.js; what belongs
** to one run (cwd, argv, env, timeOrigin) is set on it by acs__host_set_run
** when the run starts. */
JSObjectRef acs__host_new(JSContextRef ctx);
void acs__host_set_run(JSContextRef ctx, JSObjectRef host);
/* Compile src/js/lib/NAME.js into its module function; NULL + *exc on error. */
/* The ECMAScript globals the embedded lib reads, which acs__lib_compile
** binds as locals of every lib file from the object acs__intrinsics_new
** makes (escape/unescape are left out: querystring defines its own). */
#define ACS__INTRINSICS                                                                          \
  "Object, Function, Array, Number, Boolean, String, Symbol, BigInt, Date, Promise, RegExp, "     \
  "Error, AggregateError, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, "        \
  "URIError, JSON, Math, Reflect, Proxy, Map, Set, WeakMap, WeakSet, WeakRef, "                  \
  "FinalizationRegistry, ArrayBuffer, SharedArrayBuffer, DataView, Atomics, Uint8Array, "        \
  "Int8Array, Uint16Array, Int16Array, Uint32Array, Int32Array, Float32Array, Float64Array, "    \
  "Uint8ClampedArray, BigInt64Array, BigUint64Array, parseInt, parseFloat, isNaN, isFinite, "    \
  "encodeURI, encodeURIComponent, decodeURI, decodeURIComponent, WebAssembly"
/* A null-prototype object of the ACS__INTRINSICS as the realm has them now. */
JSObjectRef acs__intrinsics_new(JSContextRef ctx);
JSObjectRef acs__lib_compile(JSContextRef ctx, const char *name, JSValueRef *exc);

/* loop.c: timers and immediates on the libuv loop */
void acs__loop_init(void);
JSValueRef acs__host_now(JSContextRef, JSObjectRef, JSObjectRef, size_t,
                         const JSValueRef[], JSValueRef *);
JSValueRef acs__host_timer_arm(JSContextRef, JSObjectRef, JSObjectRef, size_t,
                               const JSValueRef[], JSValueRef *);
JSValueRef acs__host_immediate_arm(JSContextRef, JSObjectRef, JSObjectRef, size_t,
                                   const JSValueRef[], JSValueRef *);

/* sources.c: the text of user sources, for code frames */
int acs__source_add(const char *url, const char *text, size_t len,
                    const acs__colshift *shifts, size_t nshifts);
/* The source's column for a column the engine reports on generated code. */
uint32_t acs__source_map_column(const char *url, uint32_t line, uint32_t col);
/* The line (1-based) of a registered source, without its newline; NULL when
** unknown. Borrowed: valid for the whole run. */
const char *acs__source_line(const char *url, int line, size_t *len);

/* small JSC conveniences */
JSValueRef acs__js_str(JSContextRef ctx, const char *s);
JSValueRef acs__js_strn(JSContextRef ctx, const char *s, size_t n);
char *acs__js_to_utf8(JSContextRef ctx, JSValueRef v, size_t *len, JSValueRef *exc);
void acs__js_set(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef v);
JSValueRef acs__js_get(JSContextRef ctx, JSObjectRef obj, const char *name);
void acs__js_set_fn(JSContextRef ctx, JSObjectRef obj, const char *name,
                    JSObjectCallAsFunctionCallback fn);
JSValueRef acs__js_throw(JSContextRef ctx, JSValueRef *exc, const char *msg);

#endif
