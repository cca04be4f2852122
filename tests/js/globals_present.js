// differential
// Every global the runtime promises exists with the right type.
const names = ["console", "process", "setTimeout", "setInterval", "setImmediate", "clearTimeout",
  "clearInterval", "clearImmediate", "queueMicrotask", "structuredClone", "TextEncoder", "TextDecoder",
  "URL", "URLSearchParams", "atob", "btoa", "performance", "AbortController", "AbortSignal",
  "EventTarget", "Event", "CustomEvent", "DOMException", "crypto", "globalThis", "global"];
for (const n of names) console.log(n, typeof globalThis[n]);
console.log(global === globalThis);
globalThis.setTimeout = 5;
console.log(setTimeout);
// navigator: values that do not depend on the machine.
console.log(typeof navigator, typeof Navigator, navigator.constructor.name, String(navigator));
console.log(navigator.language, navigator.languages, navigator.platform, navigator.userAgent, typeof navigator.hardwareConcurrency);
try { new Navigator(); } catch (e) { console.log(e.name); }
