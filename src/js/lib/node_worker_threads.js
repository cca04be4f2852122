// node_worker_threads.js - one thread: isMainThread, and a Worker that is
// refused clearly.
const { EventEmitter } = require("events");
exports.isMainThread = true;
exports.parentPort = null;
exports.workerData = null;
exports.threadId = 0;
exports.resourceLimits = {};
exports.SHARE_ENV = Symbol("nodejs.worker_threads.SHARE_ENV");
exports.Worker = class Worker extends EventEmitter {
  constructor() {
    super();
    const err = new Error("new Worker(): worker threads are not available in the sandbox");
    err.code = "ERR_ACCESS_DENIED";
    throw err;
  }
};
exports.MessageChannel = class MessageChannel {
  constructor() {
    const err = new Error("MessageChannel is not available in the sandbox yet");
    err.code = "ERR_ACCESS_DENIED";
    throw err;
  }
};
exports.markAsUntransferable = () => {};
exports.isMarkedAsUntransferable = () => false;
exports.getEnvironmentData = () => undefined;
exports.setEnvironmentData = () => {};
exports.receiveMessageOnPort = () => undefined;
