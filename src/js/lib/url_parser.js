// url_parser.js - the URL Standard's parsing for url.js (read its head
// comment first): code point helpers, percent-encoding (spec §1.3), hosts
// (spec §3: domains, IPv4, IPv6, opaque hosts), URL records and the basic
// URL parser (spec §4.4), the serializers, and the USVString conversion.
// IDNA and Punycode, needed only by domains that are not plain ASCII, are
// url_idna.js, loaded on first use.
"use strict";

// ---------------------------------------------------------------------------
// Small helpers

const EOF = -1;

// Special schemes and their default ports (file has none).
const SPECIAL_PORTS = { __proto__: null, ftp: 21, file: null, http: 80, https: 443, ws: 80, wss: 443 };

function isSpecialScheme(scheme) {
  return scheme in SPECIAL_PORTS;
}

function defaultPort(scheme) {
  const p = SPECIAL_PORTS[scheme];
  return p === undefined ? null : p;
}

function isAsciiDigit(c) { return c >= 0x30 && c <= 0x39; }
function isAsciiHexDigit(c) {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}
function isAsciiAlpha(c) { return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a); }
function isAsciiAlphanumeric(c) { return isAsciiAlpha(c) || isAsciiDigit(c); }
function toLowerCp(c) { return c >= 0x41 && c <= 0x5a ? c + 0x20 : c; }
function hexValue(c) {
  if (c <= 0x39) return c - 0x30;
  return (c | 0x20) - 0x61 + 10;
}

// Convert a JS string to a scalar-value string (WebIDL USVString): lone
// surrogates become U+FFFD.
function toUSV(s) {
  if (typeof s.toWellFormed === "function") return s.toWellFormed();
  if (!/[\uD800-\uDFFF]/.test(s)) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { out += s[i] + s[i + 1]; i++; continue; }
    }
    out += c >= 0xd800 && c <= 0xdfff ? "\uFFFD" : s[i];
  }
  return out;
}

// Array of code points of a USV string.
function codePoints(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out.push(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
        i++;
        continue;
      }
    }
    out.push(c);
  }
  return out;
}

function cpToString(c) {
  if (c < 0x10000) return String.fromCharCode(c);
  c -= 0x10000;
  return String.fromCharCode(0xd800 + (c >> 10), 0xdc00 + (c & 0x3ff));
}

function cpArrayToString(cps) {
  let s = "";
  // Chunked so that apply() never sees an over-long argument list.
  for (let i = 0; i < cps.length; i += 4096) {
    s += String.fromCodePoint.apply(null, cps.slice(i, i + 4096));
  }
  return s;
}

// ---------------------------------------------------------------------------
// Percent-encoding (spec §1.3)

const HEX_BYTE = [];
for (let i = 0; i < 256; i++) HEX_BYTE.push("%" + (i < 16 ? "0" : "") + i.toString(16).toUpperCase());

// A percent-encode set is a 128-entry table for ASCII; every code point above
// U+007E is in every set (they all include the C0 control set).
function makeSet(base, extra) {
  const t = base ? base.slice() : new Array(128).fill(false);
  for (let i = 0; i < extra.length; i++) {
    const e = extra[i];
    if (typeof e === "number") t[e] = true;
    else t[e.charCodeAt(0)] = true;
  }
  return t;
}
const C0_CONTROL_SET = (() => {
  const t = new Array(128).fill(false);
  for (let i = 0; i < 0x20; i++) t[i] = true;
  t[0x7f] = true;
  return t;
})();
const FRAGMENT_SET = makeSet(C0_CONTROL_SET, [" ", "\"", "<", ">", "`"]);
const QUERY_SET = makeSet(C0_CONTROL_SET, [" ", "\"", "#", "<", ">"]);
const SPECIAL_QUERY_SET = makeSet(QUERY_SET, ["'"]);
// The living standard adds "^" here; Node (ada) does not yet, and we follow Node.
const PATH_SET = makeSet(QUERY_SET, ["?", "`", "{", "}"]);
const USERINFO_SET = makeSet(PATH_SET, ["/", ":", ";", "=", "@", "[", "\\", "]", "^", "|"]);
const COMPONENT_SET = makeSet(USERINFO_SET, ["$", "%", "&", "+", ","]);
const FORM_SET = makeSet(COMPONENT_SET, ["!", "'", "(", ")", "~"]);

