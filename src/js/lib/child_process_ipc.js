// child_process_ipc.js - fork()'s channel between the box's node and a
// node child: JSON messages, one a line, as Node's 'json' serialization
// writes them. The channel is two pipes (one each way) where Node has one
// socketpair; the child finds its ends in NODE_CHANNEL_FD ("wfd,rfd", box
// descriptors), which only the box's node sets and reads.
const tasks = require("tasks");
const { codedError, missingArgs } = require("web_errors");

const P = host.proc;

function channelClosed() {
  return codedError(Error, "ERR_IPC_CHANNEL_CLOSED", "Channel closed");
}

// target: a ChildProcess (parent side) or process (child side); rfd and
// wfd host fds of this process.
function setupChannel(target, rfd, wfd) {
  const { pipeStream } = require("child_process_box");
  const input = pipeStream(rfd, true);
  const output = pipeStream(wfd, false);
  let pending = "";
  let closed = false;
  target.connected = true;
  const decoder = new (require("node_string_decoder").StringDecoder)("utf8");
  const channel = {
    ref() { input.ref(); },
    unref() { input.unref(); },
    get fd() { return rfd; },
  };
  target.channel = channel;
  target._channel = channel;
  input.on("data", (chunk) => {
    pending += decoder.write(chunk);
    let nl;
    while ((nl = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (!line) continue;
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        continue;
      }
      // Node's own messages (NODE_HANDLE, ...) are not the program's
      if (message && typeof message === "object" && typeof message.cmd === "string" && message.cmd.startsWith("NODE_")) continue;
      target.emit("message", message, undefined);
    }
  });
  input.on("error", () => {});
  output.on("error", () => {});
  const finish = () => {
    if (closed) return;
    closed = true;
    target.connected = false;
    output.destroy();
    input.destroy();
    target.channel = target._channel = null;
    tasks.nextTick(() => target.emit("disconnect"));
  };
  input.on("end", finish);

  target.send = function send(message, handle, options, callback) {
    if (typeof handle === "function") { callback = handle; handle = undefined; options = undefined; }
    else if (typeof options === "function") { callback = options; options = undefined; }
    if (message === undefined) throw missingArgs("message");
    if (closed) {
      const err = channelClosed();
      if (typeof callback === "function") tasks.nextTick(callback, err);
      else tasks.nextTick(() => target.emit("error", err));
      return false;
    }
    const line = `${JSON.stringify(message)}\n`;
    output.write(line, (err) => { if (typeof callback === "function") callback(err || null); });
    return output.writableLength < output.writableHighWaterMark;
  };
  target.disconnect = function disconnect() {
    if (closed) {
      target.emit("error", codedError(Error, "ERR_IPC_DISCONNECTED", "IPC channel is already disconnected"));
      return;
    }
    // what was sent still goes out: the write end closes after it
    closed = true;
    target.connected = false;
    output.end();
    input.destroy();
    target.channel = target._channel = null;
    tasks.nextTick(() => target.emit("disconnect"));
  };
  return channel;
}

// The child's side, at its start: the channel is open but holds the
// process only while it has 'message' or 'disconnect' listeners, as Node's.
function forkChild(process) {
  const spec = process.env.NODE_CHANNEL_FD;
  if (!spec) return;
  delete process.env.NODE_CHANNEL_FD;
  delete process.env.NODE_CHANNEL_SERIALIZATION_MODE;
  const [w, r] = String(spec).split(",").map(Number);
  if (!(w >= 0) || !(r >= 0)) return;
  const wfd = P.takeFd(w), rfd = P.takeFd(r);
  if (wfd < 0 || rfd < 0) return;
  const channel = setupChannel(process, rfd, wfd);
  const holding = () => process.listenerCount("message") + process.listenerCount("disconnect") > 0;
  const update = () => { if (process.channel) (holding() ? channel.ref() : channel.unref()); };
  process.on("newListener", (name) => { if (name === "message" || name === "disconnect") tasks.nextTick(update); });
  process.on("removeListener", (name) => { if (name === "message" || name === "disconnect") tasks.nextTick(update); });
  update();
}

exports.setupChannel = setupChannel;
exports.forkChild = forkChild;
