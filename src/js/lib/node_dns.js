// node_dns.js - Node's `dns`. In a box's node, lookup (and its promise)
// asks the box's kernel (host.sock.lookup): names in the box's /etc/hosts
// answer from it, others only through the box's network and its policy
// (docs/box-net.md). Asking DNS servers directly (resolve*, Resolver,
// reverse, lookupService) is not possible anywhere; in exec, where guest
// code has no network of its own, every use throws (deny_module.js).
"use strict";

const { denyModule } = require("deny_module");

const ERROR_CODES = {
  NODATA: "ENODATA", FORMERR: "EFORMERR", SERVFAIL: "ESERVFAIL", NOTFOUND: "ENOTFOUND",
  NOTIMP: "ENOTIMP", REFUSED: "EREFUSED", BADQUERY: "EBADQUERY", BADNAME: "EBADNAME",
  BADFAMILY: "EBADFAMILY", BADRESP: "EBADRESP", CONNREFUSED: "ECONNREFUSED", TIMEOUT: "ETIMEOUT",
  EOF: "EOF", FILE: "EFILE", NOMEM: "ENOMEM", DESTRUCTION: "EDESTRUCTION", BADSTR: "EBADSTR",
  BADFLAGS: "EBADFLAGS", NONAME: "ENONAME", BADHINTS: "EBADHINTS", NOTINITIALIZED: "ENOTINITIALIZED",
  LOADIPHLPAPI: "ELOADIPHLPAPI", ADDRGETNETWORKPARAMS: "EADDRGETNETWORKPARAMS", CANCELLED: "ECANCELLED",
};
// asking name servers: not a thing the box's programs can do
const RESOLVERS = [
  "lookupService", "Resolver", "setServers", "getServers", "resolve", "resolve4", "resolve6",
  "resolveAny", "resolveCaa", "resolveCname", "resolveMx", "resolveNaptr", "resolveNs", "resolvePtr",
  "resolveSoa", "resolveSrv", "resolveTxt", "reverse",
];

