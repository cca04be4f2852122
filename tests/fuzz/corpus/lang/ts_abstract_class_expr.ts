	export default abstract class Base { abstract run(): void }
