for (const code of [301, 302, 307, 308]) {
  try { const r = await fetch(`http://allowed.test:$PA/redirect?to=http://trap.test:$PB/&code=${code}`); console.log("FOLLOWED", r.status, await r.text()); }
  catch (e) { console.log("refused", code, e.cause?.code || e.name); }
}
console.log((await (await fetch("http://allowed.test:$PA/ok")).text()).slice(0, 10), "done");
