export function g(): void;
export function g(a: number): void;
export function g(a?: number) {}
export default function d(): void;
export default function d(a?: number) {}
