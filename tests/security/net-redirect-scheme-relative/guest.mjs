// a redirect to //127.0.0.1:$PB/x is checked as a new request
const url = "http://127.0.0.1:$PA/redirect?to=%2F%2F127.0.0.1%3A%24PB%2Fx";
try {
  const r = await fetch(url);
  console.log("REACHED", r.status, (await r.text()).slice(0, 80));
} catch (e) {
  console.log("refused:", e.name, e.message, "|", e.cause && e.cause.code, "|", e.cause && e.cause.message);
}
