using r = { [Symbol.dispose]() {} };
export {};
