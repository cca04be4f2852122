#!/usr/bin/env node
// Compares src/js/lib/inspect.js (with its parts inspect_util.js and
// inspect_printer.js) and console.js, loaded under Node as the runtime
// loads them (the body of `function (exports, require, host)`), with Node's
// own util.inspect / util.format / console.
//
//   node tests/lib/inspect_vs_node.js [-v]
//
// Prints each differing case, then "N passed, N failed"; exits 1 on any
// failure. It re-runs itself with --expose-internals to reach V8 facts that
// JSC's runtime must provide through optional host hooks (proxy target,
// promise state, iterator preview, non-index keys) and Node's internal
// getStringWidth. The same files are also checked with no hooks at all.
//
// Target: Node 22 (tests/run.sh runs this under Node 22). Under an older
// Node the checks of behaviour that changed by 22 are skipped on mismatch
// (see changedInNode22).
//
// Shims: require("errors").formatStack(err) returns err.stack (here V8's
// own text, which is what the real errors module produces from JSC's).
// "process" and "process_warning" are not loaded, so console's own warning
// text is tested; a stand-in process module checks the emitWarning path.
//
// Exceptions:
// - An object whose prototype was set to null after construction: V8 still
//   names its constructor ("[Foo: null prototype]"), JSC cannot; checked
//   against "[Object: null prototype]" instead (engineSpecific below).
// - The hook-less paths (no host.getPromiseDetails, ...) cannot match Node
//   (it reads V8 internals); they are checked against the documented
//   fallback text instead ("Promise { <pending> }", "<items unknown>").
// - stripVTControlCharacters follows ECMA-48 (CSI: parameter, intermediate
//   and final bytes); Node's pattern differs on malformed input, e.g. it
//   leaves "m" of "\x1b[12345m" and strips an unfinished "\x1b[31".
//   Well-formed sequences are compared.
// - getStringWidth: Node asks ICU for East Asian Width; inspect.js uses
//   ranges plus Unicode property escapes. Compared on common scripts only.

'use strict';

if (!process.execArgv.includes('--expose-internals')) {
  const { spawnSync } = require('child_process');
  const r = spawnSync(process.execPath,
    ['--expose-internals', '--no-warnings', __filename, ...process.argv.slice(2)],
    { stdio: 'inherit' });
  process.exit(r.status === null ? 1 : r.status);
}

const fs = require('fs');
const path = require('path');
const util = require('util');
const vm = require('vm');
const NodeConsole = require('console').Console;
const { Writable } = require('stream');
const { internalBinding } = require('internal/test/binding');
const nodeUtilBinding = internalBinding('util');
const nodeInspectInternals = require('internal/util/inspect');

const verbose = process.argv.includes('-v');
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

// The files follow Node 22 (tests/run.sh runs this file under Node 22).
// Under older Node, mismatches in what changed by Node 22 are only counted
// as skipped: ArrayBuffer/DataView/typed-array getter keys shown as
// "[byteLength]", tags the constructor name already says ("MyMap(1) {}"),
// error keys (non-string name/message/stack, own cause/errors only),
// non-string stacks, console.assert with a non-string first argument, and
// the order of the console methods; and errors under showHidden (V8 12
// made error.stack an own accessor).
const changedInNode22 = new RegExp(`\\b(${['sab', 'mySet', 'myPromise', 'myMap', 'emptyAb', 'dv',
  'detached', 'abProps', 'abBig', 'ab', 'errNoStackProps', 'errNoStack', 'u8props', 'u8big', 'u8InObj',
  'u8', 'typedInArr', 'nullProtoU8', 'nodeConsoleLike', 'myU8', 'i16', 'f64', 'emptyU8', 'big64',
  'tagCases', 'errShapes', 'oddFnNames', 'everything', 'global console inspect', 'console method names',
  'console instance inspect', 'console inspectConsole', 'console assert'].join('|')})\\b`);
let skipped = 0;
const libDir = path.join(__dirname, '..', '..', 'src', 'js', 'lib');

// ---------------------------------------------------------------------------
// Loading the lib files the way the runtime does.

let fakeNow = 0; // nanoseconds, shared by both consoles' clocks
const hostOut = { 1: '', 2: '' };

function makeHost(withHooks) {
  const host = {
    write(fd, s) { hostOut[fd] += s; },
    hrtime() { return fakeNow; },
    timeOrigin: Date.now(),
    cwd: process.cwd(),
  };
  if (withHooks) {
    host.getProxyDetails = (v) => nodeUtilBinding.getProxyDetails(v, true);
    host.getPromiseDetails = (p) => nodeUtilBinding.getPromiseDetails(p);
    host.previewEntries = (...argv) => nodeUtilBinding.previewEntries(...argv);
    host.getOwnNonIndexProperties = (v, filter) => nodeUtilBinding.getOwnNonIndexProperties(v, filter);
  }
  return host;
}

// Sibling files, inspect.js's parts (inspect_*.js) among them, load from
// src/js/lib by name, once per loader: each host gets its own copies.
function loadLib(host, processModule) {
  const cache = Object.create(null);
  function req(name) {
    if (name === 'errors') return { formatStack: (err) => err.stack };
    // The runtime's process module is not loaded here: without it console
    // writes warnings itself (tested), with a stand-in it must call it.
    if (name === 'process' && processModule) return processModule;
    if (name === 'process' || name === 'process_warning') throw new Error(`Cannot find module '${name}'`);
    if (cache[name]) return cache[name];
    const file = path.join(libDir, `${name}.js`);
    if (!fs.existsSync(file)) throw new Error(`Cannot find module '${name}'`);
    const exports = cache[name] = {};
    new Function('exports', 'require', 'host', fs.readFileSync(file, 'utf8'))(exports, req, host);
    return exports;
  }
  return req;
}

const req = loadLib(makeHost(true));
const ours = req('inspect');
const oursConsole = req('console');
const reqNoHooks = loadLib(makeHost(false));
const emittedWarnings = [];
const reqWithProcess = loadLib(makeHost(true), { emitWarning: (msg) => emittedWarnings.push(msg) });
const oursNoHooks = reqNoHooks('inspect');

// Node's console uses process.hrtime; make it read the same fake clock.
process.hrtime = function hrtime(prev) {
  const sec = Math.floor(fakeNow / 1e9);
  const nsec = fakeNow % 1e9;
  if (prev) {
    let s = sec - prev[0];
    let n = nsec - prev[1];
    if (n < 0) { s--; n += 1e9; }
    return [s, n];
  }
  return [sec, nsec];
};

// ---------------------------------------------------------------------------
// Bookkeeping.

let passed = 0;
let failed = 0;

function check(name, actual, expected, node22Only = changedInNode22.test(name)) {
  if (actual === expected) {
    passed++;
    if (verbose) console.log(`ok ${name}`);
    return;
  }
  if (NODE_MAJOR < 22 && node22Only) {
    skipped++;
    if (verbose) console.log(`skip ${name} (Node ${NODE_MAJOR} predates the Node 22 behaviour)`);
    return;
  }
  failed++;
  console.log(`FAIL ${name}`);
  console.log(`  expected: ${JSON.stringify(expected)}`);
  console.log(`  actual:   ${JSON.stringify(actual)}`);
}

function attempt(fn) {
  try {
    return fn();
  } catch (err) {
    return `<threw ${err && err.name}: ${err && err.message}>`;
  }
}

// ---------------------------------------------------------------------------
// Fixtures.

class Foo {
  constructor() { this.a = 1; this.b = 'two'; }
}
class Bar extends Foo {
  constructor() { super(); this.c = [1, 2, 3]; }
  method() {}
  get g() { return 42; }
}
class Empty {}
class Tagged { get [Symbol.toStringTag]() { return 'TagX'; } }
class MyArray extends Array {}
class MyMap extends Map {}
class MySet extends Set {}
class MyError extends Error {}
class NamedError extends Error {
  constructor(m) { super(m); this.name = 'NamedError'; }
}
class MyDate extends Date {}
class MyRegExp extends RegExp {}
class MyPromise extends Promise {}
class MyU8 extends Uint8Array {}
class StaticProps { static x = 1; static y = 'z'; }
class Anon extends (class {}) {}
const anonClass = (() => class {})();
function plainFn() {}
function* genFn() {}
async function asyncFn() {}
async function* asyncGenFn() {}
const arrowFn = () => {};
const boundFn = plainFn.bind(null);
const fnWithProps = Object.assign(function withProps() {}, { x: 1, y: { z: 2 } });
const nullProtoFn = Object.setPrototypeOf(function nullProto() {}, null);

