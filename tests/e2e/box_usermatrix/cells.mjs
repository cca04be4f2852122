// cells.mjs - the user-model matrix's cells (tests/e2e/box_usermatrix.sh).
//   node cells.mjs setup ROOT   lay the fixture out under ROOT (as root)
//   node cells.mjs ops          print the operations, one per line:
//                               ID OP PATH [PATH2]   (paths relative to ROOT)
//   node cells.mjs table        print each cell: ID KIND OWNER MODE ENTRY-OWNER
// The same script lays the fixture out on the host and in the box, so both
// start from the same tree; each cell has a directory of its own, so no
// operation sees another's effect.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = 0, AGENT = 1000, OTHER = 2000;
const owners = { root: [ROOT, ROOT], agent: [AGENT, AGENT], other: [OTHER, OTHER], 'other:agent': [OTHER, AGENT] };

// operations on a file: its own mode and owner decide (the parent is root's 0755)
const fileOps = ['read', 'write', 'trunc', 'chmod', 'chown', 'chgrp', 'utimes', 'touch', 'exec', 'link', 'stat'];
const fileModes = [0o000, 0o400, 0o200, 0o600, 0o644, 0o755, 0o111, 0o070, 0o007, 0o4755];
// operations on a directory's entries: the directory's mode and owner (and,
// in a sticky one, the entry's owner) decide
const dirOps = ['create', 'unlink', 'rename', 'renameout', 'renamein', 'mkdir', 'rmdir', 'symlink', 'linkin', 'readdir', 'search', 'chmoddir', 'excl'];
const dirModes = [
  ['root', 0o755], ['root', 0o777], ['root', 0o1777], ['root', 0o733], ['root', 0o766], ['root', 0o711],
  ['agent', 0o755], ['agent', 0o555], ['agent', 0o1777], ['agent', 0o300], ['agent', 0o000],
  ['other', 0o1777], ['other', 0o777], ['other:agent', 0o770], ['other:agent', 0o1770], ['other:agent', 0o750],
];
const entryOwners = ['root', 'agent', 'other'];

export function cells() {
  const out = [];
  let n = 0;
  const id = () => 'c' + String(++n).padStart(4, '0');
  for (const op of fileOps)
    for (const who of Object.keys(owners))
      for (const mode of fileModes)
        out.push({ id: id(), kind: 'file', op, who, mode });
  for (const op of dirOps)
    for (const [who, mode] of dirModes)
      for (const eo of entryOwners)
        out.push({ id: id(), kind: 'dir', op, who, mode, eo });
  return out;
}

function own(p, who, mode) {
  const [u, g] = owners[who];
  fs.chownSync(p, u, g);
  fs.chmodSync(p, mode);
}

const T = new Date(1500000000 * 1000);

function setup(root) {
  fs.mkdirSync(root, { recursive: true });
  fs.chmodSync(root, 0o755);
  // where renameout moves to and renamein moves from: anybody may write there
  fs.mkdirSync(path.join(root, 'pub'));
  fs.chmodSync(path.join(root, 'pub'), 0o1777);
  // what linkin links: a file of the agent's, which protected_hardlinks lets it link
  fs.writeFileSync(path.join(root, 'pub', 'mine'), 'x\n');
  own(path.join(root, 'pub', 'mine'), 'agent', 0o644);
  const later = [];
  for (const c of cells()) {
    const d = path.join(root, c.id);
    fs.mkdirSync(d);
    if (c.kind === 'file') {
      const t = path.join(d, 't');
      fs.writeFileSync(t, '#!/bin/bash\necho ran\n');
      fs.utimesSync(t, T, T);
      own(t, c.who, c.mode);
      fs.chmodSync(d, 0o755);
    } else {
      const t = path.join(d, 't');
      if (c.op === 'rmdir') fs.mkdirSync(t); else fs.writeFileSync(t, 'x\n');
      own(t, c.eo, 0o644 | (c.op === 'rmdir' ? 0o111 : 0));
      if (c.op === 'renamein') {
        const s = path.join(root, 'pub', c.id);
        fs.writeFileSync(s, 'x\n');
        own(s, c.eo, 0o644);
      }
      later.push([d, c.who, c.mode]);
    }
  }
  // directories' modes last: writing into them above needed them open
  for (const [d, who, mode] of later) own(d, who, mode);
}

function ops() {
  const lines = [];
  for (const c of cells()) {
    const t = `${c.id}/t`;
    switch (c.op) {
      case 'link': lines.push(`${c.id} link ${t} pub/${c.id}`); break;
      case 'create': case 'mkdir': case 'symlink': lines.push(`${c.id} ${c.op} ${c.id}/new`); break;
      case 'rename': lines.push(`${c.id} rename ${t} ${c.id}/new`); break;
      case 'renameout': lines.push(`${c.id} rename ${t} pub/${c.id}`); break;
      case 'renamein': lines.push(`${c.id} rename pub/${c.id} ${c.id}/new`); break;
      case 'linkin': lines.push(`${c.id} link pub/mine ${c.id}/new`); break;
      case 'readdir': case 'chmoddir': lines.push(`${c.id} ${c.op === 'readdir' ? 'readdir' : 'chmod'} ${c.id}`); break;
      case 'search': lines.push(`${c.id} stat ${t}`); break;
      default: lines.push(`${c.id} ${c.op} ${t}`);
    }
  }
  return lines.join('\n') + '\n';
}

const [cmd, arg] = process.argv.slice(2);
if (cmd === 'setup') setup(arg);
else if (cmd === 'ops') process.stdout.write(ops());
else if (cmd === 'table') for (const c of cells()) console.log(c.id, c.kind, c.who, c.mode.toString(8), c.eo || '-');
else { console.error('usage: node cells.mjs setup ROOT | ops | table'); process.exit(2); }
