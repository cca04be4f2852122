// import() of file: URLs (strings and URL objects) that reach outside.
const NF = "ERR_MODULE_NOT_FOUND";
const specs = {
  "abs": ["file://$O/evil.mjs", NF], "root-dotdot": ["file:///..$O/evil.mjs", NF], "work-dotdot": ["file://$W/../outside/evil.mjs", NF],
  "enc-dotdot": ["file://$W/%2e%2e/outside/evil.mjs", NF], "half-enc": ["file://$W/.%2E/outside/evil.mjs", NF],
  "localhost": ["file://localhost$O/evil.mjs", NF], "no-slashes": ["file:$O/evil.mjs", NF],
  "query": ["file://$O/evil.mjs?x=1", NF], "hash": ["file://$O/evil.mjs#x", NF], "enc-name": ["file://$O/%65vil.mjs", NF],
  "etc": ["file:///etc/passwd", NF], "proc": ["file:///proc/self/environ", NF], "foreign-host": ["file://evil.example$O/evil.mjs", "ERR_INVALID_FILE_URL_HOST"],
  "enc-slash": ["file://$W/..%2F..%2Foutside/evil.mjs", "ERR_INVALID_MODULE_SPECIFIER"],
};
// an encoded "/" is refused as Node's loader does (ERR_INVALID_MODULE_SPECIFIER)
// or as fs does (ERR_INVALID_FILE_URL_PATH)
const code = (e) => (e.code === "ERR_INVALID_FILE_URL_PATH" ? "ERR_INVALID_MODULE_SPECIFIER" : e.code);
for (const [label, [s, want]] of Object.entries(specs)) {
  await import(s).then(() => console.log(`[${label}] IMPORTED`), (e) => console.log(`[${label}] ${code(e)}`));
  await import(new URL(s)).then(() => console.log(`[${label} URL] IMPORTED`), (e) => console.log(`[${label} URL] ${code(e)}`));
}
