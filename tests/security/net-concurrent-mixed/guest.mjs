// a forbidden redirect among requests already in flight refuses only that one
const ok = (n) => fetch("http://127.0.0.1:$PA/ok").then((r) => r.text());
const bad = fetch("http://127.0.0.1:$PA/redirect?to=http://127.0.0.1:$PB/").then(() => "REACHED", (e) => "refused " + e.cause.message);
const all = await Promise.all([ok(1), bad, ok(2), ok(3)]);
console.log(all.map((s) => s.slice(0, 60)).join("\n"));
