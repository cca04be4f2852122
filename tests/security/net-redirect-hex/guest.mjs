// a redirect to http://0x7f.1:$PB/ is checked as a new request
const url = "http://127.0.0.1:$PA/redirect?to=http%3A%2F%2F0x7f.1%3A%24PB%2F";
try {
  const r = await fetch(url);
  console.log("REACHED", r.status, (await r.text()).slice(0, 80));
} catch (e) {
  console.log("refused:", e.name, e.message, "|", e.cause && e.cause.code, "|", e.cause && e.cause.message);
}
