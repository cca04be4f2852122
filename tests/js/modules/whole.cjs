module.exports = { whole: true, fn() { return "fn"; } };
