// 500 requests to the trap at once: all refused, none reaches it
const rs = await Promise.allSettled(Array.from({ length: 500 }, () => fetch("http://127.0.0.1:$PB/")));
console.log(rs.filter((r) => r.status === "rejected").length, "refused");
