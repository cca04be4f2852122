class Person {
  constructor(public name: string, private age: number, protected readonly id = 7, readonly tags: string[] = []) {}
  describe() { return `${this.name} ${this.age} ${this.id} ${this.tags.length}`; }
}
class Employee extends Person {
  constructor(name: string, public role: string) {
    super(name, 30);
    console.log("constructed", this.role);
  }
}
const e = new Employee("Ann", "dev");
console.log(e.describe(), e.role, Object.keys(e).join(","));
class Multi {
  constructor(
    public a: number,
    public b = a * 2,
  ) {}
}
console.log(JSON.stringify(new Multi(3)));
