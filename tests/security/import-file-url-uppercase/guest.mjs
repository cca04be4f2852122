// URL schemes are case-insensitive: "FILE://" and "File:" name the same
// outside file as "file://", and are refused the same way, with
// ERR_MODULE_NOT_FOUND (not as an unknown scheme).
for (const s of ["FILE://$O/evil.mjs", "File://$O/evil.mjs", "fIlE:$O/evil.mjs"]) {
  await import(s).then(() => console.log(`[${s.slice(0, 4)}] IMPORTED`), (e) => console.log(`[${s.slice(0, 4)}] ${e.code}`));
}
