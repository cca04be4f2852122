// A static JSON import (with attributes) from outside, through "..".
import data from "../outside/evil.json" with { type: "json" };
console.log("GUEST RAN", data);
