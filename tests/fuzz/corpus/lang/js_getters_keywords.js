	const o = { if: 1, class: 2, new: 3, import: 4, export: 5, default: 6 };
o.if + o.class + o.import;
class A { static static() {} get get() {} set set(v) {} async async() {} }
