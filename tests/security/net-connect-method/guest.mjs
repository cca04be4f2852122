// CONNECT tunnels are forbidden methods
try { await fetch("http://127.0.0.1:$PA/ok", { method: "CONNECT" }); console.log("REACHED"); } catch (e) { console.log("refused:", e.name, e.message); }
