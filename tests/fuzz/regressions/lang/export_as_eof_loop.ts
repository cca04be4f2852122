	const cfg = { aÿÿÿ : 1, b: [,1, 2] } satisfies Record<string,nknown>;
export as z /ÿÿÿÿÿÿ!âUnexpecte--d EOFjreturEn