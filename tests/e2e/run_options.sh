# acs run: option checking, env rules, --json, help.
. "$(dirname "$0")/lib.sh"

run_acs run --env FOO=bar --env EMPTY= -c 'console.log(process.env.FOO, JSON.stringify(process.env.EMPTY), process.env.HOME, process.env.PATH)'
check "only the passed env is visible" [ "$OUT" = 'bar "" undefined undefined' ]

run_acs run -c 'console.log(Object.keys(process.env).length)'
check "no host variable leaks" [ "$OUT" = 0 ]

for name in LD_PRELOAD DYLD_INSERT_LIBRARIES DENO_DIR ACS_X HTTP_PROXY https_proxy No_Proxy ALL_PROXY ld_preload; do
  run_acs run --env "$name=x" -c '1'
  check "reserved env $name refused (status 2, named)" all [ "$RC" = 2 ] -- has "$ERR" "$name"
done
run_acs run --env "=x" -c '1'
check "empty env name refused" [ "$RC" = 2 ]
run_acs run --env "NOEQUALS" -c '1'
check "env item without = refused" [ "$RC" = 2 ]

run_acs run --json --env LD_PRELOAD=x -c '1'
check "--json config error object" all [ "$RC" = 2 -a "$(json .error.type)" = SandboxConfigError ] -- has "$(json .error.message)" LD_PRELOAD

run_acs run --bogus -c '1'
check "unknown flag: status 2 and usage" all [ "$RC" = 2 ] -- has "$ERR" "usage: acs run"
run_acs run -c '1' main.js
check "code and FILE together: status 2" [ "$RC" = 2 ]
run_acs run
check "nothing to run: status 2" all [ "$RC" = 2 ] -- has "$ERR" "nothing to run"
run_acs run --timeout-ms abc -c '1'
check "bad number: status 2" all [ "$RC" = 2 ] -- has "$ERR" "--timeout-ms"
run_acs run --timeout-ms=-5 -c '1'
check "negative number: status 2" [ "$RC" = 2 ]
run_acs run --timeout-ms
check "flag without value: status 2" [ "$RC" = 2 ]
run_acs run --allow-package lodash -c '1'
check "--allow-package accepted; nothing imported, nothing fetched" [ "$RC" = 0 ]
run_acs run --allow-package 'Bad Name' -c '1'
check "--allow-package with a bad name: status 2 naming it" all [ "$RC" = 2 ] -- has "$ERR" "Bad Name"
run_acs run --allow-package 'zod@^x.y' -c '1'
check "--allow-package with a bad range: status 2 naming it" all [ "$RC" = 2 ] -- has "$ERR" "zod@^x.y"
run_acs run --no-packages --allow-package zod -c '1'
check "--no-packages with --allow-package: status 2" all [ "$RC" = 2 ] -- has "$ERR" "contradict"
run_acs run --no-packages -c 'import { z } from "zod"; z'
check "--no-packages: an import is refused before the run, exit 1" all [ "$RC" = 1 ] -- has "$ERR" 'Package "zod" is not allowed; no packages are allowed.'
run_acs run --allow-domain example.com -c '1'
check "--allow-domain example.com accepted" [ "$RC" = 0 ]
for d in "*" "https://x.com" "x.com/p" "a..b" "x.com:0" "x.com:99999" "127.1" "2130706433" "*.com" ""; do
  run_acs run --allow-domain "$d" -c '1'
  check "--allow-domain '$d' is a configuration error naming it" all [ "$RC" = 2 ] -- has "$ERR" "allowedDomains entry '$d'"
done
run_acs run --json --allow-domain 'https://x.com' -c '1'
check "--json: a bad domain is a SandboxConfigError" has "$OUT" '"SandboxConfigError"'
for r in "x" "h:80" "h:0:1.2.3.4" "h:80:nothost" ":80:1.2.3.4"; do
  run_acs run --resolve "$r" -c '1'
  check "--resolve '$r' is a configuration error" all [ "$RC" = 2 ] -- has "$ERR" "resolve entry"
done
run_acs run --timeout-ms=500 --json -c 'console.log(1)'
check "--flag=value form" [ "$(json .stdout)" = 1 ]

run_acs run --help
for f in --work-dir --read-only --allow-package --no-packages --allow-domain --resolve --env --timeout-ms --memory-mb --max-output-bytes --json; do
  check "run --help documents $f" has "$OUT" "$f"
done
run_acs --help
check "acs --help lists run" has "$OUT" "run "
run_acs frobnicate
check "unknown command: status 2" [ "$RC" = 2 ]

run_acs run --json -c 'console.log("a"); console.error("b")'
check "--json has every ExecResult field" [ "$(json 'Object.keys(v).sort().join()')" = "durationMs,exitCode,stderr,stdout,stoppedBy,timedOut,truncated" ]
check "--json stdout and stderr" [ "$(json .stdout)" = a -a "$(json .stderr)" = b ]