// UTF-8 percent-encode one code point.
function encodeCp(c, set) {
  if (c < 0x80) return set[c] ? HEX_BYTE[c] : String.fromCharCode(c);
  if (c < 0x800) return HEX_BYTE[0xc0 | (c >> 6)] + HEX_BYTE[0x80 | (c & 0x3f)];
  if (c < 0x10000) {
    return HEX_BYTE[0xe0 | (c >> 12)] + HEX_BYTE[0x80 | ((c >> 6) & 0x3f)] + HEX_BYTE[0x80 | (c & 0x3f)];
  }
  return HEX_BYTE[0xf0 | (c >> 18)] + HEX_BYTE[0x80 | ((c >> 12) & 0x3f)] +
    HEX_BYTE[0x80 | ((c >> 6) & 0x3f)] + HEX_BYTE[0x80 | (c & 0x3f)];
}

// UTF-8 percent-encode a USV string. spaceAsPlus implements the
// application/x-www-form-urlencoded serializer's U+0020 -> "+".
function encodeString(s, set, spaceAsPlus) {
  let out = "";
  let start = 0; // start of the pending run of characters that stay as-is
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80 && !set[c]) continue;
    if (i > start) out += s.slice(start, i);
    if (c === 0x20 && spaceAsPlus) {
      out += "+";
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      // s is a USV string, so a high surrogate is always followed by a low one.
      out += encodeCp(((c - 0xd800) << 10) + (s.charCodeAt(i + 1) - 0xdc00) + 0x10000, set);
      i++;
    } else {
      out += encodeCp(c, set);
    }
    start = i + 1;
  }
  return start === 0 ? s : out + s.slice(start);
}

// Percent-decode a string (spec: UTF-8 encode it, then decode %XX bytes),
// then UTF-8 decode the bytes without BOM, with replacement. plusAsSpace
// is for application/x-www-form-urlencoded.
function percentDecodeToString(s, plusAsSpace) {
  if (s.indexOf("%") === -1) return plusAsSpace && s.indexOf("+") !== -1 ? s.replace(/\+/g, " ") : s;
  const bytes = [];
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c === 0x25 && i + 2 < s.length &&
        isAsciiHexDigit(s.charCodeAt(i + 1)) && isAsciiHexDigit(s.charCodeAt(i + 2))) {
      bytes.push(hexValue(s.charCodeAt(i + 1)) * 16 + hexValue(s.charCodeAt(i + 2)));
      i += 2;
    } else if (c === 0x2b && plusAsSpace) {
      bytes.push(0x20);
    } else if (c < 0x80) {
      bytes.push(c);
    } else {
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        c = ((c - 0xd800) << 10) + (s.charCodeAt(i + 1) - 0xdc00) + 0x10000;
        i++;
      }
      if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
      else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
      else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    }
  }
  return utf8Decode(bytes);
}

// UTF-8 decode with U+FFFD for each maximal invalid subpart (Encoding
// Standard), BOM not stripped (the URL spec decodes "without BOM").
function utf8Decode(bytes) {
  const units = [];
  let out = "";
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i++];
    let cp = 0xfffd;
    if (b < 0x80) {
      cp = b;
    } else if (b >= 0xc2 && b <= 0xf4) {
      let need, lower = 0x80, upper = 0xbf;
      if (b < 0xe0) { need = 1; cp = b & 0x1f; }
      else if (b < 0xf0) {
        need = 2; cp = b & 0x0f;
        if (b === 0xe0) lower = 0xa0; else if (b === 0xed) upper = 0x9f;
      } else {
        need = 3; cp = b & 0x07;
        if (b === 0xf0) lower = 0x90; else if (b === 0xf4) upper = 0x8f;
      }
      while (need > 0) {
        const nb = i < n ? bytes[i] : -1;
        if (nb < lower || nb > upper) { cp = 0xfffd; break; } // do not consume nb
        cp = (cp << 6) | (nb & 0x3f);
        lower = 0x80; upper = 0xbf;
        i++;
        need--;
      }
    }
    if (cp >= 0x10000) {
      cp -= 0x10000;
      units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
    } else {
      units.push(cp);
    }
    if (units.length >= 8192) { out += String.fromCharCode.apply(null, units); units.length = 0; }
  }
  return out + String.fromCharCode.apply(null, units);
}

// ---------------------------------------------------------------------------
// Hosts (spec §3)

function isForbiddenHostCp(c) {
  return c === 0x00 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x20 || c === 0x23 ||
    c === 0x2f || c === 0x3a || c === 0x3c || c === 0x3e || c === 0x3f || c === 0x40 ||
    c === 0x5b || c === 0x5c || c === 0x5d || c === 0x5e || c === 0x7c;
}
function isForbiddenDomainCp(c) {
  return isForbiddenHostCp(c) || c <= 0x1f || c === 0x25 || c === 0x7f;
}

