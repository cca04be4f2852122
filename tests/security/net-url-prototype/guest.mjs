// patched URL getters and String methods do not change what is dialled
Object.defineProperty(URL.prototype, "hostname", { get() { return "allowed.test"; } });
Object.defineProperty(URL.prototype, "host", { get() { return "allowed.test"; } });
Object.defineProperty(URL.prototype, "port", { get() { return ""; } });
String.prototype.toLowerCase = function () { return "allowed.test"; };
try {
  const r = await fetch("http://127.0.0.1:$PB/");
  console.log("REACHED", r.status);
} catch (e) {
  console.log("refused:", e.name, e.message, "|", e.cause && e.cause.message);
}
