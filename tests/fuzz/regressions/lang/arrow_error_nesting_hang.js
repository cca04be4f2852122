// Exponential time on the error path: an arrow whose body has a syntax
// error is parsed speculatively, then again for real, at every level.
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
f(() => {
  let = ;
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
});
