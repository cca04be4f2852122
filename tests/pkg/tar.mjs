// tar.mjs - a small ustar writer for the fixture registry.
//
// It writes exactly the headers it is told to, so the attack fixtures can
// carry entries no well-behaved packer would make ("..", absolute names,
// links out, devices, PAX and GNU long-name records, lying sizes).
//
//   tarEntries(entries) -> iterable of Buffers (the tar stream, unzipped)
//   gzipEntries(entries, level) -> Promise<Buffer> (the .tgz bytes)
//
// An entry: { path, type, content, size, linkname, mode, devmajor,
// devminor, pax, zeros, raw }.
//   type: "file" (default), "dir", "symlink", "link" (hard), "char",
//         "block", "fifo", "pax" (an 'x' record whose body is built from
//         `pax`), "gnulong" (a GNU 'L' record naming the next entry),
//         or a one-character type flag.
//   content: string or Buffer (files).
//   zeros: a number of zero bytes as the file body, produced in chunks so
//         that a bomb never sits in memory.
//   size: the size written in the header, when it should lie; the body is
//         still `content` (padded to 512).
//   raw: a Buffer written as is (after the header, no padding).
import zlib from "node:zlib";

const MTIME = 1700000000; // fixed, so tarballs (and their integrity) are reproducible
const TYPES = { file: "0", dir: "5", symlink: "2", link: "1", char: "3", block: "4", fifo: "6", pax: "x", gnulong: "L" };

function put(buf, off, len, str) {
  const b = Buffer.from(str, "utf8");
  b.copy(buf, off, 0, Math.min(len, b.length));
}
function octal(buf, off, len, n) {
  // len-1 octal digits and a NUL
  put(buf, off, len, n.toString(8).padStart(len - 1, "0").slice(-(len - 1)) + "\0");
}

// Split a long name into ustar's prefix/name (at a "/"), or null.
function split(name) {
  const b = Buffer.from(name);
  if (b.length <= 100) return { prefix: "", name };
  for (let i = name.length - 1; i > 0; i--) {
    if (name[i] !== "/") continue;
    const p = name.slice(0, i), n = name.slice(i + 1);
    if (Buffer.byteLength(p) <= 155 && Buffer.byteLength(n) <= 100 && n) return { prefix: p, name: n };
  }
  return null;
}

export function header(e, size) {
  const h = Buffer.alloc(512);
  let name = e.path, prefix = "";
  const s = split(e.path);
  if (s) ({ name, prefix } = s);
  put(h, 0, 100, name);
  const type = TYPES[e.type || "file"] || e.type;
  const mode = e.mode ?? (type === "5" ? 0o755 : 0o644);
  octal(h, 100, 8, mode);
  octal(h, 108, 8, e.uid ?? 0);
  octal(h, 116, 8, e.gid ?? 0);
  octal(h, 124, 12, size);
  octal(h, 136, 12, e.mtime ?? MTIME);
  h.fill(0x20, 148, 156);
  put(h, 156, 1, type);
  put(h, 157, 100, e.linkname || "");
  put(h, 257, 6, "ustar\0");
  put(h, 263, 2, "00");
  put(h, 265, 32, "fx");
  put(h, 297, 32, "fx");
  octal(h, 329, 8, e.devmajor ?? 0);
  octal(h, 337, 8, e.devminor ?? 0);
  put(h, 345, 155, prefix);
  let sum = 0;
  for (const c of h) sum += c;
  put(h, 148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
  return h;
}

function paxBody(fields) {
  let out = "";
  for (const [k, v] of Object.entries(fields)) {
    const rest = ` ${k}=${v}\n`;
    let len = Buffer.byteLength(rest);
    let total = len + String(len).length;
    if (String(total).length !== String(len).length) total = len + String(total).length;
    out += total + rest;
  }
  return Buffer.from(out);
}

const ZERO_CHUNK = Buffer.alloc(1 << 20);

export function* tarEntries(entries) {
  for (const e of entries) {
    if (e.raw) { yield e.raw; continue; }
    let body = null;
    if (e.type === "pax") body = paxBody(e.pax);
    else if (e.type === "gnulong") body = Buffer.from(e.content + "\0");
    else if (e.content !== undefined) body = Buffer.isBuffer(e.content) ? e.content : Buffer.from(e.content);
    const realSize = e.zeros !== undefined ? e.zeros : body ? body.length : 0;
    const hdr = e.type === "pax" ? { ...e, path: e.path || "PaxHeader/x" } :
      e.type === "gnulong" ? { ...e, path: "././@LongLink" } : e;
    yield header(hdr, e.size ?? realSize);
    if (e.zeros !== undefined) {
      let left = e.zeros;
      while (left > 0) {
        const n = Math.min(left, ZERO_CHUNK.length);
        yield n === ZERO_CHUNK.length ? ZERO_CHUNK : ZERO_CHUNK.subarray(0, n);
        left -= n;
      }
    } else if (body && body.length) {
      yield body;
    }
    const pad = (512 - (realSize % 512)) % 512;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(1024); // two zero blocks end the archive
}

// gzip the tar stream of entries; level 1 keeps the bombs fast to make.
export async function gzipEntries(entries, level = 9) {
  const gz = zlib.createGzip({ level });
  const out = [];
  gz.on("data", (d) => out.push(d));
  const done = new Promise((res, rej) => { gz.on("end", res); gz.on("error", rej); });
  for (const chunk of tarEntries(entries)) {
    if (!gz.write(chunk)) await new Promise((r) => gz.once("drain", r));
  }
  gz.end();
  await done;
  return Buffer.concat(out);
}
