/* introspect.c - a fact Node's util.inspect reads from V8 that the
** JavaScriptCore API does not give: the entries a Map or Set iterator has
** left, without using them up (host.previewEntries). Its contract is V8's,
** as described at the top of src/js/lib/inspect.js.
**
** libjavascriptcoregtk-4.1 (2.50) exports no function for it: the
** iterators' accessors are inline C++, and the inspector's
** InjectedScriptHost, which has them, is not reachable from a plain
** context. Iterators keep what is needed in "internal
** fields", JSValues stored right after the JSObject header (8 bytes of
** JSCell header, whose sixth byte is the cell's JSType, then the butterfly
** pointer); on 64-bit platforms a JSValueRef is the JSValue's encoding and
** an object's is its cell's address. That layout is no API, so the first
** call of a hook checks it on objects of known state, made with methods
** taken while the realm was new: under a JavaScriptCore that moved things
** the hook tells no more than what kind an object is, and inspect.js
** prints "<items unknown>" as it did without it, rather than misread
** memory. Nothing runs unless something is printed.
**
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
** no iterator), 1 the layout is the known one, -1 it is not. */
static struct {
  int iterators;
  uint8_t map_iterator_type, set_iterator_type;
  /* the realm's own methods, taken before any guest code could replace
  ** them: Map.prototype.entries and .set, Set.prototype.entries and .add,
  ** the iterators' next; Map and Set */
  JSObjectRef map_entries, map_set, set_entries, set_add, map_next, set_next;
  JSObjectRef map_ctor, set_ctor;
} I;

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

/* An object no guest getter or thenable reaches: null prototype. */
static JSObjectRef plain(JSContextRef ctx)
{
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  JSObjectSetPrototype(ctx, o, JSValueMakeNull(ctx));
  return o;
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
  if (!a || cell_type(a) == cell_type(kv[0])) return false;
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
** hook, which checks the layout when first called. */
void acs__host_introspect(JSContextRef ctx, JSObjectRef host)
{
  JSObjectRef old[8] = {I.map_entries, I.map_set, I.set_entries, I.set_add, I.map_next, I.set_next,
                        I.map_ctor, I.set_ctor};
  for (int i = 0; i < 8; i++)
    if (old[i]) JSValueUnprotect(ctx, old[i]);
  memset(&I, 0, sizeof I);
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  I.map_ctor = kept(ctx, global, "Map");
  I.set_ctor = kept(ctx, global, "Set");
  I.map_entries = method(ctx, I.map_ctor, "entries");
  I.map_set = method(ctx, I.map_ctor, "set");
  I.set_entries = method(ctx, I.set_ctor, "entries");
  I.set_add = method(ctx, I.set_ctor, "add");
  I.map_next = next_of(ctx, I.map_ctor, I.map_entries);
  I.set_next = next_of(ctx, I.set_ctor, I.set_entries);
  acs__js_set_fn(ctx, host, "previewEntries", host_preview_entries);
}
