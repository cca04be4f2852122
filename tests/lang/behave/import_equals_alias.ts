namespace Util {
  export namespace Str { export const upper = (s: string) => s.toUpperCase(); }
  export const version = 3;
}
import Str = Util.Str;
import version = Util.version;
console.log(Str.upper("abc"), version);
