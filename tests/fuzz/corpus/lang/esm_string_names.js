
import { "a-b" as ab } from "m";
export { ab as "c-d" };
export * as "e f" from "n";
