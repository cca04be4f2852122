class Config {
  static readonly defaults: Record<string, number> = {};
  static count: number;
  static {
    Config.defaults.a = 1;
    this.count = Object.keys(Config.defaults).length;
  }
  static { this.defaults.b = 2; }
}
console.log(JSON.stringify(Config.defaults), Config.count);
