/* introspect.c - two facts Node's util.inspect reads from V8 that the
** JavaScriptCore API does not give: the state and result of a promise
** (host.getPromiseDetails) and the entries a Map or Set iterator has left,
** without using them up (host.previewEntries). Their contracts are V8's,
** as described at the top of src/js/lib/inspect.js.
**
** libjavascriptcoregtk-4.1 (2.50) exports no function for either:
** JSPromise::status() and the iterators' accessors are inline C++, and the
** inspector's InjectedScriptHost, which has them, is not reachable from a
** plain context. Both kinds of object keep what is needed in "internal
** fields", JSValues stored right after the JSObject header (8 bytes of
** JSCell header, whose sixth byte is the cell's JSType, then the butterfly
** pointer); on 64-bit platforms a JSValueRef is the JSValue's encoding and
** an object's is its cell's address. That layout is no API, so the first
** call of a hook checks it on objects of known state, made with methods
** taken while the realm was new: under a JavaScriptCore that moved things
** the hooks tell no more than what kind an object is, and inspect.js
** prints "Promise { <pending> }" and "<items unknown>" as it did without
** them, rather than misread memory. Nothing runs unless something is
** printed: no promise is tracked.
**
** JSPromise: field 0 the flags (an int32; state in the low two bits: 0
** pending, 1 fulfilled, 2 rejected), field 1 the result once settled.
** JSMapIterator and JSSetIterator: field 0 the entry index, 1 the map or
** set, 2 the table storage, 3 the kind (0 keys, 1 values, 2 entries). */
#include "runtime_internal.h"

#include <stdint.h>
#include <string.h>

#define FIELDS_AT 16
#define TYPE_AT 5
#define INT32_TAG 0xfffe000000000000ull
#define TAG_MASK 0xffff000000000000ull

enum { KIND_KEYS = 0, KIND_VALUES = 1, KIND_ENTRIES = 2 };

/* What calibration found, the same for every realm of the process: 0 not
** yet checked (it is done on first use: nothing is paid by runs that print
** no promise or iterator), 1 the layout is the known one, -1 it is not. */
static struct {
  int promises, iterators;
  uint8_t promise_type, map_iterator_type, set_iterator_type;
  /* the realm's own methods, taken before any guest code could replace
  ** them: Map.prototype.entries and .set, Set.prototype.entries and .add,
  ** the iterators' next, Promise.prototype.then; Map and Set */
  JSObjectRef map_entries, map_set, set_entries, set_add, map_next, set_next, then;
  JSObjectRef map_ctor, set_ctor;
} I;

static bool calibrate_promises(JSContextRef ctx);
static bool calibrate_iterators(JSContextRef ctx);

static uint8_t cell_type(JSValueRef v)
{
  return ((const uint8_t *)v)[TYPE_AT];
}

static uint64_t field(JSValueRef v, int i)
{
  uint64_t bits;
  memcpy(&bits, (const uint8_t *)v + FIELDS_AT + 8 * i, sizeof bits);
  return bits;
}

/* The int32 a field holds, or -1 for anything else. */
static int64_t int_field(JSValueRef v, int i)
{
  uint64_t bits = field(v, i);
  if ((bits & TAG_MASK) != INT32_TAG) return -1;
  return (int32_t)(uint32_t)bits;
}

static JSValueRef as_value(uint64_t bits)
{
  return (JSValueRef)(uintptr_t)bits;
}

static JSObjectRef object_of(JSContextRef ctx, JSValueRef v)
{
  return v && JSValueIsObject(ctx, v) ? JSValueToObject(ctx, v, NULL) : NULL;
}

static JSObjectRef call(JSContextRef ctx, JSObjectRef f, JSValueRef self, size_t argc, const JSValueRef *argv)
{
  JSValueRef exc = NULL;
  JSValueRef r = JSObjectCallAsFunction(ctx, f, object_of(ctx, self), argc, argv, &exc);
  return exc ? NULL : object_of(ctx, r);
}

