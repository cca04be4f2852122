abstract class Base {
  abstract name: string;
  declare readonly tag: string;
  protected abstract readonly kind?: number;
  declare static s: number;
  kept = 1;
}
