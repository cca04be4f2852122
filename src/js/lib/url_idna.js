// url_idna.js - IDNA for url_parser.js's domain to ASCII: UTS #46 ToASCII
// and Punycode (RFC 3492). Loaded the first time a domain is not plain ASCII
// (or has an "xn--" label).
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

const { codePoints, cpArrayToString, cpToString, toLowerCp } = require("url_parser");

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

Object.assign(exports, { uts46ToASCII });
