	/** doc */
// line
let a = /* inline */ 1; /* multi
line */ let b = 2;
/*/ tricky */
let c = 1 //*
;
