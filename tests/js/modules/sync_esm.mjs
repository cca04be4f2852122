export const answer = 42;
export default "default of sync_esm";