if (!host.node) {
  exports.module = denyModule("dns", [
    "lookup", "getDefaultResultOrder", "setDefaultResultOrder", "promises", "ADDRCONFIG", "ALL", "V4MAPPED",
    ...RESOLVERS, ...Object.keys(ERROR_CODES),
  ]);
} else {
  const S = host.sock;
  const { isIP } = require("net_socket");
  const util = require("node_util");
  const typeError = (name, type, value) => {
    const got = value == null ? ` Received ${value}` : typeof value === "function" ? ` Received function ${value.name}`
      : typeof value === "object" ? ` Received an instance of ${value.constructor?.name ?? "Object"}`
      : ` Received type ${typeof value} (${util.inspect(value)})`;
    const err = new TypeError(`The "${name}" ${name.includes(".") ? "property" : "argument"} must be of type ${type}.${got}`);
    err.code = "ERR_INVALID_ARG_TYPE";
    return err;
  };
  const valueError = (name, value, reason) => {
    const err = new TypeError(`The ${name.includes(".") ? "property" : "argument"} '${name}' ${reason}. Received ${util.inspect(value)}`);
    err.code = "ERR_INVALID_ARG_VALUE";
    return err;
  };
  let order = "verbatim";
  let warned = false;

  const familyOf = (options) => {
    let family = options;
    if (options !== null && typeof options === "object") family = options.family;
    if (family === undefined || family === 0) return 0;
    if (family === 4 || family === "IPv4") return 4;
    if (family === 6 || family === "IPv6") return 6;
    const what = typeof options === "object" ? "options.family" : "family";
    throw valueError(what, family, "must be one of: 0, 4, 6");
  };

  const errorOf = (r, why, hostname) => {
    let code = "ENOTFOUND", errno = -3008, message = `getaddrinfo ENOTFOUND ${hostname}`;
    if (r === -101 || r === -13) {
      code = r === -101 ? "ENETUNREACH" : "EACCES";
      errno = r;
      message = `getaddrinfo ${code} ${hostname}` +
        (why ? " - " + why.replace(/^connection to \S+ refused: /, "") : "");
    } else if (r !== -6) {
      code = util.getSystemErrorName(r);
      errno = r;
      message = `getaddrinfo ${code} ${hostname}`;
    }
    const err = new Error(message);
    err.errno = errno;
    err.code = code;
    err.syscall = "getaddrinfo";
    err.hostname = hostname;
    return err;
  };

  const literal = (a) => Object.assign(a, { literal: true });

  // the answer for (hostname, options) as Node's lookup gives it to its
  // callback: [err] or [null, address, family] or [null, list]
  const answer = (hostname, options) => {
    if (hostname && typeof hostname !== "string")
      throw typeError("hostname", "string", hostname);
    const family = familyOf(options);
    const o = options !== null && typeof options === "object" ? options : {};
    if (o.all !== undefined && typeof o.all !== "boolean")
      throw typeError("options.all", "boolean", o.all);
    if (o.hints !== undefined && typeof o.hints !== "number")
      throw typeError("options.hints", "number", o.hints);
    let ord = order;
    if (o.verbatim !== undefined) {
      if (typeof o.verbatim !== "boolean") throw typeError("options.verbatim", "boolean", o.verbatim);
      ord = o.verbatim ? "verbatim" : "ipv4first";
    }
    if (o.order !== undefined) {
      if (!["verbatim", "ipv4first", "ipv6first"].includes(o.order))
        throw valueError("options.order", o.order, "must be one of: 'verbatim', 'ipv4first', 'ipv6first'");
      ord = o.order;
    }
    const all = o.all === true;
    if (!hostname) {
      if (!warned) {
        warned = true;
        process.emitWarning(`The provided hostname "${hostname}" is not a valid hostname, and is supported in the dns module solely for compatibility.`,
          "DeprecationWarning", "DEP0118");
      }
      return literal(all ? [null, []] : [null, null, family === 6 ? 6 : 4]);
    }
    const ip = isIP(hostname);
    if (ip) return literal(all ? [null, [{ address: hostname, family: ip }]] : [null, hostname, ip]);
    const r = S.lookup(hostname, family);
    if (typeof r === "number") return [errorOf(r, S.lastError(), hostname)];
    let list = [];
    for (let i = 0; i < r.length; i += 2) list.push({ address: r[i], family: r[i + 1] });
    if (ord !== "verbatim") {
      const first = ord === "ipv4first" ? 4 : 6;
      list = [...list.filter((a) => a.family === first), ...list.filter((a) => a.family !== first)];
    }
    return all ? [null, list] : [null, list[0].address, list[0].family];
  };

  function lookup(hostname, options, callback) {
    if (typeof options === "function") {
      callback = options;
      options = undefined;
    }
    if (typeof callback !== "function") throw typeError("callback", "function", callback);
    const a = answer(hostname, options);
    // an address or no name answers on the next tick, as Node's; what the
    // kernel looked up after the tick's promises, as getaddrinfo's thread
    if (a.literal) process.nextTick(callback, ...a);
    else require("timers").setImmediate(callback, ...a);
    return {};
  }

  const promises = {
    lookup(hostname, options) {
      return new Promise((resolve, reject) => {
        const a = answer(hostname, options);
        const settle = () => {
          if (a[0]) reject(a[0]);
          else if (a.length === 2) resolve(a[1]);
          else resolve({ address: a[1], family: a[2] });
        };
        if (a.literal) settle();
        else require("timers").setImmediate(settle);
      });
    },
    getDefaultResultOrder: () => order,
    setDefaultResultOrder: (o) => setDefaultResultOrder(o),
  };

  function setDefaultResultOrder(o) {
    if (!["verbatim", "ipv4first", "ipv6first"].includes(o))
      throw valueError("dnsOrder", o, "must be one of: 'verbatim', 'ipv4first', 'ipv6first'");
    order = o;
  }

  const why = (name) => function () {
    const err = new Error(`dns.${name} is not available in the box: it asks name servers directly; ` +
      "dns.lookup resolves through the box's network");
    err.code = "ERR_ACCESS_DENIED";
    throw err;
  };
  const dns = { lookup, promises, getDefaultResultOrder: () => order, setDefaultResultOrder,
    ADDRCONFIG: 1024, ALL: 256, V4MAPPED: 2048, ...ERROR_CODES };
  for (const name of RESOLVERS) {
    dns[name] = why(name);
    promises[name] = why(`promises.${name}`);
  }
  Object.assign(promises, ERROR_CODES);
  exports.module = dns;
}
