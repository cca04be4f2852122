class Api { m() {} }
export = Api;
