const fastify = require("fastify")({ logger: false });
fastify.get("/f/:x", async (req) => ({ x: req.params.x, q: req.query }));
fastify.post("/p", async (req, reply) => { reply.code(201); return { got: req.body }; });
fastify.listen({ port: 0, host: "127.0.0.1" }).then(async (addr) => {
  let r = await fetch(addr + "/f/9?z=1");
  console.log(r.status, r.headers.get("content-type"), await r.text());
  r = await fetch(addr + "/p", { method: "POST", headers: { "content-type": "application/json" }, body: '{"n":1}' });
  console.log(r.status, await r.text());
  r = await fetch(addr + "/missing");
  console.log(r.status, await r.text());
  await fastify.close();
});
