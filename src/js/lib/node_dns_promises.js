// node_dns_promises.js - `dns/promises`: node_dns.js's promises.
"use strict";
exports.module = require("node_dns").module.promises;
