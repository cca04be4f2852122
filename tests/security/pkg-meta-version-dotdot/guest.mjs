// the version document's version is ../../../../../tmp/acs-fx-evil-version
import x from "evil-version-dotdot";
console.log("RAN");
