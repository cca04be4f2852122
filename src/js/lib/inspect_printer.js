// inspect_printer.js - the printer of util.inspect (see inspect.js): terminal
// widths, the Frame and the Printer (values, objects, properties, errors,
// layout), the shapes of each kind of object, inspect() with its options,
// and the " Received ..." tail of argument errors.

'use strict';

const {
  BARE_KEY, BUILTIN_CONSTRUCTORS, HANDLER_UNKNOWN, ITERATOR, PACKAGE_DIR, PROMISE_PENDING,
  PROMISE_REJECTED, RUNTIME_FRAME, TAG, allKeysOf, bigintText, colors, countText, dateISO,
  dateString, dateTime, defaultOptions, descriptorOf, enumerableNames, errorString, escapeText,
  extraKeys, fnSource, getKind, hasOwnProperty, heading, isArgumentsObject, isArray,
  isAsyncFunction, isClassSource, isEnumerable, isGeneratorFunction, isIndexKey, isModuleNamespace,
  isStackOverflowError, listedKeys, mapEntries, mapSize, moreItems, numberText, owns, paintColor,
  paintNone, previewEntries, promiseDetails, protoOf, proxyDetails, quoteText, regexpString,
  relabelStack, safeInstanceOf, setSize, setValues, sharedFrames, shownOf, stackTextOf, styles,
  symbolString, tagOrObject, typedArrayLength, typedArrayName, workingDirectory,
} = require('inspect_util');

// ---------------------------------------------------------------------------
// Terminal widths.

// Terminal control sequences: CSI (ESC [ or U+009B, parameter bytes,
// intermediate bytes, a final byte), OSC (ESC ], ended by BEL or ESC \),
// and ESC with one final byte, optionally after one intermediate byte. An
// ESC [ or ESC ] that does not complete its sequence is left alone.
const CONTROL_SEQUENCE = new RegExp(
  '(?:\\x1b\\[|\\x9b)[\\x30-\\x3f]*[\\x20-\\x2f]*[\\x40-\\x7e]' +
  '|\\x1b\\](?:[^\\x07\\x1b]|\\x1b(?!\\\\))*(?:\\x07|\\x1b\\\\)' +
  '|\\x1b[\\x20-\\x2f][\\x30-\\x7e]' +
  '|\\x1b[\\x30-\\x5a\\x5c\\x5e-\\x7e]', 'g');

function stripVTControlCharacters(str) {
  if (typeof str !== 'string') throw invalidArgType('str', 'string', str);
  if (str.indexOf('\u001b') === -1 && str.indexOf('\u009b') === -1) return str;
  return str.replace(CONTROL_SEQUENCE, '');
}

// Color codes as inspect writes them (SGR with a one- or two-digit
// parameter): what the one-line test leaves out of an item's length.
const SGR = /\u001b\[\d\d?m/g;

function withoutColors(str) {
  return str.indexOf('\u001b') === -1 ? str : str.replace(SGR, '');
}

// Code points two columns wide: the East Asian Wide and Fullwidth blocks.
const WIDE = [
  0x1100, 0x115f, 0x231a, 0x231b, 0x2329, 0x232a, 0x23e9, 0x23ec, 0x23f0, 0x23f0,
  0x23f3, 0x23f3, 0x25fd, 0x25fe, 0x2614, 0x2615, 0x2e80, 0x303e, 0x3040, 0x3247,
  0x3250, 0x4dbf, 0x4e00, 0xa4c6, 0xa960, 0xa97c, 0xac00, 0xd7a3, 0xf900, 0xfaff,
  0xfe10, 0xfe19, 0xfe30, 0xfe6b, 0xff01, 0xff60, 0xffe0, 0xffe6, 0x1b000, 0x1b2ff,
  0x1f200, 0x1f251, 0x20000, 0x3fffd,
];

function inWideBlock(cp) {
  if (cp < 0x1100) return false;
  for (let i = 0; i < WIDE.length; i += 2) {
    if (cp < WIDE[i]) return false;
    if (cp <= WIDE[i + 1]) return true;
  }
  return false;
}

const EMOJI = /^\p{Emoji_Presentation}$/u;
const NO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}\p{Emoji_Modifier}]$/u;

// Columns one code point takes: 2 for wide characters and emoji shown as
// pictures, 0 for combining marks, format and control characters (not the
// soft hyphen), 1 for the rest.
function columnsOf(ch, cp) {
  if (inWideBlock(cp) || (cp >= 0x2000 && EMOJI.test(ch))) return 2;
  if (cp !== 0xad && NO_WIDTH.test(ch)) return 0;
  return 1;
}

// Columns `str` takes on a terminal (after NFC normalization; control
// sequences first removed unless removeControlChars is false).
function getStringWidth(str, removeControlChars = true) {
  if (removeControlChars) str = stripVTControlCharacters(str);
  let width = 0;
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c >= 0x7f) {
      for (const ch of str.slice(i).normalize('NFC')) width += columnsOf(ch, ch.codePointAt(0));
      return width;
    }
    if (c >= 0x20) width++;
  }
  return width;
}

// ---------------------------------------------------------------------------
// The printer.

// How a property is written: key and value, the value alone (array
// elements), or key and value indented like array elements (extra keys of
// arrays, typed arrays and the like).
const AS_PROPERTY = 0;
const AS_ELEMENT = 1;
const AS_EXTRA = 2;

// Above this much text at one indentation everything further is
// abbreviated, as in Node.
const OUTPUT_CEILING = 2 ** 27;

const NO_KEYS = [];
// A string's lines, each with its line break.
const LINES = /[^\n]*\n|[^\n]+/g;
// customText's answer when no custom inspector takes the object.
const DECLINED = Symbol('declined');

class Frame {
  constructor(name, tag, inherited) {
    this.name = name; // constructor name; null without one
    this.tag = tag; // toStringTag worth showing, or ''
    this.inherited = inherited; // printed inherited properties, or null
    this.kind = ''; // built-in kind ('' when ordinary or not needed)
    this.keys = NO_KEYS; // own keys to list after the shape's items
    this.open = '{';
    this.close = '}';
    this.lead = ''; // text ahead of the brackets
    this.list = false; // array-like: column layout, only extra keys sorted
    this.sample = undefined; // the elements, for numeric alignment
    this.bytes = false; // ArrayBuffer: show its bytes
  }

  // Nothing to show between the brackets besides the shape's own items.
  get bare() {
    return this.keys.length === 0 && this.inherited === null;
  }
}

