// a Request whose url getter lies
class R extends Request { get url() { return "http://127.0.0.1:$PB/"; } }
try { const r = await fetch(new R("http://127.0.0.1:$PA/ok")); console.log("got", await r.text()); } catch (e) { console.log("refused:", e.name, e.message, e.cause && e.cause.message); }
