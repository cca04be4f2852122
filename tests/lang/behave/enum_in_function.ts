function make() {
  enum Local { X = 5, Y }
  return [Local.X, Local.Y, Local[6]];
}
console.log(make().join(","));
{
  enum Block { P = "p" }
  console.log(Block.P);
}