class Printer {
  constructor() {
    this.hidden = defaultOptions.showHidden;
    this.depth = defaultOptions.depth;
    this.colors = defaultOptions.colors;
    this.custom = defaultOptions.customInspect;
    this.showProxy = defaultOptions.showProxy;
    this.maxItems = defaultOptions.maxArrayLength ?? Infinity;
    this.maxChars = defaultOptions.maxStringLength ?? Infinity;
    this.width = defaultOptions.breakLength;
    this.compact = defaultOptions.compact;
    this.sorted = defaultOptions.sorted;
    this.getters = defaultOptions.getters;
    this.separators = defaultOptions.numericSeparator;
    this.paint = paintNone;
    this.userOptions = undefined; // the caller's options, for custom inspectors
    this.path = []; // objects being printed, outermost first
    this.refs = null; // circular targets -> their numbers
    this.lastOpened = -1; // level of the object most recently entered
    this.produced = null; // characters printed, by indentation (made when needed)
  }

  set(key, value) {
    switch (key) {
      case 'showHidden': this.hidden = value; break;
      case 'depth': this.depth = value; break;
      case 'colors': this.colors = value; break;
      case 'customInspect': this.custom = value; break;
      case 'showProxy': this.showProxy = value; break;
      case 'maxArrayLength': this.maxItems = value === null ? Infinity : value; break;
      case 'maxStringLength': this.maxChars = value === null ? Infinity : value; break;
      case 'breakLength': this.width = value; break;
      case 'compact': this.compact = value; break;
      case 'sorted': this.sorted = value; break;
      case 'getters': this.getters = value; break;
      case 'numericSeparator': this.separators = value; break;
      case 'stylize': this.paint = value; break;
      default: return false;
    }
    return true;
  }

  // The options as custom inspectors see them.
  options() {
    const o = {
      stylize: this.paint,
      showHidden: this.hidden,
      depth: this.depth,
      colors: this.colors,
      customInspect: this.custom,
      showProxy: this.showProxy,
      maxArrayLength: this.maxItems,
      maxStringLength: this.maxChars,
      breakLength: this.width,
      compact: this.compact,
      sorted: this.sorted,
      getters: this.getters,
      numericSeparator: this.separators,
    };
    if (this.userOptions !== undefined) Object.assign(o, this.userOptions);
    return o;
  }

  // A printer with the same options and a fresh walk.
  fork() {
    const p = new Printer();
    for (const key of ['hidden', 'depth', 'colors', 'custom', 'showProxy', 'maxItems', 'maxChars',
      'width', 'compact', 'sorted', 'getters', 'separators', 'paint', 'userOptions', 'lastOpened']) {
      p[key] = this[key];
    }
    return p;
  }

  tooDeep(level) {
    return level > this.depth && this.depth !== null;
  }

  // -- values ---------------------------------------------------------------

  // Any value as text. `inView`: v is read from a typed array's `buffer`.
  value(v, level, indent, inView) {
    if (typeof v !== 'object' && typeof v !== 'function') return this.primitive(v, indent, this.paint);
    if (v === null) return this.paint('null', 'null');
    let target = v;
    if (proxyDetails !== undefined) {
      const details = proxyDetails(v);
      if (details !== undefined) {
        if (details === null || details[0] === null) return this.paint('<Revoked Proxy>', 'special');
        if (this.showProxy) return this.proxy(details, level, indent);
        // Print the target itself, so that no trap runs.
        target = details[0];
      }
    }
    if (this.custom) {
      const text = this.customText(target, v, level, indent);
      if (text !== DECLINED) return text;
    }
    if (this.path.includes(target)) return this.circular(target);
    return this.object(target, level, indent, inView);
  }

  primitive(v, indent, paint) {
    switch (typeof v) {
      case 'string': return this.string(v, indent, paint);
      case 'number': return paint(numberText(v, this.separators), 'number');
      case 'bigint': return paint(bigintText(v, this.separators), 'bigint');
      case 'boolean': return paint(`${v}`, 'boolean');
      case 'undefined': return paint('undefined', 'undefined');
      default: return paint(symbolString.call(v), 'symbol');
    }
  }

  // Strings beyond maxStringLength are cut, with a note of what is left.
  // A string with line breaks inside that does not fit in what remains of
  // the line (and is over 16 characters) is written as one quoted piece
  // per line, joined by " +" at the ends of lines.
  string(str, indent, paint) {
    let tail = '';
    if (str.length > this.maxChars) {
      const rest = str.length - this.maxChars;
      str = str.slice(0, this.maxChars);
      tail = `... ${countText(rest, 'more character')}`;
    }
    if (this.compact !== true && str.length > 16 && str.length > this.width - indent - 4) {
      const nl = str.indexOf('\n');
      if (nl !== -1 && nl !== str.length - 1) {
        const lines = str.match(LINES);
        let out = paint(quoteText(lines[0]), 'string');
        const joint = ` +\n${' '.repeat(indent + 2)}`;
        for (let i = 1; i < lines.length; i++) out += joint + paint(quoteText(lines[i]), 'string');
        return out + tail;
      }
    }
    return paint(quoteText(str), 'string') + tail;
  }

  // The text of obj[inspect.custom](depth, options, inspect), or DECLINED
  // when there is no such method or it returns the object itself.
  // Prototypes carrying the method for their instances are skipped.
  customText(obj, self, level, indent) {
    const method = obj[customSymbol];
    if (typeof method !== 'function' || method === inspect) return DECLINED;
    const ctor = obj.constructor;
    if (ctor && ctor.prototype === obj) return DECLINED;
    const depth = this.depth === null ? null : this.depth - level;
    const result = method.call(self, depth, this.options(), inspect);
    if (result === self) return DECLINED;
    if (typeof result !== 'string') return this.value(result, level, indent);
    return result.replaceAll('\n', `\n${' '.repeat(indent)}`);
  }

  circular(target) {
    if (this.refs === null) this.refs = new Map();
    let n = this.refs.get(target);
    if (n === undefined) {
      n = this.refs.size + 1;
      this.refs.set(target, n);
    }
    return this.paint(`[Circular *${n}]`, 'special');
  }

  // showProxy: "Proxy [ target, handler ]".
  proxy(details, level, indent) {
    if (this.tooDeep(level)) return this.paint('Proxy [Array]', 'special');
    const f = new Frame('', '', null);
    f.open = 'Proxy [';
    f.close = ']';
    f.list = true;
    const items = [
      this.value(details[0], level + 1, indent + 2),
      details[1] === HANDLER_UNKNOWN
        ? this.paint('<handler unknown>', 'special')
        : this.value(details[1], level + 1, indent + 2),
    ];
    return this.layout(f, items, level, indent);
  }

  // -- objects --------------------------------------------------------------

  object(obj, level, indent, inView) {
    let inherited = this.hidden && !this.tooDeep(level) ? [] : null;
    const name = this.classNameOf(obj, level, indent, inherited);
    if (inherited !== null && inherited.length === 0) inherited = null;
    // A tag that is an own property shows up among the keys anyway.
    let tag = obj[TAG];
    if (typeof tag !== 'string' ||
        (tag !== '' && (this.hidden ? hasOwnProperty : isEnumerable).call(obj, TAG))) {
      tag = '';
    }
    const f = new Frame(name, tag, inherited);
    const shape = shapeOf(obj, f);
    const short = shape.plan(this, f, obj, level, indent, inView);
    if (short !== undefined) return short;

