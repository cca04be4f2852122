	interface { }
interface I { a: }
