// A static import climbing out through a missing directory and "..".
import evil from "./x/../../outside/evil.mjs";
console.log("GUEST RAN", evil);
