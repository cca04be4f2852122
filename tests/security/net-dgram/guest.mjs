// UDP
import dgram from "node:dgram";
try { const s = dgram.createSocket("udp4"); s.send("x", $PB, "127.0.0.1"); console.log("REACHED"); } catch (e) { console.log("refused:", e.code, e.message); }
