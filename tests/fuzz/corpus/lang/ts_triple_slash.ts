	/// <reference types="node" />
/// <reference path="./a.d.ts" />
import "./polyfill";
export {};
