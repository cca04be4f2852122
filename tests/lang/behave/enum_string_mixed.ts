enum Dir { Up = "UP", Down = "DOWN" }
enum Mixed { A = "a", B = 5, C, D = "d".length }
console.log(Dir.Up, Dir.Down, (Dir as any)["UP"]);
console.log(Mixed.A, Mixed.B, Mixed.C, Mixed[6], Mixed.D, Mixed[1]);
console.log(JSON.stringify(Dir), JSON.stringify(Mixed));
