// transform-corpus.mjs - build the TypeScript corpus for bench/transform.sh
// from the .ts sources that npm packages ship (installed by bench/package.json).
//   node transform-corpus.mjs OUTDIR
// writes OUTDIR/files.txt  every source file, one path a line (the per-file corpus)
//        OUTDIR/corpus.ts  one module made of those files: valid TypeScript that
//                          esbuild accepts, for one process to transform at once
//
// Files can't just be concatenated: their top-level names collide (every rxjs
// file imports Observable). So each file's body goes into its own block, and
// what must stay at the top level is rewritten to unique names:
//   import { a, b as c } from "m"   ->  top: import * as __i7 from "m"
//                                       block: const { a: a, b: c } = __i7;
//   import type { T } from "m"      ->  top: import type * as __i8 from "m"
//   export { a as b } from "m"      ->  top: export { a as __e3_b } from "m"
//   export * from "m"               ->  top, as is
//   export const x / function f ... ->  block: const x / function f ... (local)
//   export default function () {}   ->  block: function __d3() {}
//   export default expr             ->  block: const __d3 = expr
//   export { a, b }                 ->  dropped (local names stay in the block)
// Statements are recognised at column 0 (the sources are prettier-formatted).
// Files with a top-level namespace / declare module / declare global (which a
// block can't hold) are left out of corpus.ts, and so is any file whose block
// esbuild rejects; both are counted on stderr.
import { readFileSync, writeFileSync, readdirSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';

const here = new URL('.', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const esbuild = require('esbuild');
const out = process.argv[2];
if (!out) { console.error('usage: node transform-corpus.mjs OUTDIR'); process.exit(2); }
mkdirSync(out, { recursive: true });

// The corpus: every .ts (not .d.ts) under these packages' src/.
const roots = ['zod', 'rxjs'].map((p) => join(here, 'node_modules', p, 'src'));
const files = [];
const walk = (d) => {
  for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) files.push(p);
  }
};
for (const r of roots) walk(r);
writeFileSync(join(out, 'files.txt'), files.join('\n') + '\n');

const SPEC = String.raw`(?:"[^"]*"|'[^']*')`;
const ATTRS = String.raw`(?:\s*(?:with|assert)\s*\{[^}]*\})?`;
const importDone = new RegExp(String.raw`(?:\bfrom\s*${SPEC}|^import\s*${SPEC})${ATTRS}\s*;?\s*(?://.*)?$`);
const fromDone = new RegExp(String.raw`\bfrom\s*${SPEC}${ATTRS}\s*;?\s*(?://.*)?$`);
const cantBlock = /^(?:export\s+)?(?:declare\s+)?(?:namespace|module)\s+[\w$"']|^declare\s+global\b/m;

// Rename the exported names of `{ a, b as c, type d }` to __eK_*.
function renameExports(list, k) {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const m = /^(type\s+)?([\w$]+|"[^"]*"|'[^']*')(?:\s+as\s+([\w$]+|"[^"]*"|'[^']*'))?$/.exec(s);
      if (!m) throw new Error(`export specifier '${s}'`);
      const alias = (m[3] || m[2]).replace(/[^\w$]/g, '_');
      return `${m[1] || ''}${m[2]} as __e${k}_${alias}`;
    })
    .join(', ');
}

