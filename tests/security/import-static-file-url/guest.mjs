// A static import of an outside file by file: URL.
import evil from "file://$O/evil.mjs";
console.log("GUEST RAN", evil);
