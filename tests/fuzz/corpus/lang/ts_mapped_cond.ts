	type Partial2<T> = { [P in keyof T]?: T[P] };
type R<T> = { readonly [P in keyof T]+?: T[P] };
type E<T> = T extends string ? "s" : T extends number ? "n" : never;
type Inf<T> = T extends Promise<infer U extends object> ? U : T;
type Idx = T["a"]["b"][number];