const circular = { name: 'root' };
circular.self = circular;
const circArr = [1];
circArr.push(circArr);
const circNested = { a: { b: {} } };
circNested.a.b.back = circNested.a;
circNested.a.b.root = circNested;
const circMap = new Map();
circMap.set('me', circMap);
const twoCirc = { x: {}, y: {} };
twoCirc.x.x = twoCirc.x;
twoCirc.y.y = twoCirc.y;
twoCirc.y.x = twoCirc.x;

function args() { return arguments; }

const errWithProps = new Error('with props');
errWithProps.code = 'E_CODE';
errWithProps.extra = { deep: { deeper: { deepest: 1 } } };
const errNoStack = new TypeError('no stack');
delete errNoStack.stack;
errNoStack.stack = undefined;
const errEmptyStack = new Error('empty stack');
errEmptyStack.stack = '';
const errCustomStack = new Error('custom');
errCustomStack.stack = 'Just some text';
const errRenamed = new Error('renamed');
errRenamed.name = 'Renamed';
const errCause = new Error('outer', { cause: new TypeError('inner') });
const errCausePrim = new Error('outer', { cause: 'a string cause' });
const errCauseUndef = new Error('outer', { cause: undefined });
const aggErr = new AggregateError([new Error('a'), new RangeError('b')], 'many');
const errNullProto = Object.setPrototypeOf(new Error('np'), null);
const errMultiline = new Error('line1\nline2\n    at fake (x:1:1)');
const errMsgInStack = new SyntaxError('');
const errInObj = { e: new Error('in object'), n: 1 };
const errNoStackProps = Object.assign(new RangeError('bad'), { code: 7 });
delete errNoStackProps.stack;
errNoStackProps.stack = undefined;
const fakeError = Object.create(Error.prototype);
function deepErr(n) { return n === 0 ? new Error('deep') : deepErr(n - 1); }
const errCauseShared = (() => {
  function inner() { return new Error('inner'); }
  function outer() { return new Error('outer', { cause: inner() }); }
  return outer();
})();

const getterObj = {
  get a() { return 1; },
  set b(v) {},
  get c() { return 2; }, set c(v) {},
  get d() { return { nested: true }; },
  get e() { return null; },
  get f() { throw new Error('boom'); },
  plain: 3,
};

const withSymbols = { [Symbol('sym')]: 1, [Symbol()]: 2, [Symbol.iterator]: 3, regular: 4 };
const hidden = Object.defineProperty({ visible: 1 }, 'hidden', { value: 2, enumerable: false });
const oddKeys = {
  'a-b': 1, 'c d': 2, 0: 3, '1a': 4, $dollar: 5, _under: 6, 'é': 7, '': 8,
  "it's": 9, 'new\nline': 10, ['__proto__']: 11, 'valid_123': 12, '123': 13,
};
const protoKey = JSON.parse('{"__proto__": 1, "x": 2}');

const nullProto = Object.create(null);
const nullProtoWithKeys = Object.assign(Object.create(null), { a: 1, b: [2] });
const nullProtoTagged = Object.assign(Object.create(null), {});
Object.defineProperty(nullProtoTagged, Symbol.toStringTag, { value: 'NT' });
const ownTag = { [Symbol.toStringTag]: 'OwnTag', x: 1 };
const hiddenTag = Object.defineProperty({ x: 1 }, Symbol.toStringTag, { value: 'Hid' });
const protoChain = Object.create(Object.create(null));
const protoFromObj = Object.create({ inherited: 1 });

const holes1 = [, 1];
const holes2 = [1, , 3];
const holes3 = new Array(5);
const holes4 = [1, , , , 5, , ];
const holesMany = [];
holesMany[150] = 1;
const holesMixed = [1, 2];
holesMixed[10] = 3;
holesMixed[11] = 4;
holesMixed[200] = 5;
const arrExtra = [1, 2, 3];
arrExtra.prop = 'x';
arrExtra[Symbol('s')] = 'sym';
const arrOnlyExtra = [];
arrOnlyExtra.key = 1;

const bigArr = Array.from({ length: 150 }, (_, i) => i);
const arr30 = Array.from({ length: 30 }, (_, i) => i);
const arr7 = [1, 2, 3, 4, 5, 6, 7];
const arr6 = [1, 2, 3, 4, 5, 6];
const arrNeg = Array.from({ length: 40 }, (_, i) => (i % 3 ? -i * 7 : i * 1000));
const arrFloat = Array.from({ length: 25 }, (_, i) => i / 7);
const arrStr = Array.from({ length: 26 }, (_, i) => String.fromCharCode(97 + i).repeat(i % 5 + 1));
const arrWords = 'the quick brown fox jumps over the lazy dog and then some more words follow here'.split(' ');
const arrMixed = [1, 'two', null, undefined, true, 3n, Symbol('s'), { a: 1 }, [2], () => {}];
const arrBig = Array.from({ length: 20 }, (_, i) => BigInt(i) ** 5n);
const arrObjs = Array.from({ length: 8 }, (_, i) => ({ id: i, name: `item${i}` }));
const arrNested = [[1, 2, [3, 4, [5, [6]]]], [[[]]]];
const arrOfArrs = Array.from({ length: 10 }, (_, i) => [i, i * 2]);
const arrLongStrs = Array.from({ length: 10 }, (_, i) => 'x'.repeat(i * 5));
const arr101 = Array.from({ length: 101 }, (_, i) => i % 10);
const arrUnicode = ['日本', '中文字', 'ａｂｃ', 'plain', 'é', 'x', 'yy', 'zzz'];

const map1 = new Map([[1, 'one'], ['two', { n: 2 }], [{ k: 1 }, [1, 2]]]);
const mapBig = new Map(Array.from({ length: 120 }, (_, i) => [i, `v${i}`]));
const mapNested = new Map([['m', new Map([['n', new Map([['o', new Map([[1, 2]])]])]])]]);
const mapProps = Object.assign(new Map([[1, 2]]), { extra: true });
const set1 = new Set([1, 'a', { b: 2 }, [3]]);
const setBig = new Set(arr30);
const setProps = Object.assign(new Set(), { extra: true });
const nullProtoMap = Object.setPrototypeOf(new Map([[1, 2]]), null);
const nullProtoSet = Object.setPrototypeOf(new Set([1]), null);
const weakKey = { key: true };
const weakMap = new WeakMap([[weakKey, 1]]);
const weakSet = new WeakSet([weakKey]);

const u8 = new Uint8Array([1, 2, 3]);
const u8big = new Uint8Array(130).map((_, i) => i);
const f64 = new Float64Array([1.5, -0, NaN, Infinity]);
const i16 = new Int16Array([-1, 2, -300]);
const big64 = new BigInt64Array([1n, -2n]);
const u8props = Object.assign(new Uint8Array(2), { prop: 1 });
const ab = new Uint8Array([1, 2, 255, 16]).buffer;
const abBig = new ArrayBuffer(120);
const sab = new SharedArrayBuffer(4);
const dv = new DataView(new ArrayBuffer(4), 1, 2);
const detached = (() => { const b = new ArrayBuffer(8); structuredClone(b, { transfer: [b] }); return b; })();
const abProps = Object.assign(new ArrayBuffer(2), { x: 1 });
const nullProtoU8 = Object.setPrototypeOf(new Uint8Array(2), null);

const date = new Date(Date.UTC(2020, 0, 2, 3, 4, 5, 678));
const dateInvalid = new Date(NaN);
const dateProps = Object.assign(new Date(0), { x: 1 });
const dateFar = new Date(8.64e15);
const dateNeg = new Date(-62198755200000);

const regexProps = Object.assign(/x/y, { prop: 1 });

const boxedStrProps = Object.assign(new String('ab'), { extra: 1 });
const nullProtoNum = Object.setPrototypeOf(new Number(5), null);

const pResolved = Promise.resolve({ a: 1 });
const pRejected = Promise.reject(new Error('rejected'));
pRejected.catch(() => {});
const pPending = new Promise(() => {});
const pProps = Object.assign(Promise.resolve(1), { x: 2 });
const pNested = Promise.resolve(Promise.resolve(3));

