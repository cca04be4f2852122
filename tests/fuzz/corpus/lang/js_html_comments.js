 <!-- html comment
x = 1 --> not a comment? 
--> comment at line start
/* block */ --> also comment
