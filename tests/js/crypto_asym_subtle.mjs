// differential
// crypto.subtle asymmetric: ECDSA (P-256/384/521), Ed25519, RSASSA-PKCS1-v1_5, RSA-PSS, RSA-OAEP, ECDH, X25519 — fixed keys and signatures made by Node, generated keys round-tripped through every format, and the errors Node throws.
const FX = {
  ec256: {"kty": "EC", "x": "owEpP46DSIk995BDC_1y21wEo2g8CS68VR0epNruhuQ", "y": "U9rTerj3eWgg8V8qnhw8wquTB7RzPbI2Pw5Za1bVV1Y", "crv": "P-256", "d": "SZSvlumOzH19DQPNIHX9LfIcdpSaTRtubdI3SbOnTZU"},
  ecsig256: "b27d0091d0a057f99adc6c3179740d327370b22162ec4ba6b45391be250b32b9549e39e0a2c0f6cd66ab61bf0703a5b68615de9b527bc238a412f7df4cb554e9",
  ec384: {"kty": "EC", "x": "RFDSDDzGrWAA7-rXtn-7PvMcmi1V5OnM-cWXYuzMl-pnyVaLlk699XKHtZPhySW_", "y": "j5Ykd-afjzZY34oO3FpI1o1g2pveMDJzLHRKyx9u9TPzxe3tfVrWPbe9HrujJ40S", "crv": "P-384", "d": "jbXXWTJJei0ruDdVBeLIfN37o6ank_NGn2hGl6MUUGNpmd95myA8HlEftQuG4Byw"},
  ecsig384: "1e5c2371457a77d8ccc702e075d3add3208cad5cd268d2668cd7a045dd6df3bc10ca91b38f0a0d95cc92718a07154651c2f0b849586d872b04943bc8a6dcc03552bd432984ec630db21926abc10b6d0a79aed30d0bf87994ccda97cde88191d4",
  ec521: {"kty": "EC", "x": "ARtYs-vAYyaNJrC5LkkEQu-Tt99GMFoirpRET-aEHUOg0qRiDaB9MG696FtJfsLFc1-P2CtqEQ2jD0e9Iv6ihAhy", "y": "AGmz7MZY0IgKIttDdCLX0bFX5pwxxbu7fHu4UhaEPEbGeh45cf5YtcMk2nxYwZ23GLT2Fy8eiBW024W0KMQtJfA5", "crv": "P-521", "d": "AIeY1Vem4Lah33p6oYjkV6ArJa6KxK55RsVlGUY3Dv6lqWRhCuvNjgv3cruP3tdPz2qvkPw_Fj0VZnWIKgU2jcd2"},
  ecsig521: "0150acaa5fabace4be5ad87f1a194bf357d482be0fe07b959d0e5f1caa3a558f02e61e85a4a0a326ee48f2eb5b5ef9bf5838e5e8f13477a0e960586804d2ddc9ce57013abbe74e975bff35e760768a9bc1f04f2a274a8d3ba0c3798d9011af50b76910327e20327d415726814cdaea0700e68316a83f3739cf881ddaae5b3164dd460a46",
  ecdhB: {"kty": "EC", "x": "_9-cWjWQkSUw98KnqwLnGqd26N_Szj296Rmfj5JA0uw", "y": "pwmecXuY6sbPL2YOd-7Q6Je61eZcfZdrrWC38q6x0Sk", "crv": "P-256", "d": "Nal8ydSFIGo19T6SoBlmTchVyzicj_W4AEkEXC_6L04"},
  ed: {"crv": "Ed25519", "d": "WwEJI_P3IH7t3cGvme8ioecb1qiEaPQV1jnZ9AmdWWE", "x": "WVOg1JLnxJLaoqxDX1H3sFbhqFmmgo24bWbY7ZAh8lI", "kty": "OKP"},
  x1: {"crv": "X25519", "d": "wO_WoGoCtIQkHcRIaKE6TkBXDrJvEB5_z_gmysayekY", "x": "Ho2_GyzQXci_oLSScsopGcPfKJQOqUqbUivoWJt_DFQ", "kty": "OKP"},
  x2: {"crv": "X25519", "d": "6EkOwAUg1JtMgBD2hgFlwTweTKkTISi7eJzajKE7UXY", "x": "wWffH3bEsgPy3onWkXnOMeTcYkfHBJHlZEU3jcxr0g4", "kty": "OKP"},
  rsa: {"kty": "RSA", "n": "oKCRqMuo-VHpyR9Kbr1IQtqgImjSmtktSN6gLw1mENv_1dkmOVin1ooYC-DUm8hs1uHvTHnKB9tLL26Ju3Jg5_eKKSwddn6ijD1ZdJT8-EkJ2RzAKyUmue48s52tNmpHVrb76tlxLq3a4WlE6BV1sgGoi3iyejVADPfYcy5mKlU", "e": "AQAB", "d": "bacPqJ5XXNQ5d43_3vciVFkxBixu0Ty--EbaLSTFb27wCEl0GaPW99NPtRQnr60z98FG_fsKGzDt85RPPAJJ-hu6tFVmO-PquQmOlVcLrlsoQ7h_LbyQRXWowAxpXaP3SG4nkzayMuBzBok-JLyPowvY7MJ7M3d2RVs73D_n9QE", "p": "1ZbTxilnMj-6u81OPe5jo0Wf2721tP_ef_VOeEpYK1uu_Ofqsea360yTdgUIXBiZATYNYW_Z5bfHqI01fWxGwQ", "q": "wIWT_Flj7slXUijNvF82v8l1xaF5UynoKaz7Fh-AeHHr5DcpIPJZxKr6V-iMpxRZc9PN7zS4zCBWAnTlGnv8lQ", "dp": "eq8j_ZMSn55TmEQZSSGBQetgI0wY71p5Z250IEwz0NPc85ATExS_V_yoRwYlAyFt4XA2x10EABtMJ9jUfLKRAQ", "dq": "H72mMWO3gyX03JnXmagFCce4QBYoP5rYKQ7Y8sPM1Y7KunyRrlnmjPM3hQjVL7K-MMeJ21dQ5G6sX4lQQHaSpQ", "qi": "DkolegbXQiGY3wKPNXh-6ZDjxdPtVYn80BEPC6iSS9_SWECwkt4y3xvLMX_scAnF3zpFl7l9beJ0cE3lIyteRw"},
  psssig: "01b1b4d65e775da7505ccac368f3cf8acc58f4b8e030f7a22154551b685494854d1181eeeaa42ae4d6d91e63d36a4e58c43a6c1ac62c2a58047963922959fb10c3ff510fdb3777eca6d68a14b1a47a2f67cf2ba5e1e81c00833be616c0c784f4b9baa4e82fc522fbaae8237bbc15db491cd33004442f7a5f5b54a909619b2ed2",
  oaepct: "61ceef71d68af607d271aa6bb0d14972c74c49d539bdb428015f9207f815953540e0adc207343247061879c9e574e5ca0b419c8a8ef22c016f54dfbe77b9681f6fbea22d3a68077ae5c786933ac74ecb05581da80d34316a47271a236093104aaf1edb96034708f1a7b9b6916e8af21b24276365d9f4112fb51b07d3066c1027",
};
const s = crypto.subtle;
const hex = (b) => Buffer.from(b).toString("hex");
const msg = new TextEncoder().encode("acs asymmetric fixture");
const show = (k) => `${k.type} ${k.extractable} ${JSON.stringify(k.algorithm)} ${k.usages.join(",")}`;
const E = new Uint8Array([1, 0, 1]);
async function attempt(label, f) {
  try {
    const r = await f();
    console.log(label, "ok", r instanceof CryptoKey ? show(r) : r instanceof ArrayBuffer ? r.byteLength : r);
  } catch (e) {
    console.log(label, e.name, e.code, e.message, e.cause ? `(cause: ${e.cause.message})` : "");
  }
}

