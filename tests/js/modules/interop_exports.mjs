// require() of this module returns the "module.exports" export (Node 22.12)
function answer() { return 42; }
export default answer;
export { answer as "module.exports" };
