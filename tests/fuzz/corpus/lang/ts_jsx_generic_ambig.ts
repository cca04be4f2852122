	const a = <T>(x: T) => x;
const b = <div>text</div>;
