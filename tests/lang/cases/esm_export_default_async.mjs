export default async function* () {}
