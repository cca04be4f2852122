	const a = async () => {};
const b = async
() => {};
async(1, 2);
async => async;
const c = async function* () {};
