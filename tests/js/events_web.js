// differential
// EventTarget, Event, CustomEvent, AbortController, AbortSignal, DOMException.
const t = new EventTarget();
const order = [];
t.addEventListener("ping", (e) => order.push(`a:${e.type}:${e.detail ?? "-"}`));
t.addEventListener("ping", { handleEvent(e) { order.push("obj"); } }, { once: true });
const dup = () => order.push("dup");
t.addEventListener("ping", dup); t.addEventListener("ping", dup);
console.log(t.dispatchEvent(new Event("ping")), t.dispatchEvent(new CustomEvent("ping", { detail: 7 })));
console.log(order.join(" "));
const ev = new Event("x", { cancelable: true, bubbles: true });
t.addEventListener("x", (e) => e.preventDefault(), { passive: false });
console.log(t.dispatchEvent(ev), ev.defaultPrevented, ev.type, ev.bubbles, ev.cancelable, ev.isTrusted, ev.eventPhase);
const ac = new AbortController();
const seen = [];
ac.signal.addEventListener("abort", () => seen.push("listener"));
ac.signal.onabort = () => seen.push("onabort");
t.addEventListener("y", () => seen.push("y-listener"), { signal: ac.signal });
console.log(ac.signal.aborted, ac.signal.reason);
ac.abort();
t.dispatchEvent(new Event("y"));
console.log(ac.signal.aborted, ac.signal.reason.name, ac.signal.reason.message, seen.join(" "));
try { ac.signal.throwIfAborted(); } catch (e) { console.log("threw", e.name); }
const s2 = AbortSignal.abort("why");
console.log(s2.aborted, s2.reason);
const any = AbortSignal.any([new AbortController().signal, AbortSignal.abort("first")]);
console.log(any.aborted, any.reason);
const ts = AbortSignal.timeout(10);
ts.addEventListener("abort", () => console.log("timeout", ts.reason.name, ts.reason.message));
const d = new DOMException("msg", "NotFoundError");
console.log(d.name, d.message, d.code, d instanceof Error, DOMException.NOT_FOUND_ERR, new DOMException().name);
try { t.addEventListener("z", 5); } catch (e) { console.log(e.name, e.code); }
try { new Event(); } catch (e) { console.log(e.name, e.message); }