const proxyObj = new Proxy({ a: 1, b: [2] }, {});
const proxyArr = new Proxy([1, 2, 3], {});
const proxyFn = new Proxy(function target() {}, {});
const proxyTrap = new Proxy({ real: 1 }, { ownKeys() { return ['fake']; }, get() { return 'trapped'; } });
const revoked = (() => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; })();
const proxyOfProxy = new Proxy(new Proxy({ p: 1 }, {}), {});

const customInspect = { [util.inspect.custom]() { return 'CUSTOM'; } };
const customMultiline = { nested: { [util.inspect.custom]() { return 'line1\nline2'; } } };
const customObj = { [util.inspect.custom]() { return { replaced: [1, 2] }; } };
const customDepth = { [util.inspect.custom](depth, opts) { return `depth=${depth} compact=${opts.compact}`; } };
const customStylize = { [util.inspect.custom](depth, opts) { return opts.stylize('styled', 'special'); } };
const customThis = { [util.inspect.custom]() { return this; }, v: 1 };
const customInspectFn = { [util.inspect.custom](d, o, inspect) { return inspect({ inner: 1 }, o); } };
class CustomClass { [util.inspect.custom]() { return 'CC'; } }

const mapIterKeys = new Map([[1, 'a'], [2, 'b']]).keys();
const mapIterEntries = new Map([[1, 'a'], [2, { b: 1 }]]).entries();
const setIterValues = new Set([1, 2, 3]).values();
const setIterEntries = new Set([1]).entries();
const arrIter = [1, 2].values();
const genObj = genFn();

const longString = 'x'.repeat(200);
const multiLineString = 'first line of text\nsecond line of text\nthird line that is rather long and goes on\n';
const objLongStr = { key: multiLineString, other: 'y'.repeat(90) };
const wideObj = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [String.fromCharCode(97 + i), i]));
const medObj = { alpha: 'aaaaaaaaaa', beta: 'bbbbbbbbbb', gamma: 'cccccccccc', delta: 'dddddddddd', eps: 1 };
const deep = { l1: { l2: { l3: { l4: { l5: 'bottom' } } } } };
const deepArr = [[[[[['bottom']]]]]];
const mixedNest = {
  str: 'hello', num: 42, arr: [1, 2, { inner: [3, 4] }], map: new Map([['k', { v: 1 }]]),
  set: new Set(['s']), fn() {}, date: new Date(0), re: /re/g, nil: null, undef: undefined,
};
const configLike = {
  name: 'my-package', version: '1.0.0', scripts: { build: 'tsc -p .', test: 'node --test' },
  dependencies: { lodash: '^4.17.21', express: '^4.18.2', react: '^18.2.0' },
  keywords: ['a', 'b', 'c'], nested: { deeper: { deepest: { bottom: true } } },
};
const sortable = { z: 1, a: 2, m: { y: 1, b: 2 }, [Symbol('s')]: 3 };
const numbers = { int: 1234567, neg: -1234567.891, small: 0.000123, big: 1e21, frac: 1234.5678, n: 12n ** 10n };

let moduleNs; // filled asynchronously below

const ctorProp = { constructor: 'not a function', x: 1 };
const ctorNoName = new (function () { return function () {}; }())();
const fromFooProto = Object.create(Foo.prototype);
const fooNullProto = Object.setPrototypeOf(new Foo(), null);
class FieldNameError extends Error { name = 'FieldNameError'; }
class CodeError extends Error { constructor(m) { super(m); this.code = 'ERR_X'; } }
const errMessageChanged = new Error('original');
errMessageChanged.message = 'changed';
const errInMap = new Map([['e', new RangeError('in map')]]);
const causeChain = new Error('top', { cause: new Error('middle', { cause: new Error('bottom') }) });
const aggNested = { wrapper: new AggregateError([new Error('x')], 'agg') };
class TaggedFn { static [Symbol.toStringTag] = 'StaticTag'; }
const fnTagged = Object.assign(function tagFn() {}, { [Symbol.toStringTag]: 'FnTag' });
const keyedCirc = { list: [] };
keyedCirc.list.push({ parent: keyedCirc }, new Map([[keyedCirc, new Set([keyedCirc])]]));
const longKeys = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`property_number_${i}_${'x'.repeat(i * 4)}`, i]));
const arrNegZero = [-0, 0, -0.5];
const strArrayMax = ['abcdefgh', 'ijklmnop', 'x'.repeat(30)];
const objWithArrays = { a: Array.from({ length: 12 }, (_, i) => i * 1111), b: ['short', 'strings', 'here', 'and', 'more', 'of', 'them'] };
const sparseObjArr = [{ a: 1 }, , { b: 2 }];
const withUndefinedProps = { a: undefined, b: null, c: [undefined, null] };
const dateInvalidProps = Object.assign(new Date(NaN), { x: 1 });
const fnNamedClassLike = { classic() {} }.classic;
const classWithComment = class /* c */ Commented {};
const classMixin = class MixedIn extends ((B) => class extends B {})(Object) {};
const symbolKeysOnly = { [Symbol('only')]: { nested: [1] } };
const hugeDepth = (() => { let o = { end: true }; for (let i = 0; i < 30; i++) o = { n: o }; return o; })();
const accessorArray = Object.defineProperty([1, 2], '0', { get() { return 'g'; } });
const typedInArr = [new Uint8Array([1, 2]), new Float32Array(2), new BigUint64Array(1)];
const errNodeModules = new Error('from a package');
errNodeModules.stack = `Error: from a package\n    at fn (${process.cwd()}/node_modules/pkg/index.js:1:2)\n` +
  `    at other (/x/node_modules/@scope/name/lib/a.js:3:4)\n    at file://${process.cwd()}/esm.mjs:5:6\n` +
  '    at node:internal/timers:1:1\n    at Foo.bar (node:fs:1:1)\n    at (node:fs:1:1)';
// Tags next to constructor names (Node 22 drops a tag the name already
// ends with, or that ends a camel-case word of it).
const tagged = (name, tag) => new ({ [name]: class { get [Symbol.toStringTag]() { return tag; } } })[name]();
const ownTagOn = (value, tag) => Object.defineProperty(value, Symbol.toStringTag, { value: tag });
class MapLike extends Map {}
class WeakMapX extends WeakMap {}
class Uint8ArrayX extends Uint8Array {}
class RegExpLike extends RegExp {}
const tagCases = [tagged('Abc', 'c'), tagged('Abc', 'bc'), tagged('Abc', 'A'), tagged('Abc', 'b'),
  tagged('Abc', 'Abc'), tagged('ABC', 'B'), tagged('A_B', 'A'), tagged('A\u00c9', 'A'), tagged('A1', 'A'),
  tagged('Objective', 'Object'), tagged('XObject', 'Object'), new MapLike([[1, 2]]), new WeakMapX(),
  new Uint8ArrayX(2), ownTagOn(new RegExpLike('q'), 'e'), ownTagOn(new RegExpLike('q'), 'Reg'),
  ownTagOn(/x/, 'g'), ownTagOn(/x/, 'R'), ownTagOn(new Date(0), 'e'), ownTagOn(new Date(0), 'at'),
  ownTagOn([], 'ay'), ownTagOn([], 'Arr'), ownTagOn(new Map(), 'ap'), ownTagOn(new Map(), 'M'),
  ownTagOn(new TypeError('t'), 'Type'), ownTagOn(new Error('e'), 'Err'), ownTagOn(function f() {}, 'ion'),
  ownTagOn(new Number(1), 'ber'), ownTagOn(Object.setPrototypeOf({ a: 1 }, null), 'ct')];
// Functions whose name is not a string (Node 20 throws on the Symbol one).
const oddFnNames = [Symbol('s'), 42, undefined, null].map((name) =>
  Object.defineProperty(function () {}, 'name', { value: name }));
