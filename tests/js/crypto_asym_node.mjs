// differential
// node:crypto asymmetric keys: KeyObject from PEM/DER/JWK/CryptoKey/certificate and back, export in every encoding, createSign/createVerify and one-shot sign/verify (RSA PKCS#1 and PSS, ECDSA DER and P1363, Ed25519), RSA encryption, key pair generation, Diffie-Hellman, and the errors Node throws.
import crypto from "node:crypto";
const FX = {
  rsaPkcs1: `-----BEGIN RSA PRIVATE KEY-----
MIICXgIBAAKBgQC7oupsR6TSG8smxDSrEyijLaAG4yBkueC/UQUomftzjP/dE4AI
PCubpyf1Xxbp/QO2qwb9Qai5WSYsUpHBg3V0EXyk2bpz5/iq8p4vauWD3Il8SE5+
pFG5S/M5KukCqm2/qMy4bHX0+XqjLqDUmWXRPpFuGYGbPqYKn+Df4Cs0kQIDAQAB
AoGBALAHkBtTPzpqHrVYvvx7tdUYWZf8fohgpYt2i/tiMjdeYS/bOnL/V/3n3KHi
upF7737whlcTwSFZlGlicSF1nbpR7ZQekcDh1vWKD72gAQukKyAC0x5oNdTZG9dy
lWWKewfUVKge+c1y8SUB9nE5j7dq9NZq2hMZia0Ja/+pWPxNAkEA3EH0+7/rpbI2
IbsGXpnjqZn/4y9Y0CyeQcclxjML9kvk04s/8O9ga4FqqPm4AC6r8KT1nDX4e7O9
UDNxWXTRFwJBANoVyrGMOnkt2vPmME53lpE7o+R/p32hJuLHuy2pl7h7Ifkw6eaH
wcHha8X0tfZEZzfL5WTICVMeC0LfsBmHIJcCQAmmHgxVSQZ2OybZIZtNVIregzY5
ocNk4P3ysnXvUIvWoUyfIgr1AZ1UCw8h+WyQntmo8FWKi7snkZiM2F9Z3bsCQQCl
EZuDOdXEhQ3WUGQ98EyaDx9lQ6496+1n96/YxyYcr66uU/Sm1hi1LG+LvUbBaVML
K5ys5LASJop1iqRbHilvAkEAvw8DnNgKKIKQP79QeiFFkN4HkUhXSWDP4fAC4MUW
CdqktBhUeQLF8+pPBbyMNRUtt/tgs5JijUjg8MRNKAJIrg==
-----END RSA PRIVATE KEY-----
`,
  rsaSpki: `-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC7oupsR6TSG8smxDSrEyijLaAG
4yBkueC/UQUomftzjP/dE4AIPCubpyf1Xxbp/QO2qwb9Qai5WSYsUpHBg3V0EXyk
2bpz5/iq8p4vauWD3Il8SE5+pFG5S/M5KukCqm2/qMy4bHX0+XqjLqDUmWXRPpFu
GYGbPqYKn+Df4Cs0kQIDAQAB
-----END PUBLIC KEY-----
`,
  rsaEnc: `-----BEGIN ENCRYPTED PRIVATE KEY-----
MIIC5TBfBgkqhkiG9w0BBQ0wUjAxBgkqhkiG9w0BBQwwJAQQemFDB+P5eW4aj6AN
feUWkQICCAAwDAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEED6j98yT5b7ufKK3
mKViadsEggKAc3hOGOF7O7gIHrpdpIPDnVaZXf4gk1Grpsj7EQHm1urPMmavmZle
5nDBOLRlaX8E5RtPUny3ibJp9YjBU66K/o7YoQUtTceMRktWGP/3h+o9WaUlATYM
Odyjo+QSTEO2VXaNiURW2jR74wok30hfdCVeDbrOa6fb8gYG7vgC5r1tlJz1d9Na
0jqyr/szAGqc28+p+Wr2ApD+6MeBWGFSXEVCQdFNcwo+Z5Wqy0P76OmifBbtLt9B
z87x4NlxzM+8pRW4CMx18Y+i15HFXG+10BFZaAjtWJV1KhcxeNvjBeW0iezAbmvn
U/pVyQmDOswImCg9+PCBZNOBE/+GaSYhR5H0/fEl020N/+bhg33B8aldLDnPN2T3
QiervWsa4PNWtEPhPdNDcg7RHtfPhg4zHcySGM90ZbcX48rxraTo/bJwK3yH3K3m
zOsYgZpQoKPWgG7ei0uGOovVnftHWBz8QRFknCjGZel5BzNlCK7SLsUx9TXIzXww
4s46JWxZpPtYxePFd9EnO1/TmOKUbXDXVg6AQ7aFZXrlHwtZSqBuLjAJKkQC77Cg
oHBwDi46sFMo52Xt74p9zlq8dDLyT+Jbn1VrSH3OV/dlo7SdKCtyNGjDKok3q+rx
z/LPo55MMRIeNAxN8HliIMdblE6SfhR2cp3Uu4SmOi3k5wfAC4ZXFP57VhIonxrD
yAlUFnk1Wfdz0bb+S0SLDv15SqoKJCF4bn5HPDXUk4ZSSnFx+yWuuPNYHqDOIIim
WUbN+9P0CTxvYnOLPT4tobwetlY/tncxtI1N3jEAy/0h8BF37QE0HqocKx8ba+Rq
7HbSf6uodvGfs/X1dOANvyZVKKDYZfiiwA==
-----END ENCRYPTED PRIVATE KEY-----
`,
  ecSec1: `-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIKtaCctV6ee0AGAzv0rmJBIFG5J4zsdNulQKw/M/EwlfoAoGCCqGSM49
AwEHoUQDQgAEbp5TcjirS/wMO79USjcakD19WRuYIqnVrlYqKkXN3SXQEgbuxj6c
h9Oxef6NRf4oEcO+WCfwL+hlyYkQz/uVZw==
-----END EC PRIVATE KEY-----
`,
  ecNodeSig: "3045022100966a9a78c03c7728ffc7cc3336845c24f8d33efad4cd161d363fa6426a4a51ed022027deda398bd3a63071987be3de56563b1ab9872994b7879d80de3c28ce60c858",
  ecNodeSigP1363: "abeeaa61f984c4acdc039c4444d1ea5f6028ae429e7058a7bdb4d71a7a1955752dfcce53afd336a52d7dc0e9682ceaca9632284caf4b010a77dd12a955a77bf0",
  edPkcs8: `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIATH63d7u4D/CuXrK6vSGQ2Y2OKpgdATK/pFsJloUVrt
-----END PRIVATE KEY-----
`,
  xPkcs8: `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VuBCIEIDBYEF565L98GrjjJxCojePBUtkyQa48y/pssZ6oy593
-----END PRIVATE KEY-----
`,
  rsaNodePss: "a78bc37d8596f584446c6b51bc1892de55605789c882b25372b77b9ec48200c3c04774f0bb88e83b23278408486f21a40e7015a3f43b46fbc1b9c49f106b468796c9b24aa145472beb17adc84d87e8d6379f40c04a4285b85ef6819ea7d670400ea76159eb3e2d752f3569ba8134d30fc7e02d11f43ca88097d9323458dc8990",
  rsaNodeOaep: "3082b43ecf25070a625e0d5bcb6f8eb30d814b0fc20f27a2b21dee19671ebb0b67956b0a536a95371e6cde97896f30400b86d98037037c14f84e3077387cbe316aa6126c885e77c3482594f8408814b73ad4888b0aa0c658929e2e1fef6da82937d874b110a464c01ec1248e832e67579de4b13fc37f13ea3f311645c702c26b",
  rsaNodePkcs1ct: "5472857444affcf6b2d2061ba2932ac42110aeb5fdf922b017181ae300db0545f6f9f6207e06986fa7f4e15228035c4ec8b8780174bf20a3721d4afd7ebd208a165c01b993b9c07f1b0265164b267cf8e7ca6338848332cd3bb080cb0e45471300848f464bd596f4a34c94a87637627133336f318e51fc1a026078b3ad392e55",
  cert: `-----BEGIN CERTIFICATE-----
MIIBfjCCASOgAwIBAgIUfsRfuzctuDKYxc7G8z6CVmXxobUwCgYIKoZIzj0EAwIw
EzERMA8GA1UEAwwIYWNzIHRlc3QwIBcNMjYxMjAxMTQxNzAxWhgPMjEyNjExMDcx
NDE3MDFaMBMxETAPBgNVBAMMCGFjcyB0ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0D
AQcDQgAEKF3iEQCVz5IZ4yFUiPZl1YRTCrWcJRQphLvbIAPzgunNpnWDZi9MvUi7
HjZmY5Y9dqhHefDZ4Q5ZD+GzD11ogKNTMFEwHQYDVR0OBBYEFFRAhWzMNNodiZpO
YqIm+l9jN8lIMB8GA1UdIwQYMBaAFFRAhWzMNNodiZpOYqIm+l9jN8lIMA8GA1Ud
EwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSQAwRgIhAL9POY/rnkb2/aief1Axf6tb
z88LGu8vgoVyDfwANzUyAiEA+DYGyGo43JhQrY4X/0vQb6kblDtvvojiSoxMF7Ns
KN4=
-----END CERTIFICATE-----
`,
  certSig: "3046022100daa8eb43737e7aa53817a5317b1b6df262d54f9ef7fa7a4bb96fdd66d9650cd5022100c1c11248755552900c1e81ad653dad4a4e85c3c4f4966ab7ce28390cb4a2d78e",
};
const hex = (b) => Buffer.from(b).toString("hex");
const msg = Buffer.from("acs asymmetric fixture");
const details = (k) => JSON.stringify(k.asymmetricKeyDetails, (_, v) => typeof v === "bigint" ? `${v}n` : v);
const desc = (k) => `${k.type} ${k.asymmetricKeyType} ${details(k)} ${k.constructor.name}`;
function attempt(label, f) {
  try {
    const r = f();
    console.log(label, "ok", r instanceof crypto.KeyObject ? desc(r) : Buffer.isBuffer(r) ? hex(r).slice(0, 40) : r);
  } catch (e) {
    console.log(label, e.name, e.code, e.message);
  }
}

