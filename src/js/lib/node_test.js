// node_test.js - `node:test`: test/describe/it with hooks, subtests, skip/
// todo/only, mock.fn and mock.method, reported in TAP as Node does when its
// output is not a terminal (the sandbox's never is). Tests run one after
// another in the order they were declared; the summary is written when the
// run is about to end, and a failure sets the exit code to 1.

const proc = require("process");
const out = (s) => host.write(1, s);

const counts = { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
let startedAt = null;
let summaryHooked = false;

function yamlString(s) {
  return `'${String(s).replace(/'/g, "''")}'`;
}

function block(indent, lines) {
  out(`${indent}  ---\n`);
  for (const l of lines) out(`${indent}  ${l}\n`);
  out(`${indent}  ...\n`);
}

function errorLines(err) {
  const lines = [];
  const isErr = err !== null && typeof err === "object";
  const msg = isErr ? String(err.message) : String(err);
  lines.push("failureType: 'testCodeFailure'");
  if (msg.includes("\n")) {
    lines.push("error: |-");
    for (const l of msg.split("\n")) lines.push(`  ${l}`);
  } else {
    lines.push(`error: ${yamlString(msg)}`);
  }
  if (isErr) {
    if (err.code !== undefined) lines.push(`code: ${yamlString(err.code)}`);
    if (err.name) lines.push(`name: ${yamlString(err.name)}`);
    for (const k of ["expected", "actual", "operator"])
      if (k in err) lines.push(`${k}: ${require("inspect").inspect(err[k])}`);
    const stack = require("errors").formatStack(err).split("\n").slice(1).map((l) => l.replace(/^\s+at /, ""));
    if (stack.length) {
      lines.push("stack: |-");
      for (const l of stack) lines.push(`  ${l}`);
    }
  }
  return lines;
}

class Suite {
  constructor(name, fn, options, parent, isSuite) {
    this.name = name;
    this.fn = fn;
    this.options = options || {};
    this.parent = parent;
    this.isSuite = isSuite;
    this.children = [];
    this.hooks = { before: [], after: [], beforeEach: [], afterEach: [] };
    this.depth = parent ? parent.depth + 1 : -1;
  }
  chain(kind) {
    const list = [];
    for (let s = this; s; s = s.parent) list.unshift(...s.hooks[kind]);
    return kind === "afterEach" ? list.reverse() : list;
  }
}

const root = new Suite("<root>", null, {}, null, true);
let current = root;
let queue = Promise.resolve();

function hookSummary() {
  if (summaryHooked) return;
  summaryHooked = true;
  proc.process.on("beforeExit", () => {
    if (counts.reported) return;
    counts.reported = true;
    queue.then(() => {
      out(`1..${root.reportedCount || 0}\n`);
      for (const k of ["tests", "suites", "pass", "fail", "cancelled", "skipped", "todo"]) out(`# ${k} ${counts[k]}\n`);
      out(`# duration_ms ${((host.hrtime() - startedAt) / 1e6).toFixed(6)}\n`);
      if (counts.fail) proc.process.exitCode = 1;
    });
  });
}

function parseArgs(name, options, fn) {
  if (typeof name === "function") return { name: name.name || "<anonymous>", options: {}, fn: name };
  if (typeof options === "function") return { name: String(name), options: {}, fn: options };
  return { name: name === undefined ? "<anonymous>" : String(name), options: options || {}, fn };
}

async function runHooks(list, ctx) {
  for (const h of list) await h.call(ctx, ctx);
}

// Run one test or suite and write its TAP lines; returns whether it passed.
async function run(node, number) {
  const indent = "    ".repeat(Math.max(0, node.depth));
  out(`${indent}# Subtest: ${node.name}\n`);
  const t0 = host.hrtime();
  let error = null, directive = "";
  const skip = node.options.skip, todo = node.options.todo;
  if (skip) directive = ` # SKIP${typeof skip === "string" ? " " + skip : ""}`;
  else if (todo) directive = ` # TODO${typeof todo === "string" ? " " + todo : ""}`;
  let subNumber = 0;
  if (!skip) {
    try {
      if (node.isSuite) {
        const prev = current;
        current = node;
        try {
          const r = node.fn ? node.fn.call(undefined, {}) : undefined;
          if (r && typeof r.then === "function") await r;
        } finally {
          current = prev;
        }
        await runHooks(node.hooks.before, {});
        let failed = 0;
        for (const child of node.children) if (!(await run(child, ++subNumber))) failed++;
        await runHooks(node.hooks.after, {});
        if (subNumber) out(`${indent}    1..${subNumber}\n`);
        if (failed) error = Object.assign(new Error(`${failed} subtest${failed > 1 ? "s" : ""} failed`), { code: "ERR_TEST_FAILURE", subtests: true });
      } else {
        const ctx = makeContext(node);
        const parentSuite = node.parent;
        await runHooks(parentSuite.chain("beforeEach"), ctx);
        const r = node.fn.length >= 2
          ? new Promise((resolve, reject) => node.fn.call(ctx, ctx, (e) => (e ? reject(e) : resolve())))
          : node.fn.call(ctx, ctx);
        if (r && typeof r.then === "function") await r;
        if (ctx._pending.length) await Promise.all(ctx._pending);
        if (ctx._subNumber) out(`${indent}    1..${ctx._subNumber}\n`);
        await runHooks(parentSuite.chain("afterEach"), ctx);
        if (ctx._failedSubtests) error = Object.assign(new Error(`${ctx._failedSubtests} subtest${ctx._failedSubtests > 1 ? "s" : ""} failed`), { code: "ERR_TEST_FAILURE", subtests: true });
        if (ctx._skipped) directive = " # SKIP" + (ctx._skipped === true ? "" : " " + ctx._skipped);
        if (ctx._todo) directive = " # TODO" + (ctx._todo === true ? "" : " " + ctx._todo);
      }
    } catch (e) {
      error = e;
    }
  }
  const ok = !error || todo;
  if (node.isSuite) counts.suites++;
  else counts.tests++;
  if (!node.isSuite) {
    if (skip || directive.startsWith(" # SKIP")) counts.skipped++;
    else if (todo || directive.startsWith(" # TODO")) counts.todo++;
    else if (ok) counts.pass++;
    else counts.fail++;
  }
  out(`${indent}${ok ? "ok" : "not ok"} ${number} - ${node.name}${directive}\n`);
  const lines = [`duration_ms: ${((host.hrtime() - t0) / 1e6).toFixed(6)}`, `type: '${node.isSuite ? "suite" : "test"}'`];
  if (error && !todo) {
    if (error.subtests) lines.push("failureType: 'subtestsFailed'", `error: ${yamlString(error.message)}`, "code: 'ERR_TEST_FAILURE'");
    else lines.push(...errorLines(error));
  }
  block(indent, lines);
  return ok;
}

function makeContext(node) {
  const ctx = {
    name: node.name,
    _pending: [],
    _subNumber: 0,
    _failedSubtests: 0,
    _skipped: false,
    _todo: false,
    signal: new AbortController().signal,
    mock: exports.mock,
    assert: require("node_assert").module,
    diagnostic(msg) { out(`${"    ".repeat(node.depth + 1)}# ${msg}\n`); },
    skip(msg) { ctx._skipped = msg === undefined ? true : msg; },
    todo(msg) { ctx._todo = msg === undefined ? true : msg; },
    plan() {},
    before(fn) { node.parent.hooks.before.push(fn); },
    after(fn) { node.parent.hooks.after.push(fn); },
    beforeEach(fn) { node.parent.hooks.beforeEach.push(fn); },
    afterEach(fn) { node.parent.hooks.afterEach.push(fn); },
    test(name, options, fn) {
      const a = parseArgs(name, options, fn);
      const child = new Suite(a.name, a.fn, a.options, node, false);
      child.hooks = { before: [], after: [], beforeEach: [], afterEach: [] };
      const p = run(child, ++ctx._subNumber).then((ok) => { if (!ok) ctx._failedSubtests++; });
      ctx._pending.push(p);
      return p;
    },
  };
  return ctx;
}

// Top-level registration: suites collect their children first (describe
// runs its body at once), tests queue to run in order.
function register(isSuite, name, options, fn, extra) {
  const a = parseArgs(name, options, fn);
  Object.assign(a.options, extra);
  const node = new Suite(a.name, a.fn, a.options, current, isSuite);
  if (current !== root) {
    current.children.push(node);
    if (isSuite) {
      const prev = current;
      current = node;
      try { if (node.fn) node.fn.call(undefined, {}); } finally { current = prev; }
      node.fn = null;
    }
    return undefined;
  }
  if (startedAt === null) startedAt = host.hrtime();
  hookSummary();
  root.reportedCount = (root.reportedCount || 0) + 1;
  const number = root.reportedCount;
  if (number === 1) out("TAP version 13\n");
  if (isSuite) {
    current = node;
    try { if (node.fn) node.fn.call(undefined, {}); } finally { current = root; }
    node.fn = null;
  }
  queue = queue.then(() => runHooks(number === 1 ? root.hooks.before : [], {})).then(() => run(node, number));
  return queue.then(() => undefined);
}

function variants(isSuite) {
  const f = (n, o, fn) => register(isSuite, n, o, fn, {});
  f.skip = (n, o, fn) => register(isSuite, n, o, fn, { skip: true });
  f.todo = (n, o, fn) => register(isSuite, n, o, fn, { todo: true });
  f.only = (n, o, fn) => register(isSuite, n, o, fn, { only: true });
  return f;
}

// ------------------------------------------------------------------ mocks

function mockFn(original = function () {}, implementation = original) {
  const calls = [];
  let impl = implementation;
  const once = new Map();
  let count = 0;
  const fn = function (...args) {
    const use = once.has(count) ? once.get(count) : impl;
    once.delete(count);
    count++;
    let result, error;
    try {
      result = new.target ? Reflect.construct(use, args, new.target) : use.apply(this, args);
    } catch (e) {
      error = e;
    }
    calls.push({ arguments: args, result, error, this: this, target: new.target, stack: new Error() });
    if (error !== undefined) throw error;
    return result;
  };
  fn.mock = {
    calls,
    callCount: () => calls.length,
    mockImplementation(f) { impl = f; },
    mockImplementationOnce(f, onCall = count) { once.set(onCall, f); },
    resetCalls() { calls.length = 0; },
    restore() { impl = original; },
  };
  return fn;
}

const restorers = [];
exports.mock = {
  fn: mockFn,
  method(object, name, implementation, options) {
    const original = object[name];
    const m = mockFn(original, typeof implementation === "function" ? implementation : original);
    object[name] = m;
    restorers.push(() => { object[name] = original; });
    m.mock.restore = () => { object[name] = original; };
    return m;
  },
  getter(object, name, implementation) {
    const d = Object.getOwnPropertyDescriptor(object, name);
    const m = mockFn(d && d.get, implementation);
    Object.defineProperty(object, name, { get: m, configurable: true });
    restorers.push(() => (d ? Object.defineProperty(object, name, d) : delete object[name]));
    return m;
  },
  restoreAll() { for (const r of restorers.splice(0)) r(); },
  reset() { for (const r of restorers.splice(0)) r(); },
  timers: { enable() { throw new Error("mock.timers is not available in the sandbox yet"); } },
};

const test = variants(false);
exports.test = test;
exports.it = variants(false);
exports.describe = variants(true);
exports.suite = exports.describe;
exports.before = (fn) => current.hooks.before.push(fn);
exports.after = (fn) => current.hooks.after.push(fn);
exports.beforeEach = (fn) => current.hooks.beforeEach.push(fn);
exports.afterEach = (fn) => current.hooks.afterEach.push(fn);
exports.run = () => { throw new Error("run() is not available in the sandbox: run the test file itself"); };
Object.assign(test, exports);
exports.module = test;
