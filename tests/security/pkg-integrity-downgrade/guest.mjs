// a wrong sha512 next to a right sha1: the strongest hash decides
import x from "evil-integrity-downgrade";
console.log("RAN", typeof x);
