// raw TCP
import net from "node:net";
try { net.connect($PB, "127.0.0.1").on("connect", () => console.log("REACHED")); } catch (e) { console.log("refused:", e.code, e.message); }
