// url.js: the WHATWG URL Standard (https://url.spec.whatwg.org/) as Node 22
// exposes it: URL, URLSearchParams, and parseHost() for the network layer.
//
// Written from the specification. The parser is the spec's "basic URL parser"
// state machine, run over an array of code points; state names and step
// comments follow the spec so the two can be read side by side.
//
// Where Node (whose URL is the `ada` library) is older than the living
// standard, we follow Node:
//   - the path percent-encode set does not contain "^";
//   - an opaque path keeps a space before "?"/"#" as a literal space, and
//     clearing search/hash strips trailing spaces from the opaque path
//     ("potentially strip trailing spaces from an opaque path");
//   - blob: URLs have a tuple origin only when the inner URL is http(s).
// Where Node departs from the standard in ways that look like plain bugs, we
// follow the standard (tests/lib/url_vs_node.js lists them): ".." emptying a
// non-special URL's path, relative references with a query against an
// opaque-path base, the host setter on non-special URLs, and the port
// setter with values like "a1".
//
// IDNA (UTS #46 ToASCII with CheckHyphens=false, CheckBidi=true,
// CheckJoiners=true, UseSTD3ASCIIRules=false, Transitional=false,
// VerifyDnsLength=false) is implemented without Unicode's data tables, from
// the properties JavaScript itself provides. The subset:
//   - mapping: code points UTS #46 ignores (soft hyphen, ZWSP, word joiner,
//     variation selectors, BOM, ...) are removed; the ideographic full stops
//     U+3002 U+FF0E U+FF61 become "."; everything else goes through NFKC and a
//     per-code-point lowercase (which together match UTS #46's NFKC_Casefold
//     based mapping for letters: full-width forms, ligatures, compatibility
//     characters, Latin/Greek/Cyrillic/... case), with the casefold exceptions
//     that matter (U+1E9E -> "ss", Cherokee folds to upper case, no Greek
//     final-sigma context); ß, ς, ZWJ and ZWNJ are kept (nontransitional);
//   - disallowed: C0/C1 controls, unassigned, private use, surrogates,
//     noncharacters, format characters other than ZWJ/ZWNJ, line/paragraph
//     separators, non-ASCII spaces that NFKC does not map to U+0020, U+FFFC,
//     U+FFFD, characters whose NFKC form contains a full stop (⒈, ․, ︒), and
//     a short list of letters (see isDisallowedCp);
//   - validity: labels must be NFC and not begin with a combining mark; "xn--"
//     labels must be ASCII, decode as Punycode to a non-empty label that maps
//     to itself; ZWJ/ZWNJ follow RFC 5892's ContextJ rules with a built-in
//     virama list and an approximate Arabic joining-type test (checking only
//     the first joiner of a label, as ada does); the bidi rule (RFC 5893)
//     is applied the way ada applies it (see checkBidiLabel), with bidi
//     classes approximated from scripts and general categories.
// Punycode (RFC 3492) encoding and decoding are complete.

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
// Punycode (RFC 3492)

const PUNY_BASE = 36, PUNY_TMIN = 1, PUNY_TMAX = 26, PUNY_SKEW = 38, PUNY_DAMP = 700;
const PUNY_INITIAL_BIAS = 72, PUNY_INITIAL_N = 128, PUNY_MAXINT = 0x7fffffff;

function punyAdapt(delta, numPoints, firstTime) {
  delta = firstTime ? Math.floor(delta / PUNY_DAMP) : delta >> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > ((PUNY_BASE - PUNY_TMIN) * PUNY_TMAX) >> 1) {
    delta = Math.floor(delta / (PUNY_BASE - PUNY_TMIN));
    k += PUNY_BASE;
  }
  return k + Math.floor(((PUNY_BASE - PUNY_TMIN + 1) * delta) / (delta + PUNY_SKEW));
}

function punyDigitChar(d) { return String.fromCharCode(d < 26 ? 0x61 + d : 0x30 + d - 26); }

function punyThreshold(k, bias) {
  if (k <= bias) return PUNY_TMIN;
  if (k >= bias + PUNY_TMAX) return PUNY_TMAX;
  return k - bias;
}

// Encode an array of code points; returns the ASCII string (without "xn--"),
// or null on overflow.
function punycodeEncode(input) {
  let n = PUNY_INITIAL_N, delta = 0, bias = PUNY_INITIAL_BIAS;
  let output = "";
  for (let j = 0; j < input.length; j++) if (input[j] < 0x80) output += String.fromCharCode(input[j]);
  const b = output.length;
  let h = b;
  if (b > 0) output += "-";
  while (h < input.length) {
    let m = 0x110000;
    for (let j = 0; j < input.length; j++) if (input[j] >= n && input[j] < m) m = input[j];
    if ((m - n) > Math.floor((PUNY_MAXINT - delta) / (h + 1))) return null;
    delta += (m - n) * (h + 1);
    n = m;
    for (let j = 0; j < input.length; j++) {
      const c = input[j];
      if (c < n && ++delta > PUNY_MAXINT) return null;
      if (c === n) {
        let q = delta;
        for (let k = PUNY_BASE; ; k += PUNY_BASE) {
          const t = punyThreshold(k, bias);
          if (q < t) break;
          output += punyDigitChar(t + ((q - t) % (PUNY_BASE - t)));
          q = Math.floor((q - t) / (PUNY_BASE - t));
        }
        output += punyDigitChar(q);
        bias = punyAdapt(delta, h + 1, h === b);
        delta = 0;
        h++;
      }
    }
    delta++;
    n++;
  }
  return output;
}

