/* modfile.h - the parts of Node's module resolution that the loader
** (src/js/lib/loader.js, through host functions) and the host-side import
** scan (src/box/packages.c) must agree on: which names are builtins, and
** which file a module path names. */
#ifndef ACS_JS_MODFILE_H
#define ACS_JS_MODFILE_H

#include <stdbool.h>
#include <stddef.h>

struct acs__vfs;

/* Node 22's builtin module names (without "node:"), and their count. */
extern const char *const acs__js_builtins[];
extern const size_t acs__js_builtin_count;
bool acs__js_is_builtin(const char *name);

/* The file a guest path names as a module, the way the loader looks:
** the exact file; "x.js" written for "x.ts" ("x.mjs" for "x.mts", "x.cjs"
** for "x.cts", "x.js" for "x.tsx"); the path with each extension added.
** With `index`, only PATH/index plus each extension. Returns the file
** (malloc'd), or NULL with *is_dir telling whether path is a directory
** (whose package.json "main" the caller may try before its index). */
char *acs__js_module_file(struct acs__vfs *v, const char *path, bool index, bool *is_dir);
/* The same over any filesystem: mode_of(user, path) is the st_mode of what
** path names, following links, or 0 when nothing is there. */
typedef unsigned (*acs__js_mode_fn)(void *user, const char *path);
char *acs__js_module_file_by(acs__js_mode_fn mode_of, void *user, const char *path, bool index,
                             bool *is_dir);

#endif
