#!/usr/bin/env node
// Compares src/js/lib's Web API files (dom_exception, event_target, abort,
// structured_clone, performance, web_crypto) with Node's own globals.
//
//   node tests/lib/web_vs_node.js            run; exit 1 on any mismatch
//   node tests/lib/web_vs_node.js --record   (under Node 22) also rewrite
//                                            web_node22_expected.json
//
// Each case runs against Node's globals and against ours, loaded with the
// runtime's module contract (see web_harness.js), and the outcomes (value or
// thrown error, plus a log of events) must be equal.
//
// The target is Node 22. Where Node 20 behaves differently (marked `v22`
// in the cases), a Node older than 22 is not asked: the outcome recorded
// from Node 22 in web_node22_expected.json is used instead. These are:
// Event.isTrusted on the prototype, the returnValue setter, passive
// listeners, ERR_INVALID_THIS wording, AbortSignal.any() argument
// handling and event order, structuredClone() argument errors, transfer
// list errors, DOMException cloning and how DataCloneError messages name
// built-in iterators. (Node 20 also lacks ArrayBuffer.prototype.transfer,
// which JavaScriptCore has; web_harness.js gives it one.)
//
// Justified differences from Node (cases with a fixed `mine` outcome):
// - structuredClone of a Proxy clones through its traps (V8 throws): a
//   Proxy cannot be detected from JS.
// - structuredClone of an object that merely inherits from
//   Promise.prototype throws (V8 clones it as {}): promises have no brand
//   check free of side effects, so the prototype decides.
// - structuredClone of a SharedArrayBuffer returns the same object (V8
//   makes a new object over the same memory, which JS cannot do).
// - performance.measure() with a Node milestone name (nodeStart, ...)
//   reads 0: there is no Node boot timeline to report.
// Not compared at all: Node-only performance members (nodeTiming,
// eventLoopUtilization, timerify, resource timing), which we do not
// provide, and the MaxListenersExceededWarning that Node's EventTarget
// prints past 10 listeners.
"use strict";

const fs = require("fs");
const path = require("path");
const { runCases, NODE_MAJOR } = require("./web_harness.js");

const EXPECTED = path.join(__dirname, "web_node22_expected.json");

async function main() {
  const record = process.argv.includes("--record") ? {} : null;
  if (record && NODE_MAJOR !== 22) {
    console.log(`--record needs Node 22 (this is ${process.version})`);
    process.exit(2);
  }
  const expected22 = fs.existsSync(EXPECTED) ? JSON.parse(fs.readFileSync(EXPECTED, "utf8")) : {};
  const cases = [
    ...require("./web_cases_dom_exception.js"),
    ...require("./web_cases_events.js"),
    ...require("./web_cases_abort.js"),
    ...require("./web_cases_clone.js"),
    ...require("./web_cases_performance.js"),
    ...require("./web_cases_crypto.js"),
  ];
  const { passed, failed } = await runCases(cases, { expected22, record });
  if (record) {
    fs.writeFileSync(EXPECTED, `${JSON.stringify(record, null, 1)}\n`);
    console.log(`recorded ${Object.keys(record).length} Node 22 outcomes`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((err) => {
  console.log(err && err.stack);
  console.log("0 passed, 1 failed");
  process.exit(1);
});
