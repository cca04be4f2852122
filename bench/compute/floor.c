/* floor.c FILE - the engine alone: evaluates FILE as a script in a bare
** JavaScriptCore context of the same libjavascriptcoregtk that acs links,
** with console.log as its only host function. bench/run.sh compute runs
** each kernel under it beside acs, so that what acs adds to the engine
** (runtime, module wrapper, limits) and what the engine itself costs
** against Deno's V8 and Bun's newer WebKit can be told apart. */
#include <JavaScriptCore/JavaScript.h>
#include <stdio.h>
#include <stdlib.h>

static JSValueRef log_fn(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                         const JSValueRef argv[], JSValueRef *exc)
{
  (void)fn, (void)self, (void)exc;
  for (size_t i = 0; i < argc; i++) {
    JSStringRef s = JSValueToStringCopy(ctx, argv[i], NULL);
    size_t cap = JSStringGetMaximumUTF8CStringSize(s);
    char *buf = malloc(cap);
    if (buf) {
      JSStringGetUTF8CString(s, buf, cap);
      printf(i ? " %s" : "%s", buf);
      free(buf);
    }
    JSStringRelease(s);
  }
  putchar('\n');
  return JSValueMakeUndefined(ctx);
}

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: floor FILE.js\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  char *src = NULL;
  size_t len = 0, cap = 0, n;
  char chunk[65536];
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (len + n + 1 > cap) {
      cap = (len + n + 1) * 2;
      char *p = realloc(src, cap);
      if (!p) return 1;
      src = p;
    }
    for (size_t i = 0; i < n; i++) src[len + i] = chunk[i];
    len += n;
  }
  fclose(f);
  if (!src) return 1;
  src[len] = 0;
  JSGlobalContextRef ctx = JSGlobalContextCreate(NULL);
  JSObjectRef console = JSObjectMake(ctx, NULL, NULL);
  JSStringRef name = JSStringCreateWithUTF8CString("log");
  JSObjectSetProperty(ctx, console, name, JSObjectMakeFunctionWithCallback(ctx, name, log_fn), 0, NULL);
  JSStringRelease(name);
  name = JSStringCreateWithUTF8CString("console");
  JSObjectSetProperty(ctx, JSContextGetGlobalObject(ctx), name, console, 0, NULL);
  JSStringRelease(name);
  JSStringRef code = JSStringCreateWithUTF8CString(src);
  JSValueRef exc = NULL;
  JSEvaluateScript(ctx, code, NULL, NULL, 1, &exc);
  JSStringRelease(code);
  free(src);
  if (exc) {
    log_fn(ctx, NULL, NULL, 1, &exc, NULL);
    return 1;
  }
  return 0;
}
