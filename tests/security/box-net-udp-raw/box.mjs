// node: UDP, raw sockets and DNS servers of the guest's choosing are refused
import dns from "node:dns";
const t = {
  dgram: async () => (await import("node:dgram")).createSocket("udp4").send("x", 53, "127.0.0.1"),
  dgram6: async () => (await import("node:dgram")).createSocket("udp6").bind(5353),
  setServers: () => dns.setServers(["127.0.0.1:$PB"]),
  resolver: () => new dns.Resolver().setServers(["8.8.8.8"]),
  resolve: () => new Promise((ok, no) => dns.resolve4("example.com", (e, a) => e ? no(e) : ok(a))),
};
for (const [k, f] of Object.entries(t)) try { await f(); console.log("DID", k); } catch (e) { console.log(k, e.code); }
console.log("done");
