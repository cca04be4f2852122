const { Hono } = require("hono");
const { serve } = require("@hono/node-server");
const app = new Hono();
app.get("/h/:id", (c) => c.json({ id: c.req.param("id"), q: c.req.query("q") }));
app.post("/t", async (c) => c.text("got " + (await c.req.text()), 202));
const srv = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, async (info) => {
  const base = `http://127.0.0.1:${info.port}`;
  let r = await fetch(base + "/h/3?q=x");
  console.log(r.status, r.headers.get("content-type"), await r.text());
  r = await fetch(base + "/t", { method: "POST", body: "body" });
  console.log(r.status, await r.text());
  r = await fetch(base + "/none");
  console.log(r.status, await r.text());
  srv.close();
});
