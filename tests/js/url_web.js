// differential
// URL and URLSearchParams (WHATWG).
const u = new URL("https://user:pa ss@EXAMPLE.com:443/a/./b/../c?x=1&y=2#frag");
console.log(u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash);
console.log(new URL("../x?y#z", "http://h/a/b/c").href, new URL("//other/p", "https://h").href);
for (const s of ["http://0x7f.1/", "http://2130706433/", "http://127.1/", "http://[::ffff:127.0.0.1]/", "http://ＥＸＡＭＰＬＥ.com", "http://münchen.de/", "file:///C:/x/../y", "http://a\\b\\c", "HTTP://h:80/"]) {
  console.log(s, "->", new URL(s).href);
}
for (const bad of ["", "http://", "http://a b/", "//no-base", "http://[::1/"]) {
  try { new URL(bad); console.log("parsed", bad); } catch (e) { console.log(e.name, e.code, e.message); }
}
console.log(URL.canParse("x:y"), URL.canParse("nope"), URL.parse("nope"), String(URL.parse("a:b")));
u.searchParams.append("z", "a b&c");
u.hash = "";
u.port = "8443";
console.log(u.href, JSON.stringify(u), u.toString() === u.href);
const p = new URLSearchParams("a=1&b=2&a=3&c=%20x+y");
console.log(p.getAll("a"), p.get("c"), p.has("b"), p.has("a", "3"), p.size, p.toString());
p.sort(); p.delete("b"); p.set("a", "only");
console.log([...p], [...p.keys()], p.toString());
console.log(new URLSearchParams({ q: "é", n: 1 }).toString(), new URLSearchParams([["x", "1"]]).get("x"));
console.log(u, p);