oddFnNames.push(class { static name() {} });
// Error shapes whose keys and first line Node 22 treats specially.
const errShape = (fn) => { const e = new Error('m'); fn(e); return e; };
class InheritsCause extends Error {}
InheritsCause.prototype.cause = 'from the prototype';
class InheritsErrors extends Error {}
InheritsErrors.prototype.errors = [1];
const errShapes = [
  errShape((e) => { e.name = undefined; }), errShape((e) => { e.name = null; }),
  errShape((e) => { e.name = 42; }), errShape((e) => { e.name = {}; }),
  errShape((e) => { e.stack = 'custom'; e.name = 42; }), errShape((e) => { e.stack = 'custom'; e.name = 'Zed'; }),
  errShape((e) => { e.stack = 'custom'; Object.defineProperty(e, 'message', { value: 5, enumerable: true }); }),
  errShape((e) => { e.stack = 42; }), errShape((e) => { e.stack = [1, 2]; e.code = 'C'; }),
  errShape((e) => { e.stack = { a: { b: { c: { d: 1 } } } }; }), errShape((e) => { e.stack = Symbol('s'); }),
  { nested: errShape((e) => { e.stack = { a: 1 }; }) },
  new InheritsCause('c'), new InheritsErrors('e'), Object.create(Error.prototype, { cause: { value: 1 } }),
  errShape((e) => { e.errors = 'not an array'; }), errShape((e) => { e.errors = [new Error('inner')]; }),
];
const numberKeys = { 1: 'a', 2: 'b', '-1': 'c', 1.5: 'd', 1e21: 'e' };

const values = {
  // primitives
  one: () => 1, negZero: () => -0, zero: () => 0, nan: () => NaN, inf: () => Infinity,
  negInf: () => -Infinity, float: () => 1.5, exp: () => 1e21, tiny: () => 1e-7,
  longNum: () => 123456789.123, negInt: () => -5, maxSafe: () => 2 ** 53, bigint: () => 10n,
  negBig: () => -10n, hugeBig: () => 123456789012345678901234567890n, t: () => true, f: () => false,
  nul: () => null, undef: () => undefined, str: () => 'str', empty: () => '',
  sq: () => "it's", dq: () => 'say "hi"', both: () => `it's "x"`, all3: () => 'it\'s "x" `y`',
  all3dollar: () => 'it\'s "x" ${y}', nl: () => 'a\nb', ctrl: () => '\t\r\b\f\v\0\x01\x1f',
  esc: () => '\x1b[31mred\x1b[39m', del: () => '\x7f\x80\x9f\xa0', lone: () => '\ud800x\udc00',
  pair: () => '😀', backslash: () => 'a\\b', sym: () => Symbol(), symDesc: () => Symbol('x'),
  symIter: () => Symbol.iterator, symFor: () => Symbol.for('y'), symNl: () => Symbol('a\nb\'c'),
  longString: () => longString, multiLineString: () => multiLineString,
  shortMulti: () => 'a\nb\nc', trailingNl: () => 'abcdefghijklmnopqrstuvwxyz\n',
  // objects
  emptyObj: () => ({}), simpleObj: () => ({ a: 1, b: 'x' }), deep: () => deep,
  deepEmpty: () => ({ a: { b: { c: {} } } }), deepArr: () => deepArr,
  oddKeys: () => oddKeys, protoKey: () => protoKey, withSymbols: () => withSymbols,
  hidden: () => hidden, getters: () => getterObj, nullProto: () => nullProto,
  nullProtoWithKeys: () => nullProtoWithKeys, nullProtoTagged: () => nullProtoTagged,
  ownTag: () => ownTag, hiddenTag: () => hiddenTag, protoChain: () => protoChain,
  protoFromObj: () => protoFromObj, foo: () => new Foo(), bar: () => new Bar(),
  empty2: () => new Empty(), tagged: () => new Tagged(), wideObj: () => wideObj,
  medObj: () => medObj, mixedNest: () => mixedNest, configLike: () => configLike,
  sortable: () => sortable, numbers: () => numbers, objLongStr: () => objLongStr,
  objInArr: () => [{ a: 1, b: { c: { d: { e: 1 } } } }],
  objLongKeys: () => ({ aVeryLongPropertyNameNumberOne: 'value one', aVeryLongPropertyNameNumberTwo: 'value two' }),
  args: () => args(1, 'two', { three: 3 }), argsEmpty: () => args(),
  genObj: () => genObj, arrIter: () => arrIter,
  // arrays
  emptyArr: () => [], arr3: () => [1, 2, 3], holes1: () => holes1, holes2: () => holes2,
  holes3: () => holes3, holes4: () => holes4, holesMany: () => holesMany, holesMixed: () => holesMixed,
  arrExtra: () => arrExtra, arrOnlyExtra: () => arrOnlyExtra, bigArr: () => bigArr, arr30: () => arr30,
  arr7: () => arr7, arr6: () => arr6, arrNeg: () => arrNeg, arrFloat: () => arrFloat,
  arrStr: () => arrStr, arrWords: () => arrWords, arrMixed: () => arrMixed, arrBig: () => arrBig,
  arrObjs: () => arrObjs, arrNested: () => arrNested, arrOfArrs: () => arrOfArrs,
  arrLongStrs: () => arrLongStrs, arr101: () => arr101, arrUnicode: () => arrUnicode,
  myArray: () => MyArray.from([1, 2]), myArrayEmpty: () => new MyArray(),
  nullProtoArr: () => Object.setPrototypeOf([1, 2], null),
  arrOfMaps: () => [new Map([[1, 2]]), new Set([3]), new Map()],
  // collections
  emptyMap: () => new Map(), map1: () => map1, mapBig: () => mapBig, mapNested: () => mapNested,
  mapProps: () => mapProps, emptySet: () => new Set(), set1: () => set1, setBig: () => setBig,
  setProps: () => setProps, myMap: () => new MyMap([[1, 2]]), mySet: () => new MySet([1]),
  nullProtoMap: () => nullProtoMap, nullProtoSet: () => nullProtoSet, weakMap: () => weakMap,
  weakSet: () => weakSet, mapIterKeys: () => mapIterKeys, mapIterEntries: () => mapIterEntries,
  setIterValues: () => setIterValues, setIterEntries: () => setIterEntries,
  // functions
  plainFn: () => plainFn, genFn: () => genFn, asyncFn: () => asyncFn, asyncGenFn: () => asyncGenFn,
  arrowFn: () => arrowFn, anonFn: () => (0, function () {}), anonArrow: () => (0, () => {}),
  boundFn: () => boundFn, fnWithProps: () => fnWithProps, nullProtoFn: () => nullProtoFn,
  classFoo: () => Foo, classBar: () => Bar, anonClass: () => anonClass, classAnon: () => Anon,
  staticProps: () => StaticProps, method: () => ({ m() {} }).m, methodClassy: () => ({ classify() {} }).classify,
  getterFn: () => Object.getOwnPropertyDescriptor(getterObj, 'a').get, builtin: () => Math.max,
  builtinCtor: () => Map, fnsInObj: () => ({ a: plainFn, b: Foo, c: asyncFn, d: () => {} }),
  // errors
  err: () => new Error('msg'), typeErr: () => new TypeError('type'), myErr: () => new MyError('mine'),
  namedErr: () => new NamedError('named'), errWithProps: () => errWithProps,
  errNoStack: () => errNoStack, errEmptyStack: () => errEmptyStack,
  errCustomStack: () => errCustomStack, errRenamed: () => errRenamed, errCause: () => errCause,
  errCausePrim: () => errCausePrim, errCauseUndef: () => errCauseUndef, aggErr: () => aggErr,
  errNullProto: () => errNullProto, errMultiline: () => errMultiline, errMsgInStack: () => errMsgInStack,
  errInObj: () => errInObj, errInArr: () => [new Error('in array')], errNoStackProps: () => errNoStackProps,
  fakeError: () => fakeError, deepErr: () => deepErr(5), errCauseShared: () => errCauseShared,
  errNoMsg: () => new Error(), errNested: () => ({ a: { b: { c: new Error('deep in') } } }),
  // circular
  circular: () => circular, circArr: () => circArr, circNested: () => circNested,
  circMap: () => circMap, twoCirc: () => twoCirc,
  // binary
  u8: () => u8, u8big: () => u8big, f64: () => f64, i16: () => i16, big64: () => big64,
  u8props: () => u8props, emptyU8: () => new Uint8Array(), myU8: () => new MyU8(2),
  ab: () => ab, abBig: () => abBig, emptyAb: () => new ArrayBuffer(0), sab: () => sab, dv: () => dv,
  detached: () => detached, abProps: () => abProps, nullProtoU8: () => nullProtoU8,
  buffer: () => Buffer.from('hi'), u8InObj: () => ({ data: new Uint8Array(40) }),
  // dates, regexps, boxed
  date: () => date, dateInvalid: () => dateInvalid, dateProps: () => dateProps, myDate: () => new MyDate(0),
  dateFar: () => dateFar, dateNeg: () => dateNeg, dateInObj: () => ({ when: date }),
  re: () => /a+b/gi, reSlash: () => /[/]\//, reNew: () => new RegExp('a/b\n'), regexProps: () => regexProps,
  myRegExp: () => new MyRegExp('x', 'g'), reEmpty: () => new RegExp(''),
  num: () => new Number(3), numNeg0: () => new Number(-0), strBox: () => new String('abc'),
  boolBox: () => new Boolean(false), bigBox: () => Object(1n), symBox: () => Object(Symbol('s')),
  boxedStrProps: () => boxedStrProps, nullProtoNum: () => nullProtoNum,
  // promises, proxies
  pResolved: () => pResolved, pRejected: () => pRejected, pPending: () => pPending,
  pProps: () => pProps, pNested: () => pNested, myPromise: () => MyPromise.resolve(1),
  proxyObj: () => proxyObj, proxyArr: () => proxyArr, proxyFn: () => proxyFn, proxyTrap: () => proxyTrap,
  revoked: () => revoked, proxyOfProxy: () => proxyOfProxy,
  // custom inspect
  customInspect: () => customInspect, customMultiline: () => customMultiline, customObj: () => customObj,
  customDepth: () => ({ a: { b: customDepth } }), customStylize: () => customStylize,
  customThis: () => customThis, customInspectFn: () => customInspectFn, customClass: () => new CustomClass(),
  customProto: () => CustomClass.prototype,
  // misc
  globalMath: () => Math, json: () => JSON, weakRef: () => new WeakRef({}),
  nodeConsoleLike: () => new NodeConsole(process.stdout),
  moduleNs: () => moduleNs,
  // more odd shapes
  ctorProp: () => ctorProp, ctorNoName: () => ctorNoName, fromFooProto: () => fromFooProto,
  fooNullProto: () => fooNullProto, fieldNameError: () => new FieldNameError('f'),
  codeError: () => new CodeError('c'), errMessageChanged: () => errMessageChanged,
  errInMap: () => errInMap, causeChain: () => causeChain, aggNested: () => aggNested,
  taggedFn: () => TaggedFn, fnTagged: () => fnTagged, keyedCirc: () => keyedCirc,
  longKeys: () => longKeys, arrNegZero: () => arrNegZero, strArrayMax: () => strArrayMax,
  objWithArrays: () => objWithArrays, sparseObjArr: () => sparseObjArr,
  withUndefinedProps: () => withUndefinedProps, dateInvalidProps: () => dateInvalidProps,
  fnNamedClassLike: () => fnNamedClassLike, classWithComment: () => classWithComment,
  classMixin: () => classMixin, symbolKeysOnly: () => symbolKeysOnly, hugeDepth: () => hugeDepth,
  accessorArray: () => accessorArray, errNodeModules: () => errNodeModules,
  tagCases: () => tagCases, errShapes: () => errShapes, oddFnNames: () => oddFnNames,
  fakePromise: () => Object.create(Promise.prototype),
  fakeMapIter: () => Object.create(Object.getPrototypeOf(new Map().keys())),
  fakeMap: () => Object.create(Map.prototype), fakeDate: () => Object.create(Date.prototype),
  fakeRegExp: () => Object.create(RegExp.prototype), regExpProto: () => RegExp.prototype,
  fakeU8: () => Object.create(Uint8Array.prototype), errorProto: () => Error.prototype,
  numberProto: () => Number.prototype, mapProto: () => Map.prototype, typedInArr: () => typedInArr, numberKeys: () => numberKeys,
};

