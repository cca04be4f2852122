export default {
  a: 1,
  b() {},
};
