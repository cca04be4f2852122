 import x from "y";
