// the tarball URL answers 302 to another port (the trap), over http
import x from "evil-redirect-http";
console.log("RAN", typeof x);