// RSA from PEM (PKCS#1 and SPKI), exported in every encoding.
const rsa = crypto.createPrivateKey(FX.rsaPkcs1);
const rsaPub = crypto.createPublicKey(FX.rsaSpki);
console.log(desc(rsa), "|", desc(rsaPub), rsa.symmetricKeySize, String(rsa));
console.log(rsa.export({ type: "pkcs8", format: "pem" }));
console.log(rsa.export({ type: "pkcs1", format: "pem" }) === FX.rsaPkcs1, rsaPub.export({ type: "spki", format: "pem" }) === FX.rsaSpki);
console.log(rsaPub.export({ type: "pkcs1", format: "pem" }));
console.log(hex(rsa.export({ type: "pkcs1", format: "der" })).slice(0, 80), hex(rsaPub.export({ type: "spki", format: "der" })).slice(0, 80));
console.log(JSON.stringify(rsa.export({ format: "jwk" })));
console.log(JSON.stringify(rsaPub.export({ format: "jwk" })));
console.log(crypto.createPublicKey(rsa).equals(rsaPub), crypto.createPublicKey(FX.rsaPkcs1).equals(rsaPub), rsa.equals(rsaPub), rsaPub.equals(rsaPub));
const fromDer = crypto.createPrivateKey({ key: rsa.export({ type: "pkcs8", format: "der" }), format: "der", type: "pkcs8" });
const fromJwk = crypto.createPrivateKey({ key: rsa.export({ format: "jwk" }), format: "jwk" });
const pubFromJwk = crypto.createPublicKey({ key: rsa.export({ format: "jwk" }), format: "jwk" });
const pubFromPkcs1Der = crypto.createPublicKey({ key: rsaPub.export({ type: "pkcs1", format: "der" }), format: "der", type: "pkcs1" });
console.log(fromDer.equals(rsa), fromJwk.equals(rsa), pubFromJwk.equals(rsaPub), pubFromJwk.type, pubFromPkcs1Der.equals(rsaPub));
const enc = crypto.createPrivateKey({ key: FX.rsaEnc, passphrase: "top secret" });
console.log("encrypted pem", enc.equals(rsa));
const reenc = rsa.export({ type: "pkcs8", format: "pem", cipher: "aes-128-cbc", passphrase: Buffer.from("pw") });
console.log(reenc.split("\n")[0], crypto.createPrivateKey({ key: reenc, passphrase: "pw" }).equals(rsa));
const trad = rsa.export({ type: "pkcs1", format: "pem", cipher: "aes-256-cbc", passphrase: "pw" });
console.log(trad.split("\n").slice(0, 2).join("|"), crypto.createPrivateKey({ key: trad, passphrase: "pw" }).equals(rsa));
const encDer = rsa.export({ type: "pkcs8", format: "der", cipher: "aes-256-cbc", passphrase: "pw" });
console.log(crypto.createPrivateKey({ key: encDer, format: "der", type: "pkcs8", passphrase: "pw" }).equals(rsa));

