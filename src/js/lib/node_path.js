// node_path.js - the `path` builtin: POSIX path arithmetic on strings, and
// `path.win32` for Windows-style paths. Pure string work, nothing of the
// host except the working directory (host.cwd) that resolve() starts from.
//
// Written from Node's documentation and its observed behaviour, including
// the corner cases guests rely on (dirname("//a") is "//", basename keeps
// the whole name when the suffix is all of it, ...).

"use strict";

const { invalidArgType } = require("web_errors");

function checkString(value, name) {
  if (typeof value !== "string") throw invalidArgType(name, "of type string", value);
}

function cwd() {
  return host.cwd;
}

// ---------------------------------------------------------------------------
// Segment folding shared by both flavours. `isSep(code)` tells separators;
// the result uses `sep` between the kept segments. "." and empty segments
// go away; ".." removes the segment before it, or stays when there is none
// and the path may climb above its start (`keepUp`).

function foldSegments(text, keepUp, isSep, sep) {
  const out = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !isSep(text.charCodeAt(i))) continue;
    const seg = text.slice(start, i);
    start = i + 1;
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (keepUp) out.push("..");
      continue;
    }
    out.push(seg);
  }
  return out.join(sep);
}

// The extension rule common to extname() and parse(): from the last dot of
// the final name, unless that dot opens the name (".bashrc") or the name is
// "..".
function splitExt(base) {
  if (base === "..") return "";
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return "";
  return base.slice(dot); // "..a" has ".a", "..." has "."
}

// ---------------------------------------------------------------------------
// POSIX

const SLASH = 47; // "/"
const isSlash = (c) => c === SLASH;

function posixTrimTrailing(p) {
  let end = p.length;
  while (end > 1 && p.charCodeAt(end - 1) === SLASH) end--;
  return p.slice(0, end);
}

const posix = {
  sep: "/",
  delimiter: ":",

  resolve(...paths) {
    let resolved = "";
    let absolute = false;
    for (let i = paths.length - 1; i >= 0 && !absolute; i--) {
      const p = paths[i];
      checkString(p, `paths[${i}]`);
      if (p.length === 0) continue;
      resolved = resolved === "" ? p : `${p}/${resolved}`;
      absolute = p.charCodeAt(0) === SLASH;
    }
    if (!absolute) {
      const base = cwd();
      resolved = resolved === "" ? base : `${base}/${resolved}`;
      absolute = base.charCodeAt(0) === SLASH;
    }
    const body = foldSegments(resolved, !absolute, isSlash, "/");
    if (absolute) return `/${body}`;
    return body.length > 0 ? body : ".";
  },

  normalize(p) {
    checkString(p, "path");
    if (p.length === 0) return ".";
    const absolute = p.charCodeAt(0) === SLASH;
    const trailing = p.charCodeAt(p.length - 1) === SLASH;
    let body = foldSegments(p, !absolute, isSlash, "/");
    if (body.length === 0) {
      if (absolute) return "/";
      return trailing ? "./" : ".";
    }
    if (trailing) body += "/";
    return absolute ? `/${body}` : body;
  },

  isAbsolute(p) {
    checkString(p, "path");
    return p.length > 0 && p.charCodeAt(0) === SLASH;
  },

  join(...parts) {
    if (parts.length === 0) return ".";
    const kept = [];
    for (const part of parts) {
      checkString(part, "path");
      if (part.length > 0) kept.push(part);
    }
    if (kept.length === 0) return ".";
    return posix.normalize(kept.join("/"));
  },

  relative(from, to) {
    checkString(from, "from");
    checkString(to, "to");
    if (from === to) return "";
    const a = posix.resolve(from);
    const b = posix.resolve(to);
    if (a === b) return "";
    const as = a === "/" ? [] : a.slice(1).split("/");
    const bs = b === "/" ? [] : b.slice(1).split("/");
    let common = 0;
    while (common < as.length && common < bs.length && as[common] === bs[common]) common++;
    const up = [];
    for (let i = common; i < as.length; i++) up.push("..");
    return up.concat(bs.slice(common)).join("/");
  },

  toNamespacedPath(p) {
    return p;
  },

  dirname(p) {
    checkString(p, "path");
    if (p.length === 0) return ".";
    const absolute = p.charCodeAt(0) === SLASH;
    // Skip the trailing slashes, then the last name, then stop at the slash
    // that precedes it (only that one slash is dropped).
    let i = p.length - 1;
    while (i >= 1 && p.charCodeAt(i) === SLASH) i--;
    while (i >= 1 && p.charCodeAt(i) !== SLASH) i--;
    if (i < 1) return absolute ? "/" : ".";
    if (absolute && i === 1) return "//";
    return p.slice(0, i);
  },

  basename(p, suffix) {
    if (suffix !== undefined) checkString(suffix, "suffix");
    checkString(p, "path");
    const useSuffix = suffix !== undefined && suffix.length > 0 && suffix.length <= p.length;
    if (useSuffix && p === suffix) return "";
    const trimmed = posixTrimTrailing(p);
    if (/^\/+$/.test(p)) return useSuffix ? p : "";
    const start = trimmed.lastIndexOf("/") + 1;
    const base = trimmed.slice(start);
    if (!useSuffix) return base;
    return applySuffix(base, suffix, p.slice(start));
  },

  extname(p) {
    checkString(p, "path");
    const trimmed = posixTrimTrailing(p);
    if (trimmed === "/") return "";
    return splitExt(trimmed.slice(trimmed.lastIndexOf("/") + 1));
  },

  format(pathObject) {
    return formatWith("/", pathObject);
  },

  parse(p) {
    checkString(p, "path");
    const ret = { root: "", dir: "", base: "", ext: "", name: "" };
    if (p.length === 0) return ret;
    const absolute = p.charCodeAt(0) === SLASH;
    if (absolute) ret.root = "/";
    const trimmed = posixTrimTrailing(p);
    if (trimmed === "/" || /^\/+$/.test(p)) {
      ret.dir = "/";
      return ret;
    }
    const cut = trimmed.lastIndexOf("/");
    const base = trimmed.slice(cut + 1);
    ret.base = base;
    ret.ext = splitExt(base);
    // Node's one quirk: "/.." (the name right after a single root slash)
    // is split as name "." and extension ".".
    if (base === ".." && absolute && cut === 0) ret.ext = ".";
    ret.name = ret.ext === "" ? base : base.slice(0, base.length - ret.ext.length);
    if (cut > 0) ret.dir = trimmed.slice(0, cut);
    else if (absolute) ret.dir = "/";
    return ret;
  },

  matchesGlob(p, pattern) {
    checkString(p, "path");
    checkString(pattern, "pattern");
    return globMatch(p, pattern, false);
  },
};