// The domain to ASCII algorithm with beStrict = false.
function domainToASCII(domain) {
  let result;
  // Fast path allowed by the spec: an ASCII domain with no "xn--" label
  // is only lower-cased.
  if (!/[^\x00-\x7f]/.test(domain) && !/(^|\.)xn--/i.test(domain)) {
    result = domain.toLowerCase();
  } else {
    result = require("url_idna").uts46ToASCII(domain);
    if (result === null) return null;
  }
  if (result === "") return null;
  for (let i = 0; i < result.length; i++) {
    if (isForbiddenDomainCp(result.charCodeAt(i))) return null;
  }
  return result;
}

// The IPv4 number parser: the value, or null on failure.
function parseIPv4Number(s) {
  if (s === "") return null;
  let radix = 10;
  if (s.length >= 2 && s[0] === "0" && (s[1] === "x" || s[1] === "X")) {
    s = s.slice(2);
    radix = 16;
  } else if (s.length >= 2 && s[0] === "0") {
    s = s.slice(1);
    radix = 8;
  }
  if (s === "") return 0;
  const re = radix === 10 ? /^[0-9]+$/ : radix === 16 ? /^[0-9a-fA-F]+$/ : /^[0-7]+$/;
  if (!re.test(s)) return null;
  // parseInt may round for huge inputs; any such value is rejected as too
  // large by the caller anyway.
  return parseInt(s, radix);
}

function endsInANumber(s) {
  const parts = s.split(".");
  if (parts[parts.length - 1] === "") {
    if (parts.length === 1) return false;
    parts.pop();
  }
  const last = parts[parts.length - 1];
  if (last !== "" && /^[0-9]+$/.test(last)) return true;
  return parseIPv4Number(last) !== null;
}

// Returns the address as a number, or null on failure.
function parseIPv4(s) {
  const parts = s.split(".");
  if (parts[parts.length - 1] === "" && parts.length > 1) parts.pop();
  if (parts.length > 4) return null;
  const numbers = [];
  for (const part of parts) {
    const n = parseIPv4Number(part);
    if (n === null) return null;
    numbers.push(n);
  }
  for (let i = 0; i < numbers.length - 1; i++) if (numbers[i] > 255) return null;
  const last = numbers[numbers.length - 1];
  if (last >= Math.pow(256, 5 - numbers.length)) return null;
  let ipv4 = last;
  for (let i = 0; i < numbers.length - 1; i++) ipv4 += numbers[i] * Math.pow(256, 3 - i);
  return ipv4;
}

function serializeIPv4(n) {
  const out = [];
  for (let i = 0; i < 4; i++) {
    out.unshift(String(n % 256));
    n = Math.floor(n / 256);
  }
  return out.join(".");
}

// Returns an array of eight 16-bit pieces, or null.
function parseIPv6(s) {
  const input = codePoints(s);
  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  let pieceIndex = 0;
  let compress = null;
  let p = 0;
  const at = (i) => (i < input.length ? input[i] : EOF);
  if (at(p) === 0x3a) {
    if (at(p + 1) !== 0x3a) return null;
    p += 2;
    pieceIndex++;
    compress = pieceIndex;
  }
  while (at(p) !== EOF) {
    if (pieceIndex === 8) return null;
    if (at(p) === 0x3a) {
      if (compress !== null) return null;
      p++;
      pieceIndex++;
      compress = pieceIndex;
      continue;
    }
    let value = 0, length = 0;
    while (length < 4 && at(p) !== EOF && isAsciiHexDigit(at(p))) {
      value = value * 16 + hexValue(at(p));
      p++;
      length++;
    }
    if (at(p) === 0x2e) {
      // An embedded IPv4 address in the last two pieces.
      if (length === 0) return null;
      p -= length;
      if (pieceIndex > 6) return null;
      let numbersSeen = 0;
      while (at(p) !== EOF) {
        let ipv4Piece = null;
        if (numbersSeen > 0) {
          if (at(p) === 0x2e && numbersSeen < 4) p++;
          else return null;
        }
        if (at(p) === EOF || !isAsciiDigit(at(p))) return null;
        while (at(p) !== EOF && isAsciiDigit(at(p))) {
          const number = at(p) - 0x30;
          if (ipv4Piece === null) ipv4Piece = number;
          else if (ipv4Piece === 0) return null; // no leading zeros
          else ipv4Piece = ipv4Piece * 10 + number;
          if (ipv4Piece > 255) return null;
          p++;
        }
        address[pieceIndex] = address[pieceIndex] * 0x100 + ipv4Piece;
        numbersSeen++;
        if (numbersSeen === 2 || numbersSeen === 4) pieceIndex++;
      }
      if (numbersSeen !== 4) return null;
      break;
    } else if (at(p) === 0x3a) {
      p++;
      if (at(p) === EOF) return null;
    } else if (at(p) !== EOF) {
      return null;
    }
    address[pieceIndex] = value;
    pieceIndex++;
  }
  if (compress !== null) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex !== 0 && swaps > 0) {
      const t = address[pieceIndex];
      address[pieceIndex] = address[compress + swaps - 1];
      address[compress + swaps - 1] = t;
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex !== 8) {
    return null;
  }
  return address;
}

