const name = "x";
const el = <div id="a" {...{ b: 1 }} data-x={name}>text {name} &amp; <span /></div>;
const f = <><a.b c /><d-e f="g">{/* comment */}</d-e></>;
