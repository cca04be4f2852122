class AppError extends Error {
  constructor(message: string, public readonly code: number) {
    super(message);
    this.name = "AppError";
  }
}
function risky(n: number): number {
  if (n < 0) throw new AppError("negative", 400);
  return Math.sqrt(n);
}
for (const n of [4, -1]) {
  try {
    console.log(risky(n));
  } catch (e) {
    if (e instanceof AppError) console.log(e.name, e.message, e.code);
  } finally {
    console.log("finally", n);
  }
}
try { JSON.parse("{"); } catch { console.log("optional catch binding"); }
