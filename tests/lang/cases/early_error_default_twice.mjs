export default function () {}
export default class {}
