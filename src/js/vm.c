/* vm.c - node:vm's contexts: fresh global objects in the same context group
** (so objects pass between them), holding nothing of the host. */
#include "runtime_internal.h"

#include "../base/base.h"

#include <stdlib.h>

/* vm.newContext() -> the new realm's global object */
static ACS__HOST_FN(vm_new_context)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  JSGlobalContextRef c = JSGlobalContextCreateInGroup(acs__R.group, NULL);
  if (!c) return acs__js_throw(ctx, exc, "could not create a vm context");
  JSObjectRef global = JSContextGetGlobalObject(c);
  /* The realm lives as long as its global is reachable from JS. */
  JSGlobalContextRelease(c);
  return global;
}

/* vm.run(global, code, filename, line) -> the completion value; the code
** runs as a script with `global` as its global object */
static ACS__HOST_FN(vm_run)
{
  (void)fn; (void)self;
  if (argc < 2 || !JSValueIsObject(ctx, argv[0])) return acs__js_throw(ctx, exc, "vm.run: expected (global, code)");
  JSObjectRef global = JSValueToObject(ctx, argv[0], NULL);
  JSContextRef target = JSObjectGetGlobalContext(global);
  if (!target) return acs__js_throw(ctx, exc, "vm.run: not a context");
  JSStringRef code = JSValueToStringCopy(ctx, argv[1], exc);
  if (!code) return JSValueMakeUndefined(ctx);
  JSStringRef url = argc > 2 && JSValueIsString(ctx, argv[2]) ? JSValueToStringCopy(ctx, argv[2], NULL) : NULL;
  int line = argc > 3 ? (int)JSValueToNumber(ctx, argv[3], NULL) : 1;
  JSValueRef v = JSEvaluateScript(target, code, NULL, url, line < 1 ? 1 : line, exc);
  JSStringRelease(code);
  if (url) JSStringRelease(url);
  return v ? v : JSValueMakeUndefined(ctx);
}

/* vm.limit(timeout, fn) -> fn(): node:vm's `timeout` (ms, > 0). JSC can
** stop a script only by terminating everything up to the outermost call
** into JS (inside a microtask drain it aborts the process), so the script
** cannot be stopped and its caller go on: past the timeout the run ends
** with Node's error instead (see acs__js_vm_limit_push). */
static ACS__HOST_FN(vm_limit)
{
  (void)fn; (void)self;
  if (argc < 2 || !JSValueIsObject(ctx, argv[1])) return acs__js_throw(ctx, exc, "vm.limit: expected (timeout, fn)");
  double timeout = JSValueToNumber(ctx, argv[0], NULL);
  JSObjectRef f = JSValueToObject(ctx, argv[1], NULL);
  if (!(timeout > 0)) return JSObjectCallAsFunction(ctx, f, NULL, 0, NULL, exc);
  acs__vm_limit prev = acs__js_vm_limit_push(timeout);
  JSValueRef v = JSObjectCallAsFunction(ctx, f, NULL, 0, NULL, exc);
  acs__js_vm_limit_pop(prev);
  return v ? v : JSValueMakeUndefined(ctx);
}

void acs__host_vm(JSContextRef ctx, JSObjectRef host)
{
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  acs__js_set_fn(ctx, o, "newContext", vm_new_context);
  acs__js_set_fn(ctx, o, "run", vm_run);
  acs__js_set_fn(ctx, o, "limit", vm_limit);
  acs__js_set(ctx, host, "vm", o);
}
