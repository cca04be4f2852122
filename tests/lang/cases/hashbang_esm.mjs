#!/usr/bin/env -S acs run
import { a } from "./m.js";
console.log(a);