// ECDSA: fixed keys from Node; Node's signatures verify here; keys export as Node exports them.
for (const bits of ["256", "384", "521"]) {
  const jwk = FX["ec" + bits], crv = "P-" + bits;
  const alg = { name: "ECDSA", namedCurve: crv };
  const priv = await s.importKey("jwk", jwk, alg, true, ["sign"]);
  const pub = await s.importKey("jwk", { kty: "EC", crv, x: jwk.x, y: jwk.y }, alg, true, ["verify"]);
  console.log(crv, show(priv), show(pub));
  const nodeSig = Buffer.from(FX["ecsig" + bits], "hex");
  console.log(crv, "node sig", await s.verify({ name: "ECDSA", hash: "SHA-256" }, pub, nodeSig, msg),
    await s.verify({ name: "ECDSA", hash: "SHA-384" }, pub, nodeSig, msg));
  const sig = await s.sign({ name: "ECDSA", hash: "SHA-512" }, priv, msg);
  const bad = new Uint8Array(sig).slice(); bad[3] ^= 1;
  console.log(crv, "own sig", sig.byteLength, await s.verify({ name: "ECDSA", hash: "SHA-512" }, pub, sig, msg),
    await s.verify({ name: "ECDSA", hash: "SHA-512" }, pub, bad, msg), await s.verify({ name: "ECDSA", hash: "SHA-512" }, pub, sig.slice(1), msg));
  const spki = await s.exportKey("spki", pub), pkcs8 = await s.exportKey("pkcs8", priv), raw = await s.exportKey("raw", pub);
  console.log(crv, "spki", hex(spki));
  console.log(crv, "pkcs8", hex(pkcs8));
  console.log(crv, "raw", hex(raw));
  console.log(crv, "jwk", JSON.stringify(await s.exportKey("jwk", priv)), JSON.stringify(await s.exportKey("jwk", pub)));
  const pub2 = await s.importKey("raw", raw, alg, false, ["verify"]);
  const pub3 = await s.importKey("spki", spki, alg, false, ["verify"]);
  const priv2 = await s.importKey("pkcs8", pkcs8, alg, false, ["sign"]);
  const sig2 = await s.sign({ name: "ECDSA", hash: "SHA-256" }, priv2, msg);
  console.log(crv, "reimported", await s.verify({ name: "ECDSA", hash: "SHA-256" }, pub2, sig2, msg), await s.verify({ name: "ECDSA", hash: "SHA-256" }, pub3, nodeSig, msg));
  // compressed point
  const r = new Uint8Array(raw), n = (r.length - 1) / 2;
  const comp = new Uint8Array(1 + n); comp[0] = 2 + (r[r.length - 1] & 1); comp.set(r.subarray(1, 1 + n), 1);
  console.log(crv, "compressed", hex(await s.exportKey("raw", await s.importKey("raw", comp, alg, true, ["verify"]))) === hex(raw));
}