// RSA signatures: PKCS#1 v1.5 is deterministic; PSS made by Node verifies.
const sig = crypto.createSign("sha256").update("acs asymmetric ").update("fixture").sign(rsa, "hex");
console.log("rsa sha256", sig);
console.log(crypto.sign("sha512", msg, FX.rsaPkcs1).toString("base64"));
console.log(crypto.createVerify("RSA-SHA256").update(msg).verify(rsaPub, sig, "hex"), crypto.verify("sha256", msg, FX.rsaSpki, Buffer.from(sig, "hex")),
  crypto.verify("sha256", msg.subarray(1), rsaPub, Buffer.from(sig, "hex")), crypto.verify("sha1", msg, rsa, Buffer.from(sig, "hex")));
console.log("node pss", crypto.verify("sha256", msg, { key: rsaPub, padding: crypto.constants.RSA_PKCS1_PSS_PADDING }, Buffer.from(FX.rsaNodePss, "hex")),
  crypto.verify("sha256", msg, { key: rsaPub, padding: 6, saltLength: 222 }, Buffer.from(FX.rsaNodePss, "hex")),
  crypto.verify("sha256", msg, rsaPub, Buffer.from(FX.rsaNodePss, "hex")));
for (const saltLength of [undefined, 0, 32, crypto.constants.RSA_PSS_SALTLEN_DIGEST, crypto.constants.RSA_PSS_SALTLEN_MAX_SIGN]) {
  const s = crypto.sign("sha256", msg, { key: rsa, padding: 6, saltLength });
  console.log("pss", saltLength, s.length, crypto.verify("sha256", msg, { key: rsaPub, padding: 6, saltLength }, s),
    crypto.verify("sha256", msg, { key: rsaPub, padding: 6, saltLength: 32 }, s));
}

