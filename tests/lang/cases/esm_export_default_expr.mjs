const x = 1;
export default x + 1;
