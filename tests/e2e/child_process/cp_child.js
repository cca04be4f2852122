process.on("message", (m) => {
  if (m === "bye") { process.disconnect(); return; }
  process.send({ echo: m, argv: process.argv.slice(2), connected: process.connected, env: process.env.NODE_CHANNEL_FD });
});
process.send("hello from child");
