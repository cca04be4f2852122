	class Box<T extends object = {}, U = T[]> { value!: T; list: U = [] as U; }
function wrap<in out T>(x: T) { return x; }
interface I<in T, out U> {}