// RSA encryption.
console.log(crypto.privateDecrypt({ key: rsa, oaepHash: "sha256" }, Buffer.from(FX.rsaNodeOaep, "hex")).toString());
console.log(crypto.privateDecrypt({ key: FX.rsaPkcs1, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(FX.rsaNodePkcs1ct, "hex")).toString());
const ct = crypto.publicEncrypt(rsaPub, "default padding");
console.log(ct.length, crypto.privateDecrypt(rsa, ct).toString());
const ct2 = crypto.publicEncrypt({ key: FX.rsaSpki, oaepHash: "sha384", oaepLabel: Buffer.from("label") }, msg);
console.log(crypto.privateDecrypt({ key: rsa, oaepHash: "sha384", oaepLabel: Buffer.from("label") }, ct2).toString());
const ct3 = crypto.publicEncrypt({ key: rsa, padding: 1 }, Buffer.from("pkcs1"));
console.log(crypto.privateDecrypt({ key: rsa, padding: 1 }, ct3).toString());
const pe = crypto.privateEncrypt(rsa, Buffer.from("signed blob"));
console.log(hex(pe).slice(0, 32), crypto.publicDecrypt(rsaPub, pe).toString(), crypto.publicDecrypt(FX.rsaPkcs1, pe).toString());
const raw = crypto.publicEncrypt({ key: rsaPub, padding: crypto.constants.RSA_NO_PADDING }, Buffer.alloc(128, 7));
console.log(crypto.privateDecrypt({ key: rsa, padding: 3 }, raw).equals(Buffer.alloc(128, 7)));

// EC (SEC1 PEM): ECDSA signatures in DER and IEEE P1363 forms.
const ec = crypto.createPrivateKey(FX.ecSec1);
const ecPub = crypto.createPublicKey(ec);
console.log(desc(ec), "|", desc(ecPub));
console.log(ec.export({ type: "sec1", format: "pem" }) === FX.ecSec1, ec.export({ type: "pkcs8", format: "pem" }).split("\n").length);
console.log(ecPub.export({ type: "spki", format: "pem" }));
console.log(JSON.stringify(ec.export({ format: "jwk" })));
console.log(crypto.createPrivateKey({ key: ec.export({ type: "sec1", format: "der" }), format: "der", type: "sec1" }).equals(ec));
console.log("node ecdsa", crypto.verify("sha384", msg, ecPub, Buffer.from(FX.ecNodeSig, "hex")),
  crypto.verify("sha256", msg, { key: ecPub, dsaEncoding: "ieee-p1363" }, Buffer.from(FX.ecNodeSigP1363, "hex")),
  crypto.verify("sha256", msg, ecPub, Buffer.from(FX.ecNodeSigP1363, "hex")));
const es = crypto.createSign("SHA256").update(msg).sign(ec);
const ep = crypto.sign("sha256", msg, { key: FX.ecSec1, dsaEncoding: "ieee-p1363" });
console.log(es[0], ep.length, crypto.createVerify("sha256").update(msg).verify(ecPub, es), crypto.verify("sha256", msg, { key: ecPub, dsaEncoding: "ieee-p1363" }, ep),
  crypto.verify("sha256", msg, { key: ecPub, dsaEncoding: "ieee-p1363" }, es), crypto.verify(null, msg, ec, es));

// A public key from an X.509 certificate.
const certKey = crypto.createPublicKey(FX.cert);
console.log("certificate", desc(certKey), crypto.verify("sha256", msg, FX.cert, Buffer.from(FX.certSig, "hex")), crypto.verify("sha256", msg, certKey, Buffer.from(FX.certSig, "hex")));

// Ed25519 and X25519.
const ed = crypto.createPrivateKey(FX.edPkcs8);
const edPub = crypto.createPublicKey(FX.edPkcs8);
console.log(desc(ed), "|", desc(edPub), JSON.stringify(ed.export({ format: "jwk" })));
const edSig = crypto.sign(null, msg, ed);
console.log("ed25519", hex(edSig), crypto.verify(undefined, msg, edPub, edSig), crypto.verify(null, Buffer.from("x"), edPub, edSig));
console.log(hex(edPub.export({ type: "spki", format: "der" })));
const xk = crypto.createPrivateKey(FX.xPkcs8);
const xPub2 = crypto.generateKeyPairSync("x25519").publicKey;
console.log(desc(xk), JSON.stringify(crypto.createPublicKey(xk).export({ format: "jwk" })));
const ecdhA = crypto.generateKeyPairSync("ec", { namedCurve: "P-384" }), ecdhB = crypto.generateKeyPairSync("ec", { namedCurve: "secp384r1" });
console.log("ecdh", crypto.diffieHellman({ privateKey: ecdhA.privateKey, publicKey: ecdhB.publicKey }).equals(crypto.diffieHellman({ privateKey: ecdhB.privateKey, publicKey: ecdhA.publicKey })));
const xShared = crypto.diffieHellman({ privateKey: xk, publicKey: crypto.createPublicKey(FX.edPkcs8.length ? xk : xk) });
console.log("x25519 self", hex(xShared));

// Key generation with and without encodings.
const r = crypto.generateKeyPairSync("rsa", { modulusLength: 1024, publicExponent: 3 });
console.log(desc(r.privateKey), desc(r.publicKey));
const rs = crypto.sign("sha256", msg, r.privateKey);
console.log(crypto.verify("sha256", msg, r.publicKey, rs), crypto.verify("sha256", msg, rsaPub, rs));
const enc1 = crypto.generateKeyPairSync("rsa", { modulusLength: 1024, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "p" } });
console.log(enc1.publicKey.split("\n")[0], enc1.privateKey.split("\n")[0], crypto.createPrivateKey({ key: enc1.privateKey, passphrase: "p" }).asymmetricKeyDetails.modulusLength);
const enc2 = crypto.generateKeyPairSync("ec", { namedCurve: "P-521", publicKeyEncoding: { type: "spki", format: "der" }, privateKeyEncoding: { type: "sec1", format: "der" } });
console.log(Buffer.isBuffer(enc2.publicKey), desc(crypto.createPublicKey({ key: enc2.publicKey, format: "der", type: "spki" })), desc(crypto.createPrivateKey({ key: enc2.privateKey, format: "der", type: "sec1" })));
const enc3 = crypto.generateKeyPairSync("ed25519", { publicKeyEncoding: { format: "jwk" }, privateKeyEncoding: { format: "jwk" } });
console.log(Object.keys(enc3.publicKey), Object.keys(enc3.privateKey), enc3.privateKey.x === enc3.publicKey.x);
const pssPair = crypto.generateKeyPairSync("rsa-pss", { modulusLength: 1024, hashAlgorithm: "sha256", mgf1HashAlgorithm: "sha256", saltLength: 16 });
console.log(desc(pssPair.privateKey), desc(pssPair.publicKey));
const pssSig = crypto.sign("sha256", msg, pssPair.privateKey);
console.log(pssSig.length, crypto.verify("sha256", msg, pssPair.publicKey, pssSig));
for (const t of ["ed448", "x448", "x25519"]) console.log(t, desc(crypto.generateKeyPairSync(t).privateKey));
await new Promise((done) => crypto.generateKeyPair("ec", { namedCurve: "prime256v1" }, (err, pub, priv) => {
  console.log("callback", err, desc(pub), desc(priv), crypto.verify(null, msg, pub, crypto.sign(null, msg, priv)));
  done();
}));
try { crypto.generateKeyPair("ec", { namedCurve: "nope" }, () => console.log("not reached")); } catch (err) { console.log("sync error", err.name, err.code, err.message); }
await new Promise((done) => crypto.sign("sha256", msg, rsa, (err, s) => { console.log("sign callback", err, s.length); done(); }));

