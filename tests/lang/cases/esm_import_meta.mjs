console.log(import.meta.url, import.meta.dirname);
const m = import.meta;
const r = import.meta.resolve?.("./x.js");
