for await (const v of [Promise.resolve(1), 2]) console.log(v);