let n = 0;
function convert(text) {
  const k = n++;
  const top = [], head = [], body = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    const collect = (done) => {
      let s = line;
      while (!done.test(s) && i + 1 < lines.length) s += '\n' + lines[++i];
      return s;
    };
    if (/^import[\s{*'"]/.test(line)) {
      const s = collect(importDone);
      let m = new RegExp(String.raw`^import\s*(${SPEC})(${ATTRS})\s*;?`).exec(s);
      if (m) { top.push(`import ${m[1]}${m[2]};`); continue; }
      m = new RegExp(String.raw`^import\s+(type\s+)?([\s\S]*?)\s*from\s*(${SPEC})(${ATTRS})`).exec(s);
      if (!m) throw new Error(`import '${s}'`);
      const ns = `__i${k}_${top.length}`;
      let clause = m[2].replace(/\/\/.*$/gm, '');
      const binds = [];
      let values = 0;
      const def = /^([\w$]+)\s*(?:,\s*|$)/.exec(clause);
      if (def) { binds.push(`default: ${def[1]}`); values++; clause = clause.slice(def[0].length); }
      const star = /^\*\s*as\s+([\w$]+)/.exec(clause);
      if (star) head.push(`const ${star[1]} = ${ns};`), values++;
      const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
      if (named) {
        for (let sp of named[1].split(',').map((x) => x.trim()).filter(Boolean)) {
          if (/^type\s/.test(sp)) continue;
          const a = /^([\w$]+|"[^"]*"|'[^']*')(?:\s+as\s+([\w$]+))?$/.exec(sp);
          if (!a) throw new Error(`import specifier '${sp}'`);
          binds.push(`${a[1]}: ${a[2] || a[1]}`);
          values++;
        }
      } else if (clause.trim() && !star) throw new Error(`import clause '${clause}'`);
      const typeOnly = m[1] || !values;
      top.push(`import ${typeOnly ? 'type ' : ''}* as ${ns} from ${m[3]}${m[4]};`);
      if (binds.length && !typeOnly) head.push(`const { ${binds.join(', ')} } = ${ns};`);
      continue;
    }
    let m;
    if ((m = /^export\s+\*(\s+as\s+([\w$]+))?\s+from/.exec(line))) {
      const s = collect(fromDone);
      top.push(m[2] ? s.replace(/^export\s+\*\s+as\s+[\w$]+/, `export * as __e${k}_${m[2]}`) : s);
      continue;
    }
    if (/^export\s+(type\s+)?\{/.test(line)) {
      const s = collect(/\}\s*(?:from\s*(?:"[^"]*"|'[^']*')[^;]*)?;?\s*(?:\/\/.*)?$/);
      const r = /^export\s+(type\s+)?\{([\s\S]*)\}\s*from\s*([\s\S]*)$/.exec(s);
      if (r) top.push(`export ${r[1] || ''}{ ${renameExports(r[2], k)} } from ${r[3]}`);
      continue; // a local export list: the names stay local to the block
    }
    if ((m = /^export\s+default\s+/.exec(line))) {
      const rest = line.slice(m[0].length);
      if (/^(async\s+)?function\s*\*?\s*\(/.test(rest)) line = rest.replace(/function(\s*\*?)\s*\(/, `function$1 __d${k}(`);
      else if (/^(abstract\s+)?class\s*(\{|extends\b)/.test(rest)) line = rest.replace(/class\s*/, `class __d${k} `);
      else if (/^((async\s+)?function\b|(abstract\s+)?class\b|interface\b)/.test(rest)) line = rest;
      else line = `const __d${k} = ${rest}`;
    } else if ((m = /^export\s+(?=[a-z/])/.exec(line))) {
      line = line.slice(m[0].length);
    }
    body.push(line);
  }
  return { top: top.join('\n'), block: `{\n${head.join('\n')}\n${body.join('\n')}\n}` };
}

const tops = [], blocks = [];
let left = 0, rejected = 0, bytes = 0;
for (const f of files) {
  const text = readFileSync(f, 'utf8');
  const name = relative(join(here, 'node_modules'), f);
  if (cantBlock.test(text)) { left++; continue; }
  let c;
  try {
    c = convert(text);
    esbuild.transformSync(`${c.top}\n${c.block}`, { loader: 'ts', format: 'esm', logLevel: 'silent' });
  } catch (e) {
    rejected++;
    console.error(`transform-corpus: left out ${name}: ${e.errors ? `${e.errors[0].text} (line ${e.errors[0].location?.line})` : e.message}`);
    continue;
  }
  tops.push(c.top);
  blocks.push(`// ---- ${name}\n${c.block}`);
  bytes += text.length;
}
const corpus = `${tops.join('\n')}\n${blocks.join('\n')}\n`;
esbuild.transformSync(corpus, { loader: 'ts', format: 'esm', logLevel: 'silent' }); // throws if invalid
writeFileSync(join(out, 'corpus.ts'), corpus);
console.error(
  `transform-corpus: ${files.length} files; corpus.ts holds ${blocks.length} of them` +
    ` (${left} with a top-level namespace/declare module left out, ${rejected} rejected)`,
);
