class A {
  accessor x = 1;
  static accessor y: number = 2;
  private accessor z!: string;
  accessor
  w = 3;
}
