export default class Named { m() { return Named; } }
new Named();
