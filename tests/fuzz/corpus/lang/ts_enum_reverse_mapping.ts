	enum Dir { Up = 1, Down, Left = "L".length, Right = Up + Down }
console.log(Dir[Dir.Up]);