/* host.getPromiseDetails(p) -> [state] when pending, [state, result] when
** settled, undefined for anything that is no promise. Under an unknown
** layout every promise is [0], pending, as inspect.js shows it without
** the hook. */
static ACS__HOST_FN(host_promise_details)
{
  (void)fn; (void)self; (void)exc;
  if (!I.promises) I.promises = calibrate_promises(ctx) ? 1 : -1;
  if (argc < 1 || !JSValueIsObject(ctx, argv[0]) || !I.promise_type || cell_type(argv[0]) != I.promise_type)
    return JSValueMakeUndefined(ctx);
  int64_t flags = I.promises > 0 ? int_field(argv[0], 0) : 0;
  JSValueRef out[2] = {JSValueMakeNumber(ctx, (double)(flags & 3)), NULL};
  if (flags <= 0 || (flags & 3) == 0) {
    out[0] = JSValueMakeNumber(ctx, 0);
    return JSObjectMakeArray(ctx, 1, out, NULL);
  }
  uint64_t result = field(argv[0], 1);
  out[1] = result ? as_value(result) : JSValueMakeUndefined(ctx);
  return JSObjectMakeArray(ctx, 2, out, NULL);
}

/* A fresh iterator over the same map or set, at the same place: one made
** by entries() gets the original's entry index and storage, as JSC's own
** clone for the inspector does. The stores skip the GC's write barrier;
** that is safe because the only cell stored, the storage, stays reachable
** through the original, which the caller's arguments hold. */
static JSObjectRef clone_at(JSContextRef ctx, JSValueRef it, bool map)
{
  uint64_t bits = field(it, 1);
  if (!bits || !JSValueIsObject(ctx, as_value(bits))) return NULL;
  JSValueRef target = as_value(bits);
  JSObjectRef c = call(ctx, map ? I.map_entries : I.set_entries, target, 0, NULL);
  if (!c || cell_type(c) != cell_type(it)) return NULL;
  memcpy((uint8_t *)c + FIELDS_AT, (const uint8_t *)it + FIELDS_AT, 8);
  memcpy((uint8_t *)c + FIELDS_AT + 16, (const uint8_t *)it + FIELDS_AT + 16, 8);
  return c;
}

/* Walk the clone; push keys and/or values by kind. NULL on failure. */
static JSObjectRef entries_left(JSContextRef ctx, JSValueRef it, bool map, int kind)
{
  JSObjectRef c = clone_at(ctx, it, map);
  if (!c) return NULL;
  JSObjectRef out = JSObjectMakeArray(ctx, 0, NULL, NULL);
  if (!out) return NULL;
  JSObjectRef next = map ? I.map_next : I.set_next;
  unsigned n = 0;
  for (;;) {
    JSObjectRef r = call(ctx, next, c, 0, NULL);
    if (!r) return NULL;
    if (JSValueToBoolean(ctx, acs__js_get(ctx, r, "done"))) break;
    JSObjectRef pair = object_of(ctx, acs__js_get(ctx, r, "value"));
    if (!pair) return NULL;
    if (kind != KIND_VALUES) JSObjectSetPropertyAtIndex(ctx, out, n++, JSObjectGetPropertyAtIndex(ctx, pair, 0, NULL), NULL);
    if (kind != KIND_KEYS) JSObjectSetPropertyAtIndex(ctx, out, n++, JSObjectGetPropertyAtIndex(ctx, pair, 1, NULL), NULL);
  }
  return out;
}

