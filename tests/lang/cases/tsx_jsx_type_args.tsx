const a = <List<number> items={[1]} />;
const b = <List<string>>x</List>;
