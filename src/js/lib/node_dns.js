// node_dns.js - refused in the sandbox: loading works, every use throws
// (deny_module.js).
const { denyModule } = require("deny_module");
exports.module = denyModule("dns", [
  "lookup", "lookupService", "Resolver", "getDefaultResultOrder", "setDefaultResultOrder", "setServers",
  "getServers", "resolve", "resolve4", "resolve6", "resolveAny", "resolveCaa",
  "resolveCname", "resolveMx", "resolveNaptr", "resolveNs", "resolvePtr", "resolveSoa",
  "resolveSrv", "resolveTxt", "reverse", "promises", "ADDRCONFIG", "ALL",
  "V4MAPPED", "NODATA", "FORMERR", "SERVFAIL", "NOTFOUND", "NOTIMP",
  "REFUSED", "BADQUERY", "BADNAME", "BADFAMILY", "BADRESP", "CONNREFUSED",
  "TIMEOUT", "EOF", "FILE", "NOMEM", "DESTRUCTION", "BADSTR",
  "BADFLAGS", "NONAME", "BADHINTS", "NOTINITIALIZED", "LOADIPHLPAPI", "ADDRGETNETWORKPARAMS",
  "CANCELLED",
]);
