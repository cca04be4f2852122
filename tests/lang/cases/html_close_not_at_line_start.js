let y = 5, z = 3;
console.log(y-->z, y);
