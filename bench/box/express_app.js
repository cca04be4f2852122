// The app bench/box/node_http.sh serves: express, one JSON route.
const express = require("express");
const app = express();
app.get("/api", (req, res) => res.json({ ok: true, n: 42 }));
app.listen(+process.argv[2] || 3000, "0.0.0.0", () => console.log("ready"));
