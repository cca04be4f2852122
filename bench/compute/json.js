// JSON round trip of a medium document.
const doc = { users: [] };
for (let i = 0; i < 2000; i++) {
  doc.users.push({ id: i, name: `user${i}`, tags: ["a", "b", "c"], score: i * 0.5, active: i % 2 === 0, nested: { x: i, y: [1, 2, 3] } });
}
let n = 0;
for (let r = 0; r < 150; r++) {
  const text = JSON.stringify(doc);
  n += JSON.parse(text).users.length + text.length;
}
console.log(n);