// Decode a Punycode string (without "xn--") to an array of code points, or
// null when it is not valid Punycode.
function punycodeDecode(input) {
  let n = PUNY_INITIAL_N, i = 0, bias = PUNY_INITIAL_BIAS;
  // Basic code points are those before the last "-". RFC 3492 would decode
  // a leading "-" (b = 0) as a digit and fail; like ada we take it as an
  // empty basic part ("xn---z3z" is accepted by Node).
  const b = input.lastIndexOf("-");
  const output = [];
  for (let j = 0; j < b; j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return null;
    output.push(c);
  }
  let pos = b + 1;
  while (pos < input.length) {
    const oldi = i;
    let w = 1;
    for (let k = PUNY_BASE; ; k += PUNY_BASE) {
      if (pos >= input.length) return null;
      const c = input.charCodeAt(pos++);
      let digit;
      if (c >= 0x30 && c <= 0x39) digit = c - 0x30 + 26;
      else if (c >= 0x41 && c <= 0x5a) digit = c - 0x41;
      else if (c >= 0x61 && c <= 0x7a) digit = c - 0x61;
      else return null;
      if (digit > Math.floor((PUNY_MAXINT - i) / w)) return null;
      i += digit * w;
      const t = punyThreshold(k, bias);
      if (digit < t) break;
      if (w > Math.floor(PUNY_MAXINT / (PUNY_BASE - t))) return null;
      w *= PUNY_BASE - t;
    }
    const len = output.length + 1;
    bias = punyAdapt(i - oldi, len, oldi === 0);
    if (Math.floor(i / len) > PUNY_MAXINT - n) return null;
    n += Math.floor(i / len);
    i %= len;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i, 0, n);
    i++;
  }
  return output;
}

// ---------------------------------------------------------------------------
// IDNA: UTS #46 ToASCII (the subset described at the top of this file)

// Code points UTS #46 maps to nothing ("ignored").
function isIgnored(c) {
  return c === 0xad || c === 0x34f || (c >= 0x180b && c <= 0x180d) || c === 0x180f ||
    c === 0x200b || c === 0x2060 || c === 0x2064 || (c >= 0xfe00 && c <= 0xfe0f) ||
    c === 0xfeff || (c >= 0x1bca0 && c <= 0x1bca3) || (c >= 0xe0100 && c <= 0xe01ef);
}

// Disallowed after mapping (approximated from general categories).
const RE_DISALLOWED = /[\p{Cc}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\uFFFC\uFFFD]/u;
const RE_FORMAT = /\p{Cf}/u;
const RE_SPACE_SEP = /\p{Zs}/u;
const RE_LEADING_MARK = /^\p{M}/u;

function isDisallowedCp(c, s) {
  // ASCII is all valid with UseSTD3ASCIIRules=false; the URL spec's forbidden
  // domain code point check rejects what must be rejected afterwards.
  if (c < 0x80) return false;
  if (c === 0x200c || c === 0x200d) return false; // deviation characters (kept)
  if (RE_DISALLOWED.test(s) || RE_FORMAT.test(s) || RE_SPACE_SEP.test(s)) return true;
  // Letters UTS #46 disallows although they are assigned and not compatibility
  // forms: Cyrillic palochka, Georgian capitals, Hangul fillers, Khmer
  // inherent vowels, Mongolian todo soft hyphen, turned F/C, ideographic
  // description characters.
  return c === 0x4c0 || (c >= 0x10a0 && c <= 0x10c5) || c === 0x115f || c === 0x1160 ||
    c === 0x17b4 || c === 0x17b5 || c === 0x1806 || c === 0x2132 || c === 0x2183 ||
    (c >= 0x2ff0 && c <= 0x2fff) || c === 0x3164 || c === 0xffa0;
}

const hasNormalize = typeof "".normalize === "function";
function nfc(s) { return hasNormalize ? s.normalize("NFC") : s; }
function nfkc(s) { return hasNormalize ? s.normalize("NFKC") : s; }

