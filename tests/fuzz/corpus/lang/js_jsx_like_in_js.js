	const el = <div className="x">{y}</div>;
