{ using r = { [Symbol.dispose]() { console.log("disposed"); } }; console.log("in"); } console.log("out");
