// http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ:$PB/ is loopback however it is spelt; only allowed.test is allowed
const url = "http://\u24db\u24de\u24d2\u24d0\u24db\u24d7\u24de\u24e2\u24e3:$PB/";
try {
  const r = await fetch(url);
  console.log("REACHED", r.status, (await r.text()).slice(0, 80));
} catch (e) {
  console.log("refused:", e.name, e.message, "|", e.cause && e.cause.code, "|", e.cause && e.cause.message);
}
