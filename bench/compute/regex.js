// Regular expressions: matching, replacing and splitting text.
const line = "2026-12-01T03:56:13Z INFO user=alice id=42 path=/api/v1/items?q=abc status=200 ms=12.5\n";
const text = line.repeat(2000);
let hits = 0;
for (let r = 0; r < 60; r++) {
  for (const m of text.matchAll(/user=(\w+) id=(\d+) path=(\S+) status=(\d+)/g)) hits += m[2].length;
  hits += text.replace(/\d+/g, "#").length;
  hits += text.split(/\s+/).length;
}
console.log(hits);
