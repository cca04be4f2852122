
export default async function () { await 1 }
