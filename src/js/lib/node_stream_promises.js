// node_stream_promises.js - Node's `stream/promises` module: the promise
// forms of pipeline() and finished(), from node_stream.js.

"use strict";

const { internals } = require("node_stream");

exports.finished = internals.finishedPromise;
exports.pipeline = internals.pipelinePromise;