// Map one code point per the UTS #46 subset; returns the replacement string,
// or null when the code point is disallowed.
function mapCp(c) {
  if (c < 0x80) return String.fromCharCode(toLowerCp(c));
  if (isIgnored(c)) return "";
  if (c === 0x3002 || c === 0xff0e || c === 0xff61) return ".";
  if (c === 0x1e9e) return "ss";
  // Cherokee case-folds to the upper-case letters.
  if (c >= 0xab70 && c <= 0xabbf) return String.fromCharCode(c - 0xab70 + 0x13a0);
  if (c >= 0x13f8 && c <= 0x13fd) return String.fromCharCode(c - 8);
  const s = cpToString(c);
  if (isDisallowedCp(c, s)) return null;
  let m = nfkc(s);
  // Fullwidth ASCII etc. come out of NFKC as ASCII; a compatibility form that
  // contains "." (⒈, ․) is disallowed by UTS #46 rather than split into labels.
  if (m !== s && /[.\u3002\uff0e\uff61]/.test(m)) return null;
  if (c >= 0x13a0 && c <= 0x13f5) return m; // Cherokee upper case is the folded form
  let lower = "";
  // Case-fold code point by code point (String.prototype.toLowerCase on the
  // whole string would apply Greek final-sigma context, which UTS #46 does
  // not). JavaScript has no case folding; lower(upper(ch)) gives it, full
  // folding included (U+0345 -> ι, ᾀ -> ἀι, և -> եւ).
  for (const ch of m) {
    // Deviation characters stay; dotless i is valid as it is (its upper case
    // is plain I).
    if (ch === "\u00df" || ch === "\u0131") { lower += ch; continue; }
    // A compatibility form of final sigma (ϲ, 𝛓) folds to σ; ς itself stays.
    if (ch === "\u03c2") { lower += c === 0x3c2 ? ch : "\u03c3"; continue; }
    lower += ch.toUpperCase().toLowerCase();
  }
  if (lower !== m) lower = nfkc(lower);
  // NFKC can produce characters that are themselves disallowed (e.g. spaces).
  for (const ch of lower) {
    const cc = ch.codePointAt(0);
    if (cc >= 0x80 && isDisallowedCp(cc, ch)) return null;
  }
  return lower;
}

// Canonical_Combining_Class=Virama code points (for CheckJoiners).
const VIRAMAS = new Set([
  0x94d, 0x9cd, 0xa4d, 0xacd, 0xb4d, 0xbcd, 0xc4d, 0xccd, 0xd3b, 0xd3c, 0xd4d, 0xdca, 0xe3a,
  0xeba, 0xf84, 0x1039, 0x103a, 0x1714, 0x1715, 0x1734, 0x17d2, 0x1a60, 0x1b44, 0x1baa,
  0x1bab, 0x1bf2, 0x1bf3, 0x2d7f, 0xa806, 0xa82c, 0xa8c4, 0xa953, 0xa9c0, 0xaaf6, 0xabed,
  0x10a3f, 0x11046, 0x11070, 0x1107f, 0x110b9, 0x11133, 0x11134, 0x111c0, 0x11235, 0x112ea,
  0x1134d, 0x11442, 0x114c2, 0x115bf, 0x1163f, 0x116b6, 0x1172b, 0x11839, 0x1193d, 0x1193e,
  0x119e0, 0x11a34, 0x11a47, 0x11a99, 0x11c3f, 0x11d44, 0x11d45, 0x11d97,
]);

// Approximate Arabic-style joining types for the ZWNJ context rule.
const RE_JOINING_SCRIPT = scriptRegExp([
  "Arabic", "Syriac", "Nko", "Mongolian", "Mandaic", "Manichaean", "Psalter_Pahlavi", "Adlam",
  "Hanifi_Rohingya", "Sogdian",
], "");
const RE_LETTER = /\p{L}/u;
const RE_TRANSPARENT = /[\p{Mn}\p{Me}\p{Cf}]/u;
// Right-joining (R) and non-joining (U) Arabic letters: they cannot stand
// before a ZWNJ in the "L/D" position.
function isRightOrNonJoiningArabic(c) {
  return c === 0x621 || (c >= 0x622 && c <= 0x625) || c === 0x627 || c === 0x629 ||
    (c >= 0x62f && c <= 0x632) || c === 0x648 || (c >= 0x671 && c <= 0x673) ||
    (c >= 0x675 && c <= 0x677) || (c >= 0x688 && c <= 0x699) || c === 0x6c0 ||
    (c >= 0x6c3 && c <= 0x6cb) || c === 0x6cd || c === 0x6cf || c === 0x6d2 || c === 0x6d3 ||
    c === 0x6d5 || c === 0x6ee || c === 0x6ef;
}
function joinType(c) {
  const s = cpToString(c);
  if (RE_TRANSPARENT.test(s)) return "T";
  if (!RE_LETTER.test(s) || !RE_JOINING_SCRIPT.test(s)) return "U";
  if (isRightOrNonJoiningArabic(c)) return "R";
  return "D";
}

// ContextJ (RFC 5892 appendix A) for ZWNJ and ZWJ. Like ada (Node's URL
// library), only the first joiner in a label is checked, and for ZWNJ the
// joining context is looser than the RFC's regular expression: some
// left/dual-joining letter anywhere before it and some right/dual-joining
// letter anywhere after it.
function checkJoiners(cps) {
  let i = 0;
  while (i < cps.length && cps[i] !== 0x200c && cps[i] !== 0x200d) i++;
  if (i === cps.length) return true;
  if (i > 0 && VIRAMAS.has(cps[i - 1])) return true;
  if (cps[i] === 0x200d) return false;
  let before = false, after = false;
  for (let j = 0; j < i && !before; j++) before = joinType(cps[j]) === "D";
  for (let j = i + 1; j < cps.length && !after; j++) {
    const t = joinType(cps[j]);
    after = t === "D" || t === "R";
  }
  return before && after;
}