    if (this.tooDeep(level)) {
      const label = heading(name, tag, 'Object').slice(0, -1);
      return this.paint(name === null ? label : `[${label}]`, 'special');
    }

    this.lastOpened = level;
    this.path.push(obj);
    const items = [];
    try {
      if (shape.fill !== undefined) shape.fill(this, f, obj, level, indent, items);
      const mode = f.list ? AS_EXTRA : AS_PROPERTY;
      const keys = f.keys;
      for (let i = 0; i < keys.length; i++) {
        const desc = f.kind === 'Error' && keys[i] === 'stack' ? engineStack(obj) : undefined;
        items.push(this.property(obj, keys[i], level + 1, indent, mode, desc));
      }
      if (inherited !== null) {
        for (let i = 0; i < inherited.length; i++) items.push(inherited[i]);
      }
    } catch (err) {
      if (!isStackOverflowError(err)) throw err;
      this.path.pop();
      const label = heading(name, tag, 'Object').slice(0, -1);
      return this.paint(
        `[${label}: Inspection interrupted prematurely. Maximum call stack size exceeded.]`, 'special');
    }
    // A target of circular references is marked "<ref *N>".
    if (this.refs !== null) {
      const n = this.refs.get(obj);
      if (n !== undefined) {
        const mark = this.paint(`<ref *${n}>`, 'special');
        if (this.compact === true) f.open = `${mark} ${f.open}`;
        else f.lead = f.lead === '' ? mark : `${mark} ${f.lead}`;
      }
    }
    this.path.pop();

    if (this.sorted) {
      const order = this.sorted === true ? undefined : this.sorted;
      if (!f.list) {
        items.sort(order);
      } else if (f.keys.length > 1) {
        // Only the trailing keyed items; elements keep their order.
        const tail = items.splice(items.length - f.keys.length).sort(order);
        for (let i = 0; i < tail.length; i++) items.push(tail[i]);
      }
    }

    const text = this.layout(f, items, level, indent);
    if (this.produced === null) this.produced = [];
    const total = (this.produced[indent] || 0) + text.length;
    this.produced[indent] = total;
    if (total > OUTPUT_CEILING) this.depth = -1;
    return text;
  }

  // The name of the nearest constructor on the chain that `obj` is an
  // instance of; null when the chain has none and obj's prototype is null.
  // Other chains without one are described by V8's class name and their
  // prototype: "Object <Foo>", "Object <[Object: null prototype] {}>".
  // With showHidden (`inherited` given), the properties obj inherits from
  // user prototypes are printed into `inherited` on the way.
  classNameOf(obj, level, indent, inherited) {
    let holder = obj;
    let first; // obj's prototype
    while (holder !== null) {
      const d = descriptorOf(holder, 'constructor');
      if (d !== undefined && typeof d.value === 'function' && d.value.name !== '' &&
          safeInstanceOf(obj, d.value)) {
        if (inherited !== null && (first !== holder || !BUILTIN_CONSTRUCTORS.has(d.value.name))) {
          this.inheritedProperties(obj, first || obj, level, indent, inherited);
        }
        return String(d.value.name);
      }
      holder = protoOf(holder);
      if (first === undefined) first = holder;
    }
    if (first === null) return null;
    const own = tagOrObject(obj);
    if (this.tooDeep(level)) return `${own} <Complex prototype>`;
    const protoName = this.classNameOf(first, level + 1, indent, inherited);
    if (protoName !== null) return `${own} <${protoName}>`;
    const opts = this.options();
    opts.customInspect = false;
    opts.depth = -1;
    return `${own} <${inspect(first, opts)}>`;
  }

  // showHidden: data properties obj inherits from up to three user
  // prototypes (stopping at a built-in one), other than methods and
  // `constructor`, each key once, dimmed when colored. Their values are
  // printed at obj's own level.
  inheritedProperties(obj, proto, level, indent, out) {
    const listed = new Set();
    for (let step = 0; step < 3; step++) {
      if (step !== 0 || proto === obj) {
        proto = protoOf(proto);
        if (proto === null) return;
        const d = descriptorOf(proto, 'constructor');
        if (d !== undefined && typeof d.value === 'function' && BUILTIN_CONSTRUCTORS.has(d.value.name)) {
          return;
        }
      }
      const keys = allKeysOf(proto);
      this.path.push(obj);
      for (const key of keys) {
        if (key === 'constructor' || owns(obj, key) || listed.has(key)) continue;
        const desc = descriptorOf(proto, key);
        if (typeof desc.value === 'function') continue;
        const text = this.property(proto, key, level, indent, AS_PROPERTY, desc, obj);
        out.push(this.colors ? `\u001b[2m${text}\u001b[22m` : text);
      }
      this.path.pop();
      for (const key of keys) listed.add(key);
    }
  }

  // "key: value" (or the value alone for AS_ELEMENT) of holder[key]. A key
  // that is not an own property (byteLength of an ArrayBuffer, ...) is
  // read through the prototype's getter and written "[key]".
  property(holder, key, level, indent, mode, desc, receiver = holder) {
    let inheritedKey = false;
    if (desc === undefined) {
      desc = descriptorOf(holder, key);
      if (desc === undefined) {
        desc = { value: holder[key], enumerable: false };
        inheritedKey = true;
      }
    }
    let text;
    let gap = ' ';
    if (desc.value !== undefined) {
      // With compact: true, values of own keys sit one column further in,
      // and one wider than breakLength starts on the next line. Keys read
      // through a prototype's getter ("[buffer]") are set like elements.
      const step = this.compact === true && mode === AS_PROPERTY && !inheritedKey ? 3 : 2;
      text = this.value(desc.value, level, indent + step);
      if (step === 3 && this.width < getStringWidth(text, this.colors)) {
        gap = `\n${' '.repeat(indent + step)}`;
      }
    } else if (desc.get !== undefined) {
      text = this.accessor(desc, receiver, level, indent);
    } else if (desc.set !== undefined) {
      text = this.paint('[Setter]', 'special');
    } else {
      text = this.paint('undefined', 'undefined');
    }
    if (mode === AS_ELEMENT) return text;
    return `${this.keyText(key, desc, inheritedKey)}:${gap}${text}`;
  }

  keyText(key, desc, inheritedKey) {
    if (typeof key === 'symbol') {
      return `[${this.paint(escapeText(symbolString.call(key), true), 'symbol')}]`;
    }
    if (inheritedKey) return this.paint(`[${key}]`, 'string');
    if (key === '__proto__') return "['__proto__']";
    if (desc.enumerable === false) return `[${escapeText(key, true)}]`;
    if (BARE_KEY.test(key)) return this.paint(key, 'name');
    return this.paint(quoteText(key), 'string');
  }

