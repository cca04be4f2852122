const express = require("express");
const app = express();
app.use(express.json());
app.get("/api/:id", (req, res) => res.json({ id: req.params.id, q: req.query, ip: req.ip }));
app.post("/echo", (req, res) => res.status(201).json(req.body));
app.use((req, res) => res.status(404).send("no such page"));
const srv = app.listen(0, async () => {
  const base = `http://127.0.0.1:${srv.address().port}`;
  let r = await fetch(base + "/api/7?x=1");
  console.log(r.status, r.headers.get("content-type"), r.headers.get("x-powered-by"), await r.text());
  r = await fetch(base + "/echo", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ a: [1, 2] }) });
  console.log(r.status, await r.text());
  r = await fetch(base + "/nope");
  console.log(r.status, await r.text(), r.headers.get("content-length"));
  srv.close();
});