const optionSets = [
  undefined,
  { depth: 0 },
  { depth: Infinity },
  { depth: null },
  { compact: false },
  { compact: true },
  { compact: 1 },
  { compact: 5 },
  { breakLength: 40 },
  { breakLength: Infinity },
  { breakLength: Infinity, compact: true },
  { colors: true },
  { sorted: true },
  { sorted: (a, b) => (a < b ? 1 : a > b ? -1 : 0) },
  { showHidden: true },
  { showProxy: true },
  { maxArrayLength: 0 },
  { maxArrayLength: 2 },
  { maxArrayLength: null },
  { maxStringLength: 4 },
  { maxStringLength: null },
  { numericSeparator: true },
  { getters: true },
  { getters: 'get' },
  { getters: 'set' },
  { customInspect: false },
  { colors: true, compact: false, depth: 4 },
];

// Cases whose Node output rests on V8 facts JS cannot see; inspect.js's
// output is checked against a fixed text instead.
const engineSpecific = {
  // V8 remembers the constructor an object was made by even after its
  // prototype is set to null; JSC does not expose that.
  fooNullProto: (opts) => util.inspect(Object.assign(Object.create(null), new Foo()), opts),
};

function optName(opts) {
  if (opts === undefined) return 'default';
  return Object.entries(opts).map(([k, v]) => `${k}=${typeof v === 'function' ? 'fn' : String(v)}`).join(',');
}

function runInspectCases() {
  for (const [name, make] of Object.entries(values)) {
    for (const opts of optionSets) {
      const value = make();
      const expected = engineSpecific[name] ? engineSpecific[name](opts)
        : attempt(() => (opts === undefined ? util.inspect(value) : util.inspect(value, opts)));
      const actual = attempt(() => (opts === undefined ? ours.inspect(value) : ours.inspect(value, opts)));
      // Node 22's V8 makes error.stack an accessor, shown by showHidden.
      const node22Only = changedInNode22.test(name) ||
        (opts !== undefined && opts.showHidden && /rr|agg|fake|causeChain|pRejected/i.test(name));
      check(`inspect ${name} [${optName(opts)}]`, actual, expected, node22Only);
    }
  }
  // Legacy signature and odd option values.
  const legacy = [
    [[deep, true], 'showHidden bool'],
    [[deep, false, 0], 'depth arg'],
    [[deep, false, null, true], 'colors arg'],
    [[deep, { unknownOption: 1 }], 'unknown option'],
    [[customDepth, { userThing: 5 }], 'unknown option passed to custom'],
  ];
  for (const [argv, label] of legacy) {
    check(`inspect legacy ${label}`, attempt(() => ours.inspect(...argv)),
      attempt(() => util.inspect(...argv)));
  }
  // inspect.defaultOptions changes apply to later calls (and to console).
  const saved = { ...util.inspect.defaultOptions };
  for (const change of [{ depth: 0 }, { breakLength: 30, compact: 1 }, { colors: true }]) {
    Object.assign(util.inspect.defaultOptions, change);
    ours.inspect.defaultOptions = change;
    check(`inspect defaultOptions ${optName(change)}`, ours.inspect(configLike), util.inspect(configLike));
    check(`format defaultOptions ${optName(change)}`, ours.format('%O', configLike, [configLike]),
      util.format('%O', configLike, [configLike]));
    Object.assign(util.inspect.defaultOptions, saved);
    ours.inspect.defaultOptions = saved;
  }
  check('inspect defaultOptions bad value', attempt(() => { ours.inspect.defaultOptions = 5; }),
    attempt(() => { util.inspect.defaultOptions = 5; }));
  check('inspect.custom symbol', ours.inspect.custom, util.inspect.custom);
  check('inspect.defaultOptions keys', Object.keys(ours.inspect.defaultOptions).join(),
    Object.keys(util.inspect.defaultOptions).join());
  check('inspect.colors keys', Object.keys(ours.inspect.colors).join(), Object.keys(util.inspect.colors).join());
  check('inspect.styles', JSON.stringify(ours.inspect.styles), JSON.stringify(util.inspect.styles));
  for (const alias of ['grey', 'blackBright', 'bgGrey', 'faint', 'crossedout', 'conceal', 'swapColors', 'doubleUnderline']) {
    check(`inspect.colors alias ${alias}`, String(ours.inspect.colors[alias]), String(util.inspect.colors[alias]));
  }
  // Very deep nesting with no depth limit: stack overflow is caught. Where
  // it strikes depends on frame sizes, so only the marker is compared.
  let chain = {};
  for (let i = 0; i < 100000; i++) chain = { next: chain };
  const marker = 'Inspection interrupted prematurely. Maximum call stack size exceeded.';
  check('inspect stack overflow caught', attempt(() => ours.inspect(chain, { depth: Infinity }).includes(marker)),
    attempt(() => util.inspect(chain, { depth: Infinity }).includes(marker)));
  const userOpts = { [util.inspect.custom](d, o) { return `user=${o.userThing}`; } };
  check('inspect custom gets user options', ours.inspect(userOpts, { userThing: 5 }),
    util.inspect(userOpts, { userThing: 5 }));
  // Nesting everything in one object exercises indentation of each kind.
  const everything = {};
  for (const [name, make] of Object.entries(values)) {
    if (!engineSpecific[name]) everything[name] = make();
  }
  for (const opts of [undefined, { depth: 1 }, { depth: 4 }, { compact: false }, { breakLength: 120 }]) {
    check(`inspect everything [${optName(opts)}]`,
      attempt(() => ours.inspect(everything, opts)), attempt(() => util.inspect(everything, opts)));
    const list = Object.values(everything);
    check(`inspect everything as array [${optName(opts)}]`,
      attempt(() => ours.inspect(list, opts)), attempt(() => util.inspect(list, opts)));
  }
  // Generated arrays and objects around the line-breaking thresholds.
  for (let n = 0; n <= 40; n++) {
    const nums = Array.from({ length: n }, (_, i) => i * (n % 4 === 0 ? 1 : 37) - (n % 3) * 5);
    check(`inspect numbers length ${n}`, ours.inspect(nums), util.inspect(nums));
    const strs = Array.from({ length: n }, (_, i) => 'w'.repeat((i * 7 + n) % 11));
    check(`inspect strings length ${n}`, ours.inspect(strs), util.inspect(strs));
    const obj = Object.fromEntries(Array.from({ length: n % 12 }, (_, i) => [`k${i}`, 'v'.repeat(n)]));
    check(`inspect object n=${n}`, ours.inspect(obj), util.inspect(obj));
    const nested = { level: { items: nums.slice(0, n % 20), label: 'x'.repeat(n * 2) } };
    check(`inspect nested n=${n}`, ours.inspect(nested), util.inspect(nested));
    for (const indent of [{ a: nums }, { a: { b: { c: nums } } }]) {
      check(`inspect indented numbers n=${n}`, ours.inspect(indent, { depth: 5 }),
        util.inspect(indent, { depth: 5 }));
    }
    const str = 'ab\n'.repeat(n);
    check(`inspect multiline string n=${n}`, ours.inspect({ s: str }), util.inspect({ s: str }));
  }
}

