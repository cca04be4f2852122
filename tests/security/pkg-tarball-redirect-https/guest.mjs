// the tarball URL answers 302 to https://127.0.0.1:TRAP
import x from "evil-redirect-https";
console.log("RAN", typeof x);
