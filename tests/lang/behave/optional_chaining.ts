interface N { v: number; next?: N; fn?: () => string }
const list: N = { v: 1, next: { v: 2, fn: () => "called" } };
console.log(list.next?.v, list.next?.next?.v, list.next?.fn?.(), list.fn?.());
const arr: number[] | undefined = undefined;
console.log(arr?.[0], arr?.length ?? "none");
const o: any = null;
console.log(o?.a.b.c, o?.["x"], delete o?.a);
let x: number | null = null;
x ??= 5;
let y = 0;
y ||= 6;
let z = 1;
z &&= 7;
console.log(x, y, z, list!.next!.v);