function serializeIPv6(address) {
  // Compress the first longest run of two or more zero pieces.
  let compress = null, bestLen = 1;
  for (let i = 0; i < 8;) {
    if (address[i] !== 0) { i++; continue; }
    let j = i;
    while (j < 8 && address[j] === 0) j++;
    if (j - i > bestLen) { bestLen = j - i; compress = i; }
    i = j;
  }
  let out = "";
  let ignore0 = false;
  for (let i = 0; i < 8; i++) {
    if (ignore0 && address[i] === 0) continue;
    ignore0 = false;
    if (compress === i) {
      out += i === 0 ? "::" : ":";
      ignore0 = true;
      continue;
    }
    out += address[i].toString(16);
    if (i !== 7) out += ":";
  }
  return out;
}

// The host parser. Returns { type, value } with value the serialization
// (IPv6 without brackets), or null on failure.
function parseHostInternal(input, isOpaque) {
  if (input.startsWith("[")) {
    if (!input.endsWith("]")) return null;
    const a = parseIPv6(input.slice(1, -1));
    return a === null ? null : { type: "ipv6", value: serializeIPv6(a) };
  }
  if (isOpaque) {
    for (const ch of input) if (isForbiddenHostCp(ch.codePointAt(0))) return null;
    return { type: "opaque", value: encodeString(input, C0_CONTROL_SET, false) };
  }
  const domain = percentDecodeToString(input, false);
  const ascii = domainToASCII(domain);
  if (ascii === null) return null;
  if (endsInANumber(ascii)) {
    const n = parseIPv4(ascii);
    return n === null ? null : { type: "ipv4", value: serializeIPv4(n) };
  }
  return { type: "domain", value: ascii };
}

// Host as stored in a URL record: a string, IPv6 in brackets.
function parseHostString(input, isOpaque) {
  const h = parseHostInternal(input, isOpaque);
  if (h === null) return null;
  return h.type === "ipv6" ? "[" + h.value + "]" : h.value;
}

// ---------------------------------------------------------------------------
// URL records and the basic URL parser (spec §4.4)

function newRecord() {
  return {
    scheme: "",
    username: "",
    password: "",
    host: null, // string (IPv6 bracketed) or null; "" is the empty host
    port: null,
    path: [], // array of segments, or a string for an opaque path
    query: null,
    fragment: null,
  };
}

function hasOpaquePath(rec) { return typeof rec.path === "string"; }

function includesCredentials(rec) { return rec.username !== "" || rec.password !== ""; }

function cannotHaveUsernamePasswordPort(rec) {
  return rec.host === null || rec.host === "" || rec.scheme === "file";
}

// A Windows drive letter: ASCII alpha followed by ":" or "|".
function isWindowsDriveLetterStr(s, normalizedOnly) {
  return s.length === 2 && isAsciiAlpha(s.charCodeAt(0)) &&
    (s[1] === ":" || (!normalizedOnly && s[1] === "|"));
}

// Does input[p...] start with a Windows drive letter? (The characters
// involved are ASCII, so code-unit positions serve as code-point positions.)
function startsWithWindowsDriveLetter(input, p) {
  if (input.length - p < 2) return false;
  const c1 = input.charCodeAt(p + 1);
  if (!isAsciiAlpha(input.charCodeAt(p)) || (c1 !== 0x3a && c1 !== 0x7c)) return false;
  if (input.length - p === 2) return true;
  const c = input.charCodeAt(p + 2);
  return c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23;
}

function shortenPath(rec) {
  const path = rec.path;
  if (rec.scheme === "file" && path.length === 1 && isWindowsDriveLetterStr(path[0], true)) return;
  path.pop();
}

