// the registry URL and the cache dir are the host's business
import { hello } from "fx-cjs";
console.log(hello(), JSON.stringify(process.env));