// basename's suffix, compared with the final name only (never with the
// separators around it): removed when the name ends with it and is longer;
// a name that is all of it stays. A suffix that ends with the whole name
// but is longer leaves the name with its trailing separators ("ab/" with
// "xab" is "ab/"), as Node does.
function applySuffix(base, suffix, withTrailing) {
  if (base.length > suffix.length) {
    return base.endsWith(suffix) ? base.slice(0, base.length - suffix.length) : base;
  }
  if (base.length === suffix.length) return base;
  return suffix.endsWith(base) ? withTrailing : base;
}

function formatWith(sep, pathObject) {
  if (pathObject === null || typeof pathObject !== "object") {
    throw invalidArgType("pathObject", "of type object", pathObject);
  }
  const dir = pathObject.dir || pathObject.root;
  let base = pathObject.base;
  if (!base) {
    const ext = pathObject.ext ? (`${pathObject.ext}`[0] === "." ? `${pathObject.ext}` : `.${pathObject.ext}`) : "";
    base = `${pathObject.name || ""}${ext}`;
  }
  if (!dir) return `${base}`;
  return dir === pathObject.root ? `${dir}${base}` : `${dir}${sep}${base}`;
}

// ---------------------------------------------------------------------------
// Windows

const BSLASH = 92; // "\\"
const isWinSep = (c) => c === SLASH || c === BSLASH;
const isDriveLetter = (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

// The root of a Windows path: { device, rootEnd, absolute }.
//   "C:"                 -> device "C:", relative to that drive's cwd
//   "C:\\"               -> device "C:", absolute
//   "\\\\server\\share\\" -> device "\\\\server\\share", absolute
//   "\\"                 -> no device, absolute
//
// With `namespaces` (normalize and resolve), "\\\\.\\x" and "\\\\?\\x" are
// device namespaces: the device is "\\\\." or "\\\\?" and "x" is already part
// of the path below it. dirname() and parse() read them as a UNC share.
function winRoot(p, namespaces) {
  const len = p.length;
  const r = { device: "", rootEnd: 0, absolute: false };
  if (len === 0) return r;
  const c0 = p.charCodeAt(0);
  if (isWinSep(c0)) {
    r.absolute = true;
    r.rootEnd = 1;
    if (len > 1 && isWinSep(p.charCodeAt(1))) {
      // A UNC root: two separators, a server name, separators, a share name.
      let i = 2;
      const serverStart = i;
      while (i < len && !isWinSep(p.charCodeAt(i))) i++;
      if (i < len && i !== serverStart) {
        const server = p.slice(serverStart, i);
        while (i < len && isWinSep(p.charCodeAt(i))) i++;
        if (i < len) {
          const shareStart = i;
          while (i < len && !isWinSep(p.charCodeAt(i))) i++;
          if (namespaces && (server === "." || server === "?")) {
            r.device = `\\\\${server}`;
            r.rootEnd = shareStart;
            return r;
          }
          const share = p.slice(shareStart, i);
          r.device = `\\\\${server}\\${share}`;
          r.rootEnd = i === len ? i : i + 1;
          r.unc = true;
        }
      }
    }
    return r;
  }
  if (len >= 2 && isDriveLetter(c0) && p.charCodeAt(1) === 58) {
    r.device = p.slice(0, 2);
    r.rootEnd = 2;
    if (len > 2 && isWinSep(p.charCodeAt(2))) {
      r.absolute = true;
      r.rootEnd = 3;
    }
  }
  return r;
}

const win32 = {
  sep: "\\",
  delimiter: ";",
};

win32.resolve = function resolve(...paths) {
  let device = "";
  let tail = "";
  let absolute = false;
  for (let i = paths.length - 1; i >= -1; i--) {
    let p;
    if (i >= 0) {
      p = paths[i];
      checkString(p, `paths[${i}]`);
      if (p.length === 0) continue;
    } else if (device.length === 0) {
      p = cwd();
    } else {
      // The current directory of another drive: the sandbox's cwd when it
      // is on that drive, else that drive's root.
      p = cwd();
      if (p.slice(0, 2).toLowerCase() !== device.toLowerCase() && p.charCodeAt(2) === BSLASH) {
        p = `${device}\\`;
      }
    }
    const r = winRoot(p, true);
    if (r.device.length > 0) {
      if (device.length > 0) {
        if (r.device.toLowerCase() !== device.toLowerCase()) continue; // another drive
      } else {
        device = r.device;
      }
    }
    if (absolute) {
      if (device.length > 0) break;
    } else {
      tail = `${p.slice(r.rootEnd)}\\${tail}`;
      absolute = r.absolute;
      if (absolute && device.length > 0) break;
    }
  }
  const body = foldSegments(tail, !absolute, isWinSep, "\\");
  if (absolute) return `${device}\\${body}`;
  const out = `${device}${body}`;
  return out.length > 0 ? out : ".";
};

win32.normalize = function normalize(p) {
  checkString(p, "path");
  const len = p.length;
  if (len === 0) return ".";
  if (len === 1) return isWinSep(p.charCodeAt(0)) ? "\\" : p;
  const r = winRoot(p, true);
  if ((r.device === "\\\\." || r.device === "\\\\?") && rootEnd4(p)) {
    // "\\\\.\\CON:x" (a reserved device in a device namespace) becomes
    // "\\\\?\\CON:\\x": the device is the root, the rest is below it.
    const colon = p.indexOf(":", 4);
    if (colon > 4 && isReservedName(p.slice(4, colon))) {
      let tail = foldSegments(p.slice(colon + 1), false, isWinSep, "\\");
      if (tail.length > 0 && isWinSep(p.charCodeAt(len - 1))) tail += "\\";
      return `\\\\?\\${p.slice(4, colon + 1)}\\${tail}`;
    }
  }
  let device = r.device;
  let rootEnd = r.rootEnd;
  // A relative path that opens with a reserved device name and a colon
  // ("CON:x") keeps that name as its root and gets a ".\\" in front, so
  // that the result cannot name the device.
  let reserved = false;
  if (device.length === 0 && !r.absolute) {
    const colon = p.indexOf(":");
    if (colon > 0 && isReservedName(p.slice(0, colon))) {
      device = p.slice(0, colon + 1);
      rootEnd = colon + 1;
      reserved = true;
    }
  }
  if (r.unc && rootEnd === len) {
    // Only "\\\\server\\share": a share root always ends with a separator.
    return `${device}\\`;
  }
  let tail = foldSegments(p.slice(rootEnd), !r.absolute, isWinSep, "\\");
  if (tail.length === 0 && !r.absolute) tail = ".";
  if (tail.length > 0 && isWinSep(p.charCodeAt(len - 1))) tail += "\\";
  if (reserved) return `.\\${device}${tail}`;
  if (device.length === 0 && !r.absolute && p.includes(":") && colonCouldRoot(p, tail)) {
    // Without the ".\\" the result could read as a drive or a stream root.
    return `.\\${tail}`;
  }
  if (device.length === 0) return r.absolute ? `\\${tail}` : tail;
  return r.absolute ? `${device}\\${tail}` : `${device}${tail}`;
};

// Does a device namespace's path start right after "\\\\.\\" / "\\\\?\\"?
function rootEnd4(p) {
  return p.length > 4 && !isWinSep(p.charCodeAt(4)) && isWinSep(p.charCodeAt(3));
}

// A relative, rootless path with a colon normalizes with a ".\\" in front
// when its result starts like a drive ("a:") or when one of its colons ends
// a name (followed by a separator or at the end).
function colonCouldRoot(p, tail) {
  if (tail.length >= 2 && isDriveLetter(tail.charCodeAt(0)) && tail.charCodeAt(1) === 58) return true;
  for (let i = p.indexOf(":"); i !== -1; i = p.indexOf(":", i + 1)) {
    if (i === p.length - 1 || isWinSep(p.charCodeAt(i + 1))) return true;
  }
  return false;
}

// Windows' reserved device names (the part before a colon).
const RESERVED = /^(?:CON|PRN|AUX|NUL|COM[1-9\u00b9\u00b2\u00b3]|LPT[1-9\u00b9\u00b2\u00b3])$/;
function isReservedName(name) {
  return RESERVED.test(name.toUpperCase());
}

win32.isAbsolute = function isAbsolute(p) {
  checkString(p, "path");
  const len = p.length;
  if (len === 0) return false;
  const c0 = p.charCodeAt(0);
  if (isWinSep(c0)) return true;
  return len > 2 && isDriveLetter(c0) && p.charCodeAt(1) === 58 && isWinSep(p.charCodeAt(2));
};

win32.join = function join(...parts) {
  if (parts.length === 0) return ".";
  let joined;
  let first;
  for (const part of parts) {
    checkString(part, "path");
    if (part.length === 0) continue;
    if (joined === undefined) joined = first = part;
    else joined += `\\${part}`;
  }
  if (joined === undefined) return ".";
  // The first part alone decides whether the result is a UNC path: "//a"
  // then "b" joins as "\\\\a\\b", but "/" then "/a" does not turn "\\\\"
  // into a share.
  let needsReplace = true;
  let slashCount = 0;
  if (isWinSep(first.charCodeAt(0))) {
    slashCount++;
    const firstLen = first.length;
    if (firstLen > 1 && isWinSep(first.charCodeAt(1))) {
      slashCount++;
      if (firstLen > 2) {
        if (isWinSep(first.charCodeAt(2))) slashCount++;
        else needsReplace = false; // a server name follows the two separators
      }
    }
  }
  if (needsReplace) {
    while (slashCount < joined.length && isWinSep(joined.charCodeAt(slashCount))) slashCount++;
    if (slashCount >= 2) joined = `\\${joined.slice(slashCount)}`;
  }
  // A joined path with a part (between backslashes) that is a reserved
  // device name and a colon is not normalized, only given backslashes.
  for (const part of joined.split("\\")) {
    const colon = part.indexOf(":");
    if (colon !== -1 && isReservedName(part.slice(0, colon))) return joined.replace(/\//g, "\\");
  }
  return win32.normalize(joined);
};

win32.relative = function relative(from, to) {
  checkString(from, "from");
  checkString(to, "to");
  if (from === to) return "";
  const fromFull = win32.resolve(from);
  const toFull = win32.resolve(to);
  if (fromFull === toFull) return "";
  const f = fromFull.toLowerCase();
  const t = toFull.toLowerCase();
  if (f === t) return "";
  // Compared as text, case-insensitively, without the separators that open
  // or close each path.
  const [fs, fe] = innerSpan(f);
  const [ts, te] = innerSpan(t);
  const fLen = fe - fs;
  const tLen = te - ts;
  const shorter = Math.min(fLen, tLen);
  let lastSep = -1;
  let i = 0;
  for (; i < shorter; i++) {
    const c = f.charCodeAt(fs + i);
    if (c !== t.charCodeAt(ts + i)) break;
    if (c === BSLASH) lastSep = i;
  }
  if (i === shorter) {
    if (tLen > shorter) {
      // `from` is a directory above `to` (or the drive "c:" of it).
      if (t.charCodeAt(ts + i) === BSLASH) return toFull.slice(ts + i + 1);
      if (i === 2) return toFull.slice(ts + i);
    } else if (fLen > shorter) {
      if (f.charCodeAt(fs + i) === BSLASH) lastSep = i;
      else if (i === 2) lastSep = 3;
    }
  } else if (lastSep === -1) {
    return toFull; // nothing in common: another drive or share
  }
  if (lastSep === -1) lastSep = 0;
  let ups = "";
  for (let j = fs + lastSep + 1; j <= fe; j++) {
    if (j === fe || f.charCodeAt(j) === BSLASH) ups += ups.length === 0 ? ".." : "\\..";
  }
  if (ups.length > 0) return ups + toFull.slice(ts + lastSep, te);
  let start = ts + lastSep;
  if (toFull.charCodeAt(start) === BSLASH) start++;
  return toFull.slice(start, te);
};

// [start, end) of a resolved path without its leading backslashes and its
// trailing ones (keeping at least one character).
function innerSpan(p) {
  let start = 0;
  while (start < p.length && p.charCodeAt(start) === BSLASH) start++;
  let end = p.length;
  while (end - 1 > start && p.charCodeAt(end - 1) === BSLASH) end--;
  return [start, end];
}

win32.toNamespacedPath = function toNamespacedPath(p) {
  if (typeof p !== "string" || p.length === 0) return p;
  const resolved = win32.resolve(p);
  if (resolved.length <= 2) return p;
  if (resolved.charCodeAt(0) === BSLASH && resolved.charCodeAt(1) === BSLASH) {
    const c2 = resolved.charCodeAt(2);
    if (c2 !== 63 && c2 !== 46) return `\\\\?\\UNC\\${resolved.slice(2)}`;
  } else if (isDriveLetter(resolved.charCodeAt(0)) && resolved.charCodeAt(1) === 58 &&
             resolved.charCodeAt(2) === BSLASH) {
    return `\\\\?\\${resolved}`;
  }
  return resolved;
};

win32.dirname = function dirname(p) {
  checkString(p, "path");
  const len = p.length;
  if (len === 0) return ".";
  const r = winRoot(p);
  if (r.rootEnd === len) return p; // only a root
  let i = len - 1;
  while (i >= r.rootEnd && isWinSep(p.charCodeAt(i))) i--;
  while (i >= r.rootEnd && !isWinSep(p.charCodeAt(i))) i--;
  if (i < r.rootEnd) return r.rootEnd > 0 ? p.slice(0, r.rootEnd) : ".";
  // Only the one separator before the last name goes.
  return p.slice(0, Math.max(i, r.rootEnd === 0 ? 1 : r.rootEnd));
};

// Where the file name part may start: after a drive's "C:".
function winNameStart(p) {
  return p.length >= 2 && isDriveLetter(p.charCodeAt(0)) && p.charCodeAt(1) === 58 ? 2 : 0;
}

win32.basename = function basename(p, suffix) {
  if (suffix !== undefined) checkString(suffix, "suffix");
  checkString(p, "path");
  const from = winNameStart(p);
  const useSuffix = suffix !== undefined && suffix.length > 0 && suffix.length <= p.length;
  if (useSuffix && p === suffix) return "";
  let end = p.length;
  while (end > from && isWinSep(p.charCodeAt(end - 1))) end--;
  if (end === from) return useSuffix ? p.slice(from) : "";
  let start = end;
  while (start > from && !isWinSep(p.charCodeAt(start - 1))) start--;
  const base = p.slice(start, end);
  if (!useSuffix) return base;
  return applySuffix(base, suffix, p.slice(start));
};

win32.extname = function extname(p) {
  checkString(p, "path");
  const from = winNameStart(p);
  let end = p.length;
  while (end > from && isWinSep(p.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > from && !isWinSep(p.charCodeAt(start - 1))) start--;
  return splitExt(p.slice(start, end));
};

win32.parse = function parse(p) {
  checkString(p, "path");
  const ret = { root: "", dir: "", base: "", ext: "", name: "" };
  const len = p.length;
  if (len === 0) return ret;
  const r = winRoot(p);
  ret.root = p.slice(0, r.rootEnd);
  if (r.rootEnd === len) {
    ret.dir = ret.root;
    return ret;
  }
  let end = len;
  while (end > r.rootEnd && isWinSep(p.charCodeAt(end - 1))) end--;
  if (end === r.rootEnd) {
    ret.dir = ret.root;
    return ret;
  }
  let start = end;
  while (start > r.rootEnd && !isWinSep(p.charCodeAt(start - 1))) start--;
  const base = p.slice(start, end);
  ret.base = base;
  ret.ext = splitExt(base);
  ret.name = ret.ext === "" ? base : base.slice(0, base.length - ret.ext.length);
  ret.dir = start > r.rootEnd ? p.slice(0, start - 1) : ret.root;
  return ret;
};

win32.format = function format(pathObject) {
  return formatWith("\\", pathObject);
};

win32.matchesGlob = function matchesGlob(p, pattern) {
  checkString(p, "path");
  checkString(pattern, "pattern");
  return globMatch(p, pattern, true);
};

// ---------------------------------------------------------------------------
// Glob matching for matchesGlob, in minimatch's syntax as Node configures it:
// "*", "?", "[...]" classes (with "!"/"^" negation and POSIX "[:alpha:]"
// names), "**" across directories, "{a,b}" and "{1..3}" braces, extglobs
// "?(...)", "*(...)", "+(...)", "@(...)", "!(...)"; a leading "!" or "#" is
// literal; files whose name starts with "." only match a pattern that spells
// the dot. "." and "a/.." parts of the path are folded away first. A
// backslash in a pattern is a separator, never an escape.

const GLOBSTAR = { globstar: true };

function globMatch(p, pattern, windows) {
  // Node passes minimatch `windowsPathsNoEscape`: a backslash in a pattern
  // is a separator on every platform (so nothing can be escaped); in the
  // path it is one only for win32.
  if (windows) p = p.replace(/\\/g, "/");
  pattern = pattern.replace(/\\/g, "/");
  if (pattern === "") return p === "";
  const file = foldGlobParts(splitGlob(p, windows), false);
  for (const expanded of expandBraces(pattern)) {
    if (expanded === "") continue;
    const parts = foldGlobParts(splitGlob(expanded, windows), true).map(compileGlobSegment);
    if (matchGlobParts(file, 0, parts, 0)) return true;
  }
  return false;
}

// Runs of "/" count as one, except that a win32 "//host" keeps its two.
function splitGlob(text, windows) {
  if (windows && /^\/\/[^/]/.test(text)) return ["", ...text.split(/\/+/)];
  return text.split(/\/+/);
}

// Drops "." and empty parts inside the list (not first or last) and folds
// "name/.." away; for patterns, "**/**" is one "**".
function foldGlobParts(parts, isPattern) {
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 1; i < parts.length - 1; i++) {
      const seg = parts[i];
      if (i === 1 && seg === "" && parts[0] === "") continue; // "//host"
      if (seg === "." || seg === "") {
        parts.splice(i, 1);
        i--;
        changed = true;
      }
    }
    if (parts[0] === "." && parts.length === 2 && (parts[1] === "." || parts[1] === "")) {
      parts.pop();
      changed = true;
    }
    for (let i = 1; i < parts.length; i++) {
      if (parts[i] !== "..") continue;
      const before = parts[i - 1];
      if (before && before !== "." && before !== ".." && before !== "**") {
        parts.splice(i - 1, 2);
        i -= 2;
        changed = true;
        if (i < 0) i = 0;
      }
    }
    if (isPattern) {
      for (let i = 1; i < parts.length; i++) {
        if (parts[i] === "**" && parts[i - 1] === "**") {
          parts.splice(i, 1);
          i--;
          changed = true;
        }
      }
    }
  }
  return parts.length === 0 ? [""] : parts;
}

function isDotName(seg) {
  return seg.charCodeAt(0) === 46;
}

function matchGlobParts(file, fi, parts, pi) {
  while (fi < file.length && pi < parts.length) {
    const part = parts[pi];
    if (part === GLOBSTAR) {
      if (pi === parts.length - 1) {
        // A trailing "**" takes the rest, as long as no name in it is hidden.
        for (let i = fi; i < file.length; i++) if (isDotName(file[i])) return false;
        return true;
      }
      for (let from = fi; from < file.length; from++) {
        if (matchGlobParts(file, from, parts, pi + 1)) return true;
        if (isDotName(file[from])) break;
      }
      return false;
    }
    if (!matchGlobSegment(file[fi], part)) return false;
    fi++;
    pi++;
  }
  if (fi === file.length) return pi === parts.length;
  // The pattern is used up: a path may still end with a "/".
  return fi === file.length - 1 && file[fi] === "";
}

function matchGlobSegment(seg, part) {
  if (typeof part === "string") return seg === part;
  if (!part.anyDot) {
    if (seg === "." || seg === "..") return false;
    if (!part.dotOk && isDotName(seg)) return false;
  }
  return part.re.test(seg);
}

// A pattern part: a string when it has no magic, else { re, dotOk }.
function compileGlobSegment(seg) {
  if (seg === "**") return GLOBSTAR;
  const parsed = parseGlob(seg, 0, null);
  if (!parsed.magic) return parsed.literal;
  let source = parsed.source;
  if (/^\*+$/.test(seg)) source = `(?=.)${source}`;
  // A part that opens with a positive extglob ("?(a)*", "*(x|.)") is not
  // kept off hidden names at all, as in minimatch.
  const anyDot = /^[?*+@]\(/.test(seg) && parsed.opensWithExt;
  return { re: new RegExp(`^(?:${source})$`, "u"), dotOk: parsed.leadingDot, anyDot };
}

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/]/g;
const escapeRegex = (text) => text.replace(REGEX_SPECIAL, "\\$&");

// Parses glob text from `i` up to the end (or, inside an extglob, up to
// the closing ")" or a "|" at this level). Returns the regex source, the
// literal text, whether it has magic, whether it starts with a literal dot.
function parseGlob(text, i, stop) {
  let source = "";
  let literal = "";
  let magic = false;
  let leadingDot = null;
  let opensWithExt = false;
  let openBracket = false; // after an unclosed "[", "X(" is text
  const start = i;
  const noteFirst = (isDot) => {
    if (leadingDot === null) leadingDot = isDot;
  };
  while (i < text.length) {
    const ch = text[i];
    if (stop && (ch === ")" || ch === "|")) break;
    if ("?*+@!".includes(ch) && text[i + 1] === "(" && !openBracket) {
      const ext = parseExtglob(text, i);
      if (ext !== null) {
        if (leadingDot === null && ext.kind !== "!") opensWithExt = true;
        noteFirst(ext.leadingDot);
        magic = true;
        if (ext.kind === "!") {
          // Anything but the alternatives followed by the rest of the pattern.
          const rest = parseGlob(text, ext.end, stop);
          source += `(?:(?!(?:${ext.body})${rest.source}$)[^/]*?)${rest.source}`;
          return { source, literal, magic: true, leadingDot: leadingDot ?? false, end: rest.end };
        }
        const suffix = { "?": "?", "*": "*", "+": "+", "@": "" }[ext.kind];
        source += `(?:${ext.body})${suffix}`;
        i = ext.end;
        continue;
      }
    }
    if (ch === "*") {
      noteFirst(false);
      magic = true;
      i++;
      while (text[i] === "*" && text[i + 1] !== "(") i++;
      source += "[^/]*?";
      continue;
    }
    if (ch === "?") {
      noteFirst(false);
      magic = true;
      source += "[^/]";
      i++;
      continue;
    }
    if (ch === "[") {
      const cls = parseClass(text, i);
      if (cls !== null) {
        noteFirst(false);
        magic = true;
        source += cls.source;
        i = cls.end;
        continue;
      }
      openBracket = true;
    }
    noteFirst(ch === ".");
    source += escapeRegex(ch);
    literal += ch;
    i++;
  }
  if (i === start && leadingDot === null) leadingDot = false;
  return { source, literal, magic, leadingDot: leadingDot === true, opensWithExt, end: i };
}

// "X(a|b)" at text[i]: { kind, body (regex source), end, leadingDot }, or
// null when there is no closing ")".
function parseExtglob(text, i) {
  const kind = text[i];
  let j = i + 2;
  const alternatives = [];
  let leadingDot = false;
  for (;;) {
    const alt = parseGlob(text, j, true);
    alternatives.push(alt.source);
    if (alt.leadingDot) leadingDot = true;
    j = alt.end;
    if (j >= text.length) return null;
    if (text[j] === ")") break;
    j++; // "|"
  }
  return { kind, body: alternatives.join("|"), end: j + 1, leadingDot };
}

const POSIX_CLASSES = {
  alnum: "\\p{L}\\p{Nl}\\p{Nd}",
  alpha: "\\p{L}\\p{Nl}",
  ascii: "\\x00-\\x7f",
  blank: "\\p{Zs}\\t",
  cntrl: "\\p{Cc}",
  digit: "\\p{Nd}",
  graph: "\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}",
  lower: "\\p{Ll}",
  print: "\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Zs}",
  punct: "\\p{P}",
  space: "\\p{Z}\\t\\r\\n\\v\\f",
  upper: "\\p{Lu}",
  word: "\\p{L}\\p{Nl}\\p{Nd}\\p{Pc}",
  xdigit: "A-Fa-f0-9",
};

const escapeClassChar = (ch) => (/[\\\]\[^\-]/.test(ch) ? `\\${ch}` : ch);

// "[...]" at text[i]: { source, end } or null when it does not close.
function parseClass(text, i) {
  let j = i + 1;
  let negate = false;
  if (text[j] === "!" || text[j] === "^") {
    negate = true;
    j++;
  }
  let body = "";
  let first = true;
  while (j < text.length) {
    const ch = text[j];
    if (ch === "]" && !(first && !negate)) {
      if (body === "") return null;
      return { source: negate ? `[^/${body}]` : `[${body}]`, end: j + 1 };
    }
    first = false;
    if (ch === "[" && text[j + 1] === ":") {
      const close = text.indexOf(":]", j + 2);
      const name = close === -1 ? null : text.slice(j + 2, close);
      if (name !== null && Object.prototype.hasOwnProperty.call(POSIX_CLASSES, name)) {
        body += POSIX_CLASSES[name];
        j = close + 2;
        continue;
      }
    }
    const lo = ch;
    j++;
    if (text[j] === "-" && j + 1 < text.length && text[j + 1] !== "]") {
      const hi = text[j + 1];
      j += 2;
      if (hi.codePointAt(0) < lo.codePointAt(0)) continue; // an empty range
      body += `${escapeClassChar(lo)}-${escapeClassChar(hi)}`;
      continue;
    }
    body += escapeClassChar(lo);
  }
  return null;
}

// Brace expansion: "{a,b}" alternatives (nested), "{1..5}", "{a..e}",
// "{01..10..2}". A brace with neither a comma nor a range stays as text.
function expandBraces(pattern) {
  const open = findBrace(pattern);
  if (open === null) return [pattern];
  const { start, end, items } = open;
  const pre = pattern.slice(0, start);
  const post = expandBraces(pattern.slice(end + 1));
  const out = [];
  for (const item of items) {
    for (const inner of expandBraces(item)) {
      for (const tail of post) out.push(pre + inner + tail);
    }
  }
  return out;
}

// The first "{...}" that expands: { start, end, items }, or null.
function findBrace(text) {
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch !== "{" || (i > 0 && text[i - 1] === "$")) continue;
    let depth = 0;
    const commas = [];
    let close = -1;
    for (let j = i; j < text.length; j++) {
      const c = text[j];
      if (c === "{") depth++;
      else if (c === "}") {
        depth--;
        if (depth === 0) {
          close = j;
          break;
        }
      } else if (c === "," && depth === 1) commas.push(j);
    }
    if (close === -1) continue; // an unclosed "{" is text
    const inside = text.slice(i + 1, close);
    if (commas.length > 0) {
      const items = [];
      let from = i + 1;
      for (const c of commas) {
        items.push(text.slice(from, c));
        from = c + 1;
      }
      items.push(text.slice(from, close));
      return { start: i, end: close, items };
    }
    const range = braceRange(inside);
    if (range !== null) return { start: i, end: close, items: range };
    // Not expandable: look for a later brace, inside or after this one.
    const rest = findBrace(text.slice(i + 1));
    if (rest === null) return null;
    return { start: rest.start + i + 1, end: rest.end + i + 1, items: rest.items };
  }
  return null;
}