// KeyObject and CryptoKey.
const ck = await crypto.subtle.importKey("pkcs8", ec.export({ type: "pkcs8", format: "der" }), { name: "ECDSA", namedCurve: "P-256" }, true, ["sign"]);
const fromCk = crypto.KeyObject.from(ck);
console.log(desc(fromCk), fromCk.equals(ec), crypto.verify("sha256", msg, ecPub, crypto.sign("sha256", msg, ck)));
const back = ecPub.toCryptoKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["verify"]);
console.log(back.type, JSON.stringify(back.algorithm), back.usages, await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, back, Buffer.from(FX.ecNodeSigP1363, "hex"), msg));
const sk = crypto.createSecretKey(Buffer.from("0123456789abcdef"));
console.log(sk.type, sk.symmetricKeySize, sk.asymmetricKeyType, JSON.stringify(sk.export({ format: "jwk" })), sk.export().toString(), sk.equals(crypto.createSecretKey("0123456789abcdef", "utf8")));
console.log(JSON.stringify(sk.toCryptoKey("AES-CBC", false, ["encrypt"]).algorithm), crypto.createHmac("sha256", sk).update("x").digest("hex").slice(0, 16));
console.log(crypto.webcrypto === globalThis.crypto, crypto.subtle === globalThis.crypto.subtle, typeof crypto.KeyObject, Object.keys(crypto.constants).length);
console.log(crypto.constants.RSA_PKCS1_PSS_PADDING, crypto.constants.RSA_PSS_SALTLEN_DIGEST, crypto.constants.POINT_CONVERSION_UNCOMPRESSED);
console.log(ec, edPub, sk);

