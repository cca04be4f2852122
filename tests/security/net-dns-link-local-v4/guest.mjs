// allowed.test resolving to 169.254.1.1 is refused at connect time
const url = "http://allowed.test:$PB/";
try {
  const r = await fetch(url);
  console.log("REACHED", r.status, (await r.text()).slice(0, 80));
} catch (e) {
  console.log("refused:", e.name, e.message, "|", e.cause && e.cause.code, "|", e.cause && e.cause.message);
}
