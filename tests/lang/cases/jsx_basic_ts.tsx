function List<T>(props: { items: T[] }) {
  return <ul className="list">{props.items.map((i: T) => <li key={String(i)}>{String(i)}</li>)}</ul>;
}
const frag = <><List items={[1, 2]} /></>;
const cast = (document as any) as Element;
