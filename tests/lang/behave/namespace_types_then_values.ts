// A namespace of types only produces nothing, so a later declaration of the
// same namespace that holds values must still declare it; a type exported
// by name or as the default exports nothing.
namespace N { export type X = number; }
namespace N { export const y: N.X = 1; }
interface Shape { w: number }
type Alias = Shape;
export { N, Shape, Alias as A };
export default Shape;
const s: Shape = { w: N.y };
console.log(N.y, s.w, typeof N);
