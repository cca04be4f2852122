const Koa = require("koa");
const app = new Koa();
app.use(async (ctx, next) => { await next(); ctx.set("X-Time", "t"); });
app.use(async (ctx) => {
  if (ctx.path === "/err") ctx.throw(418, "short and stout");
  ctx.body = { path: ctx.path, q: ctx.query, method: ctx.method };
});
const srv = app.listen(0, async () => {
  const base = `http://127.0.0.1:${srv.address().port}`;
  let r = await fetch(base + "/k?a=b");
  console.log(r.status, r.headers.get("x-time"), r.headers.get("content-type"), await r.text());
  r = await fetch(base + "/err");
  console.log(r.status, await r.text());
  srv.close();
});
