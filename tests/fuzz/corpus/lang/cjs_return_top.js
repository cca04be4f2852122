 if (x) return;
module.exports = 1;
