const o = {
  _v: 1,
  get v() { return this._v; },
  set v(x) { this._v = x; },
  get: 1,
  set: 2,
  get get() { return 3; },
  static: 4,
};
class K {
  static get s() { return 1; }
  set ["c" + "d"](x) {}
  get
  x() { return 2; }
}
