# output a host's JSON reader must survive: NUL bytes, invalid UTF-8,
# terminal escapes, lone surrogates' bytes, quotes and backslashes
printf 'nul\000byte \377\376 invalid \355\240\200 surrogate \033]0;title\007 \033[2J "quote" \\back\n'; printf 'err\000\377\033[31m\n' >&2; echo done