function isSingleDot(s) {
  return s === "." || (s.length === 3 && s.toLowerCase() === "%2e");
}
function isDoubleDot(s) {
  if (s.length !== 2 && s.length !== 4 && s.length !== 6) return false;
  switch (s.toLowerCase()) {
    case "..": case ".%2e": case "%2e.": case "%2e%2e": return true;
    default: return false;
  }
}

const S = {
  SCHEME_START: 1, SCHEME: 2, NO_SCHEME: 3, SPECIAL_RELATIVE_OR_AUTHORITY: 4,
  PATH_OR_AUTHORITY: 5, RELATIVE: 6, RELATIVE_SLASH: 7, SPECIAL_AUTHORITY_SLASHES: 8,
  SPECIAL_AUTHORITY_IGNORE_SLASHES: 9, AUTHORITY: 10, HOST: 11, HOSTNAME: 12, PORT: 13,
  FILE: 14, FILE_SLASH: 15, FILE_HOST: 16, PATH_START: 17, PATH: 18, OPAQUE_PATH: 19,
  QUERY: 20, FRAGMENT: 21,
};

const FAILURE = null;

// Length of the run of ASCII code units from `p` that are not in `set` and
// not `stop1`/`stop2`: characters that a state copies through unchanged.
function plainRun(input, p, set, stop1, stop2) {
  let j = p;
  const n = input.length;
  while (j < n) {
    const u = input.charCodeAt(j);
    if (u >= 0x80 || set[u] || u === stop1 || u === stop2) break;
    j++;
  }
  return j - p;
}

