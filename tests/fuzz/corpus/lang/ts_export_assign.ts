 class X {}
export = X;
