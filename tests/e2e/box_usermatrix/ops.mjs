// ops.mjs - the matrix's operations through node's fs (tests/e2e/box_usermatrix.sh).
// node ops.mjs OPS-FILE: run each line (ID OP PATH [PATH2]) in the cwd and
// print "ID OK" or "ID ERRNO-NAME" ("ID n/a" where node cannot say it).
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const T = new Date(1000000000 * 1000);
const run = {
  read: p => { const fd = fs.openSync(p, 'r'); fs.readSync(fd, Buffer.alloc(4)); fs.closeSync(fd); },
  write: p => { const fd = fs.openSync(p, 'a'); fs.writeSync(fd, 'y'); fs.closeSync(fd); },
  trunc: p => fs.truncateSync(p, 0),
  chmod: p => fs.chmodSync(p, 0o700),
  chown: p => fs.chownSync(p, 1000, -1),
  chgrp: p => fs.chownSync(p, -1, 1000),
  utimes: p => fs.utimesSync(p, T, T),
  touch: null, // node has no way to ask for UTIME_NOW (times are always given)
  exec: p => {
    const r = spawnSync('./' + p, [], { encoding: 'utf8' });
    if (r.error) throw r.error;
    if (r.stdout !== 'ran\n') throw Object.assign(new Error('ran wrong'), { code: 'OUT:' + JSON.stringify(r.stdout) });
  },
  link: (p, q) => fs.linkSync(p, q),
  stat: p => fs.statSync(p),
  create: p => fs.closeSync(fs.openSync(p, 'w')),
  excl: p => fs.closeSync(fs.openSync(p, 'wx')),
  unlink: p => fs.unlinkSync(p),
  rename: (p, q) => fs.renameSync(p, q),
  mkdir: p => fs.mkdirSync(p),
  rmdir: p => fs.rmdirSync(p),
  symlink: p => fs.symlinkSync('t', p),
  readdir: p => fs.readdirSync(p),
};
let out = '';
for (const line of fs.readFileSync(process.argv[2], 'utf8').split('\n')) {
  if (!line) continue;
  const [id, op, p, q] = line.split(' ');
  if (!(op in run)) throw new Error('unknown op ' + op);
  if (!run[op]) { out += `${id} n/a\n`; continue; }
  try { run[op](p, q); out += `${id} OK\n`; } catch (e) { out += `${id} ${e.code || e.message}\n`; }
}
process.stdout.write(out);
