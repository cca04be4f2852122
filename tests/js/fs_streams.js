// differential
// fs streams: write, read back in chunks, pipe, ranges, errors.
const fs = require("fs");
const { pipeline } = require("stream");
const ws = fs.createWriteStream("stream-out.txt");
for (let i = 0; i < 1000; i++) ws.write(`line ${i}\n`);
ws.end("end\n", () => {
  const chunks = [];
  fs.createReadStream("stream-out.txt", { highWaterMark: 1024 })
    .on("data", (c) => chunks.push(c.length))
    .on("end", () => {
      console.log("chunks", chunks.length, chunks[0], chunks.reduce((a, b) => a + b, 0));
      const part = fs.createReadStream("stream-out.txt", { start: 5, end: 9, encoding: "utf8" });
      part.on("data", (d) => console.log("range", JSON.stringify(d)));
      part.on("close", () => {
        pipeline(fs.createReadStream("stream-out.txt"), fs.createWriteStream("stream-copy.txt"), (err) => {
          console.log("pipeline", err, fs.readFileSync("stream-copy.txt", "utf8") === fs.readFileSync("stream-out.txt", "utf8"));
          fs.createReadStream("does-not-exist.txt").on("error", (e) => {
            console.log("error", e.code, e.syscall);
            fs.unlinkSync("stream-out.txt");
            fs.unlinkSync("stream-copy.txt");
          });
        });
      });
    });
});