// A character class of the given scripts (and extra class text). Script
// names the engine's Unicode tables do not know are left out rather than
// make the whole module fail to load.
function scriptRegExp(names, extra) {
  let body = extra;
  for (const name of names) {
    try {
      new RegExp(`\\p{sc=${name}}`, "u");
      body += `\\p{sc=${name}}`;
    } catch (e) {
      // unknown to this engine
    }
  }
  return new RegExp(`[${body}]`, "u");
}

// Scripts whose characters are bidi class R or AL (by Script, not
// Script_Extensions, which would take in shared punctuation like U+00B7).
const RE_R = scriptRegExp([
  "Hebrew", "Nko", "Samaritan", "Mandaic", "Adlam", "Mende_Kikakui", "Imperial_Aramaic",
  "Phoenician", "Kharoshthi", "Avestan", "Old_South_Arabian", "Old_North_Arabian", "Nabataean",
  "Palmyrene", "Hatran", "Lydian", "Old_Turkic", "Old_Hungarian", "Manichaean",
  "Inscriptional_Parthian", "Inscriptional_Pahlavi", "Psalter_Pahlavi", "Cypriot",
  "Meroitic_Cursive", "Meroitic_Hieroglyphs"
], "");
const RE_AL = scriptRegExp(["Arabic", "Syriac", "Thaana", "Hanifi_Rohingya", "Sogdian", "Old_Sogdian"],
  "\\u061b\\u061f\\u0640");
// Symbols and punctuation of those scripts that are neutral (ON/ET) rather
// than R/AL. U+0870-U+089F, U+08B5 and U+08C8-U+08C9 (Unicode 14 Arabic) are
// here too, because Node's IDNA tables predate them and treat them as
// left-to-right.
function isNeutralInRTLScript(c) {
  return c === 0x606 || c === 0x607 || c === 0x609 || c === 0x60a || c === 0x60e || c === 0x60f ||
    c === 0x61d || c === 0x66a || c === 0x6de || c === 0x6e9 || (c >= 0x7f6 && c <= 0x7f9) ||
    c === 0xfbc2 || (c >= 0xfd40 && c <= 0xfd4f) || c === 0xfdcf || (c >= 0xfdfd && c <= 0xfdff) ||
    (c >= 0x10b39 && c <= 0x10b3f) || c === 0x1091f || c === 0x1eef0 || c === 0x1eef1;
}
function isNewArabicTreatedAsL(c) {
  return (c >= 0x870 && c <= 0x89f) || c === 0x8b5 || c === 0x8c8 || c === 0x8c9;
}
const RE_NSM = /[\p{Mn}\p{Me}]/u;

// Approximate bidi class from scripts and general categories.
function bidiClass(c) {
  if (c >= 0x30 && c <= 0x39) return "EN";
  if (c >= 0x6f0 && c <= 0x6f9) return "EN";
  if ((c >= 0x660 && c <= 0x669) || c === 0x66b || c === 0x66c || (c >= 0x600 && c <= 0x605) ||
      c === 0x6dd) {
    return "AN";
  }
  if (c === 0x2b || c === 0x2d) return "ES";
  if (c === 0x23 || c === 0x24 || c === 0x25 || c === 0xa2 || c === 0xa3 || c === 0xa5 ||
      c === 0xb0 || c === 0xb1) {
    return "ET";
  }
  if (c === 0x2c || c === 0x2e || c === 0x2f || c === 0x3a) return "CS";
  if (c === 0x60c) return "CS"; // Arabic comma
  if (c === 0xfd3e || c === 0xfd3f) return "ON"; // ornate parentheses
  const s = cpToString(c);
  if (RE_NSM.test(s)) return "NSM";
  if (isNeutralInRTLScript(c)) return "ON";
  if (isNewArabicTreatedAsL(c)) return "L";
  if (RE_AL.test(s)) return "AL";
  if (RE_R.test(s)) return "R";
  if (RE_LETTER.test(s) || /\p{Mc}|\p{Nd}|\p{Nl}|\p{No}/u.test(s)) return "L";
  return "ON";
}

// The bidi rule (RFC 5893 section 2) as ada, Node's URL library, applies it.
// It departs from the RFC in ways that guest code can observe, so we follow
// ada (the behaviour was mapped out by testing Node over all short labels
// made of the bidi classes L, R, AL, AN, EN, ES, ON and NSM):
//   - a label that contains R, AL or AN and does not begin with L is a
//     right-to-left label: it must not contain L (rule 2), must end, before
//     any NSM, in R, AL, EN or AN (rule 3), and must not mix EN and AN
//     (rule 4); rule 1 (first character) is not checked;
//   - any other label only must not contain R, AL or AN before its last
//     non-NSM character (rule 5, with the last character left out; rule 6
//     is not checked).
function checkBidiLabel(cps) {
  if (cps.length === 0) return true;
  const classes = cps.map(bidiClass);
  let end = classes.length - 1;
  while (end > 0 && classes[end] === "NSM") end--;
  const isRTLChar = (b) => b === "R" || b === "AL" || b === "AN";
  if (classes[0] !== "L" && classes.some(isRTLChar)) {
    if (classes.indexOf("L") !== -1) return false;
    if (classes.indexOf("EN") !== -1 && classes.indexOf("AN") !== -1) return false;
    const last = classes[end];
    return last === "R" || last === "AL" || last === "EN" || last === "AN";
  }
  for (let i = 0; i < end; i++) if (isRTLChar(classes[i])) return false;
  return true;
}

