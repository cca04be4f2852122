
export default class extends Base { m() { return super.m(); } }