function braceRange(inside) {
  let m = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(inside);
  if (m !== null) {
    const a = parseInt(m[1], 10);
    const b = parseInt(m[2], 10);
    let step = m[3] === undefined ? 1 : Math.abs(parseInt(m[3], 10)) || 1;
    const width = /^-?0\d/.test(m[1]) || /^-?0\d/.test(m[2]) ? Math.max(m[1].length, m[2].length) : 0;
    const out = [];
    const dir = a <= b ? 1 : -1;
    for (let n = a; dir > 0 ? n <= b : n >= b; n += dir * step) {
      let s = String(Math.abs(n));
      if (width) s = s.padStart(width - (n < 0 ? 1 : 0), "0");
      out.push(n < 0 ? `-${s}` : s);
    }
    return out;
  }
  m = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/.exec(inside);
  if (m !== null) {
    const a = m[1].charCodeAt(0);
    const b = m[2].charCodeAt(0);
    const step = m[3] === undefined ? 1 : Math.abs(parseInt(m[3], 10)) || 1;
    const out = [];
    const dir = a <= b ? 1 : -1;
    for (let n = a; dir > 0 ? n <= b : n >= b; n += dir * step) out.push(String.fromCharCode(n));
    return out;
  }
  return null;
}

posix.win32 = win32;
posix.posix = posix;
win32.win32 = win32;
win32.posix = posix;
posix._makeLong = posix.toNamespacedPath;
win32._makeLong = win32.toNamespacedPath;

// Node's order of the keys.
for (const obj of [posix, win32]) {
  for (const key of ["resolve", "normalize", "isAbsolute", "join", "relative", "toNamespacedPath", "dirname",
    "basename", "extname", "format", "parse", "matchesGlob", "sep", "delimiter", "win32", "posix", "_makeLong"]) {
    const value = obj[key];
    delete obj[key];
    obj[key] = value;
  }
}

exports.module = posix;
