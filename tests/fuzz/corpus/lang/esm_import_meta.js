
console.log(import.meta.url, import.meta.dirname);
const u = new URL("./f.txt", import.meta.url);
