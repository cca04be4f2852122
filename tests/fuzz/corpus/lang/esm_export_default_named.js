
export default function named(x) { return x * 2 }
named(2)
