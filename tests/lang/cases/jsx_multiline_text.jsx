const name = "x";
const el = <div id="a" {...{ b: 1 }} data-x={name}>
  text {name} &amp;
  <span />
</div>;
