// process.* describes the sandbox, not the host process.
console.log("pid", process.pid, "ppid", process.ppid);
console.log("execPath", process.execPath, "argv0", process.argv0, "title", process.title);
console.log("argv", JSON.stringify(process.argv.map((a) => a.replace(process.cwd(), "W"))));
console.log("execArgv", JSON.stringify(process.execArgv));
console.log("config", JSON.stringify(process.config));
console.log("report", typeof process.report);
console.log("cwd-is-workdir", process.cwd() === "$W");
const ru = process.resourceUsage(), mu = process.memoryUsage();
console.log("resourceUsage", typeof ru.maxRSS, "memoryUsage", typeof mu.rss);