// Without host hooks, values whose Node output needs V8 internals.
const needsHooks = new Set(['pResolved', 'pRejected', 'pPending', 'pProps', 'pNested', 'myPromise',
  'fakePromise', 'fakeMapIter',
  'mapIterKeys', 'mapIterEntries', 'setIterValues', 'setIterEntries', 'proxyTrap', 'revoked']);

function runNoHookCases() {
  // Everything else prints the same without the hooks.
  for (const [name, make] of Object.entries(values)) {
    if (needsHooks.has(name)) continue;
    for (const opts of [undefined, { depth: 0 }, { compact: false }, { showHidden: true }, { maxArrayLength: 1 }]) {
      if (opts && opts.showHidden && /^(weak|proxy|tagCases)/.test(name)) continue;
      const value = make();
      const expected = engineSpecific[name] ? engineSpecific[name](opts)
        : attempt(() => util.inspect(value, opts));
      const node22Only = changedInNode22.test(name) ||
        (opts !== undefined && opts.showHidden && /rr|agg|fake|causeChain|pRejected/i.test(name));
      check(`nohooks inspect ${name} [${optName(opts)}]`, attempt(() => oursNoHooks.inspect(value, opts)),
        expected, node22Only);
    }
  }
  // Without host hooks the runtime cannot see promise state, proxy targets
  // or iterator contents: check the documented fallbacks.
  check('nohooks pending promise', oursNoHooks.inspect(pResolved), 'Promise { <pending> }');
  check('nohooks map iterator', oursNoHooks.inspect(new Map([[1, 2]]).keys()),
    '[Map Iterator] { <items unknown> }');
  check('nohooks proxy object', oursNoHooks.inspect(proxyObj), util.inspect(proxyObj));
  check('nohooks proxy array', oursNoHooks.inspect(proxyArr), util.inspect(proxyArr));
  check('nohooks weakmap showHidden', oursNoHooks.inspect(weakMap, { showHidden: true }),
    'WeakMap { <items unknown> }');
}

// The hooks as src/js/introspect.c gives them under JavaScriptCore: a
// preview of Map and Set iterators only (undefined for weak collections),
// no proxy handler. Iterators and promises of another realm are found by
// the blind probe, as Node finds them.
function runJscHookCases() {
  const host = makeHost(true);
  const nodePreview = host.previewEntries;
  host.previewEntries = (v, kv) => {
    const type = util.types.isMapIterator(v) ? 'Map' : util.types.isSetIterator(v) ? 'Set' : '';
    if (type === '') return undefined;
    return kv ? [...nodePreview(v, true), type] : nodePreview(v);
  };
  delete host.getProxyDetails;
  const jsc = loadLib(host)('inspect');
  check('jsc hooks weakmap showHidden', jsc.inspect(weakMap, { showHidden: true }), 'WeakMap { <items unknown> }');
  check('jsc hooks weakset showHidden', jsc.inspect(weakSet, { showHidden: true }), 'WeakSet { <items unknown> }');
  const m = new Map([['a', 1], ['b', 2]]);
  const part = m.entries();
  part.next();
  for (const [name, make] of Object.entries({
    mapKeys: () => m.keys(), mapPart: () => part, setEntries: () => new Set([1, 2]).entries(),
    otherRealmMapIter: () => vm.runInNewContext('new Map([[1, 2]]).entries()'),
    otherRealmSetIter: () => vm.runInNewContext('new Set(["x"]).values()'),
    otherRealmPromise: () => vm.runInNewContext('Promise.resolve(5)'),
    nullProtoIter: () => Object.setPrototypeOf(new Set([3]).values(), null),
  })) {
    for (const opts of [undefined, { showHidden: true }, { maxArrayLength: 1 }]) {
      check(`jsc hooks ${name} [${optName(opts)}]`, jsc.inspect(make(), opts), util.inspect(make(), opts));
    }
  }
  check('jsc hooks preview leaves the iterator alone', [...part].length, 1);

  // A JavaScriptCore whose object layout introspect.c does not know: the
  // hooks still tell promises and iterators apart, and say no more.
  const unknown = makeHost(true);
  unknown.previewEntries = (v) => (util.types.isMapIterator(v) || util.types.isSetIterator(v) ? null : undefined);
  unknown.getPromiseDetails = (v) => (util.types.isPromise(v) ? [0] : undefined);
  const blind = loadLib(unknown)('inspect');
  check('unknown layout map iterator', blind.inspect(m.keys()), '[Map Iterator] { <items unknown> }');
  check('unknown layout other realm set iterator', blind.inspect(vm.runInNewContext('new Set([1]).values()')),
    '[Set Iterator] { <items unknown> }');
  check('unknown layout promise', blind.inspect(Promise.resolve(1)), 'Promise { <pending> }');
  check('unknown layout fake promise', blind.inspect(Object.create(Promise.prototype)),
    util.inspect(Object.create(Promise.prototype)));
  check('unknown layout weakmap showHidden', blind.inspect(weakMap, { showHidden: true }), 'WeakMap { <items unknown> }');
}

// ---------------------------------------------------------------------------
// util.format

