// https://127.0.0.1:$PB/ is loopback however it is spelt; only allowed.test is allowed
const url = "https://127.0.0.1:$PB/";
try {
  const r = await fetch(url);
  console.log("REACHED", r.status, (await r.text()).slice(0, 80));
} catch (e) {
  console.log("refused:", e.name, e.message, "|", e.cause && e.cause.code, "|", e.cause && e.cause.message);
}
