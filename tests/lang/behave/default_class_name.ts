export default class {
  static {
    console.log(this.name);
  }
}
