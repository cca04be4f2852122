// preinstall/install/postinstall/prepare would write marker files
import p from "fx-postinstall";
console.log(p.installed);