// Validity criteria for one (Unicode) label.
function validLabel(label) {
  if (label === "") return true;
  if (nfc(label) !== label) return false;
  if (RE_LEADING_MARK.test(label)) return false;
  const cps = codePoints(label);
  if (!checkJoiners(cps)) return false;
  if (!checkBidiLabel(cps)) return false;
  return true;
}

// UTS #46 ToASCII; returns the ASCII domain or null on error.
function uts46ToASCII(domain) {
  // 1. Map.
  let mapped = "";
  for (const ch of domain) {
    const m = mapCp(ch.codePointAt(0));
    if (m === null) return null;
    mapped += m;
  }
  // 2. Normalize.
  mapped = nfc(mapped);
  // 3-4. Break into labels, convert/validate.
  const labels = mapped.split(".");
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i];
    if (label.startsWith("xn--")) {
      if (/[^\x00-\x7f]/.test(label)) return null;
      const decoded = punycodeDecode(label.slice(4));
      if (decoded === null || decoded.length === 0) return null;
      const uni = cpArrayToString(decoded);
      // The decoded label must be made of valid (unmapped) code points.
      let remapped = "";
      for (const c of decoded) {
        const m = mapCp(c);
        if (m === null) return null;
        remapped += m;
      }
      if (remapped !== uni || !validLabel(uni)) return null;
      // label is kept as is
    } else if (/[^\x00-\x7f]/.test(label)) {
      if (!validLabel(label)) return null;
      const enc = punycodeEncode(codePoints(label));
      if (enc === null) return null;
      labels[i] = "xn--" + enc;
    }
  }
  return labels.join(".");
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
    result = uts46ToASCII(domain);
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

// ---------------------------------------------------------------------------
// Errors, as Node's (the shared helpers in web_errors.js)

const { codedError, invalidArgType, invalidThis, missingArgs } = require("web_errors");

function invalidURL(input, base) {
  const e = codedError(TypeError, "ERR_INVALID_URL", "Invalid URL");
  e.input = input;
  if (base !== undefined) e.base = base;
  return e;
}

// `${v}` then lone surrogates to U+FFFD, like WebIDL's USVString conversion.
function usv(v) {
  return toUSV(`${v}`);
}

// ---------------------------------------------------------------------------
// URLSearchParams

// application/x-www-form-urlencoded parser: returns [[name, value], ...].
function parseUrlencoded(input) {
  const out = [];
  if (input === "") return out;
  for (const seq of input.split("&")) {
    if (seq === "") continue;
    const eq = seq.indexOf("=");
    const name = eq === -1 ? seq : seq.slice(0, eq);
    const value = eq === -1 ? "" : seq.slice(eq + 1);
    out.push([percentDecodeToString(name, true), percentDecodeToString(value, true)]);
  }
  return out;
}

function serializeUrlencoded(list) {
  let out = "";
  for (let i = 0; i < list.length; i++) {
    if (i > 0) out += "&";
    out += encodeString(list[i][0], FORM_SET, true) + "=" + encodeString(list[i][1], FORM_SET, true);
  }
  return out;
}

// Internal state, kept out of reach of guest code.
const paramsState = new WeakMap(); // URLSearchParams -> ParamsState

// The list of a URLSearchParams. For one that belongs to a URL it is parsed
// from the URL's query when first needed after the query changed (setting
// `list` to null marks it stale). Parsing the percent-encoded query gives
// the same list as parsing the setter's raw input, which is what the spec
// does, because percent-encoding never creates a new "%XX" sequence.
class ParamsState {
  constructor(list, url) {
    this._list = list;
    this.url = url; // URL state or null
  }

  get list() {
    if (this._list === null) {
      const q = this.url.rec.query;
      this._list = q === null ? [] : parseUrlencoded(q);
    }
    return this._list;
  }

  set list(v) {
    this._list = v;
  }
}
const urlStates = new WeakMap(); // URL -> { rec, params }

function getParams(self) {
  const st = paramsState.get(self);
  if (st === undefined) throw invalidThis("URLSearchParams");
  return st;
}

// The URLSearchParams "update" steps: write the list back to the URL.
function updateParams(st) {
  if (st.url === null) return;
  const rec = st.url.rec;
  const q = serializeUrlencoded(st.list);
  rec.query = q === "" ? null : q;
  if (rec.query === null) stripTrailingSpacesFromOpaquePath(rec);
}

const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));

const inspectSymbol = Symbol.for("nodejs.util.inspect.custom");

function getInspect(inspect) {
  return typeof inspect === "function" ? inspect : require("inspect").inspect;
}