  // "[Getter]", "[Setter]", "[Getter/Setter]"; with the getters option the
  // getter is called and its value shown too.
  accessor(desc, receiver, level, indent) {
    const label = desc.set !== undefined ? 'Getter/Setter' : 'Getter';
    // getters: true calls every getter, 'get' those without a setter,
    // 'set' those with one.
    const want = this.getters;
    if (!(want === true || (want === 'get' && desc.set === undefined) ||
          (want === 'set' && desc.set !== undefined))) {
      return this.paint(`[${label}]`, 'special');
    }
    const paint = this.paint;
    let got;
    try {
      got = desc.get.call(receiver);
    } catch (err) {
      return `${paint(`[${label}:`, 'special')} <Inspection threw (${err.message})>${paint(']', 'special')}`;
    }
    if (got === null) return `${paint(`[${label}:`, 'special')} ${paint('null', 'null')}${paint(']', 'special')}`;
    if (typeof got === 'object') return `${paint(`[${label}]`, 'special')} ${this.value(got, level, indent + 2)}`;
    return `${paint(`[${label}:`, 'special')} ${this.primitive(got, indent + 2, paint)}${paint(']', 'special')}`;
  }

  // -- pieces of particular kinds --------------------------------------------

  // Elements of an array; runs of holes become "<N empty items>".
  elements(arr, level, indent, out) {
    const length = arr.length;
    const shown = shownOf(this.maxItems, length);
    for (let i = 0; i < shown; i++) {
      if (!owns(arr, i)) {
        this.sparseElements(arr, level, indent, out, shown, i);
        return;
      }
      out.push(this.property(arr, i, level, indent, AS_ELEMENT));
    }
    if (length > shown) out.push(moreItems(length - shown));
  }

  // From the first hole on: Object.keys lists the indices present, in
  // order. Holes count toward maxArrayLength as one entry per run.
  sparseElements(arr, level, indent, out, shown, from) {
    const present = enumerableNames(arr);
    let next = from; // the index expected next
    for (let k = from; k < present.length && out.length < shown; k++) {
      const key = present[k];
      const index = +key;
      if (index > 2 ** 32 - 2) break;
      if (key !== `${next}`) {
        if (!isIndexKey(key)) break;
        out.push(this.holes(index - next));
        next = index;
        if (out.length === shown) break;
      }
      out.push(this.property(arr, key, level, indent, AS_ELEMENT));
      next++;
    }
    const rest = arr.length - next;
    if (rest > 0) out.push(out.length === shown ? moreItems(rest) : this.holes(rest));
  }

  holes(n) {
    return this.paint(`<${countText(n, 'empty item')}>`, 'undefined');
  }

  // Entries previewed from an iterator or weak collection, given flat.
  previewValues(entries, level, indent, out, weak) {
    const shown = shownOf(this.maxItems, entries.length);
    const start = out.length;
    for (let i = 0; i < shown; i++) out.push(this.value(entries[i], level + 1, indent + 2));
    // Weak entries come in no stable order: sorted for repeatable output.
    if (weak && !this.sorted) sortTail(out, start);
    if (entries.length > shown) out.push(moreItems(entries.length - shown));
  }

  // Key/value entries given flat [k1, v1, k2, v2, ...]: "k => v" for weak
  // maps, "[ k, v ]" pairs for iterators.
  previewPairs(entries, level, indent, out, weak) {
    const count = entries.length / 2;
    const shown = shownOf(this.maxItems, count);
    const start = out.length;
    const pair = weak ? null : new Frame('', '', null);
    if (pair !== null) {
      pair.open = '[';
      pair.close = ']';
      pair.list = true;
    }
    for (let i = 0; i < shown; i++) {
      const k = this.value(entries[2 * i], level + 1, indent + 2);
      const v = this.value(entries[2 * i + 1], level + 1, indent + 2);
      out.push(weak ? `${k} => ${v}` : this.layout(pair, [k, v], level, indent + 2));
    }
    if (weak && !this.sorted) sortTail(out, start);
    if (count > shown) out.push(moreItems(count - shown));
  }

  functionText(fn, name, tag, indent) {
    let src = '';
    try {
      src = fnSource.call(fn);
    } catch {
      // Not readable: taken for a plain function.
    }
    if (isClassSource(src)) return classText(fn, name, tag);
    let kind = 'Function';
    if (isGeneratorFunction(fn)) kind = `Generator${kind}`;
    if (isAsyncFunction(fn)) kind = `Async${kind}`;
    let text = `[${kind}`;
    if (name === null) text += ' (null prototype)';
    const fnName = fn.name;
    if (fnName === '') text += ' (anonymous)';
    // A name that is no string (a Symbol, a number) is shown inspected.
    else text += `: ${typeof fnName === 'string' ? fnName : this.value(fnName, 0, indent)}`;
    text += ']';
    if (name !== kind && name !== null) text += ` ${name}`;
    if (tag !== '' && name !== tag) text += ` [${tag}]`;
    return text;
  }

  // "[Number: 3]", "[String (MyString): 'x']" ...
  boxedText(obj, f, indent) {
    const kind = f.kind;
    let inner;
    switch (kind) {
      case 'Number': inner = Number.prototype.valueOf.call(obj); break;
      case 'String':
        inner = String.prototype.valueOf.call(obj);
        // The index keys only repeat the characters.
        f.keys.splice(0, inner.length);
        break;
      case 'Boolean': inner = Boolean.prototype.valueOf.call(obj); break;
      case 'BigInt': inner = BigInt.prototype.valueOf.call(obj); break;
      default: inner = Symbol.prototype.valueOf.call(obj);
    }
    let text = `[${kind}`;
    if (f.name !== kind) text += f.name === null ? ' (null prototype)' : ` (${f.name})`;
    text += `: ${this.primitive(inner, indent, paintNone)}]`;
    if (f.tag !== '' && f.tag !== f.name) text += ` [${f.tag}]`;
    // Colored as the primitive only when it stands alone.
    return f.keys.length !== 0 || this.paint === paintNone ? text : this.paint(text, kind.toLowerCase());
  }

  // -- errors ---------------------------------------------------------------

  // The stack an error is printed with (adjusting f.keys: keys whose text
  // the stack already shows are dropped, an own cause and an own errors
  // array are always listed).
  errorText(err, f, indent) {
    const rawName = err.name;
    const name = rawName != null ? String(rawName) : 'Error';
    let stack = this.stackOf(err, indent);
    const keys = f.keys;
    if (this.hidden) {
      tidyHiddenErrorKeys(err, keys);
    } else {
      for (const key of ['name', 'message', 'stack']) {
        const at = keys.indexOf(key);
        if (at !== -1 && (typeof err[key] !== 'string' || stack.includes(err[key]))) keys.splice(at, 1);
      }
    }
    if (owns(err, 'cause') && !keys.includes('cause')) keys.push('cause');
    if (owns(err, 'errors') && isArray(err.errors) && !keys.includes('errors')) keys.push('errors');

    stack = relabelStack(stack, f.name, name, f.tag);
    // A name that is no string gets the class added: "42 [TypeError]: m".
    if (rawName != null && typeof rawName !== 'string' && f.name !== null && stack.startsWith(name)) {
      stack = `${name} [${f.name}]${stack.slice(name.length)}`;
    }

    // The frames begin after the message, which may itself hold "\n    at".
    const message = err.message;
    const found = message ? stack.indexOf(message) : -1;
    const framesAt = stack.indexOf('\n    at', found > 0 ? found + message.length : 0);
    if (framesAt === -1) {
      stack = `[${stack}]`;
    } else {
      const frames = this.foldCauseFrames(err, stack.slice(framesAt + 1).split('\n'), indent);
      let text = stack.slice(0, framesAt);
      if (this.colors) {
        const cwd = workingDirectory();
        for (const line of frames) text += `\n${this.tintFrame(line, cwd)}`;
      } else {
        for (const line of frames) text += `\n${line}`;
      }
      stack = text;
    }
    return indent === 0 ? stack : stack.replaceAll('\n', `\n${' '.repeat(indent)}`);
  }

  // The stack text: the V8-style text for a string stack, Error.prototype
  // .toString() for none. A stack that is no string is printed in full
  // below that line (no depth limit, one entry per line unless compact is
  // true), as Node 22 does.
  stackOf(err, indent) {
    const stack = err.stack;
    if (!stack) return errorString.call(err);
    if (typeof stack === 'string') {
      const text = stackTextOf(err);
      return typeof text === 'string' ? text : String(text);
    }
    const sub = this.fork();
    sub.path = this.path.slice();
    sub.path.push(err);
    sub.compact = this.compact === true;
    sub.depth = Infinity;
    return `${errorString.call(err)}\n    ${sub.value(stack, 0, indent + 4)}`;
  }

  // Frames an error shares with its cause (a run of more than three) are
  // shown as one line, keeping the first and last of the run.
  foldCauseFrames(err, frames, indent) {
    let cause;
    try {
      cause = err.cause;
    } catch {
      return frames;
    }
    if (cause === null || typeof cause !== 'object' || getKind(cause) !== 'Error') return frames;
    const causeStack = this.stackOf(cause, indent);
    const at = causeStack.indexOf('\n    at');
    if (at === -1) return frames;
    const run = sharedFrames(frames, causeStack.slice(at + 1).split('\n'));
    if (run !== null) {
      const n = run.length - 2;
      frames.splice(run.start + 1, n,
        this.paint(`    ... ${n} lines matching cause stack trace ...`, 'undefined'));
    }
    return frames;
  }

  // Colored stacks: frames in the runtime's own code are grey; in others
  // package names under node_modules are underlined and the working
  // directory is grey.
  tintFrame(line, cwd) {
    if (RUNTIME_FRAME.test(line)) return this.paint(line, 'undefined');
    PACKAGE_DIR.lastIndex = 0;
    let out = '';
    let done = 0;
    let m;
    while ((m = PACKAGE_DIR.exec(line)) !== null) {
      const nameAt = m.index + m[0].length - m[1].length;
      out += line.slice(done, nameAt) + this.paint(m[1], 'module');
      done = m.index + m[0].length;
    }
    if (done !== 0) line = out + line.slice(done);
    if (cwd === undefined) return line;
    // The directory with the "(" before it and the separator after it;
    // a closing ")" at the end of the line is grey too.
    let at = line.indexOf(cwd);
    if (at === -1) return line;
    let length = cwd.length;
    if (line.slice(at - 7, at) === 'file://') {
      at -= 7;
      length += 7;
    }
    const paren = line[at - 1] === '(';
    const start = paren ? at - 1 : at;
    const stop = at + length + 1;
    const closes = paren && line.endsWith(')');
    return line.slice(0, start) + this.paint(line.slice(start, stop), 'undefined') +
      line.slice(stop, closes ? -1 : line.length) + (closes ? this.paint(')', 'undefined') : '');
  }

  // -- layout ---------------------------------------------------------------

  // Puts a frame's printed items between its brackets. With compact set to
  // a number n (3 by default):
  //  - Array-like lists of more than six items may be set out in columns
  //    (see columns()); the rows are then written one per line.
  //  - Otherwise the items go on one line, "lead { a, b }", if the last
  //    object entered while printing them lies fewer than n levels below
  //    this one (so only the innermost n levels of nesting are joined), no
  //    item holds a line break, and the whole fits: the items' lengths
  //    (colors excluded), plus two per item, the indentation, the opening
  //    bracket and lead, plus 10, must not pass breakLength.
  //  - Else one item per line, two columns further in than the brackets.
  // With compact: true, items are joined on one line when their lengths
  // plus one per item fit within breakLength, else one per line with the
  // first one next to the opening bracket.
  layout(f, items, level, indent) {
    const lead = f.lead;
    if (this.compact === true) {
      if (this.fits(items, 0, lead)) {
        return `${f.open}${lead === '' ? '' : ` ${lead}`} ${items.join(', ')} ${f.close}`;
      }
      const pad = ' '.repeat(indent);
      const first = lead === '' && f.open.length === 1 ? ' ' : `${lead === '' ? '' : ` ${lead}`}\n${pad}  `;
      return `${f.open}${first}${items.join(`,\n${pad}  `)} ${f.close}`;
    }
    let lines = items;
    if (typeof this.compact === 'number' && this.compact >= 1) {
      if (f.list && items.length > 6) lines = this.columns(items, indent, f.sample);
      if (lines === items && this.lastOpened - level < this.compact &&
          this.fits(items, items.length + indent + f.open.length + lead.length + 10, lead)) {
        const joined = items.join(', ');
        if (!joined.includes('\n')) return `${lead === '' ? '' : `${lead} `}${f.open} ${joined} ${f.close}`;
      }
    }
    const nl = `\n${' '.repeat(indent)}`;
    return `${lead === '' ? '' : `${lead} `}${f.open}${nl}  ${lines.join(`,${nl}  `)}${nl}${f.close}`;
  }

  // Whether items fit on one line: `fixed` plus one column per item plus
  // their lengths within breakLength (and `fixed` plus two per item
  // alone); never after a lead of several lines.
  fits(items, fixed, lead) {
    let total = items.length + fixed;
    if (total + items.length > this.width) return false;
    for (let i = 0; i < items.length; i++) {
      total += this.colors ? withoutColors(items[i]).length : items[i].length;
      if (total > this.width) return false;
    }
    return lead === '' || !lead.includes('\n');
  }

  // Long lists of short items in aligned columns, as rows of text (or the
  // items unchanged when columns do not pay off). Rules, as observed:
  //  - When there are more items than maxArrayLength, the last one (the
  //    "... more items" note) stays out of the grid, on a line after it.
  //  - With w the widest item (display width) and cell = w + 2 (room for
  //    ", "), a grid needs three cells plus the indentation to fit in
  //    breakLength, and either w <= 6 or the items' total width (each with
  //    its ", ") more than five cells: one long item among short ones
  //    prevents it.
  //  - Columns: about a square block, counting a character 2.5 times as
  //    tall as wide, with more columns when the items are of even width:
  //    round(sqrt(2.5 * b * n) / b) with n the items in the grid and
  //    b = max(cell - 3 - sqrt(cell - average), 1), the average taken over
  //    all items (note included); at most as many cells as fit in the line,
  //    4 per compact level, and 15. One column is no grid.
  //  - Each column is as wide as its widest item plus 2. Items are padded
  //    on the left (right-aligned) when the list's values at the items'
  //    positions are all numbers or bigints, else on the right.
  columns(items, indent, sample) {
    const count = this.maxItems < items.length ? items.length - 1 : items.length;
    const widths = new Array(count);
    let widest = 0;
    let total = 0;
    for (let i = 0; i < count; i++) {
      const w = getStringWidth(items[i], this.colors);
      widths[i] = w;
      total += w + 2;
      if (w > widest) widest = w;
    }
    const cell = widest + 2;
    if (cell * 3 + indent >= this.width || (widest > 6 && total / cell <= 5)) return items;
    const b = Math.max(cell - 3 - Math.sqrt(cell - total / items.length), 1);
    const perRow = Math.min(
      Math.round(Math.sqrt(2.5 * b * count) / b),
      Math.floor((this.width - indent) / cell),
      this.compact * 4,
      15,
    );
    if (perRow <= 1) return items;
    const columnWidth = [];
    for (let c = 0; c < perRow; c++) {
      let w = 0;
      for (let i = c; i < count; i += perRow) if (widths[i] > w) w = widths[i];
      columnWidth.push(w + 2);
    }
    let right = true;
    if (sample !== undefined) {
      for (let i = 0; i < items.length; i++) {
        const t = typeof sample[i];
        if (t !== 'number' && t !== 'bigint') {
          right = false;
          break;
        }
      }
    }
    const rows = [];
    for (let start = 0; start < count; start += perRow) {
      const end = Math.min(start + perRow, count);
      let row = '';
      for (let i = start; i < end; i++) {
        // Padding counts columns: color codes take none.
        const invisible = items[i].length - widths[i];
        const room = columnWidth[i - start] + invisible;
        if (i === end - 1) row += right ? items[i].padStart(room - 2) : items[i];
        else row += right ? `${items[i]}, `.padStart(room) : `${items[i]}, `.padEnd(room);
      }
      rows.push(row);
    }
    if (count < items.length) rows.push(items[count]);
    return rows;
  }
}

// Sorts out[start..] in place (default order).
function sortTail(out, start) {
  const tail = out.splice(start).sort();
  for (let i = 0; i < tail.length; i++) out.push(tail[i]);
}

// "[class A extends B]", "[class (anonymous) [Foo] extends [null prototype]]".
function classText(fn, name, tag) {
  let text = `class ${(owns(fn, 'name') && fn.name) || '(anonymous)'}`;
  if (name !== 'Function' && name !== null) text += ` [${name}]`;
  if (tag !== '' && name !== tag) text += ` [${tag}]`;
  if (name === null) {
    text += ' extends [null prototype]';
  } else {
    const parent = protoOf(fn).name;
    if (parent) text += ` extends ${parent}`;
  }
  return `[${text}]`;
}

// showHidden lists all own keys of an error. Those V8 does not have (JSC's
// line, column and sourceURL) are dropped, and the engine's stack goes
// before message, where V8 has it.
function tidyHiddenErrorKeys(err, keys) {
  for (const key of ['line', 'column', 'sourceURL']) {
    const at = keys.indexOf(key);
    if (at !== -1) keys.splice(at, 1);
  }
  const stackAt = keys.indexOf('stack');
  const messageAt = keys.indexOf('message');
  if (messageAt !== -1 && stackAt > messageAt && !isEnumerable.call(err, 'stack')) {
    keys.splice(stackAt, 1);
    keys.splice(messageAt, 0, 'stack');
  }
}

// V8 12 gives each error an own `stack` accessor pair, which showHidden
// shows as "[stack]: [Getter/Setter]"; JSC's is a data property, shown
// V8's way here. A stack the program set itself (enumerable) is left be.
function engineStack(err) {
  const d = descriptorOf(err, 'stack');
  if (d === undefined || d.enumerable || !('value' in d)) return undefined;
  const value = d.value;
  return { get: () => value, set: () => {}, enumerable: false };
}

// ---------------------------------------------------------------------------
// Shapes: how each kind of object is put into a frame.
//
// plan(p, f, obj, level, indent, inView) fills in the frame (keys,
// brackets, lead) and returns the finished text instead when there is
// nothing inside to show. fill(p, f, obj, level, indent, out), when
// present, prints the kind's own items into `out`; the listed keys follow.
// `inView`: obj is the buffer of a typed array printed with showHidden.

// The shape that prints `obj` (f.kind is set to the built-in kind when one was
// looked up). Sets, maps, typed arrays and collection iterators are only
// recognised when iterable (or without prototype), as in Node: one whose
// Symbol.iterator was removed prints as an ordinary object.
function shapeOf(obj, f) {
  let kind;
  if (obj[ITERATOR] || f.name === null) {
    if (isArray(obj)) return SHAPES.Array;
    kind = getKind(obj);
    f.kind = kind;
    if (kind === 'Set' || kind === 'Map' || kind === 'TypedArray' ||
        kind === 'MapIterator' || kind === 'SetIterator') {
      return SHAPES[kind];
    }
  }
  if (typeof obj === 'function') return SHAPES.Function;
  if (f.name === 'Object') return SHAPES.Plain;
  if (kind === undefined) f.kind = kind = getKind(obj);
  switch (kind) {
    case 'RegExp': case 'Date': case 'Error': case 'DataView': case 'Promise':
      return SHAPES[kind];
    case 'ArrayBuffer': case 'SharedArrayBuffer':
      return SHAPES.Buffer;
    case 'WeakMap': case 'WeakSet':
      return SHAPES.Weak;
    case 'Number': case 'String': case 'Boolean': case 'BigInt': case 'Symbol':
      return SHAPES.Boxed;
    default:
      return f.name === null && isModuleNamespace(obj) ? SHAPES.Module : SHAPES.Other;
  }
}

const SHAPES = {
  Array: {
    plan(p, f, obj) {
      // Plain arrays have no name in front: "[ 1 ]", but "Foo(1) [ 1 ]".
      const head = f.name !== 'Array' || f.tag !== '' ? heading(f.name, f.tag, 'Array', `(${obj.length})`) : '';
      f.keys = extraKeys(obj, p.hidden);
      f.open = `${head}[`;
      f.close = ']';
      f.list = true;
      f.sample = obj;
      return obj.length === 0 && f.bare ? `${head}[]` : undefined;
    },
    fill(p, f, obj, level, indent, out) {
      p.elements(obj, level + 1, indent, out);
    },
  },

  Set: {
    plan(p, f, obj) {
      const size = setSize.call(obj);
      const head = heading(f.name, f.tag, 'Set', `(${size})`);
      f.keys = listedKeys(obj, p.hidden);
      f.open = `${head}{`;
      return size === 0 && f.bare ? `${head}{}` : undefined;
    },
    fill(p, f, obj, level, indent, out) {
      const size = setSize.call(obj);
      // Without prototype Node reads the set as a plain iterable, so
      // maxArrayLength does not apply.
      const shown = f.name === null ? size : shownOf(p.maxItems, size);
      const it = setValues.call(obj);
      for (let i = 0; i < shown; i++) {
        const step = it.next();
        if (step.done) break;
        out.push(p.value(step.value, level + 1, indent + 2));
      }
      if (size > shown) out.push(moreItems(size - shown));
    },
  },

  Map: {
    plan(p, f, obj) {
      const size = mapSize.call(obj);
      const head = heading(f.name, f.tag, 'Map', `(${size})`);
      f.keys = listedKeys(obj, p.hidden);
      f.open = `${head}{`;
      return size === 0 && f.bare ? `${head}{}` : undefined;
    },
    fill(p, f, obj, level, indent, out) {
      const size = mapSize.call(obj);
      const shown = f.name === null ? size : shownOf(p.maxItems, size);
      const it = mapEntries.call(obj);
      for (let i = 0; i < shown; i++) {
        const step = it.next();
        if (step.done) break;
        const k = p.value(step.value[0], level + 1, indent + 2);
        out.push(`${k} => ${p.value(step.value[1], level + 1, indent + 2)}`);
      }
      if (size > shown) out.push(moreItems(size - shown));
    },
  },

  TypedArray: {
    plan(p, f, obj) {
      const length = typedArrayLength.call(obj);
      const head = heading(f.name, f.tag, f.name === null ? typedArrayName.call(obj) : '', `(${length})`);
      f.keys = extraKeys(obj, p.hidden);
      f.open = `${head}[`;
      f.close = ']';
      f.list = true;
      f.sample = obj;
      return length === 0 && f.keys.length === 0 && !p.hidden ? `${head}[]` : undefined;
    },
    fill(p, f, obj, level, indent, out) {
      const length = typedArrayLength.call(obj);
      const shown = shownOf(p.maxItems, length);
      const numbers = length > 0 && typeof obj[0] === 'number';
      for (let i = 0; i < shown; i++) {
        out.push(numbers ? p.paint(numberText(obj[i], p.separators), 'number')
          : p.paint(bigintText(obj[i], p.separators), 'bigint'));
      }
      if (length > shown) out.push(moreItems(length - shown));
      if (p.hidden) {
        // Read through the prototype's getters; the buffer comes last.
        for (const key of ['BYTES_PER_ELEMENT', 'length', 'byteLength', 'byteOffset', 'buffer']) {
          out.push(`${p.paint(`[${key}]`, 'string')}: ${p.value(obj[key], level + 1, indent + 2, true)}`);
        }
      }
    },
  },

  MapIterator: {
    plan(p, f, obj) {
      f.keys = listedKeys(obj, p.hidden);
      f.open = iteratorOpen('Map', f.tag, 'Iterator');
    },
    fill(p, f, obj, level, indent, out) {
      iteratorItems(p, f, obj, level, indent, out, 'Map');
    },
  },

  SetIterator: {
    plan(p, f, obj) {
      f.keys = listedKeys(obj, p.hidden);
      f.open = iteratorOpen('Set', f.tag, 'Iterator');
    },
    fill(p, f, obj, level, indent, out) {
      iteratorItems(p, f, obj, level, indent, out, 'Set');
    },
  },

  Function: {
    plan(p, f, obj, level, indent) {
      f.keys = listedKeys(obj, p.hidden);
      f.lead = p.functionText(obj, f.name, f.tag, indent);
      return f.bare ? p.paint(f.lead, 'special') : undefined;
    },
  },

  // Objects made by Object (or with a constructor named so).
  Plain: {
    plan(p, f, obj) {
      f.keys = listedKeys(obj, p.hidden);
      if (isArgumentsObject(obj)) f.open = '[Arguments] {';
      else if (f.tag !== '') f.open = `${heading(f.name, f.tag, 'Object')}{`;
      return f.bare ? `${f.open}}` : undefined;
    },
  },

  RegExp: {
    plan(p, f, obj, level) {
      f.keys = listedKeys(obj, p.hidden);
      let text = regexpString.call(f.name !== null ? obj : new RegExp(obj));
      const head = heading(f.name, f.tag, 'RegExp');
      if (head !== 'RegExp ') text = head + text;
      if (f.bare || p.tooDeep(level)) return p.paint(text, 'regexp');
      f.lead = text;
    },
  },

  Date: {
    plan(p, f, obj) {
      f.keys = listedKeys(obj, p.hidden);
      let text = Number.isNaN(dateTime.call(obj)) ? dateString.call(obj) : dateISO.call(obj);
      const head = heading(f.name, f.tag, 'Date');
      if (head !== 'Date ') text = head + text;
      if (f.bare) return p.paint(text, 'date');
      f.lead = text;
    },
  },

  Error: {
    plan(p, f, obj, level, indent) {
      f.keys = listedKeys(obj, p.hidden);
      f.lead = p.errorText(obj, f, indent);
      return f.bare ? f.lead : undefined;
    },
  },

  // ArrayBuffer and SharedArrayBuffer: the bytes in hex, then byteLength.
  Buffer: {
    plan(p, f, obj, level, indent, inView) {
      f.keys = listedKeys(obj, p.hidden);
      const head = heading(f.name, f.tag, f.kind);
      if (inView && f.bare) return `${head}{ [byteLength]: ${p.paint(numberText(obj.byteLength, false), 'number')} }`;
      f.open = `${head}{`;
      f.keys.unshift('byteLength');
      f.bytes = !inView;
    },
    fill(p, f, obj, level, indent, out) {
      if (!f.bytes) return;
      let bytes;
      try {
        bytes = new Uint8Array(obj);
      } catch {
        out.push(p.paint('(detached)', 'special'));
        return;
      }
      // Whole bytes only (a fractional maxArrayLength rounds down).
      const shown = Math.trunc(Math.min(p.maxItems, bytes.length));
      let hex = '';
      for (let i = 0; i < shown; i++) hex += `${i === 0 ? '' : ' '}${bytes[i] < 16 ? '0' : ''}${bytes[i].toString(16)}`;
      const rest = bytes.length - p.maxItems;
      if (rest > 0) hex += ` ... ${countText(rest, 'more byte')}`;
      out.push(`${p.paint('[Uint8Contents]', 'special')}: <${hex}>`);
    },
  },

  DataView: {
    plan(p, f, obj) {
      f.keys = listedKeys(obj, p.hidden);
      f.open = `${heading(f.name, f.tag, 'DataView')}{`;
      f.keys.unshift('byteLength', 'byteOffset', 'buffer');
    },
  },

  Promise: {
    plan(p, f, obj) {
      f.keys = listedKeys(obj, p.hidden);
      f.open = `${heading(f.name, f.tag, 'Promise')}{`;
    },
    fill(p, f, obj, level, indent, out) {
      const details = promiseDetails === undefined ? undefined : promiseDetails(obj);
      if (details === undefined || details[0] === PROMISE_PENDING) {
        out.push(p.paint('<pending>', 'special'));
        return;
      }
      const text = p.value(details[1], level + 1, indent + 2);
      out.push(details[0] === PROMISE_REJECTED ? `${p.paint('<rejected>', 'special')} ${text}` : text);
    },
  },

  // WeakMap and WeakSet: the entries only with showHidden and a preview.
  Weak: {
    plan(p, f, obj) {
      f.keys = listedKeys(obj, p.hidden);
      f.open = `${heading(f.name, f.tag, f.kind)}{`;
    },
    fill(p, f, obj, level, indent, out) {
      // A host may preview iterators and not weak collections (JSC keeps
      // their tables outside the JS heap): undefined then.
      const entries = p.hidden && previewEntries !== undefined ? previewEntries(obj) : undefined;
      if (entries == null) {
        out.push(p.paint('<items unknown>', 'special'));
      } else if (f.kind === 'WeakMap') {
        p.previewPairs(entries, level, indent, out, true);
      } else {
        p.previewValues(entries, level, indent, out, true);
      }
    },
  },

  // Module namespace objects: a binding still in its temporal dead zone
  // shows as <uninitialized>.
  Module: {
    plan(p, f, obj) {
      f.keys = listedKeys(obj, p.hidden);
      f.open = `${heading(f.name, f.tag, 'Module')}{`;
    },
    fill(p, f, obj, level, indent, out) {
      for (const key of f.keys) {
        try {
          out.push(p.property(obj, key, level + 1, indent, AS_PROPERTY));
        } catch {
          out.push(`${p.keyText(key, { enumerable: true }, false)}: ${p.paint('<uninitialized>', 'special')}`);
        }
      }
      f.keys = NO_KEYS;
    },
  },

  Boxed: {
    plan(p, f, obj, level, indent) {
      f.keys = listedKeys(obj, p.hidden);
      f.lead = p.boxedText(obj, f, indent);
      return f.bare ? f.lead : undefined;
    },
  },

  Other: {
    plan(p, f, obj) {
      f.keys = listedKeys(obj, p.hidden);
      // Without constructor or tag, V8's class name stands in: a
      // null-prototype object whose own tag is listed as a key is named
      // after it ("[E: null prototype] {...}").
      const fallback = f.name === null && f.tag === '' ? tagOrObject(obj) : 'Object';
      const head = heading(f.name, f.tag, fallback);
      if (f.bare) return `${head}{}`;
      f.open = `${head}{`;
    },
  },
};

// "[Map Iterator] {", "[Foo] [Set Iterator] {", "[Map Entries] {".
function iteratorOpen(type, tag, word) {
  const own = tag === '' || tag === `${type} Iterator` ? '' : `[${tag}] `;
  return `${own}[${type} ${word}] {`;
}

function iteratorItems(p, f, obj, level, indent, out, type) {
  const preview = previewEntries === undefined ? null : previewEntries(obj, true);
  if (preview == null) {
    // Reading the entries would use the iterator up.
    out.push(p.paint('<items unknown>', 'special'));
    return;
  }
  if (preview[1]) {
    f.open = iteratorOpen(type, f.tag, 'Entries');
    p.previewPairs(preview[0], level, indent, out, false);
  } else {
    p.previewValues(preview[0], level, indent, out, false);
  }
}

// ---------------------------------------------------------------------------
// inspect().

const customSymbol = Symbol.for('nodejs.util.inspect.custom');

function inspect(value, opts) {
  const p = new Printer();
  if (arguments.length > 1) {
    // Also the old form inspect(value, showHidden, depth, colors).
    if (arguments.length > 2) {
      if (arguments[2] !== undefined) p.depth = arguments[2];
      if (arguments.length > 3 && arguments[3] !== undefined) p.colors = arguments[3];
    }
    if (typeof opts === 'boolean') {
      p.hidden = opts;
    } else if (opts) {
      const keys = enumerableNames(opts);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        const known = key === 'stylize' || owns(defaultOptions, key);
        // Other options are handed on to custom inspectors untouched.
        if (!known || !p.set(key, opts[key])) {
          if (p.userOptions === undefined) p.userOptions = opts;
        }
      }
    }
  }
  if (p.colors) p.paint = paintColor;
  return p.value(value, 0, 0);
}

inspect.custom = customSymbol;
Object.defineProperty(inspect, 'defaultOptions', {
  get() {
    return defaultOptions;
  },
  set(options) {
    if (options === null || typeof options !== 'object') {
      throw invalidArgType('options', 'object', options);
    }
    Object.assign(defaultOptions, options);
  },
  enumerable: false,
  configurable: false,
});
inspect.colors = colors;
inspect.styles = styles;

// ---------------------------------------------------------------------------
// Argument errors.

// " Received ..." as Node's ERR_INVALID_ARG_TYPE messages end.
function describeReceived(value) {
  if (value == null) return ` Received ${value}`;
  if (typeof value === 'function') return ` Received function ${value.name}`;
  if (typeof value === 'object') {
    if (value.constructor && value.constructor.name) {
      return ` Received an instance of ${value.constructor.name}`;
    }
    return ` Received ${inspect(value, { depth: -1 })}`;
  }
  let shown = inspect(value, { colors: false });
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return ` Received type ${typeof value} (${shown})`;
}

function invalidArgType(name, expected, actual) {
  const err = new TypeError(`The "${name}" argument must be of type ${expected}.${describeReceived(actual)}`);
  err.code = 'ERR_INVALID_ARG_TYPE';
  return err;
}

// Set one by one: a part may load after guest code replaced Object.assign.
exports.describeReceived = describeReceived;
exports.getStringWidth = getStringWidth;
exports.inspect = inspect;
exports.invalidArgType = invalidArgType;
exports.stripVTControlCharacters = stripVTControlCharacters;
