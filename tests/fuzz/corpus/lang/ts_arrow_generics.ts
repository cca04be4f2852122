	const a = <T,>(x: T) => x;
const b = async <T>(x: T): Promise<T> => x;
const c = <T extends object>(x: T): x is T & {} => !!x;