const formatCases = [
  [], ['plain'], ['%s'], ['%s', 'a'], ['%s', 1], ['%s', -0], ['%s', 1n], ['%s', null],
  ['%s', undefined], ['%s', Symbol('s')], ['%s', { a: { b: { c: 1 } } }], ['%s', [1, [2, [3]]]],
  ['%s', new Error('e')], ['%s', { toString() { return 'custom'; } }], ['%s', new Foo()],
  ['%s', Object.create(null)], ['%s', new Date(0)], ['%s', () => 1], ['%s', class Q {}],
  ['%s', new (class { [Symbol.toPrimitive]() { return 'prim'; } })()],
  ['%s', new Map([[1, 2]])], ['%s %s', 'a'], ['%s', 'a', 'b'], ['%s:%s', 'a', 'b', { c: 1 }],
  ['%d', 42], ['%d', '42'], ['%d', -0], ['%d', 1.5], ['%d', 10n], ['%d', Symbol('x')], ['%d', {}],
  ['%d', '0x10'], ['%i', 42.9], ['%i', '42.9abc'], ['%i', 10n], ['%i', Symbol('x')], ['%i', -0.5],
  ['%f', '1.5e3'], ['%f', 'abc'], ['%f', Symbol('x')], ['%f', -0], ['%j', { a: [1, 'x'] }],
  ['%j', circular], ['%j', undefined], ['%j', 1n], ['%o', { a: 1, f() {} }], ['%o', [1, 2]],
  ['%o', deep], ['%O', deep], ['%O', { a: 1 }], ['%c', 'color: red'], ['a%cb', 'css'],
  ['%%'], ['%%', 1], ['%% %s', 'x'], ['100%'], ['100%', 1], ['%x %s', 'y'], ['%', 1], ['a%', 1],
  ['%s%', 1], ['%%s', 'x'], ['%s %d %i %f %j %o %O %c', 'a', 1, 2, 3, 4, 5, 6, 7],
  [1, 2, 3], [{ a: 1 }, 'str', [2]], [null, undefined], ['x', 'y\nz'], ['%s', 'x', 1, { b: 2 }],
  [Symbol('first'), '%s'], ['%s', 1.5e300], ['%d', 1e21], ['%s', new Number(3)],
  ['%s', Object.assign(Object.create({ toString: undefined }), { a: 1 })],
  ['%s', new Proxy({ a: 1 }, {})], ['%s', new Set([1])], ['%s', [Symbol('a')]],
  ['%s', 'a'.repeat(100)], ['%o', function namedForO(a, b) {}], ['%s', new Error('e', { cause: 1 })],
];

function runFormatCases() {
  for (const argv of formatCases) {
    const label = attempt(() => util.inspect(argv, { breakLength: Infinity, depth: 1 }));
    check(`format ${label}`, attempt(() => ours.format(...argv)), attempt(() => util.format(...argv)));
  }
  for (const opts of [{ colors: true }, { depth: 0 }, { compact: false }]) {
    for (const argv of [['%s %O', 'x', deep], [deep, [1, 2]], ['%o', deep], ['%d', 5]]) {
      check(`formatWithOptions ${optName(opts)} ${util.inspect(argv, { breakLength: Infinity })}`,
        attempt(() => ours.formatWithOptions(opts, ...argv)),
        attempt(() => util.formatWithOptions(opts, ...argv)));
    }
  }
  check('formatWithOptions bad options', attempt(() => ours.formatWithOptions(1, 'x')),
    attempt(() => util.formatWithOptions(1, 'x')));
  check('formatWithOptions null options', attempt(() => ours.formatWithOptions(null, 'x')),
    attempt(() => util.formatWithOptions(null, 'x')));
}

// ---------------------------------------------------------------------------
// stripVTControlCharacters and getStringWidth

function runStringHelpers() {
  const strs = ['plain', '\x1b[31mred\x1b[39m', '\x1b[1;31;42mx\x1b[0m', '\x1b]8;;http://x\x07link\x1b]8;;\x07',
    '\x9b31mcsi', 'a\x1b[2Kb', '\x1b[?25l', 'tab\there', '', '\x1b', '\x1b[', 'x\x1b[38;5;208my',
    '\x1bM', '\x1b(B', '\x1b]0;title\x1b\\', '\x1b7x\x1b8', '\x1bc', '\x1b[?1049h', 'a\x1bZb', '\x1b#8',
    '\x1b[3~', '\x1b[200~paste\x1b[201~', '\x1b[1;2;3;4;5;6m'];
  for (const s of strs) {
    check(`stripVT ${JSON.stringify(s)}`, ours.stripVTControlCharacters(s), util.stripVTControlCharacters(s));
  }
  check('stripVT non-string', attempt(() => ours.stripVTControlCharacters(5)),
    attempt(() => util.stripVTControlCharacters(5)));
  const widths = ['abc', '日本語', 'ａｂｃ', 'é', 'e\u0301', '한국어', 'tab\t', '\x1b[31mred\x1b[39m', 'Ω≈ç√',
    'العربية', 'русский', '✓ ok', '\u200b', 'a\u0000b', 'x\x7fy', '😀', '👍🏽', '🚀', '★', '©', '中文 mixed'];
  for (const s of widths) {
    check(`getStringWidth ${JSON.stringify(s)}`, ours.getStringWidth(s), nodeInspectInternals.getStringWidth(s));
  }
}

// ---------------------------------------------------------------------------
// console

function collector() {
  const chunks = [];
  return {
    chunks,
    // A real Writable: Node's Console needs the EventEmitter side of it.
    stream: new Writable({
      decodeStrings: false,
      write(chunk, encoding, callback) { chunks.push(String(chunk)); callback(); },
    }),
    text() { return chunks.join(''); },
  };
}

// Both consoles are called from this one line so that console.trace()
// frames (file:line:col) are identical.
function call(c, method, ...argv) { return c[method](...argv); }

const consoleCases = {
  log: (c) => { call(c, 'log', 'hello', 1, { a: [1, 2] }, 'x'); call(c, 'log'); call(c, 'log', '%s=%d', 'n', 5); },
  infoDebug: (c) => { call(c, 'info', 'i', { b: 1 }); call(c, 'debug', 'd'); call(c, 'dirxml', 'x', [1]); },
  warnError: (c) => { call(c, 'warn', 'w', 1); call(c, 'error', new Error('printed').message, { e: 1 }); },
  errorObj: (c) => { call(c, 'error', errWithProps); call(c, 'log', errCause); },
  dir: (c) => { call(c, 'dir', deep); call(c, 'dir', deep, { depth: 0 }); call(c, 'dir', customInspect);
    call(c, 'dir', 'str'); call(c, 'dir', deep, { colors: true }); },
  group: (c) => {
    call(c, 'log', 'top'); call(c, 'group', 'G1', { x: 1 }); call(c, 'log', 'in 1\nsecond line');
    call(c, 'group'); call(c, 'warn', 'in 2', configLike); call(c, 'groupCollapsed', 'GC');
    call(c, 'error', 'in 3'); call(c, 'groupEnd'); call(c, 'groupEnd'); call(c, 'log', 'back in 1');
    call(c, 'groupEnd'); call(c, 'groupEnd'); call(c, 'log', 'top again');
  },
  count: (c) => { call(c, 'count'); call(c, 'count'); call(c, 'count', 'x'); call(c, 'count', 'default');
    call(c, 'countReset'); call(c, 'count'); call(c, 'count', 1); call(c, 'count', '1'); call(c, 'count', { a: 1 }); },
  assert: (c) => { call(c, 'assert', true, 'no'); call(c, 'assert', false); call(c, 'assert', 0, 'msg %s', 'sub');
    call(c, 'assert', null, { obj: 1 }, 2); call(c, 'assert', '', 'a', 'b'); call(c, 'assert', false, 5);
    call(c, 'assert', false, ''); call(c, 'assert', false, undefined, 1); call(c, 'assert', false, '%s%%', 'x'); },
  time: (c) => {
    fakeNow = 5e9;
    call(c, 'time'); fakeNow += 1234567; call(c, 'timeLog'); fakeNow += 1; call(c, 'timeLog', 'default', 'extra', { a: 1 });
    call(c, 'timeEnd');
    call(c, 'time', 'sec'); fakeNow += 1.5e9; call(c, 'timeEnd', 'sec');
    call(c, 'time', 'min'); fakeNow += 62.25e9; call(c, 'timeEnd', 'min');
    call(c, 'time', 'hour'); fakeNow += 3725.5e9; call(c, 'timeEnd', 'hour');
    call(c, 'time', 'zero'); call(c, 'timeEnd', 'zero');
    call(c, 'time', 'sub'); fakeNow += 999; call(c, 'timeEnd', 'sub');
    call(c, 'time', 'round'); fakeNow += 999999999; call(c, 'timeEnd', 'round');
    call(c, 'time', 'min2'); fakeNow += 599.9999e9; call(c, 'timeEnd', 'min2');
    call(c, 'time', 7); fakeNow += 5e6; call(c, 'timeEnd', 7);
  },
  table: (c) => {
    call(c, 'table', [{ a: 1, b: 'two' }, { a: 3, c: [1, 2, 3, 4] }]);
    call(c, 'table', [[1, 2], [3, 4, 5]]);
    call(c, 'table', { x: { a: 1 }, y: { b: 2 }, z: 3 });
    call(c, 'table', [1, 'two', { three: 3 }]);
    call(c, 'table', [{ a: 1, b: 2 }, { a: 3, b: 4 }], ['a']);
    call(c, 'table', [{ a: 1, b: 2 }, 5], ['b', 'zz']);
    call(c, 'table', new Map([['k1', { v: 1 }], [{ o: 1 }, 'v2']]));
    call(c, 'table', new Set(['a', { b: 1 }]));
    call(c, 'table', new Map([[1, 'a']]).entries());
    call(c, 'table', new Map([[1, 'a']]).keys());
    call(c, 'table', new Set([1, 2]).values());
    call(c, 'table', 'not tabular'); call(c, 'table', 42); call(c, 'table', null);
    call(c, 'table', []); call(c, 'table', {});
    call(c, 'table', [{ name: '日本語', w: 'ａｂ' }, { name: 'plain', w: 'x' }]);
    call(c, 'table', [{ deep: { a: { b: 1 } }, arr: [1, 2, 3, 4, 5], many: { a: 1, b: 2, c: 3 } }]);
    call(c, 'table', [{ s: 'str', n: null, u: undefined, f() {}, sym: Symbol('q') }]);
    call(c, 'table', [[]]);
  },
  tableBadProps: (c) => { call(c, 'log', attempt(() => c.table([], 'a'))); },
  trace: (c) => { call(c, 'trace', 'here %d', 5, { a: 1 }); call(c, 'trace'); },
  traceInGroup: (c) => { call(c, 'group', 'g'); call(c, 'trace', 'grouped'); call(c, 'groupEnd'); },
  detached: (c) => { const { log, warn, count, group, groupEnd, table } = c;
    log('detached', 1); warn('w'); count(); count(); group('g'); log('x'); groupEnd(); table([{ a: 1 }]); },
  clear: (c) => { call(c, 'clear'); call(c, 'log', 'after clear'); },
  inspectConsole: (c) => { call(c, 'log', Object.keys(c)); },
};

