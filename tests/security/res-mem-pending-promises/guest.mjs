// A million resolved promises with their reactions, kept.
const ps = [];
for (let i = 0; ; i++) ps.push(Promise.resolve(i).then((v) => [v, new Array(16).fill(v)]));