/* host.previewEntries(it, withKind) -> what a Map or Set iterator has
** left, flat ([k1, v1, k2, v2] for entries), or with withKind [that,
** isKeyValue, "Map" or "Set"]; null for such an iterator when the layout
** is unknown (inspect.js then shows <items unknown>); undefined for
** anything else (weak collections too: their tables are not JS objects). */
static ACS__HOST_FN(host_preview_entries)
{
  (void)fn; (void)self; (void)exc;
  if (!I.iterators) I.iterators = calibrate_iterators(ctx) ? 1 : -1;
  if (argc < 1 || !JSValueIsObject(ctx, argv[0])) return JSValueMakeUndefined(ctx);
  uint8_t t = cell_type(argv[0]);
  bool map = I.map_iterator_type && t == I.map_iterator_type;
  if (!map && (!I.set_iterator_type || t != I.set_iterator_type)) return JSValueMakeUndefined(ctx);
  if (I.iterators < 0) return JSValueMakeNull(ctx);
  int64_t kind = int_field(argv[0], 3);
  if (kind < KIND_KEYS || kind > KIND_ENTRIES) return JSValueMakeNull(ctx);
  /* a Set's keys are its values */
  if (!map && kind == KIND_KEYS) kind = KIND_VALUES;
  JSObjectRef out = entries_left(ctx, argv[0], map, (int)kind);
  if (!out) return JSValueMakeNull(ctx);
  if (argc < 2 || !JSValueToBoolean(ctx, argv[1])) return out;
  JSValueRef pair[3] = {out, JSValueMakeBoolean(ctx, kind == KIND_ENTRIES), acs__js_str(ctx, map ? "Map" : "Set")};
  return JSObjectMakeArray(ctx, 3, pair, NULL);
}

/* ------------------------------------------------------------ calibration */

static ACS__HOST_FN(noop)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  return JSValueMakeUndefined(ctx);
}

/* An object no guest getter or thenable reaches: null prototype. */
static JSObjectRef plain(JSContextRef ctx)
{
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  JSObjectSetPrototype(ctx, o, JSValueMakeNull(ctx));
  return o;
}

static JSObjectRef deferred(JSContextRef ctx, JSObjectRef *resolve, JSObjectRef *reject)
{
  JSValueRef exc = NULL;
  JSObjectRef p = JSObjectMakeDeferredPromise(ctx, resolve, reject, &exc);
  return exc ? NULL : p;
}

/* Promises of the three states, each checked field by field; the JSType
** of promises is kept even when the fields are not as expected. */
static bool calibrate_promises(JSContextRef ctx)
{
  JSObjectRef sentinel = plain(ctx), res, rej;
  JSObjectRef pending = deferred(ctx, &res, &rej);
  if (!pending || cell_type(pending) == cell_type(sentinel)) return false;
  I.promise_type = cell_type(pending);
  if (int_field(pending, 0) < 0 || (int_field(pending, 0) & 3) != 0) return false;

  JSObjectRef done = deferred(ctx, &res, &rej);
  JSValueRef arg = sentinel;
  if (!done || cell_type(done) != I.promise_type) return false;
  JSObjectCallAsFunction(ctx, res, NULL, 1, &arg, NULL);
  if ((int_field(done, 0) & 3) != 1 || as_value(field(done, 1)) != sentinel) return false;

  /* handled before it is rejected, so that no unhandled rejection is
  ** reported for it */
  JSObjectRef failed = deferred(ctx, &res, &rej);
  if (!failed || cell_type(failed) != I.promise_type || !I.then) return false;
  JSObjectRef handler = JSObjectMakeFunctionWithCallback(ctx, NULL, noop);
  JSValueRef handlers[2] = {handler, handler};
  if (!call(ctx, I.then, failed, 2, handlers)) return false;
  JSObjectCallAsFunction(ctx, rej, NULL, 1, &arg, NULL);
  return (int_field(failed, 0) & 3) == 2 && as_value(field(failed, 1)) == sentinel;
}