// The basic URL parser. `input` is a USV string. With `url` and
// `stateOverride` it modifies `url` in place (for setters) and returns
// `url`, or FAILURE (having changed `url` only where the spec does too).
//
// The spec walks a pointer over code points and sometimes "decreases the
// pointer by 1" so that the next round sees the same code point again. Here
// the pointer indexes UTF-16 code units (so runs of plain characters can be
// copied with one slice) and that step is written `reconsume = true`.
function basicParse(input, base, url, stateOverride) {
  if (!url) {
    url = newRecord();
    // Strip leading and trailing C0 control or space.
    let start = 0, end = input.length;
    while (start < end && input.charCodeAt(start) <= 0x20) start++;
    while (end > start && input.charCodeAt(end - 1) <= 0x20) end--;
    if (start > 0 || end < input.length) input = input.slice(start, end);
  }
  if (/[\t\n\r]/.test(input)) input = input.replace(/[\t\n\r]/g, "");
  const len = input.length;
  let state = stateOverride || S.SCHEME_START;
  let buffer = "";
  let atSignSeen = false, insideBrackets = false, passwordTokenSeen = false;
  let p = 0;

  for (;;) {
    const c = p < len ? input.codePointAt(p) : EOF;
    let reconsume = false;
    switch (state) {
      case S.SCHEME_START:
        if (c !== EOF && isAsciiAlpha(c)) {
          buffer += String.fromCharCode(toLowerCp(c));
          state = S.SCHEME;
        } else if (!stateOverride) {
          state = S.NO_SCHEME;
          reconsume = true;
        } else {
          return FAILURE;
        }
        break;

      case S.SCHEME:
        if (c !== EOF && (isAsciiAlphanumeric(c) || c === 0x2b || c === 0x2d || c === 0x2e)) {
          buffer += String.fromCharCode(toLowerCp(c));
        } else if (c === 0x3a) {
          if (stateOverride) {
            if (isSpecialScheme(url.scheme) !== isSpecialScheme(buffer)) return url;
            if ((includesCredentials(url) || url.port !== null) && buffer === "file") return url;
            if (url.scheme === "file" && url.host === "") return url;
          }
          url.scheme = buffer;
          if (stateOverride) {
            if (url.port === defaultPort(url.scheme)) url.port = null;
            return url;
          }
          buffer = "";
          if (url.scheme === "file") {
            state = S.FILE;
          } else if (isSpecialScheme(url.scheme) && base && base.scheme === url.scheme) {
            state = S.SPECIAL_RELATIVE_OR_AUTHORITY;
          } else if (isSpecialScheme(url.scheme)) {
            state = S.SPECIAL_AUTHORITY_SLASHES;
          } else if (input.charCodeAt(p + 1) === 0x2f) {
            state = S.PATH_OR_AUTHORITY;
            p++;
          } else {
            url.path = "";
            state = S.OPAQUE_PATH;
          }
        } else if (!stateOverride) {
          buffer = "";
          state = S.NO_SCHEME;
          p = 0; // start over from the first code point
          reconsume = true;
        } else {
          return FAILURE;
        }
        break;

      case S.NO_SCHEME:
        if (!base || (hasOpaquePath(base) && c !== 0x23)) {
          return FAILURE;
        } else if (hasOpaquePath(base) && c === 0x23) {
          url.scheme = base.scheme;
          url.path = base.path;
          url.query = base.query;
          url.fragment = "";
          state = S.FRAGMENT;
        } else if (base.scheme !== "file") {
          state = S.RELATIVE;
          reconsume = true;
        } else {
          state = S.FILE;
          reconsume = true;
        }
        break;

      case S.SPECIAL_RELATIVE_OR_AUTHORITY:
        if (c === 0x2f && input.charCodeAt(p + 1) === 0x2f) {
          state = S.SPECIAL_AUTHORITY_IGNORE_SLASHES;
          p++;
        } else {
          state = S.RELATIVE;
          reconsume = true;
        }
        break;

      case S.PATH_OR_AUTHORITY:
        if (c === 0x2f) {
          state = S.AUTHORITY;
        } else {
          state = S.PATH;
          reconsume = true;
        }
        break;

      case S.RELATIVE:
        url.scheme = base.scheme;
        if (c === 0x2f || (c === 0x5c && isSpecialScheme(url.scheme))) {
          state = S.RELATIVE_SLASH;
        } else {
          url.username = base.username;
          url.password = base.password;
          url.host = base.host;
          url.port = base.port;
          url.path = base.path.slice();
          url.query = base.query;
          if (c === 0x3f) {
            url.query = "";
            state = S.QUERY;
          } else if (c === 0x23) {
            url.fragment = "";
            state = S.FRAGMENT;
          } else if (c !== EOF) {
            url.query = null;
            shortenPath(url);
            state = S.PATH;
            reconsume = true;
          }
        }
        break;

      case S.RELATIVE_SLASH:
        if (isSpecialScheme(url.scheme) && (c === 0x2f || c === 0x5c)) {
          state = S.SPECIAL_AUTHORITY_IGNORE_SLASHES;
        } else if (c === 0x2f) {
          state = S.AUTHORITY;
        } else {
          url.username = base.username;
          url.password = base.password;
          url.host = base.host;
          url.port = base.port;
          state = S.PATH;
          reconsume = true;
        }
        break;

      case S.SPECIAL_AUTHORITY_SLASHES:
        if (c === 0x2f && input.charCodeAt(p + 1) === 0x2f) {
          state = S.SPECIAL_AUTHORITY_IGNORE_SLASHES;
          p++;
        } else {
          state = S.SPECIAL_AUTHORITY_IGNORE_SLASHES;
          reconsume = true;
        }
        break;

      case S.SPECIAL_AUTHORITY_IGNORE_SLASHES:
        if (c !== 0x2f && c !== 0x5c) {
          state = S.AUTHORITY;
          reconsume = true;
        }
        break;

      case S.AUTHORITY:
        if (c === 0x40) {
          if (atSignSeen) buffer = "%40" + buffer;
          atSignSeen = true;
          for (const ch of buffer) {
            const bc = ch.codePointAt(0);
            if (bc === 0x3a && !passwordTokenSeen) {
              passwordTokenSeen = true;
              continue;
            }
            const enc = encodeCp(bc, USERINFO_SET);
            if (passwordTokenSeen) url.password += enc;
            else url.username += enc;
          }
          buffer = "";
        } else if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 ||
                   (c === 0x5c && isSpecialScheme(url.scheme))) {
          if (atSignSeen && buffer === "") return FAILURE;
          // Back to the start of the buffered characters.
          p -= buffer.length;
          reconsume = true;
          buffer = "";
          state = S.HOST;
        } else {
          buffer += cpToString(c);
        }
        break;

      case S.HOST:
      case S.HOSTNAME:
        if (stateOverride && url.scheme === "file") {
          reconsume = true;
          state = S.FILE_HOST;
        } else if (c === 0x3a && !insideBrackets) {
          if (buffer === "") return FAILURE;
          if (stateOverride === S.HOSTNAME) return FAILURE;
          const host = parseHostString(buffer, !isSpecialScheme(url.scheme));
          if (host === null) return FAILURE;
          url.host = host;
          buffer = "";
          state = S.PORT;
        } else if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 ||
                   (c === 0x5c && isSpecialScheme(url.scheme))) {
          reconsume = true;
          if (isSpecialScheme(url.scheme) && buffer === "") return FAILURE;
          if (stateOverride && buffer === "" && (includesCredentials(url) || url.port !== null)) {
            return FAILURE;
          }
          const host = parseHostString(buffer, !isSpecialScheme(url.scheme));
          if (host === null) return FAILURE;
          url.host = host;
          buffer = "";
          state = S.PATH_START;
          if (stateOverride) return url;
        } else {
          if (c === 0x5b) insideBrackets = true;
          if (c === 0x5d) insideBrackets = false;
          buffer += cpToString(c);
        }
        break;

      case S.PORT:
        if (c !== EOF && isAsciiDigit(c)) {
          buffer += String.fromCharCode(c);
        } else if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 ||
                   (c === 0x5c && isSpecialScheme(url.scheme)) || stateOverride) {
          if (buffer !== "") {
            const port = parseInt(buffer, 10);
            if (port > 65535) return FAILURE;
            url.port = port === defaultPort(url.scheme) ? null : port;
            buffer = "";
            if (stateOverride) return url;
          }
          if (stateOverride) return FAILURE;
          state = S.PATH_START;
          reconsume = true;
        } else {
          return FAILURE;
        }
        break;

      case S.FILE:
        url.scheme = "file";
        url.host = "";
        if (c === 0x2f || c === 0x5c) {
          state = S.FILE_SLASH;
        } else if (base && base.scheme === "file") {
          url.host = base.host;
          url.path = base.path.slice();
          url.query = base.query;
          if (c === 0x3f) {
            url.query = "";
            state = S.QUERY;
          } else if (c === 0x23) {
            url.fragment = "";
            state = S.FRAGMENT;
          } else if (c !== EOF) {
            url.query = null;
            if (!startsWithWindowsDriveLetter(input, p)) shortenPath(url);
            else url.path = [];
            state = S.PATH;
            reconsume = true;
          }
        } else {
          state = S.PATH;
          reconsume = true;
        }
        break;

      case S.FILE_SLASH:
        if (c === 0x2f || c === 0x5c) {
          state = S.FILE_HOST;
        } else {
          if (base && base.scheme === "file") {
            url.host = base.host;
            if (!startsWithWindowsDriveLetter(input, p) && base.path.length > 0 &&
                isWindowsDriveLetterStr(base.path[0], true)) {
              url.path.push(base.path[0]);
            }
          }
          state = S.PATH;
          reconsume = true;
        }
        break;

      case S.FILE_HOST:
        if (c === EOF || c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23) {
          reconsume = true;
          if (!stateOverride && isWindowsDriveLetterStr(buffer, false)) {
            // "file://C:/": the drive letter is a path segment, not a host.
            // buffer is intentionally kept for the path state.
            state = S.PATH;
          } else if (buffer === "") {
            url.host = "";
            if (stateOverride) return url;
            state = S.PATH_START;
          } else {
            let host = parseHostString(buffer, false);
            if (host === null) return FAILURE;
            if (host === "localhost") host = "";
            url.host = host;
            if (stateOverride) return url;
            buffer = "";
            state = S.PATH_START;
          }
        } else {
          buffer += cpToString(c);
        }
        break;

      case S.PATH_START:
        if (isSpecialScheme(url.scheme)) {
          state = S.PATH;
          if (c !== 0x2f && c !== 0x5c) reconsume = true;
        } else if (!stateOverride && c === 0x3f) {
          url.query = "";
          state = S.QUERY;
        } else if (!stateOverride && c === 0x23) {
          url.fragment = "";
          state = S.FRAGMENT;
        } else if (c !== EOF) {
          state = S.PATH;
          if (c !== 0x2f) reconsume = true;
        } else if (stateOverride && url.host === null) {
          url.path.push("");
        }
        break;

      case S.PATH: {
        const special = isSpecialScheme(url.scheme);
        if (c === EOF || c === 0x2f || (special && c === 0x5c) ||
            (!stateOverride && (c === 0x3f || c === 0x23))) {
          const slash = c === 0x2f || (special && c === 0x5c);
          if (isDoubleDot(buffer)) {
            shortenPath(url);
            if (!slash) url.path.push("");
          } else if (isSingleDot(buffer) && !slash) {
            url.path.push("");
          } else if (!isSingleDot(buffer)) {
            if (url.scheme === "file" && url.path.length === 0 && isWindowsDriveLetterStr(buffer, false)) {
              buffer = buffer[0] + ":";
            }
            url.path.push(buffer);
          }
          buffer = "";
          if (c === 0x3f) {
            url.query = "";
            state = S.QUERY;
          }
          if (c === 0x23) {
            url.fragment = "";
            state = S.FRAGMENT;
          }
        } else {
          const run = plainRun(input, p, PATH_SET, 0x2f, special ? 0x5c : 0x2f);
          if (run > 1) {
            buffer += input.slice(p, p + run);
            p += run;
            reconsume = true;
          } else {
            buffer += encodeCp(c, PATH_SET);
          }
        }
        break;
      }

      case S.OPAQUE_PATH:
        if (c === 0x3f) {
          url.query = "";
          state = S.QUERY;
        } else if (c === 0x23) {
          url.fragment = "";
          state = S.FRAGMENT;
        } else if (c !== EOF) {
          const run = plainRun(input, p, C0_CONTROL_SET, 0x3f, 0x23);
          if (run > 1) {
            url.path += input.slice(p, p + run);
            p += run;
            reconsume = true;
          } else {
            url.path += encodeCp(c, C0_CONTROL_SET);
          }
        }
        break;

      case S.QUERY:
        // The encoding is always UTF-8 here, so each code point can be
        // percent-encoded as it comes instead of going through a buffer.
        if ((!stateOverride && c === 0x23) || c === EOF) {
          if (c === 0x23) {
            url.fragment = "";
            state = S.FRAGMENT;
          }
        } else {
          // "#" is in both query sets, so a run never swallows it.
          const set = isSpecialScheme(url.scheme) ? SPECIAL_QUERY_SET : QUERY_SET;
          const run = plainRun(input, p, set, -1, -1);
          if (run > 1) {
            url.query += input.slice(p, p + run);
            p += run;
            reconsume = true;
          } else {
            url.query += encodeCp(c, set);
          }
        }
        break;

      case S.FRAGMENT:
        if (c !== EOF) {
          const run = plainRun(input, p, FRAGMENT_SET, -1, -1);
          if (run > 1) {
            url.fragment += input.slice(p, p + run);
            p += run;
            reconsume = true;
          } else {
            url.fragment += encodeCp(c, FRAGMENT_SET);
          }
        }
        break;
    }
    if (reconsume) continue;
    if (p >= len) break;
    p += c > 0xffff ? 2 : 1;
  }
  return url;
}