// Generated ECDSA keys: the pair works, exports round-trip.
for (const crv of ["P-256", "P-384", "P-521"]) {
  const kp = await s.generateKey({ name: "ECDSA", namedCurve: crv }, true, ["sign", "verify"]);
  console.log(crv, "generated", show(kp.privateKey), show(kp.publicKey), Object.keys(kp), Object.getPrototypeOf(kp) === null);
  const sig = await s.sign({ name: "ECDSA", hash: "SHA-256" }, kp.privateKey, msg);
  const jwk = await s.exportKey("jwk", kp.privateKey);
  console.log(crv, Object.keys(jwk).join(), jwk.crv, jwk.d.length, jwk.x.length);
  const pubFromJwk = await s.importKey("jwk", { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, { name: "ECDSA", namedCurve: crv }, true, ["verify"]);
  console.log(crv, "verify", sig.byteLength, await s.verify({ name: "ECDSA", hash: "SHA-256" }, kp.publicKey, sig, msg), await s.verify({ name: "ECDSA", hash: "SHA-256" }, pubFromJwk, sig, msg),
    await s.verify({ name: "ECDSA", hash: "SHA-256" }, pubFromJwk, sig, msg.slice(1)));
}

// Ed25519: deterministic signatures, byte for byte as Node's.
{
  const priv = await s.importKey("jwk", FX.ed, "Ed25519", true, ["sign"]);
  const pub = await s.importKey("raw", Buffer.from(FX.ed.x, "base64url"), { name: "ed25519" }, true, ["verify"]);
  console.log("Ed25519", show(priv), show(pub));
  const sig = await s.sign("Ed25519", priv, msg);
  console.log("Ed25519 sig", hex(sig), await s.verify("Ed25519", pub, sig, msg), await s.verify("Ed25519", pub, sig, msg.slice(2)));
  console.log("Ed25519 pkcs8", hex(await s.exportKey("pkcs8", priv)), "spki", hex(await s.exportKey("spki", pub)));
  console.log("Ed25519 jwk", JSON.stringify(await s.exportKey("jwk", priv)), JSON.stringify(await s.exportKey("jwk", pub)));
  const kp = await s.generateKey("Ed25519", false, ["sign", "verify"]);
  console.log("Ed25519 gen", show(kp.privateKey), show(kp.publicKey), (await s.exportKey("raw", kp.publicKey)).byteLength);
  const sig2 = await s.sign({ name: "Ed25519" }, kp.privateKey, msg);
  const again = await s.sign({ name: "Ed25519" }, kp.privateKey, msg);
  console.log("Ed25519 gen sig", sig2.byteLength, hex(sig2) === hex(again), await s.verify("Ed25519", kp.publicKey, sig2, msg));
  const p8 = await s.importKey("pkcs8", await s.exportKey("pkcs8", priv), "Ed25519", false, ["sign"]);
  console.log("Ed25519 pkcs8 again", hex(await s.sign("Ed25519", p8, msg)) === hex(sig));
}

// RSA: a fixed 1024-bit key from Node under each algorithm.
{
  const { kty, n, e } = FX.rsa;
  const pubJwk = { kty, n, e };
  const pk = await s.importKey("jwk", FX.rsa, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, true, ["sign"]);
  const vk = await s.importKey("jwk", pubJwk, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, true, ["verify"]);
  console.log("RSASSA", show(pk), show(vk));
  const sig = await s.sign("RSASSA-PKCS1-v1_5", pk, msg);
  console.log("RSASSA sig", hex(sig), await s.verify("RSASSA-PKCS1-v1_5", vk, sig, msg), await s.verify("RSASSA-PKCS1-v1_5", vk, sig, msg.slice(1)));
  for (const h of ["SHA-1", "SHA-384", "SHA-512"]) {
    const k = await s.importKey("pkcs8", await s.exportKey("pkcs8", pk), { name: "RSASSA-PKCS1-v1_5", hash: h }, false, ["sign"]);
    console.log("RSASSA", h, hex(await s.sign("RSASSA-PKCS1-v1_5", k, msg)).slice(0, 64));
  }
  console.log("RSA spki", hex(await s.exportKey("spki", vk)));
  console.log("RSA pkcs8", hex(await s.exportKey("pkcs8", pk)));
  console.log("RSA jwk", JSON.stringify(await s.exportKey("jwk", pk)));
  const pss = await s.importKey("jwk", pubJwk, { name: "RSA-PSS", hash: "SHA-256" }, true, ["verify"]);
  const pssPriv = await s.importKey("jwk", FX.rsa, { name: "RSA-PSS", hash: "SHA-256" }, true, ["sign"]);
  const nodePss = Buffer.from(FX.psssig, "hex");
  console.log("PSS node sig", await s.verify({ name: "RSA-PSS", saltLength: 32 }, pss, nodePss, msg), await s.verify({ name: "RSA-PSS", saltLength: 20 }, pss, nodePss, msg));
  for (const salt of [0, 20, 32, 94]) {
    const sg = await s.sign({ name: "RSA-PSS", saltLength: salt }, pssPriv, msg);
    console.log("PSS salt", salt, sg.byteLength, await s.verify({ name: "RSA-PSS", saltLength: salt }, pss, sg, msg));
  }
  console.log("PSS jwk alg", (await s.exportKey("jwk", pss)).alg);
  const oaepPriv = await s.importKey("jwk", FX.rsa, { name: "RSA-OAEP", hash: "SHA-256" }, true, ["decrypt", "unwrapKey"]);
  const oaepPub = await s.importKey("jwk", pubJwk, { name: "RSA-OAEP", hash: "SHA-256" }, true, ["encrypt", "wrapKey"]);
  const pt = await s.decrypt({ name: "RSA-OAEP", label: new Uint8Array([1, 2, 3]) }, oaepPriv, Buffer.from(FX.oaepct, "hex"));
  console.log("OAEP node ct", new TextDecoder().decode(pt));
  const ct = await s.encrypt({ name: "RSA-OAEP" }, oaepPub, new TextEncoder().encode("round trip"));
  console.log("OAEP", ct.byteLength, new TextDecoder().decode(await s.decrypt({ name: "RSA-OAEP" }, oaepPriv, ct)));
  await attempt("OAEP wrong label", () => s.decrypt({ name: "RSA-OAEP", label: new Uint8Array(1) }, oaepPriv, ct));
  await attempt("OAEP too long", () => s.encrypt({ name: "RSA-OAEP" }, oaepPub, new Uint8Array(100)));
  const aes = await s.importKey("raw", new Uint8Array(16).fill(5), "AES-GCM", true, ["encrypt"]);
  const wrapped = await s.wrapKey("raw", aes, oaepPub, { name: "RSA-OAEP" });
  const unwrapped = await s.unwrapKey("raw", wrapped, oaepPriv, { name: "RSA-OAEP" }, "AES-GCM", true, ["encrypt"]);
  console.log("OAEP wrap", wrapped.byteLength, show(unwrapped), hex(await s.exportKey("raw", unwrapped)));
}

// RSA key generation under each algorithm.
for (const [name, usages] of [["RSASSA-PKCS1-v1_5", ["sign", "verify"]], ["RSA-PSS", ["verify", "sign"]], ["RSA-OAEP", ["unwrapKey", "encrypt", "decrypt", "wrapKey"]]]) {
  const kp = await s.generateKey({ name, modulusLength: 1024, publicExponent: E, hash: "SHA-256" }, true, usages);
  console.log(name, "generated", show(kp.privateKey), show(kp.publicKey), kp.privateKey.algorithm.publicExponent instanceof Uint8Array);
  const jwk = await s.exportKey("jwk", kp.privateKey);
  console.log(name, Object.keys(jwk).join(), jwk.alg, jwk.e, Buffer.from(jwk.n, "base64url").length);
  const spki = await s.exportKey("spki", kp.publicKey);
  const pub = await s.importKey("spki", spki, { name, hash: "SHA-256" }, true, name === "RSA-OAEP" ? ["encrypt"] : ["verify"]);
  if (name === "RSA-OAEP") {
    const ct = await s.encrypt({ name }, pub, msg);
    console.log(name, "decrypts", new TextDecoder().decode(await s.decrypt({ name }, kp.privateKey, ct)) === new TextDecoder().decode(msg));
  } else {
    const p = { name, saltLength: 32 };
    const sig = await s.sign(p, kp.privateKey, msg);
    console.log(name, "verifies", await s.verify(p, pub, sig, msg), await s.verify(p, pub, sig, new Uint8Array(3)));
  }
}
{
  const kp = await s.generateKey({ name: "RSA-PSS", modulusLength: 512, publicExponent: new Uint8Array([3]), hash: "SHA-1" }, true, ["sign"]);
  console.log("e=3", JSON.stringify(kp.publicKey.algorithm), (await s.exportKey("jwk", kp.publicKey)).e);
}

// ECDH and X25519: fixed keys give Node's shared secrets.
{
  const alg = { name: "ECDH", namedCurve: "P-256" };
  const a = await s.importKey("jwk", FX.ec256, alg, true, ["deriveBits", "deriveKey"]);
  const bPub = await s.importKey("jwk", { kty: "EC", crv: "P-256", x: FX.ecdhB.x, y: FX.ecdhB.y }, alg, true, []);
  const b = await s.importKey("jwk", FX.ecdhB, alg, true, ["deriveBits"]);
  const aPub = await s.importKey("jwk", { kty: "EC", crv: "P-256", x: FX.ec256.x, y: FX.ec256.y }, alg, true, []);
  console.log("ECDH", show(a), show(bPub));
  const ab = await s.deriveBits({ name: "ECDH", public: bPub }, a, 256);
  const ba = await s.deriveBits({ name: "ECDH", public: aPub }, b, null);
  console.log("ECDH bits", hex(ab), hex(ab) === hex(ba), hex(await s.deriveBits({ name: "ECDH", public: bPub }, a, 100)));
  const dk = await s.deriveKey({ name: "ECDH", public: bPub }, a, { name: "AES-GCM", length: 128 }, true, ["encrypt"]);
  console.log("ECDH deriveKey", show(dk), hex(await s.exportKey("raw", dk)));
  const dh = await s.deriveKey({ name: "ECDH", public: bPub }, a, { name: "HMAC", hash: "SHA-1", length: 160 }, true, ["sign"]);
  console.log("ECDH deriveKey hmac", show(dh));
  for (const crv of ["P-384", "P-521"]) {
    const p = await s.generateKey({ name: "ECDH", namedCurve: crv }, true, ["deriveBits"]);
    const q = await s.generateKey({ name: "ECDH", namedCurve: crv }, false, ["deriveBits", "deriveKey"]);
    const pq = await s.deriveBits({ name: "ECDH", public: q.publicKey }, p.privateKey);
    const qp = await s.deriveBits({ name: "ECDH", public: p.publicKey }, q.privateKey);
    console.log("ECDH", crv, pq.byteLength, hex(pq) === hex(qp), show(q.privateKey), show(q.publicKey));
  }
  const x1 = await s.importKey("jwk", FX.x1, "X25519", true, ["deriveBits"]);
  const x2pub = await s.importKey("raw", Buffer.from(FX.x2.x, "base64url"), "X25519", true, []);
  console.log("X25519", show(x1), show(x2pub), hex(await s.deriveBits({ name: "X25519", public: x2pub }, x1, 256)));
  console.log("X25519 jwk", JSON.stringify(await s.exportKey("jwk", x1)));
  const g1 = await s.generateKey({ name: "X25519" }, true, ["deriveKey"]), g2 = await s.generateKey("X25519", true, ["deriveBits"]);
  const k12 = await s.deriveKey({ name: "X25519", public: g2.publicKey }, g1.privateKey, { name: "AES-CBC", length: 256 }, true, ["encrypt"]);
  const b21 = await s.deriveBits({ name: "X25519", public: g1.publicKey }, g2.privateKey, 256);
  console.log("X25519 generated", hex(await s.exportKey("raw", k12)) === hex(b21), show(g1.privateKey));
}

// Errors, as Node names and words them.
const ec = await s.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
const ed = await s.generateKey("Ed25519", true, ["sign", "verify"]);
const ecdh = await s.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
const x = await s.generateKey("X25519", true, ["deriveBits"]);
const ecJwk = await s.exportKey("jwk", ec.publicKey), edJwk = await s.exportKey("jwk", ed.privateKey);
const ecSpki = await s.exportKey("spki", ec.publicKey), ecPkcs8 = await s.exportKey("pkcs8", ec.privateKey);
const P256 = { name: "ECDSA", namedCurve: "P-256" };
const cases = {
  "gen no curve": () => s.generateKey({ name: "ECDSA" }, true, ["sign"]),
  "gen bad curve": () => s.generateKey({ name: "ECDSA", namedCurve: "P-192" }, true, ["sign"]),
  "gen bad usage": () => s.generateKey(P256, true, ["encrypt"]),
  "gen verify only": () => s.generateKey(P256, true, ["verify"]),
  "gen ed bad usage": () => s.generateKey("Ed25519", true, ["deriveBits"]),
  "gen x empty": () => s.generateKey("X25519", true, []),
  "gen rsa no hash": () => s.generateKey({ name: "RSA-PSS", modulusLength: 1024, publicExponent: E }, true, ["sign"]),
  "gen rsa exp array": () => s.generateKey({ name: "RSA-PSS", modulusLength: 1024, publicExponent: [1, 0, 1], hash: "SHA-256" }, true, ["sign"]),
  "gen rsa exp big": () => s.generateKey({ name: "RSA-PSS", modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 0, 0, 0, 1]), hash: "SHA-256" }, true, ["sign"]),
  "gen rsa bad usage": () => s.generateKey({ name: "RSA-OAEP", modulusLength: 1024, publicExponent: E, hash: "SHA-256" }, true, ["sign"]),
  "gen rsa bad hash": () => s.generateKey({ name: "RSA-OAEP", modulusLength: 1024, publicExponent: E, hash: "MD5" }, true, ["encrypt"]),
  "gen bogus usage": () => s.generateKey(P256, true, ["bogus"]),
  "gen usages string": () => s.generateKey(P256, true, "sign"),
  "gen ed448": () => s.generateKey("Ed4489", true, ["sign"]),
  "imp raw bad point": () => s.importKey("raw", new Uint8Array(65), P256, true, ["verify"]),
  "imp raw wrong curve": () => s.importKey("raw", new Uint8Array(97), P256, true, ["verify"]),
  "imp raw sign": () => s.importKey("raw", new Uint8Array(65), P256, true, ["sign"]),
  "imp raw no curve": () => s.importKey("raw", new Uint8Array(65), { name: "ECDSA" }, true, ["verify"]),
  "imp spki wrong curve": () => s.importKey("spki", ecSpki, { name: "ECDSA", namedCurve: "P-384" }, true, ["verify"]),
  "imp spki as ed": () => s.importKey("spki", ecSpki, "Ed25519", true, ["verify"]),
  "imp spki as rsa": () => s.importKey("spki", ecSpki, { name: "RSA-PSS", hash: "SHA-256" }, true, ["verify"]),
  "imp spki as pkcs8": () => s.importKey("pkcs8", ecSpki, P256, true, ["sign"]),
  "imp spki garbage": () => s.importKey("spki", new Uint8Array(10), P256, true, ["verify"]),
  "imp pkcs8 garbage": () => s.importKey("pkcs8", new Uint8Array(10), P256, true, ["sign"]),
  "imp pkcs8 no usages": () => s.importKey("pkcs8", ecPkcs8, P256, true, []),
  "imp pkcs8 verify": () => s.importKey("pkcs8", ecPkcs8, P256, true, ["verify"]),
  "imp pkcs8 ecdh sign": () => s.importKey("pkcs8", ecPkcs8, { name: "ECDH", namedCurve: "P-256" }, true, ["sign"]),
  "imp spki ecdh empty": () => s.importKey("spki", ecSpki, { name: "ECDH", namedCurve: "P-256" }, true, []),
  "imp jwk kty": () => s.importKey("jwk", { ...ecJwk, kty: "RSA" }, P256, true, ["verify"]),
  "imp jwk no kty": () => s.importKey("jwk", { ...ecJwk, kty: undefined }, P256, true, ["verify"]),
  "imp jwk crv": () => s.importKey("jwk", { ...ecJwk, crv: "P-384" }, P256, true, ["verify"]),
  "imp jwk no x": () => s.importKey("jwk", { ...ecJwk, x: undefined }, P256, true, ["verify"]),
  "imp jwk short x": () => s.importKey("jwk", { ...ecJwk, x: "AAAA" }, P256, true, ["verify"]),
  "imp jwk ext": () => s.importKey("jwk", { ...ecJwk, ext: false }, P256, true, ["verify"]),
  "imp jwk key_ops": () => s.importKey("jwk", { ...ecJwk, key_ops: ["sign"] }, P256, true, ["verify"]),
  "imp jwk dup ops": () => s.importKey("jwk", { ...ecJwk, key_ops: ["verify", "verify"] }, P256, true, ["verify"]),
  "imp jwk use": () => s.importKey("jwk", { ...ecJwk, use: "enc" }, P256, true, ["verify"]),
  "imp jwk alg": () => s.importKey("jwk", { ...ecJwk, alg: "ES384" }, P256, true, ["verify"]),
  "imp jwk string": () => s.importKey("jwk", "{}", P256, true, ["verify"]),
  "imp jwk buffer": () => s.importKey("jwk", ecSpki, P256, true, ["verify"]),
  "imp raw object": () => s.importKey("raw", ecJwk, P256, true, ["verify"]),
  "imp bad format": () => s.importKey("der", ecSpki, P256, true, ["verify"]),
  "imp ed short": () => s.importKey("raw", new Uint8Array(31), "Ed25519", true, ["verify"]),
  "imp ed jwk crv": () => s.importKey("jwk", { ...edJwk, crv: "X25519" }, "Ed25519", true, ["sign"]),
  "imp ed jwk alg": () => s.importKey("jwk", { ...edJwk, alg: "ES256" }, "Ed25519", true, ["sign"]),
  "imp ed jwk bad d": () => s.importKey("jwk", { ...edJwk, d: "AAAA" }, "Ed25519", true, ["sign"]),
  "imp ed jwk wrong x": () => s.importKey("jwk", { ...edJwk, x: edJwk.d }, "Ed25519", true, ["sign"]),
  "imp ed jwk no x": () => s.importKey("jwk", { ...edJwk, x: undefined }, "Ed25519", true, ["sign"]),
  "imp rsa raw": () => s.importKey("raw", new Uint8Array(10), { name: "RSA-OAEP", hash: "SHA-1" }, true, ["encrypt"]),
  "imp rsa jwk partial": () => s.importKey("jwk", { ...FX.rsa, p: undefined }, { name: "RSA-PSS", hash: "SHA-256" }, true, ["sign"]),
  "imp rsa jwk alg": () => s.importKey("jwk", { ...FX.rsa, alg: "RS256" }, { name: "RSA-PSS", hash: "SHA-256" }, true, ["sign"]),
  "imp rsa bad usage": () => s.importKey("jwk", FX.rsa, { name: "RSA-OAEP", hash: "SHA-256" }, true, ["sign"]),
  "exp raw private": () => s.exportKey("raw", ec.privateKey),
  "exp spki private": () => s.exportKey("spki", ec.privateKey),
  "exp pkcs8 public": () => s.exportKey("pkcs8", ec.publicKey),
  "exp not extractable": async () => s.exportKey("jwk", (await s.generateKey("Ed25519", false, ["sign"])).privateKey),
  "exp bad format": () => s.exportKey("pem", ec.publicKey),
  "exp not a key": () => s.exportKey("jwk", {}),
  "sign with public": () => s.sign({ name: "ECDSA", hash: "SHA-256" }, ec.publicKey, msg),
  "sign no hash": () => s.sign({ name: "ECDSA" }, ec.privateKey, msg),
  "sign bad hash": () => s.sign({ name: "ECDSA", hash: "SHA-3" }, ec.privateKey, msg),
  "sign ed key as ecdsa": () => s.sign({ name: "ECDSA", hash: "SHA-256" }, ed.privateKey, msg),
  "sign ec key as ed": () => s.sign("Ed25519", ec.privateKey, msg),
  "sign string data": () => s.sign("Ed25519", ed.privateKey, "text"),
  "sign two args": () => s.sign("Ed25519", ed.privateKey),
  "sign pss no salt": () => s.sign({ name: "RSA-PSS" }, ed.privateKey, msg),
  "verify with private": () => s.verify("Ed25519", ed.privateKey, new Uint8Array(64), msg),
  "verify short sig": () => s.verify("Ed25519", ed.publicKey, new Uint8Array(3), msg),
  "verify ecdsa short sig": () => s.verify({ name: "ECDSA", hash: "SHA-256" }, ec.publicKey, new Uint8Array(63), msg),
  "encrypt with ecdh": () => s.encrypt({ name: "RSA-OAEP" }, ecdh.privateKey, msg),
  "encrypt ecdsa": () => s.encrypt({ name: "ECDSA" }, ec.publicKey, msg),
  "derive no public": () => s.deriveBits({ name: "ECDH" }, ecdh.privateKey, 256),
  "derive public not key": () => s.deriveBits({ name: "ECDH", public: {} }, ecdh.privateKey, 256),
  "derive public private": () => s.deriveBits({ name: "ECDH", public: ecdh.privateKey }, ecdh.privateKey, 256),
  "derive x with ecdh": () => s.deriveBits({ name: "ECDH", public: x.publicKey }, ecdh.privateKey, 256),
  "derive ecdh with x": () => s.deriveBits({ name: "X25519", public: x.publicKey }, ecdh.privateKey, 256),
  "derive too long": () => s.deriveBits({ name: "ECDH", public: ecdh.publicKey }, ecdh.privateKey, 264),
  "derive zero": () => s.deriveBits({ name: "ECDH", public: ecdh.publicKey }, ecdh.privateKey, 0),
  "derive base public": () => s.deriveBits({ name: "ECDH", public: ecdh.publicKey }, ecdh.publicKey, 8),
  "derive curve mismatch": async () => s.deriveBits({ name: "ECDH", public: (await s.generateKey({ name: "ECDH", namedCurve: "P-384" }, true, ["deriveBits"])).publicKey }, ecdh.privateKey, 8),
  "deriveKey no usage": () => s.deriveKey({ name: "ECDH", public: ecdh.publicKey }, ecdh.privateKey, { name: "AES-GCM", length: 128 }, true, ["encrypt"]),
  "deriveKey hmac too long": async () => s.deriveKey({ name: "X25519", public: x.publicKey }, await s.importKey("jwk", await s.exportKey("jwk", x.privateKey), "X25519", false, ["deriveKey"]), { name: "HMAC", hash: "SHA-256" }, true, ["sign"]),
};
for (const [label, f] of Object.entries(cases)) await attempt(label, f);
console.log(String(ec.privateKey), ec.privateKey.constructor === CryptoKey, Object.keys(ec.privateKey).length, JSON.stringify(ed.publicKey));
console.log(ec.publicKey);
