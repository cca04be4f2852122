// fx-chain-b is a dependency of the allowed fx-chain-a, not allowed itself.
import a from "fx-chain-a";
import b from "fx-chain-b";
console.log("RAN", a.chain, b.chain);
