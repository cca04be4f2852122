class C {
  static a = 1;
  static {
    this.b = this.a + 1;
    var local = 5;
  }
  static { C.c = 3; }
}
