enum Dir { Up = "UP", Down = "DOWN" }
enum Mixed { A = "a", B = 5, C }
enum Tpl { T = `t` }
