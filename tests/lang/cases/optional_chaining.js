const o = { a: { b: () => 1 }, c: [1] };
const v = [o?.a?.b?.(), o?.["c"]?.[0], o.x?.y.z, o?.a.b(), delete o?.a];
const t = o ? .5 : 1;
const w = o?.c ?? 0;