/* A collection with one entry and its iterators: the JSType of each kind
** of iterator, then its fields, and a preview before and after a step. */
static bool calibrate_one(JSContextRef ctx, bool map)
{
  JSObjectRef entries = map ? I.map_entries : I.set_entries, add = map ? I.map_set : I.set_add;
  JSObjectRef next = map ? I.map_next : I.set_next, C = map ? I.map_ctor : I.set_ctor;
  if (!entries || !add || !next || !C) return false;
  JSValueRef exc = NULL;
  JSObjectRef coll = JSObjectCallAsConstructor(ctx, C, 0, NULL, &exc);
  JSValueRef kv[2] = {plain(ctx), plain(ctx)};
  if (exc || !coll || !call(ctx, add, coll, 2, kv)) return false;
  JSObjectRef a = call(ctx, entries, coll, 0, NULL);
  if (!a || cell_type(a) == I.promise_type || cell_type(a) == cell_type(kv[0])) return false;
  if (map) I.map_iterator_type = cell_type(a);
  else I.set_iterator_type = cell_type(a);
  if (as_value(field(a, 1)) != coll || int_field(a, 0) != 0 || int_field(a, 3) != KIND_ENTRIES) return false;
  JSObjectRef left = entries_left(ctx, a, map, KIND_ENTRIES);
  JSValueRef want = map ? kv[1] : kv[0];
  if (!left || JSObjectGetPropertyAtIndex(ctx, left, 0, NULL) != kv[0] ||
      JSObjectGetPropertyAtIndex(ctx, left, 1, NULL) != want)
    return false;
  if (!call(ctx, next, a, 0, NULL) || int_field(a, 0) != 1) return false;
  left = entries_left(ctx, a, map, KIND_ENTRIES);
  return left && JSValueToNumber(ctx, acs__js_get(ctx, left, "length"), NULL) == 0;
}

static bool calibrate_iterators(JSContextRef ctx)
{
  bool ok = calibrate_one(ctx, true);
  ok = calibrate_one(ctx, false) && ok;
  return ok && I.map_iterator_type != I.set_iterator_type;
}

static JSObjectRef kept(JSContextRef ctx, JSObjectRef o, const char *name)
{
  JSObjectRef f = o ? object_of(ctx, acs__js_get(ctx, o, name)) : NULL;
  if (f) JSValueProtect(ctx, f);
  return f;
}

static JSObjectRef method(JSContextRef ctx, JSObjectRef C, const char *name)
{
  return kept(ctx, C ? object_of(ctx, acs__js_get(ctx, C, "prototype")) : NULL, name);
}

/* The next of the iterators that entries() makes. */
static JSObjectRef next_of(JSContextRef ctx, JSObjectRef C, JSObjectRef entries)
{
  JSValueRef exc = NULL;
  JSObjectRef coll = C && entries ? JSObjectCallAsConstructor(ctx, C, 0, NULL, &exc) : NULL;
  return kept(ctx, coll && !exc ? call(ctx, entries, coll, 0, NULL) : NULL, "next");
}

/* Called while the realm is new; takes the methods (cheap) and offers the
** hooks, which check the layout when first called. */
void acs__host_introspect(JSContextRef ctx, JSObjectRef host)
{
  JSObjectRef old[9] = {I.map_entries, I.map_set, I.set_entries, I.set_add, I.map_next, I.set_next,
                        I.then, I.map_ctor, I.set_ctor};
  for (int i = 0; i < 9; i++)
    if (old[i]) JSValueUnprotect(ctx, old[i]);
  memset(&I, 0, sizeof I);
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  I.map_ctor = kept(ctx, global, "Map");
  I.set_ctor = kept(ctx, global, "Set");
  I.map_entries = method(ctx, I.map_ctor, "entries");
  I.map_set = method(ctx, I.map_ctor, "set");
  I.set_entries = method(ctx, I.set_ctor, "entries");
  I.set_add = method(ctx, I.set_ctor, "add");
  I.then = method(ctx, object_of(ctx, acs__js_get(ctx, global, "Promise")), "then");
  I.map_next = next_of(ctx, I.map_ctor, I.map_entries);
  I.set_next = next_of(ctx, I.set_ctor, I.set_entries);
  acs__js_set_fn(ctx, host, "getPromiseDetails", host_promise_details);
  acs__js_set_fn(ctx, host, "previewEntries", host_preview_entries);
}