// Ed448, X448, secp256k1, RSA-PSS keys and CryptoKeys given to node:crypto.
{
  const e448 = await crypto.subtle.generateKey("Ed448", true, ["sign", "verify"]);
  const sg = await crypto.subtle.sign("Ed448", e448.privateKey, msg);
  console.log("Ed448", sg.byteLength, await crypto.subtle.verify("Ed448", e448.publicKey, sg, msg), Object.keys(await crypto.subtle.exportKey("jwk", e448.privateKey)).join());
  const a = await crypto.subtle.generateKey("X448", true, ["deriveBits"]), b = await crypto.subtle.generateKey("X448", true, ["deriveBits"]);
  const ab = await crypto.subtle.deriveBits({ name: "X448", public: b.publicKey }, a.privateKey, 448);
  const ba = crypto.diffieHellman({ privateKey: crypto.KeyObject.from(b.privateKey), publicKey: crypto.KeyObject.from(a.publicKey) });
  console.log("X448", ab.byteLength, ba.equals(Buffer.from(ab)));
  const k1 = crypto.generateKeyPairSync("ec", { namedCurve: "secp256k1" });
  const k1jwk = k1.privateKey.export({ format: "jwk" });
  console.log("secp256k1", k1jwk.crv, Object.keys(k1jwk).join(), desc(crypto.createPrivateKey({ key: k1jwk, format: "jwk" })));
  const pss = crypto.generateKeyPairSync("rsa-pss", { modulusLength: 1024 });
  console.log("rsa-pss", desc(pss.publicKey), pss.privateKey.export({ type: "pkcs8", format: "pem" }).split("\n")[0]);
  const ck = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-384" }, true, ["sign", "verify"]);
  console.log("CryptoKey args", crypto.verify("sha384", msg, ck.publicKey, crypto.sign("sha384", msg, ck.privateKey)),
    crypto.createPublicKey(ck.privateKey).type, JSON.stringify(crypto.KeyObject.from(ck.publicKey).asymmetricKeyDetails));
  attempt("rsa-pss jwk", () => pss.privateKey.export({ format: "jwk" }));
  attempt("public CryptoKey to createPublicKey", () => crypto.createPublicKey(ck.publicKey));
  attempt("CryptoKey as private", () => crypto.createPrivateKey(ck.privateKey));
  attempt("toCryptoKey wrong algorithm", () => crypto.KeyObject.from(ck.publicKey).toCryptoKey("Ed25519", true, ["verify"]));
  attempt("verify with secret", () => crypto.verify("sha256", msg, crypto.createSecretKey(Buffer.alloc(4)), Buffer.alloc(4)));
  attempt("even exponent", () => crypto.generateKeyPairSync("rsa", { modulusLength: 512, publicExponent: 4 }));
  attempt("tiny modulus", () => crypto.generateKeyPairSync("rsa", { modulusLength: 256 }));
  console.log(crypto.getCurves().length, crypto.getCurves().includes("prime256v1"), crypto.getCurves().includes("secp256k1"));
}

