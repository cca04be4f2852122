export default abstract class Base<T> {
  m(): T | undefined { return undefined; }
}
