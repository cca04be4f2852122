for (const [p, s] of [[$HOSTPID, "SIGKILL"], [$HOSTPID, "SIGSTOP"], [1, "SIGKILL"], [-1, "SIGKILL"], [99999, 0]]) {
  try { process.kill(p, s); console.log("sent", p, s); } catch (e) { console.log(p, s, e.code); }
}
console.log("done");
