#!/usr/bin/env node
// npm_mirror.mjs - a local registry made of what the host's npm cache
// (~/.npm/_cacache) holds from registry.npmjs.org, so that bench/box/npm.sh
// can time `npm install express` in a box and on the host without the
// network: packuments (tarball URLs pointed here) and tarballs, both with
// Cache-Control: max-age=300 as the registry sends. Prints "PORT\n".
//
//   node bench/box/npm_mirror.mjs [CACHE_DIR]
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";

const cache = process.argv[2] || path.join(os.homedir(), ".npm", "_cacache");
const UPSTREAM = "https://registry.npmjs.org/";
const entries = new Map(); // "/express" or "/express/-/express-4.22.3.tgz" -> content file

function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else
      for (const line of fs.readFileSync(p, "utf8").split("\n")) {
        const tab = line.indexOf("\t");
        if (tab < 0) continue;
        let j;
        try { j = JSON.parse(line.slice(tab + 1)); } catch { continue; }
        const m = /^make-fetch-happen:request-cache:(.*)$/.exec(j.key || "");
        if (!m || !m[1].startsWith(UPSTREAM) || !j.integrity) continue;
        const [algo, b64] = j.integrity.split(" ")[0].split("-");
        const hex = Buffer.from(b64, "base64").toString("hex");
        const file = path.join(cache, "content-v2", algo, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
        if (fs.existsSync(file)) entries.set("/" + m[1].slice(UPSTREAM.length), file);
      }
  }
}
walk(path.join(cache, "index-v5"));

const server = http.createServer((req, res) => {
  let url = req.url.split("?")[0];
  // "@scope%2fname" and "@scope/name" name the same packument
  const keys = [url, url.replace(/%2f/i, "/"), url.replace(/^(\/@[^/]+)\//, "$1%2f")];
  const file = keys.map((k) => entries.get(k)).find(Boolean);
  if (!file) {
    res.writeHead(404, { "content-type": "application/json" });
    res.end('{"error":"Not found"}');
    return;
  }
  const body = fs.readFileSync(file);
  if (url.endsWith(".tgz")) {
    res.writeHead(200, { "content-type": "application/octet-stream", "cache-control": "public, max-age=300" });
    res.end(body);
    return;
  }
  const base = `http://127.0.0.1:${server.address().port}/`;
  res.writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=300" });
  res.end(body.toString("utf8").split(UPSTREAM).join(base));
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
