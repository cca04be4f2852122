var x = 1 <!-- an HTML-like comment (Annex B, scripts only)
--> also a comment at the start of a line
console.log(x);
