export default class { static x = 1; }
