import { f, tag } from "./m.js";
f();
tag`x`;
