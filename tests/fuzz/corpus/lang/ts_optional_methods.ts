	class A { m?(): void; p?: number; q!: string; }
const o: { m?(): void } = {};