// Errors.
const cases = {
  "private garbage": () => crypto.createPrivateKey("garbage"),
  "private pem garbage": () => crypto.createPrivateKey("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"),
  "private from public pem": () => crypto.createPrivateKey(FX.rsaSpki),
  "private from KeyObject": () => crypto.createPrivateKey(rsaPub),
  "private number": () => crypto.createPrivateKey(5),
  "private der no type": () => crypto.createPrivateKey({ key: Buffer.alloc(10), format: "der" }),
  "private der spki": () => crypto.createPrivateKey({ key: Buffer.alloc(10), format: "der", type: "spki" }),
  "private der garbage": () => crypto.createPrivateKey({ key: Buffer.alloc(10), format: "der", type: "pkcs8" }),
  "public der garbage": () => crypto.createPublicKey({ key: Buffer.alloc(10), format: "der", type: "spki" }),
  "public bad format": () => crypto.createPublicKey({ key: "x", format: "xml" }),
  "public no key": () => crypto.createPublicKey({}),
  "public number": () => crypto.createPublicKey(5),
  "private from certificate": () => crypto.createPrivateKey(FX.cert),
  "public from bad certificate": () => crypto.createPublicKey("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"),
  "public from public KeyObject": () => crypto.createPublicKey(rsaPub),
  "encrypted no passphrase": () => crypto.createPrivateKey(FX.rsaEnc),
  "encrypted wrong passphrase": () => crypto.createPrivateKey({ key: FX.rsaEnc, passphrase: "nope" }),
  "jwk not object": () => crypto.createPrivateKey({ key: "x", format: "jwk" }),
  "jwk no kty": () => crypto.createPrivateKey({ key: {}, format: "jwk" }),
  "jwk oct": () => crypto.createPublicKey({ key: { kty: "oct", k: "AA" }, format: "jwk" }),
  "jwk public as private": () => crypto.createPrivateKey({ key: rsaPub.export({ format: "jwk" }), format: "jwk" }),
  "jwk bad crv": () => crypto.createPrivateKey({ key: { kty: "EC", crv: "P-192", x: "AA", y: "AA", d: "AA" }, format: "jwk" }),
  "jwk bad ec": () => crypto.createPrivateKey({ key: { kty: "EC", crv: "P-256", x: "AA", y: "AA", d: "AA" }, format: "jwk" }),
  "jwk bad okp": () => crypto.createPrivateKey({ key: { kty: "OKP", crv: "Ed25519", x: "AA", d: "AA" }, format: "jwk" }),
  "jwk okp crv": () => crypto.createPublicKey({ key: { kty: "OKP", crv: "Ed1", x: "AA" }, format: "jwk" }),
  "jwk rsa no e": () => crypto.createPublicKey({ key: { kty: "RSA", n: "AA" }, format: "jwk" }),
  "export no options": () => rsa.export(),
  "export no type": () => rsa.export({ format: "pem" }),
  "export bad format": () => rsaPub.export({ format: "xml", type: "spki" }),
  "export sec1 rsa": () => rsa.export({ format: "pem", type: "sec1" }),
  "export pkcs1 ec": () => ec.export({ format: "pem", type: "pkcs1" }),
  "export pkcs1 public ec": () => ecPub.export({ format: "der", type: "pkcs1" }),
  "export cipher no pass": () => rsa.export({ format: "pem", type: "pkcs8", cipher: "aes-128-cbc" }),
  "export pass no cipher": () => rsa.export({ format: "pem", type: "pkcs8", passphrase: "x" }),
  "export der pkcs1 cipher": () => rsa.export({ format: "der", type: "pkcs1", cipher: "aes-128-cbc", passphrase: "x" }),
  "export bad cipher": () => rsa.export({ format: "pem", type: "pkcs8", cipher: "nope-128", passphrase: "x" }),
  "export public pkcs8": () => rsaPub.export({ format: "pem", type: "pkcs8" }),
  "secret export pem": () => sk.export({ format: "pem" }),
  "secret from object": () => crypto.createSecretKey({}),
  "equals other": () => rsa.equals({}),
  "KeyObject.from object": () => crypto.KeyObject.from({}),
  "sign no key": () => crypto.sign("sha256", msg),
  "sign bad digest": () => crypto.sign("sha999", msg, rsa),
  "sign public key": () => crypto.sign("sha256", msg, rsaPub),
  "sign number data": () => crypto.sign("sha256", 5, rsa),
  "sign number key": () => crypto.sign("sha256", msg, 5),
  "sign ed25519 digest": () => crypto.sign("sha256", msg, ed),
  "createSign ed25519": () => crypto.createSign("sha256").update(msg).sign(ed),
  "createSign bad digest": () => crypto.createSign("sha999"),
  "createSign number": () => crypto.createSign(1),
  "sign twice": () => { const s = crypto.createSign("sha256"); s.update("a"); s.sign(rsa); return s.sign(rsa); },
  "update after sign": () => { const s = crypto.createSign("sha256"); s.sign(rsa); return s.update("a"); },
  "sign bad dsaEncoding": () => crypto.sign("sha256", msg, { key: ec, dsaEncoding: "raw" }),
  "sign bad padding": () => crypto.sign("sha256", msg, { key: rsa, padding: "pss" }),
  "verify no signature": () => crypto.verify("sha256", msg, rsaPub),
  "verify string signature": () => crypto.verify("sha256", msg, rsaPub, "abc"),
  "verify p1363 wrong length": () => crypto.verify("sha256", msg, { key: ecPub, dsaEncoding: "ieee-p1363" }, Buffer.alloc(63)),
  "verify garbage sig": () => crypto.verify("sha256", msg, rsaPub, Buffer.alloc(128)),
  "encrypt too long": () => crypto.publicEncrypt(rsaPub, Buffer.alloc(200)),
  "decrypt garbage": () => crypto.privateDecrypt(rsa, Buffer.alloc(128, 1)),
  "decrypt public KeyObject": () => crypto.privateDecrypt(rsaPub, Buffer.alloc(128)),
  "encrypt ed25519": () => crypto.publicEncrypt(edPub, Buffer.from("x")),
  "encrypt bad oaepHash": () => crypto.publicEncrypt({ key: rsaPub, oaepHash: "nope" }, Buffer.from("x")),
  "encrypt number oaepHash": () => crypto.publicEncrypt({ key: rsaPub, oaepHash: 1 }, Buffer.from("x")),
  "gen bad type": () => crypto.generateKeyPairSync("foo", {}),
  "gen no options": () => crypto.generateKeyPairSync("rsa"),
  "gen no modulus": () => crypto.generateKeyPairSync("rsa", {}),
  "gen modulus string": () => crypto.generateKeyPairSync("rsa", { modulusLength: "1024" }),
  "gen modulus negative": () => crypto.generateKeyPairSync("rsa", { modulusLength: -1 }),
  "gen no curve": () => crypto.generateKeyPairSync("ec", {}),
  "gen bad curve": () => crypto.generateKeyPairSync("ec", { namedCurve: "nope" }),
  "gen bad paramEncoding": () => crypto.generateKeyPairSync("ec", { namedCurve: "P-256", paramEncoding: "x" }),
  "gen bad encoding type": () => crypto.generateKeyPairSync("ed25519", { publicKeyEncoding: { type: "pkcs8", format: "pem" } }),
  "gen sec1 for rsa": () => crypto.generateKeyPairSync("rsa", { modulusLength: 512, privateKeyEncoding: { type: "sec1", format: "pem" } }),
  "gen encoding not object": () => crypto.generateKeyPairSync("ed25519", { publicKeyEncoding: "pem" }),
  "gen callback missing": () => crypto.generateKeyPair("ed25519", {}),
  "dh mismatch": () => crypto.diffieHellman({ privateKey: xk, publicKey: edPub }),
  "dh public as private": () => crypto.diffieHellman({ privateKey: xPub2, publicKey: xPub2 }),
};
for (const [label, f] of Object.entries(cases)) attempt(label, f);
