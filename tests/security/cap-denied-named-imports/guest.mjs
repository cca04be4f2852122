// The refused builtins link as under Node: a named import of their API is
// not a SyntaxError that stops the program, and each use is refused.
import { createSocket } from "node:dgram";
import { connect as tlsConnect, rootCertificates } from "node:tls";
import { lookup, Resolver } from "node:dns";
import { createConnection, createServer } from "node:net";
import { getHeapStatistics, serialize } from "node:v8";
import { fork } from "node:cluster";
import { connect as h2connect } from "node:http2";
import { open } from "node:inspector";
import { start } from "node:repl";
const uses = { createSocket, tlsConnect, rootCertificates, lookup, Resolver, createConnection, createServer, getHeapStatistics, serialize, fork, h2connect, open, start };
for (const [k, f] of Object.entries(uses)) try { f(); console.log(k, "RETURNED"); } catch (e) { console.log(k, e.code); }
console.log("linked");
