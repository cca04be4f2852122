let x: = 1;