// The URL serializer.
function serializeURL(rec, excludeFragment) {
  let out = rec.scheme + ":";
  if (rec.host !== null) {
    out += "//";
    if (includesCredentials(rec)) {
      out += rec.username;
      if (rec.password !== "") out += ":" + rec.password;
      out += "@";
    }
    out += rec.host;
    if (rec.port !== null) out += ":" + rec.port;
  }
  if (rec.host === null && !hasOpaquePath(rec) && rec.path.length > 1 && rec.path[0] === "") {
    out += "/.";
  }
  out += serializePath(rec);
  if (rec.query !== null) out += "?" + rec.query;
  if (!excludeFragment && rec.fragment !== null) out += "#" + rec.fragment;
  return out;
}

function serializePath(rec) {
  if (hasOpaquePath(rec)) return rec.path;
  let out = "";
  for (const seg of rec.path) out += "/" + seg;
  return out;
}

function serializeOrigin(rec) {
  switch (rec.scheme) {
    case "blob": {
      const inner = basicParse(serializePath(rec), null);
      if (inner && (inner.scheme === "http" || inner.scheme === "https")) return serializeOrigin(inner);
      return "null";
    }
    case "ftp": case "http": case "https": case "ws": case "wss":
      return rec.scheme + "://" + rec.host + (rec.port !== null ? ":" + rec.port : "");
    default:
      return "null";
  }
}

function stripTrailingSpacesFromOpaquePath(rec) {
  if (!hasOpaquePath(rec) || rec.fragment !== null || rec.query !== null) return;
  rec.path = rec.path.replace(/ +$/, "");
}

// `${v}` then lone surrogates to U+FFFD, like WebIDL's USVString conversion.
function usv(v) {
  return toUSV(`${v}`);
}

Object.assign(exports, {
  FAILURE, FORM_SET, S, USERINFO_SET, basicParse, cannotHaveUsernamePasswordPort, codePoints,
  cpArrayToString, cpToString, encodeString, hasOpaquePath, parseHostInternal, parseIPv6,
  percentDecodeToString, serializeIPv6, serializeOrigin, serializePath, serializeURL,
  stripTrailingSpacesFromOpaquePath, toLowerCp, toUSV, usv,
});