class URLSearchParams {
  constructor(init = undefined) {
    const list = [];
    if (init === undefined || init === null) {
      // empty
    } else if (typeof init === "object" || typeof init === "function") {
      const method = init[Symbol.iterator];
      if (method != null) {
        if (typeof method !== "function") {
          throw codedError(TypeError, "ERR_ARG_NOT_ITERABLE", "Query pairs must be iterable");
        }
        for (const pair of init) {
          if (pair == null || (typeof pair !== "object" && typeof pair !== "function") ||
              typeof pair[Symbol.iterator] !== "function") {
            throw codedError(TypeError, "ERR_INVALID_TUPLE",
              "Each query pair must be an iterable [name, value] tuple");
          }
          const converted = [];
          for (const el of pair) converted.push(usv(el));
          if (converted.length !== 2) {
            throw codedError(TypeError, "ERR_INVALID_TUPLE",
              "Each query pair must be an iterable [name, value] tuple");
          }
          list.push(converted);
        }
      } else {
        // A record<USVString, USVString>: own enumerable keys; when two keys
        // convert to the same USV string the later value wins in place.
        const index = new Map();
        for (const key of Reflect.ownKeys(init)) {
          const desc = Reflect.getOwnPropertyDescriptor(init, key);
          if (desc === undefined || !desc.enumerable) continue;
          const k = usv(key);
          const v = usv(init[key]);
          if (index.has(k)) list[index.get(k)][1] = v;
          else { index.set(k, list.length); list.push([k, v]); }
        }
      }
    } else {
      let s = usv(init);
      if (s.startsWith("?")) s = s.slice(1);
      for (const pair of parseUrlencoded(s)) list.push(pair);
    }
    paramsState.set(this, new ParamsState(list, null));
  }

  get size() {
    return getParams(this).list.length;
  }

  append(name, value) {
    const st = getParams(this);
    if (arguments.length < 2) throw missingArgs("name", "value");
    st.list.push([usv(name), usv(value)]);
    updateParams(st);
  }

