// navigator.js - the `navigator` global as Node 22 has it. Values are the
// sandbox's neutral ones (the same as node:os reports), not the host's.
"use strict";

const kConstruct = Symbol("construct");
const { availableParallelism } = require("node_os");

class Navigator {
  constructor(token = undefined) {
    if (token !== kConstruct) throw new TypeError("Illegal constructor");
  }
  get hardwareConcurrency() { return availableParallelism(); }
  get language() { return "en-US"; }
  get languages() { return ["en-US"]; }
  get userAgent() { return `Node.js/${process.versions.node.split(".")[0]}`; }
  get platform() { return "Linux x86_64"; }
}

exports.navigator = new Navigator(kConstruct);
exports.Navigator = Navigator;
