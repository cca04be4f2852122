export default function named() { return named.name; }
console.log(named());
