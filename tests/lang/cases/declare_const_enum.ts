declare const enum CE { B }
const x = 1;
