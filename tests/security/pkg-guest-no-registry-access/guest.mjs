// the guest cannot reach the registry itself (no --allow-domain)
import { hello } from "fx-cjs";
console.log(hello());
try { const r = await fetch("http://127.0.0.1:$REG/fx-esm"); console.log("FETCHED", r.status); }
catch (e) { console.log("refused", e.name); }
