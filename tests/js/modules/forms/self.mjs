// imports itself
import * as me from "./self.mjs";
export const x = 1;
export const self = me;
export const keys = typeof me.x + " " + (me === me.self);