async function runConsoleCases() {
  const warnings = [];
  process.on('warning', (w) => warnings.push(w.message));
  for (const [name, run] of Object.entries(consoleCases)) {
    const nOut = collector();
    const nErr = collector();
    const oOut = collector();
    const oErr = collector();
    const nodeC = new NodeConsole(nOut.stream, nErr.stream);
    const ourC = new oursConsole.Console(oOut.stream, oErr.stream);
    warnings.length = 0;
    hostOut[2] = '';
    const savedNow = fakeNow;
    // One call site for both, so console.trace() frames are identical.
    for (const c of [nodeC, ourC]) { fakeNow = savedNow; run(c); }
    await new Promise((resolve) => setImmediate(resolve));
    check(`console ${name} stdout`, oOut.text(), nOut.text());
    check(`console ${name} stderr`, oErr.text(), nErr.text());
    // Node's warnings go to process.emitWarning; ours are written to the
    // host's stderr in Node's text format.
    const expectWarn = warnings.map((m) => `(node:1) Warning: ${m}\n`).join('');
    check(`console ${name} warnings`, hostOut[2].replace(/\(Use `node --trace-warnings \.\.\.` to show where the warning was created\)\n/, ''), expectWarn);
  }

  // Warning text of the fallback, the "(Use ...)" hint after the first only.
  hostOut[2] = '';
  const c1 = new oursConsole.Console(collector().stream);
  c1.timeEnd('nope');
  c1.countReset('nope');
  c1.time('dup');
  c1.time('dup');
  check('console warning text', hostOut[2],
    "(node:1) Warning: No such label 'nope' for console.timeEnd()\n" +
    '(Use `node --trace-warnings ...` to show where the warning was created)\n' +
    "(node:1) Warning: Count for 'nope' does not exist\n" +
    "(node:1) Warning: Label 'dup' already exists for console.time()\n");

  // With a process module, warnings go to its emitWarning.
  const c2 = new (reqWithProcess('console').Console)(collector().stream);
  c2.timeEnd('gone');
  c2.countReset('gone');
  check('console warnings via process.emitWarning', emittedWarnings.join('|'),
    "No such label 'gone' for console.timeEnd()|Count for 'gone' does not exist");

  // The global console writes through host.write(1|2).
  const g = oursConsole.console;
  hostOut[1] = '';
  hostOut[2] = '';
  const nOut = collector();
  const nErr = collector();
  const nodeC = new NodeConsole(nOut.stream, nErr.stream);
  for (const c of [nodeC, g]) {
    call(c, 'log', 'global', { a: 1 }); call(c, 'error', 'to stderr'); call(c, 'info', [1, 2]);
    call(c, 'table', [{ x: 1 }]); call(c, 'group'); call(c, 'warn', 'indented\nlines'); call(c, 'groupEnd');
    const { log } = c;
    log('detached global');
  }
  check('global console stdout', hostOut[1], nOut.text());
  check('global console stderr', hostOut[2], nErr.text());
  check('global console inspect', ours.inspect(g), util.inspect(console));
  check('global console instanceof', g instanceof oursConsole.Console, console instanceof NodeConsole);
  check('console instance inspect', ours.inspect(new oursConsole.Console(collector().stream)),
    util.inspect(new NodeConsole(collector().stream)));
  check('console method names', Object.keys(g).map((k) => g[k].name).join(),
    Object.keys(console).map((k) => console[k].name).join());

  // Constructor forms and options.
  const forms = [
    (C, o, e) => new C({ stdout: o, stderr: e }),
    (C, o) => new C({ stdout: o }),
    (C, o, e) => C(o, e),
    (C, o, e) => new C({ stdout: o, stderr: e, groupIndentation: 4 }),
    (C, o, e) => new C({ stdout: o, stderr: e, inspectOptions: { depth: 0, breakLength: 20 } }),
    (C, o, e) => new C({ stdout: o, stderr: e, colorMode: true }),
    (C, o, e) => new C({ stdout: Object.assign(o, { isTTY: true, getColorDepth: () => 8 }), stderr: e }),
  ];
  forms.forEach((make, i) => {
    const n1 = collector();
    const n2 = collector();
    const o1 = collector();
    const o2 = collector();
    const nc = make(NodeConsole, n1.stream, n2.stream);
    const oc = make(oursConsole.Console, o1.stream, o2.stream);
    for (const c of [nc, oc]) {
      call(c, 'log', 'form', configLike); call(c, 'group', 'g'); call(c, 'error', 'e', [1, 'x']);
      call(c, 'dir', { a: 'b' }); call(c, 'groupEnd'); call(c, 'table', [{ a: 1 }]); call(c, 'log', -0, 'str');
    }
    check(`console form ${i} stdout`, o1.text(), n1.text());
    check(`console form ${i} stderr`, o2.text(), n2.text());
  });
  const badForms = [
    (C) => new C(),
    (C) => new C({}),
    (C) => new C({ stdout: process.stdout, stderr: {} }),
    (C) => new C({ stdout: process.stdout, colorMode: 'yes' }),
    (C) => new C({ stdout: process.stdout, groupIndentation: 2000 }),
    (C) => new C({ stdout: process.stdout, groupIndentation: 1.5 }),
    (C) => new C({ stdout: process.stdout, groupIndentation: '2' }),
    (C) => new C({ stdout: process.stdout, inspectOptions: 5 }),
    (C) => new C({ stdout: process.stdout, inspectOptions: { colors: true }, colorMode: true }),
  ];
  badForms.forEach((make, i) => {
    const describe = (fn) => {
      try {
        fn();
        return 'no error';
      } catch (err) {
        return `${err.name} ${err.code}: ${err.message}`;
      }
    };
    check(`console bad form ${i}`, describe(() => make(oursConsole.Console)),
      describe(() => make(NodeConsole)));
  });
}

// ---------------------------------------------------------------------------

async function main() {
  moduleNs = await import('data:text/javascript,export const a = 1; export let b = [1, 2]; export default function () {}');
  runInspectCases();
  runNoHookCases();
  runJscHookCases();
  runFormatCases();
  runStringHelpers();
  await runConsoleCases();
  if (NODE_MAJOR < 22) {
    console.log(`note: Node ${process.versions.node} is not Node 22; ${skipped} checks of ` +
      'behaviour that changed by Node 22 were skipped');
  }
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
