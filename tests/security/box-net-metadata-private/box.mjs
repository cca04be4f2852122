for (const u of ["http://169.254.169.254/latest/meta-data/", "http://[fd00:ec2::254]/", "http://10.0.0.1/", "http://192.168.1.1/", "http://100.64.0.1/",
  "http://[::ffff:169.254.169.254]/", "http://0xa9fea9fe/", "http://127.0.0.1:$PB/", "http://[::ffff:7f00:1]:$PB/"]) {
  try { const r = await fetch(u, { signal: AbortSignal.timeout(3000) }); console.log("REACHED", u, r.status); }
  catch (e) { console.log(u, e.cause?.code || e.name); }
}
console.log("done");
