const a = <List<number> items={[1]} />;
const b = <List<string>>x</List>;
const c = <List<Map<string, number>>>{1}</List>;
const d = <a.b<T> x="1" />;
const e = <List <number>
  items={[1]}></List>;