  delete(name, value = undefined) {
    const st = getParams(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = usv(name);
    if (value !== undefined) {
      value = usv(value);
      st.list = st.list.filter((p) => !(p[0] === name && p[1] === value));
    } else {
      st.list = st.list.filter((p) => p[0] !== name);
    }
    updateParams(st);
  }

  get(name) {
    const st = getParams(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = usv(name);
    for (const p of st.list) if (p[0] === name) return p[1];
    return null;
  }

  getAll(name) {
    const st = getParams(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = usv(name);
    const out = [];
    for (const p of st.list) if (p[0] === name) out.push(p[1]);
    return out;
  }

  has(name, value = undefined) {
    const st = getParams(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = usv(name);
    if (value !== undefined) {
      value = usv(value);
      return st.list.some((p) => p[0] === name && p[1] === value);
    }
    return st.list.some((p) => p[0] === name);
  }

  set(name, value) {
    const st = getParams(this);
    if (arguments.length < 2) throw missingArgs("name", "value");
    name = usv(name);
    value = usv(value);
    // Set the first match's value and remove the other matches.
    let found = false;
    const out = [];
    for (const p of st.list) {
      if (p[0] !== name) out.push(p);
      else if (!found) { found = true; p[1] = value; out.push(p); }
    }
    if (!found) out.push([name, value]);
    st.list = out;
    updateParams(st);
  }

  sort() {
    const st = getParams(this);
    // Array.prototype.sort is stable; "<" on strings compares code units,
    // which is what the spec asks for.
    st.list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    updateParams(st);
  }

  entries() {
    return makeParamsIterator(this, "key+value");
  }

  forEach(callback, thisArg = undefined) {
    const st = getParams(this);
    if (typeof callback !== "function") throw invalidArgType("callback", "of type function", callback);
    // Live: the list is re-read after each call, as Node does.
    for (let i = 0; i < st.list.length; i++) {
      const p = st.list[i];
      callback.call(thisArg, p[1], p[0], this);
    }
  }

  keys() {
    return makeParamsIterator(this, "key");
  }

  values() {
    return makeParamsIterator(this, "value");
  }

  toString() {
    return serializeUrlencoded(getParams(this).list);
  }

  // What Node prints: URLSearchParams { 'a' => '1', 'b' => '2' }
  [inspectSymbol](depth, options, inspect) {
    const st = paramsState.get(this);
    if (st === undefined) return this;
    if (typeof depth === "number" && depth < 0) {
      return options && options.stylize ? options.stylize("[Object]", "special") : "[Object]";
    }
    const insp = getInspect(inspect);
    const inner = Object.assign({}, options);
    if (typeof depth === "number") inner.depth = depth - 1;
    const items = st.list.map((p) => `${insp(p[0], inner)} => ${insp(p[1], inner)}`);
    const name = this.constructor && this.constructor.name || "URLSearchParams";
    return formatBraces(name, items, options);
  }
}

// "Name { a, b }" on one line, or one item a line when wider than breakLength.
function formatBraces(name, items, options) {
  if (items.length === 0) return `${name} {}`;
  const breakLength = options && typeof options.breakLength === "number" ? options.breakLength : 80;
  // eslint-disable-next-line no-control-regex
  const visible = (s) => s.replace(/\u001b\[\d+(;\d+)*m/g, "").length;
  const width = items.reduce((n, s) => n + visible(s) + 2, -2);
  if (width > breakLength) return `${name} {\n  ${items.join(",\n  ")} }`;
  return `${name} { ${items.join(", ")} }`;
}

const iterState = new WeakMap(); // iterator -> { target, kind, index }

const URLSearchParamsIteratorPrototype = Object.create(IteratorPrototype, {
  next: {
    value: function next() {
      const it = iterState.get(this);
      if (it === undefined) throw invalidThis("URLSearchParamsIterator");
      const list = paramsState.get(it.target).list;
      if (it.index >= list.length) return { value: undefined, done: true };
      const p = list[it.index++];
      const value = it.kind === "key" ? p[0] : it.kind === "value" ? p[1] : [p[0], p[1]];
      return { value, done: false };
    },
    writable: true,
    enumerable: true,
    configurable: true,
  },
  [Symbol.toStringTag]: { value: "URLSearchParams Iterator", configurable: true },
  [inspectSymbol]: {
    // What Node prints: URLSearchParams Iterator { [ 'a', '1' ] }
    value: function (depth, options, inspect) {
      const it = iterState.get(this);
      if (it === undefined) return this;
      if (typeof depth === "number" && depth < 0) {
        return options && options.stylize ? options.stylize("[Object]", "special") : "[Object]";
      }
      const insp = getInspect(inspect);
      const inner = Object.assign({}, options);
      if (typeof depth === "number") inner.depth = depth - 1;
      const list = paramsState.get(it.target).list.slice(it.index);
      const items = list.map((p) => (it.kind === "key" ? p[0] : it.kind === "value" ? p[1] : [p[0], p[1]]));
      const strs = items.map((v) => insp(v, inner));
      // Node puts one item a line when the items, inspected as one array,
      // would not fit on a line; and leaves two spaces in "{  }" when empty.
      const multiline = insp(items, inner).indexOf("\n") !== -1;
      return "URLSearchParams Iterator {" +
        (multiline ? "\n  " + strs.join(",\n  ") : " " + strs.join(", ")) + " }";
    },
    writable: true,
    configurable: true,
  },
});

function makeParamsIterator(target, kind) {
  getParams(target);
  const it = Object.create(URLSearchParamsIteratorPrototype);
  iterState.set(it, { target, kind, index: 0 });
  return it;
}

Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, {
  value: URLSearchParams.prototype.entries,
  writable: true,
  configurable: true,
});
Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, {
  value: "URLSearchParams",
  configurable: true,
});
// Node makes the WebIDL members enumerable.
for (const k of ["size", "append", "delete", "get", "getAll", "has", "set", "sort", "entries",
  "forEach", "keys", "values", "toString"]) {
  const d = Object.getOwnPropertyDescriptor(URLSearchParams.prototype, k);
  d.enumerable = true;
  Object.defineProperty(URLSearchParams.prototype, k, d);
}

// ---------------------------------------------------------------------------
// URL

function getURL(self) {
  const st = urlStates.get(self);
  if (st === undefined) throw invalidThis("URL");
  return st;
}

// The URL's searchParams object, made on first use.
function getSearchParams(st) {
  if (st.params === null) {
    const params = new URLSearchParams();
    paramsState.set(params, new ParamsState(null, st));
    st.params = params;
  }
  return st.params;
}

// After the URL's query changed other than through its searchParams.
function queryChanged(st) {
  if (st.params !== null) paramsState.get(st.params).list = null;
}

// Parse `input` (and `base`) the way the URL constructor does.
function parseWithBase(input, base) {
  let baseRec = null;
  if (base !== undefined) {
    baseRec = basicParse(toUSV(base), null);
    if (baseRec === FAILURE) return FAILURE;
  }
  return basicParse(toUSV(input), baseRec);
}

class URL {
  constructor(url, base = undefined) {
    if (arguments.length === 0) throw missingArgs("url");
    url = `${url}`;
    if (base !== undefined) base = `${base}`;
    const rec = parseWithBase(url, base);
    if (rec === FAILURE) throw invalidURL(url, base);
    urlStates.set(this, { rec, params: null });
  }

  static parse(url, base = undefined) {
    if (arguments.length === 0) throw missingArgs("url");
    url = `${url}`;
    if (base !== undefined) base = `${base}`;
    const rec = parseWithBase(url, base);
    if (rec === FAILURE) return null;
    const obj = Object.create(URL.prototype);
    urlStates.set(obj, { rec, params: null });
    return obj;
  }

  static canParse(url, base = undefined) {
    if (arguments.length === 0) throw missingArgs("url");
    url = `${url}`;
    if (base !== undefined) base = `${base}`;
    return parseWithBase(url, base) !== FAILURE;
  }

  toString() {
    return serializeURL(getURL(this).rec, false);
  }

  get href() {
    return serializeURL(getURL(this).rec, false);
  }

  set href(value) {
    const st = getURL(this);
    value = `${value}`;
    const rec = basicParse(toUSV(value), null);
    if (rec === FAILURE) throw invalidURL(value);
    st.rec = rec;
    queryChanged(st);
  }

  get origin() {
    return serializeOrigin(getURL(this).rec);
  }

  get protocol() {
    return getURL(this).rec.scheme + ":";
  }

  set protocol(value) {
    const st = getURL(this);
    basicParse(usv(value) + ":", null, st.rec, S.SCHEME_START);
  }

  get username() {
    return getURL(this).rec.username;
  }

  set username(value) {
    const st = getURL(this);
    value = usv(value);
    if (cannotHaveUsernamePasswordPort(st.rec)) return;
    st.rec.username = encodeString(value, USERINFO_SET, false);
  }

  get password() {
    return getURL(this).rec.password;
  }

  set password(value) {
    const st = getURL(this);
    value = usv(value);
    if (cannotHaveUsernamePasswordPort(st.rec)) return;
    st.rec.password = encodeString(value, USERINFO_SET, false);
  }

  get host() {
    const rec = getURL(this).rec;
    if (rec.host === null) return "";
    return rec.port === null ? rec.host : rec.host + ":" + rec.port;
  }

  set host(value) {
    const st = getURL(this);
    value = usv(value);
    if (hasOpaquePath(st.rec)) return;
    setterParse(st, value, S.HOST);
  }

  get hostname() {
    const rec = getURL(this).rec;
    return rec.host === null ? "" : rec.host;
  }

  set hostname(value) {
    const st = getURL(this);
    value = usv(value);
    if (hasOpaquePath(st.rec)) return;
    setterParse(st, value, S.HOSTNAME);
  }

  get port() {
    const rec = getURL(this).rec;
    return rec.port === null ? "" : String(rec.port);
  }

  set port(value) {
    const st = getURL(this);
    value = usv(value);
    if (cannotHaveUsernamePasswordPort(st.rec)) return;
    if (value === "") st.rec.port = null;
    else setterParse(st, value, S.PORT);
  }

  get pathname() {
    return serializePath(getURL(this).rec);
  }

  set pathname(value) {
    const st = getURL(this);
    value = usv(value);
    if (hasOpaquePath(st.rec)) return;
    const saved = st.rec.path;
    st.rec.path = [];
    if (basicParse(value, null, st.rec, S.PATH_START) === FAILURE) st.rec.path = saved;
  }

  get search() {
    const q = getURL(this).rec.query;
    return q === null || q === "" ? "" : "?" + q;
  }

  set search(value) {
    const st = getURL(this);
    value = usv(value);
    const rec = st.rec;
    if (value === "") {
      rec.query = null;
      queryChanged(st);
      stripTrailingSpacesFromOpaquePath(rec);
      return;
    }
    const input = value[0] === "?" ? value.slice(1) : value;
    rec.query = "";
    basicParse(input, null, rec, S.QUERY);
    queryChanged(st);
  }

  get searchParams() {
    return getSearchParams(getURL(this));
  }

  get hash() {
    const f = getURL(this).rec.fragment;
    return f === null || f === "" ? "" : "#" + f;
  }

  set hash(value) {
    const st = getURL(this);
    value = usv(value);
    const rec = st.rec;
    if (value === "") {
      rec.fragment = null;
      stripTrailingSpacesFromOpaquePath(rec);
      return;
    }
    const input = value[0] === "#" ? value.slice(1) : value;
    rec.fragment = "";
    basicParse(input, null, rec, S.FRAGMENT);
  }

  toJSON() {
    return serializeURL(getURL(this).rec, false);
  }

  // What Node prints for console.log(url): URL { href: '...', origin: ..., ... }
  [inspectSymbol](depth, options, inspect) {
    if (!urlStates.has(this)) return this;
    if (typeof depth === "number" && depth < 0) return this;
    const insp = getInspect(inspect);
    const obj = {
      href: this.href,
      origin: this.origin,
      protocol: this.protocol,
      username: this.username,
      password: this.password,
      host: this.host,
      hostname: this.hostname,
      port: this.port,
      pathname: this.pathname,
      search: this.search,
      searchParams: this.searchParams,
      hash: this.hash,
    };
    const name = this.constructor && this.constructor.name || "URL";
    return `${name} ${insp(obj, options)}`;
  }
}

// Setters run the parser with a state override on the record in place, as
// the spec does: "example.com:65536" as host sets the host, then fails on
// the port and leaves the host set.
function setterParse(st, value, stateOverride) {
  basicParse(value, null, st.rec, stateOverride);
}

Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: "URL", configurable: true });
for (const k of ["toString", "href", "origin", "protocol", "username", "password", "host",
  "hostname", "port", "pathname", "search", "searchParams", "hash", "toJSON"]) {
  const d = Object.getOwnPropertyDescriptor(URL.prototype, k);
  d.enumerable = true;
  Object.defineProperty(URL.prototype, k, d);
}
for (const k of ["parse", "canParse"]) {
  const d = Object.getOwnPropertyDescriptor(URL, k);
  d.enumerable = true;
  Object.defineProperty(URL, k, d);
}

// ---------------------------------------------------------------------------
// parseHost for the network layer: the URL host parser for a special URL.
// Returns { type: "ipv4" | "ipv6" | "domain" | "opaque", value } with value
// the canonical serialisation (IPv6 without brackets, whether given with or
// without them), or null when the string is not a valid host.
//
// With opaque = true the string is parsed as a non-special URL's host would
// be (type "opaque" for anything that is not an IPv6 literal).
function parseHost(input, opaque = false) {
  input = toUSV(`${input}`);
  if (input === "") return null;
  if (opaque) return parseHostInternal(input, true);
  if (!input.startsWith("[") && input.indexOf(":") !== -1) {
    // A bare IPv6 literal, as network APIs take it.
    const a = parseIPv6(input);
    return a === null ? null : { type: "ipv6", value: serializeIPv6(a) };
  }
  return parseHostInternal(input, false);
}

exports.URL = URL;
exports.URLSearchParams = URLSearchParams;
exports.parseHost = parseHost;
