// differential
// TextEncoder, TextDecoder, atob and btoa.
const enc = new TextEncoder();
console.log(enc.encoding, enc.encode("héllo €😀"), enc.encode(""));
const into = new Uint8Array(4);
console.log(enc.encodeInto("héllo", into), into);
const dec = new TextDecoder();
console.log(dec.encoding, dec.fatal, dec.ignoreBOM, dec.decode(new Uint8Array([0xef, 0xbb, 0xbf, 104, 105])));
console.log(dec.decode(new Uint8Array([0xff, 0x61, 0xe2, 0x82])), JSON.stringify(dec.decode(new Uint8Array([0xc3]))));
const s = new TextDecoder();
console.log(s.decode(new Uint8Array([0xe2, 0x82]), { stream: true }) + s.decode(new Uint8Array([0xac])));
console.log(new TextDecoder("utf-16le").decode(new Uint8Array([104, 0, 105, 0])), new TextDecoder("latin1").encoding);
console.log(new TextDecoder("utf8", { ignoreBOM: true }).decode(new Uint8Array([0xef, 0xbb, 0xbf, 120])).length);
try { new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0xff])); } catch (e) { console.log(e.name, e.code, e.message); }
try { new TextDecoder("nope"); } catch (e) { console.log(e.name, e.code, e.message); }
console.log(btoa("hello"), atob("aGVsbG8="), atob(" aGVs bG8 "), btoa(""), atob(""));
try { btoa("€"); } catch (e) { console.log(e.name, e.message); }
try { atob("a"); } catch (e) { console.log(e.name, e.message); }
console.log(dec.decode(new Uint16Array([0x6968]).buffer), dec.decode(new DataView(new Uint8Array([65]).buffer)));
