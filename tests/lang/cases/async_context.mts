// await puts back its async context: M.a(await E); a try block with an
// await keeps the context in a variable for catch and finally; for await
// puts it back at the start of each turn (a body without braces gets them)
async function f(x: number): Promise<number> {
  const a = await g(x) as number;
  try {
    await g(1);
    try { await g(2) } finally { }
  } catch (e: unknown) {
    await g(3);
  } finally {
    await g(4);
  }
  try { g(5) } catch { }
  outer: for await (const v of gen()) for await (const w of gen()) continue outer;
  const h = async () => { try { await g(6) } catch { } };
  function sync() { try { g(7) } catch { } }
  return typeof await a + -await a;
}
try { await f(1) } catch { }
