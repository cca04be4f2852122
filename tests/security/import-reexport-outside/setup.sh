echo 'console.log("OUTSIDE-SECRET evil.mjs ran"); export const x = "OUTSIDE-SECRET"; export default "OUTSIDE-SECRET";' > "$O/evil.mjs"
mkdir -p "$W/lib"
# an inside module that re-exports from outside (the guest imports it)
echo 'export * from "../../outside/evil.mjs"; export { default } from "../../outside/evil.mjs";' > "$W/lib/barrel.mjs"
