/* jsc_private.h - JavaScriptCore functions that libjavascriptcoregtk-4.1
** exports but whose public headers do not declare. The declarations follow
** WebKit's JSContextRefPrivate.h (execution time limit, unhandled rejection
** callback, eval switch) and JSBasePrivate.h (memory statistics); they are
** declared here once so that nothing else in the tree repeats them. */
#ifndef ACS_JSC_PRIVATE_H
#define ACS_JSC_PRIVATE_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

/* Called by the watchdog when the limit passes; returning true terminates
** the running script. It fires once per arming: re-arm to keep watching. */
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                         JSShouldTerminateCallback callback,
                                         void *context);
void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);

/* fn(promise, reason) is called after a microtask checkpoint for each
** rejected promise that has no handler. */
void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx,
                                                  JSObjectRef function,
                                                  JSValueRef *exception);

void JSGlobalContextSetEvalEnabled(JSGlobalContextRef ctx, bool enabled,
                                   JSStringRef message);

/* An object with heapSize, heapCapacity, extraMemorySize, objectCount, ... */
JSObjectRef JSGetMemoryUsageStatistics(JSContextRef ctx);
/* Memory outside the engine that an object keeps alive, so that the
** collector schedules itself by it (JSBasePrivate.h). */
void JSReportExtraMemoryCost(JSContextRef ctx, size_t size);

/* The global context a global object belongs to (JSObjectRefPrivate.h). */
JSGlobalContextRef JSObjectGetGlobalContext(JSObjectRef object);

/* The target of a Proxy (or of a global object's proxy), NULL for any other
** object; a revoked Proxy keeps its target (JSObjectRefPrivate.h). */
JSObjectRef JSObjectGetProxyTarget(JSObjectRef object);

#endif
