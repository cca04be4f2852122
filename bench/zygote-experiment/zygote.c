/* zygote.c - measurement experiment: can a process that already holds a
** JavaScriptCore VM + global context + evaluated bootstrap fork() one child
** per run, safely and fast?  Compared, in the same harness, with what acs
** does today: fork before any VM exists, then build VM + context +
** bootstrap in the child.
**
** Standalone; not part of the acs build.  Build:
**   cc -O2 -o zygote zygote.c $(pkg-config --cflags --libs javascriptcoregtk-4.1) -lm
**
** Usage: zygote threads [--quick] [-b BYTES] [--scavenger ...] [--opt name=value]...
**          thread list (/proc/self/task/N/comm) at each stage of a VM's life
**        zygote bench [flags]      one measurement; summary on stdout
**        zygote inproc -w W [flags]  the workload 3 times in this process
** Flags:
**   --mode zygote|cold   VM in the parent (zygote, default) or built in each
**                        child after fork (cold: what acs does today)
**   -n N                 runs (default 1000)
**   -p P                 at most P runs in flight (default 1)
**   -r RATE              open loop: Poisson arrivals at RATE runs/s; latency
**                        counts from arrival (default: closed loop)
**   -k K                 keep K children forked ahead and ready (0: fork per run)
**   --prefault           pre-forked children evaluate a small script before
**                        saying ready (faults in what a run touches)
**   -w WORKLOAD          noop|tiny|trivial|standard|gc200|jit|timeout|rng|rngctx|custom
**                        (custom: $ZRUN then $ZRESULT)
**   -b BYTES             bootstrap size (default 50000)
**   --warm               zygote runs a warm-up script before forking
**   --heat               zygote runs hot code + allocates (starts helper threads
**                        unless options prevent them)
**   --gc                 zygote does a synchronous full GC before forking
**   -m                   children read /proc/self/smaps_rollup (memory runs)
**   --scavenger keep|suspend|disable   libpas scavenger (before the VM exists)
**   --resume             child calls pas_scavenger_resume() after fork
**   --gdb                gdb backtraces of the first hung children
**   --anon-text          (experiment, no effect seen) see anon_text()
**   --raw FILE           append per-run numbers; --tag TEXT label
**   --opt name=value     setenv JSC_name=value before JSC initialises
**   ZSHOW=N              print the first N results on stderr
*/
#define _GNU_SOURCE
#include <JavaScriptCore/JavaScript.h>
#include <jsc/jsc.h>

#include <dirent.h>
#include <math.h>
#include <malloc.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Exported by the library, declared only in WebKit's private headers. */
typedef bool (*JSShouldTerminateCallback)(JSContextRef, void *);
void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef, double, JSShouldTerminateCallback, void *);
void JSSynchronousGarbageCollectForDebugging(JSContextRef);
JSObjectRef JSGetMemoryUsageStatistics(JSContextRef);
/* libpas (bmalloc) scavenger controls, exported by the library. */
void pas_scavenger_suspend(void);
void pas_scavenger_resume(void);
extern bool pas_scavenger_is_enabled;
extern int pas_scavenger_current_state; /* 0 no_thread, 1 polling, 2 deep_sleep */

static JSContextGroupRef G;
static JSGlobalContextRef C;
static int boot_n; /* how many entries the bootstrap defines */

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* ------------------------------------------------------------ threads */

static int count_threads(void)
{
  DIR *d = opendir("/proc/self/task");
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d))) if (e->d_name[0] != '.') n++;
  closedir(d);
  return n;
}

static void list_threads(const char *label)
{
  DIR *d = opendir("/proc/self/task");
  struct dirent *e;
  char names[4096] = "";
  int n = 0;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char p[128], comm[64] = "?";
    snprintf(p, sizeof p, "/proc/self/task/%s/comm", e->d_name);
    FILE *f = fopen(p, "r");
    if (f) {
      if (fgets(comm, sizeof comm, f)) comm[strcspn(comm, "\n")] = 0;
      fclose(f);
    }
    if (n++) strcat(names, ", ");
    strcat(names, comm);
  }
  closedir(d);
  printf("  %-44s %2d thread(s): %s   [pas scavenger state %d; glibc malloc in use %zu kB]\n", label, n, names,
         pas_scavenger_current_state, mallinfo2().uordblks / 1024);
  fflush(stdout);
}

/* ------------------------------------------------------------ memory */

typedef struct mem { long rss, pss, priv_dirty, priv_clean, shared_dirty, anon; } mem;

static mem read_mem(void)
{
  mem m = {0};
  FILE *f = fopen("/proc/self/smaps_rollup", "r");
  char line[256];
  while (f && fgets(line, sizeof line, f)) {
    long v;
    if (sscanf(line, "Rss: %ld", &v) == 1) m.rss = v;
    else if (sscanf(line, "Pss: %ld", &v) == 1) m.pss = v;
    else if (sscanf(line, "Private_Dirty: %ld", &v) == 1) m.priv_dirty = v;
    else if (sscanf(line, "Private_Clean: %ld", &v) == 1) m.priv_clean = v;
    else if (sscanf(line, "Shared_Dirty: %ld", &v) == 1) m.shared_dirty = v;
    else if (sscanf(line, "Anonymous: %ld", &v) == 1) m.anon = v;
  }
  if (f) fclose(f);
  return m;
}

/* Give every read-only file mapping (library text, rodata) an anon_vma by
** copying one of its pages on write: the kernel then copies the mapping's
** page table entries at fork instead of leaving the child to fault the
** pages in again. (An experiment, not a recommendation.) */
static void anon_text(void)
{
  FILE *f = fopen("/proc/self/maps", "r");
  char line[512];
  int n = 0;
  uintptr_t lo[512], hi[512];
  int prot[512];
  while (f && fgets(line, sizeof line, f) && n < 512) {
    unsigned long a, b;
    char perms[8], path[256] = "";
    if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %255s", &a, &b, perms, path) < 3) continue;
    if (path[0] != '/' || perms[1] == 'w' || perms[3] != 'p' || perms[0] != 'r') continue;
    lo[n] = a, hi[n] = b, prot[n] = PROT_READ | (perms[2] == 'x' ? PROT_EXEC : 0);
    n++;
  }
  if (f) fclose(f);
  int done = 0;
  for (int i = 0; i < n; i++) {
    volatile unsigned char *p = (unsigned char *)lo[i];
    if (mprotect((void *)lo[i], 4096, prot[i] | PROT_WRITE | PROT_EXEC)) continue;
    unsigned char c = *p;
    *p = c;
    mprotect((void *)lo[i], 4096, prot[i]);
    done++;
  }
  printf("  anon-text: %d of %d read-only file mappings given an anon_vma\n", done, n);
}

/* ------------------------------------------------------------ JS */

static char *to_utf8(JSValueRef v)
{
  JSStringRef s = JSValueToStringCopy(C, v, NULL);
  if (!s) return strdup("?");
  size_t max = JSStringGetMaximumUTF8CStringSize(s);
  char *b = malloc(max);
  JSStringGetUTF8CString(s, b, max);
  JSStringRelease(s);
  return b;
}

/* Evaluate; the result (or "EXC:" + the exception) as a malloc'd string. */
static char *eval(const char *code)
{
  JSStringRef src = JSStringCreateWithUTF8CString(code);
  JSValueRef exc = NULL;
  JSValueRef v = JSEvaluateScript(C, src, NULL, NULL, 1, &exc);
  JSStringRelease(src);
  if (exc) {
    char *m = to_utf8(exc), *r;
    if (asprintf(&r, "EXC:%s", m) < 0) r = NULL;
    free(m);
    return r;
  }
  return to_utf8(v);
}

/* A bootstrap of about `bytes` of JS: functions, classes, object literals,
** closures, as a runtime's lib would define (bodies are parsed lazily by
** JSC, as acs's would be). */
static char *make_bootstrap(size_t bytes)
{
  size_t cap = bytes + 4096, len = 0;
  char *b = malloc(cap);
  len += sprintf(b + len, "(function(g){'use strict'; const lib = Object.create(null);\n");
  int i = 0;
  while (len + 1200 < bytes) {
    len += sprintf(b + len,
        "lib.f%d = function f%d(a, b) { const r = []; for (let i = 0; i < a; i++) r.push((i * 0x9e37 + %d) ^ b);"
        " return r.reduce((x, y) => (x + y) | 0, 0); };\n"
        "lib.C%d = class C%d { constructor(x) { this.x = x; this.tag = 'C%d'; } m(y) { return this.x * y + %d; }"
        " get twice() { return this.x * 2; } static make(v) { return new C%d(v); } };\n"
        "lib.o%d = { name: 'o%d', tags: ['a', 'b', 'c%d'], nested: { depth: %d, list: [1, 2, 3] },"
        " fmt(v) { return this.name + ':' + String(v).padStart(4, '0'); } };\n"
        "lib.k%d = (() => { let n = %d; return { inc() { return ++n; }, get value() { return n; } }; })();\n",
        i, i, i, i, i, i, i, i, i, i, i, i, i, i);
    i++;
  }
  boot_n = i;
  len += sprintf(b + len,
      "g.boot = { lib, n: %d, check() { let t = 0; for (const k in lib) t++;"
      " return t === 4 * %d && lib.f3(10, 5) === lib.f3(10, 5) && new lib.C2(3).twice === 6"
      " && lib.o1.fmt(7) === 'o1:0007' && lib.k4.inc() === 5 ? %d : -1; } };\n"
      "return lib; })(globalThis), 'bootstrapped'",
      i, i, i);
  return b;
}

static int create_realm(size_t boot_bytes)
{
  G = JSContextGroupCreate();
  C = JSGlobalContextCreateInGroup(G, NULL);
  char *src = make_bootstrap(boot_bytes);
  char *r = eval(src);
  int ok = r && strcmp(r, "bootstrapped") == 0;
  if (!ok) fprintf(stderr, "bootstrap failed: %s\n", r ? r : "?");
  free(r);
  free(src);
  return ok ? 0 : -1;
}

/* ------------------------------------------------------------ workloads */

typedef struct workload {
  const char *name;
  const char *run;    /* evaluated first (microtasks drain when it returns) */
  const char *result; /* evaluated second: the run's result, as a string */
  const char *expect; /* NULL: not checked (see `check` in the parent) */
} workload;

#define STD_RUN                                                                       \
  "let s=0; for (let i=0;i<1e6;i++) s+=i;\n"                                          \
  "var out = {};\n"                                                                   \
  "(function(){ let keep=0; for (let i=0;i<10000;i++){ const a=new Array(64).fill(i);" \
  " const o={i, a, t:'x'+i}; keep+=o.a.length; } out.alloc=keep; })();\n"            \
  "Promise.resolve(1).then(v=>v+1).then(v=>{ out.p=v; });\n"                          \
  "(async()=>{ await null; await null; out.a='async'; })();\n"

static const workload workloads[] = {
    {"noop", "", "", NULL},
    {"tiny", "var r = 2 ** 10;", "String(r)", NULL},
    {"trivial", "var r = 2 ** 10;", "JSON.stringify({r, boot: boot.check()})", NULL},
    {"standard", STD_RUN,
     "JSON.stringify({s, alloc: out.alloc, p: out.p, a: out.a, boot: boot.check()})", NULL},
    /* 200 MB of garbage in 1 MB arrays; a WeakRef to an object made
    ** before shows whether a collection really ran in the child. */
    {"gc200",
     "var w = new WeakRef({big: new Array(1000).fill(1)}); var t = 0;\n"
     "(function(){ for (let i=0;i<200;i++){ const a = new Array(1<<17); for (let j=0;j<a.length;j++) a[j]=j+0.5;"
     " t += a.length; } })();",
     "JSON.stringify({t, collected: w.deref() === undefined, boot: boot.check(),"
     " heapMB: Math.round(heapStats.heapSize / 1048576)})", NULL},
    /* A hot loop long enough to tier up to DFG/FTL. */
    {"jit", "var t0 = Date.now(); var s = (function(){ let s=0; for (let i=0;i<1e8;i++) s=(s+i)|0; return s; })();"
            " var ms = Date.now() - t0;",
     "JSON.stringify({s, ms})", NULL},
    /* The watchdog (a thread of its own) must start in the child. */
    {"timeout", "for(;;){}", "'after'", NULL},
    /* Math.random from the zygote's global object. */
    {"rng", "var r = Math.random();", "String(r)", NULL},
    /* Math.random of a global object created in the child: is the
    ** engine's own CSPRNG state shared with the zygote? */
    {"rngctx", "", "", NULL},
    /* ZRUN / ZRESULT from the environment (for poking around). */
    {"custom", "", "", NULL},
};
enum { NWORK = sizeof workloads / sizeof *workloads };

static const workload *find_workload(const char *name)
{
  for (int i = 0; i < NWORK; i++)
    if (!strcmp(workloads[i].name, name)) return &workloads[i];
  fprintf(stderr, "unknown workload %s\n", name);
  exit(2);
}

static bool on_limit(JSContextRef ctx, void *data) { (void)ctx; (void)data; return true; }

/* Run one workload in this process; the result in *out. */
static char *run_workload(const workload *w, double *ms)
{
  double t0 = now_ms();
  char *r;
  if (!strcmp(w->name, "noop")) {
    r = strdup("noop");
  } else if (!strcmp(w->name, "rngctx")) {
    JSGlobalContextRef c2 = JSGlobalContextCreateInGroup(G, NULL);
    JSGlobalContextRef saved = C;
    C = c2;
    r = eval("String(Math.random())");
    C = saved;
  } else {
    if (!strcmp(w->name, "timeout")) JSContextGroupSetExecutionTimeLimit(G, 0.1, on_limit, NULL);
    bool custom = !strcmp(w->name, "custom");
    char *a = eval(custom ? getenv("ZRUN") : w->run);
    if (!strcmp(w->name, "gc200")) {
      /* A full synchronous collection in the child, then the heap's size. */
      JSSynchronousGarbageCollectForDebugging(C);
      JSObjectRef st = JSGetMemoryUsageStatistics(C);
      JSStringRef n = JSStringCreateWithUTF8CString("heapStats");
      JSObjectSetProperty(C, JSContextGetGlobalObject(C), n, st, 0, NULL);
      JSStringRelease(n);
    }
    if (a && !strncmp(a, "EXC:", 4)) {
      r = a;
    } else {
      free(a);
      r = eval(custom ? getenv("ZRESULT") : w->result);
    }
  }
  *ms = now_ms() - t0;
  return r;
}

#define WARM_JS                                                                              \
  "(function(){ const o = {a: 1, b: [1, 2, 3], c: 'x'}; JSON.stringify(o);"                 \
  " JSON.parse('{\"a\":[1,2,{\"b\":null}]}');"                                               \
  " Promise.resolve(1).then(v => v); (async () => { await null; })();"                     \
  " const m = new Map([[1, 2]]); const s = new Set([1]); for (const x of m) {} for (const x of [1, 2]) {}" \
  " 'abc'.split('').map(x => x.toUpperCase()).join('-'); /a(b)c/.exec('xabcx'); 'x'.replace(/x/g, 'y');" \
  " new Date(0).toISOString(); Math.max(1, 2); Object.keys(o); Object.entries(o);"            \
  " Array.from({length: 3}, (_, i) => i); String(2 ** 10); (1.5).toFixed(2); parseInt('42');" \
  " try { throw new Error('x'); } catch (e) { e.stack; }"                                   \
  " for (const k in boot.lib) {} boot.lib.f3(10, 5); new boot.lib.C2(3).twice; boot.lib.o1.fmt(7);" \
  " let t = 0; for (let i = 0; i < 100; i++) t += i; return 1; })()"

#define PREFAULT_JS "(function(){ var o = {a: [1, 2], s: 'x' + 1}; return JSON.stringify(o).length + (2 ** 10); })()"

/* ------------------------------------------------------------ children */

typedef struct opts {
  bool zygote;
  int n, par, k;
  const workload *w;
  size_t boot;
  bool mem, resume, gdb, warm, heat, gc_before_fork, prefault, anon_text;
  const char *raw, *tag;
  double rate; /* open loop: Poisson arrivals at this many runs/s */
} opts;

static opts O = {.zygote = true, .n = 1000, .par = 1, .k = 0, .boot = 50000};

/* In the child: set up, (wait for the go byte,) run, report, _exit. */
static void child_main(int res_fd, int go_fd)
{
  double t_child = now_ms();
  mem m0 = {0}, m1 = {0};
  if (O.mem) m0 = read_mem();
  double prep = 0;
  if (O.zygote) {
    if (O.resume) pas_scavenger_resume();
  } else {
    double t = now_ms();
    if (create_realm(O.boot)) _exit(3);
    prep = now_ms() - t;
    if (O.mem) m0 = read_mem();
  }
  if (go_fd >= 0) {
    if (O.prefault) {
      /* Before the run is known: fault in the pages a run touches (library
      ** text, copy-on-write of the engine's hot data) with a script that
      ** leaves no state behind. */
      free(eval(PREFAULT_JS));
    }
    char c = 'R';
    if (write(res_fd, &c, 1) != 1) _exit(4);
    if (read(go_fd, &c, 1) != 1) _exit(0); /* parent gone */
  }
  double run_ms;
  char *r = run_workload(O.w, &run_ms);
  if (O.mem) m1 = read_mem();
  char line[4096];
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  int n = snprintf(line, sizeof line, "%s\t%.3f\t%.3f\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%d\t%.4f\t%ld\n", r ? r : "NULL",
                   run_ms, prep, m0.priv_dirty, m1.priv_dirty, m1.rss, m1.pss, m0.rss,
                   m1.priv_clean, O.mem ? count_threads() : -1, t_child, ru.ru_minflt);
  (void)!write(res_fd, line, (size_t)n);
  _exit(0);
}

typedef struct kid {
  pid_t pid;
  int res, go;         /* result pipe (read end), go pipe (write end) */
  int pidfd;           /* readable once the child has exited */
  int state;           /* 0 free, 1 spawning, 2 ready, 3 running, 4 done (awaiting reap) */
  bool assigned;       /* a run waits for it */
  double t_spawn, t_start, t_result, t_ready;
  double fork_ms;
  char buf[4096];
  size_t len;
  bool got_result;
  bool eof;
} kid;

#define MAXKIDS 64
static kid K[MAXKIDS];

typedef struct sample {
  double lat, reap, fork_ms, run_ms, prep_ms, cpu_ms, to_child, exit_ms;
  long minflt_run, minflt_total;
  long maxrss, pd0, pd1, rss1, pss1, rss0, pc1;
  int threads;
} sample;

static sample *S;
static int nsamples, failures, hangs, crashes, wrong;
static char first_failure[512];
static char **results; /* distinct results (for rng) */
static int nresults;

static int spawn_kid(bool prefork)
{
  int slot = -1;
  for (int i = 0; i < MAXKIDS; i++)
    if (K[i].state == 0) { slot = i; break; }
  if (slot < 0) return -1;
  kid *k = &K[slot];
  memset(k, 0, sizeof *k);
  int rp[2], gp[2] = {-1, -1};
  if (pipe2(rp, O_CLOEXEC) < 0) return -1;
  if (prefork && pipe2(gp, O_CLOEXEC) < 0) return -1;
  fflush(stdout);
  k->t_spawn = now_ms();
  pid_t pid = fork();
  if (pid < 0) { perror("fork"); exit(1); }
  if (pid == 0) {
    /* Keep only our two pipe ends. */
    int rfd = fcntl(rp[1], F_DUPFD, 100), gfd = prefork ? fcntl(gp[0], F_DUPFD, 101) : -1;
    for (int fd = 3; fd < 100; fd++) close(fd);
    child_main(rfd, gfd);
  }
  k->fork_ms = now_ms() - k->t_spawn;
  close(rp[1]);
  if (prefork) close(gp[0]);
  k->pid = pid;
  k->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
  k->res = rp[0];
  k->go = gp[1];
  k->state = prefork ? 1 : 3;
  if (!prefork) k->t_start = k->t_spawn;
  return slot;
}

static void start_run(kid *k)
{
  k->t_start = now_ms();
  k->state = 3;
  char c = 'G';
  if (write(k->go, &c, 1) != 1) perror("go");
  close(k->go);
  k->go = -1;
}

static void diagnose(kid *k)
{
  char cmd[512];
  fprintf(stderr, "--- hung child %d (state %d, %.0f ms since start) threads:\n", k->pid, k->state,
          now_ms() - k->t_start);
  snprintf(cmd, sizeof cmd,
           "for t in /proc/%d/task/*; do echo \"  $(cat $t/comm) $(cut -d' ' -f3 $t/stat) wchan=$(cat $t/wchan)\"; done 1>&2",
           k->pid);
  (void)!system(cmd);
  if (O.gdb) {
    snprintf(cmd, sizeof cmd,
             "gdb -p %d -batch -ex 'thread apply all bt 25' 2>/dev/null | grep -E '^#|^Thread' | head -60 1>&2",
             k->pid);
    (void)!system(cmd);
  }
}

static void fail(kid *k, const char *what)
{
  failures++;
  if (!first_failure[0]) snprintf(first_failure, sizeof first_failure, "%s (pid %d): %.300s", what, k->pid, k->buf);
}

static bool check_result(const char *r)
{
  const char *name = O.w->name;
  char exp[256];
  if (!strcmp(name, "noop")) return !strcmp(r, "noop");
  if (!strcmp(name, "tiny")) return !strcmp(r, "1024");
  if (!strcmp(name, "trivial")) {
    snprintf(exp, sizeof exp, "{\"r\":1024,\"boot\":%d}", boot_n);
    return !strcmp(r, exp);
  }
  if (!strcmp(name, "standard")) {
    snprintf(exp, sizeof exp, "{\"s\":499999500000,\"alloc\":640000,\"p\":2,\"a\":\"async\",\"boot\":%d}", boot_n);
    return !strcmp(r, exp);
  }
  if (!strcmp(name, "gc200")) {
    snprintf(exp, sizeof exp, "{\"t\":26214400,\"collected\":true,\"boot\":%d,", boot_n);
    return !strncmp(r, exp, strlen(exp));
  }
  if (!strcmp(name, "jit")) return !strncmp(r, "{\"s\":887459712,", 15);
  if (!strcmp(name, "timeout")) return !strncmp(r, "EXC:", 4);
  return true;
}

static void finish(kid *k, int status, struct rusage *ru)
{
  double t = now_ms();
  bool counted = false;
  if (k->got_result) {
    /* result \t run \t prep \t pd0 \t pd1 \t rss1 \t pss1 \t rss0 \t pc1 \t threads */
    char *f[12] = {0};
    int nf = 0;
    char *save, *p = strtok_r(k->buf, "\t\n", &save);
    while (p && nf < 12) { f[nf++] = p; p = strtok_r(NULL, "\t\n", &save); }
    if (nf >= 10) {
      bool ok = check_result(f[0]);
      static int shown;
      if (getenv("ZSHOW") && shown++ < atoi(getenv("ZSHOW"))) fprintf(stderr, "result: %s\n", f[0]);
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        crashes++;
        fail(k, "bad exit after result");
      } else if (!ok) {
        wrong++;
        if (!first_failure[0])
          snprintf(first_failure, sizeof first_failure, "wrong result (pid %d): %.300s", k->pid, f[0]);
        failures++;
      } else {
        sample *s = &S[nsamples++];
        s->lat = k->t_result - k->t_start;
        s->reap = t - k->t_start;
        s->fork_ms = k->fork_ms;
        s->run_ms = atof(f[1]);
        s->prep_ms = atof(f[2]);
        s->pd0 = atol(f[3]);
        s->pd1 = atol(f[4]);
        s->rss1 = atol(f[5]);
        s->pss1 = atol(f[6]);
        s->rss0 = atol(f[7]);
        s->pc1 = atol(f[8]);
        s->threads = atoi(f[9]);
        s->to_child = nf > 10 ? atof(f[10]) - k->t_spawn : 0;
        s->minflt_run = nf > 11 ? atol(f[11]) : 0;
        s->minflt_total = ru->ru_minflt;
        s->exit_ms = s->reap - s->lat;
        s->cpu_ms = ru->ru_utime.tv_sec * 1e3 + ru->ru_utime.tv_usec / 1e3 + ru->ru_stime.tv_sec * 1e3 +
                    ru->ru_stime.tv_usec / 1e3;
        s->maxrss = ru->ru_maxrss;
        counted = true;
        if (!strcmp(O.w->name, "rng") || !strcmp(O.w->name, "rngctx")) {
          bool seen = false;
          for (int i = 0; i < nresults; i++)
            if (!strcmp(results[i], f[0])) { seen = true; break; }
          if (!seen && nresults < 100000) results[nresults++] = strdup(f[0]);
        }
      }
    } else {
      fail(k, "malformed result");
    }
  } else {
    crashes++;
    char what[128];
    if (WIFSIGNALED(status)) snprintf(what, sizeof what, "child died by signal %d", WTERMSIG(status));
    else snprintf(what, sizeof what, "child exited %d without result", WEXITSTATUS(status));
    fail(k, what);
  }
  (void)counted;
  close(k->res);
  if (k->go >= 0) close(k->go);
  close(k->pidfd);
  k->state = 0;
}

static int cmp_d(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double pct(double *v, int n, double p)
{
  if (!n) return 0;
  int i = (int)(p / 100.0 * (n - 1) + 0.5);
  return v[i];
}

#define FIELD_STATS(field, label, fmt_scale)                                   \
  do {                                                                         \
    for (int i = 0; i < nsamples; i++) v[i] = (double)S[i].field;              \
    qsort(v, nsamples, sizeof *v, cmp_d);                                      \
    printf("  %-22s p50 %9.3f  p90 %9.3f  p99 %9.3f  max %9.3f\n", label,     \
           pct(v, nsamples, 50) * fmt_scale, pct(v, nsamples, 90) * fmt_scale, \
           pct(v, nsamples, 99) * fmt_scale, v[nsamples - 1] * fmt_scale);     \
  } while (0)

static void loadavg(char *buf, size_t n)
{
  FILE *f = fopen("/proc/loadavg", "r");
  buf[0] = 0;
  if (f && fgets(buf, (int)n, f)) buf[strcspn(buf, "\n")] = 0;
  if (f) fclose(f);
}

static double cpu_busy_fraction(long long *prev_busy, long long *prev_total)
{
  FILE *f = fopen("/proc/stat", "r");
  long long u, ni, sy, id, io, irq, sirq, st;
  if (!f || fscanf(f, "cpu %lld %lld %lld %lld %lld %lld %lld %lld", &u, &ni, &sy, &id, &io, &irq, &sirq, &st) != 8) {
    if (f) fclose(f);
    return -1;
  }
  fclose(f);
  long long busy = u + ni + sy + irq + sirq + st, total = busy + id + io;
  double r = -1;
  if (*prev_total) r = (double)(busy - *prev_busy) / (double)(total - *prev_total);
  *prev_busy = busy;
  *prev_total = total;
  return r;
}

static int bench(void)
{
  S = calloc((size_t)O.n, sizeof *S);
  results = calloc(100000, sizeof *results);
  mem zm = {0};
  double t_create = 0;
  if (O.zygote) {
    double t = now_ms();
    if (create_realm(O.boot)) return 1;
    t_create = now_ms() - t;
    if (O.warm) {
      /* Exercise what runs will use (builtins, lazily built parts of the
      ** global object, the bootstrap's functions) once in the zygote, as
      ** acs's bootstrap "warm" hook does, so children share the result. */
      char *r = eval(WARM_JS);
      if (strcmp(r, "1")) fprintf(stderr, "warm-up: %s\n", r);
      free(r);
    }
    if (O.heat) {
      /* Run hot code and allocate in the zygote itself, so that the JIT's
      ** and the collector's helper threads (if enabled) exist at fork. */
      free(eval("(function(){ let s=0; for (let i=0;i<1e7;i++) s=(s+i)|0; let k=0;"
                " for (let i=0;i<20000;i++){ const a=new Array(64).fill(i); k+=a.length; } return s+k; })()"));
    }
    if (O.gc_before_fork) JSSynchronousGarbageCollectForDebugging(C);
    if (O.anon_text) anon_text();
    if (O.warm || O.heat || O.gc_before_fork) list_threads("zygote before the first fork");
    zm = read_mem();
  }
  if (!O.zygote) free(make_bootstrap(O.boot)); /* boot_n, for the checks */
  int threads_at_fork = count_threads();
  char la0[128], la1[128];
  loadavg(la0, sizeof la0);
  long long pb = 0, pt = 0;
  cpu_busy_fraction(&pb, &pt);
  struct rusage self0, self1;
  getrusage(RUSAGE_SELF, &self0);

  int started = 0, done = 0, ready = 0, spawning = 0, running = 0;
  double hang_ms = !strcmp(O.w->name, "jit") ? 30000 : !strcmp(O.w->name, "gc200") ? 20000 : 5000;
  double t_begin = now_ms();
  int pool_misses = 0;
  /* Open loop: arrival times, drawn ahead (exponential gaps, fixed seed). */
  double *arr = calloc((size_t)O.n + 1, sizeof *arr);
  int arrived = O.n;
  if (O.rate > 0) {
    srand48(42);
    double t = t_begin + 20; /* let the pool fill first */
    for (int i = 0; i < O.n; i++) {
      arr[i] = t;
      t += -log(1.0 - drand48()) * 1000.0 / O.rate;
    }
    arrived = 0;
  }
  for (;;) {
    bool unreaped = false;
    for (int i = 0; i < MAXKIDS; i++)
      if (K[i].state == 4) unreaped = true;
    if (done >= O.n && !unreaped) break;
    /* Keep the pool full. */
    while (O.k > 0 && ready + spawning < O.k && started + ready + spawning < O.n) {
      if (spawn_kid(true) < 0) break;
      spawning++;
    }
    /* Start runs up to the parallelism. */
    if (O.rate > 0) {
      double t = now_ms();
      while (arrived < O.n && arr[arrived] <= t) arrived++;
    }
    while (running < O.par && started < arrived) {
      if (O.k == 0) {
        int slot = spawn_kid(false);
        if (slot < 0) break;
        if (O.rate > 0) K[slot].t_start = arr[started];
        running++;
        started++;
        continue;
      }
      kid *pick = NULL;
      for (int i = 0; i < MAXKIDS; i++)
        if (K[i].state == 2 && (!pick || K[i].t_ready < pick->t_ready)) pick = &K[i];
      if (pick) {
        ready--;
        start_run(pick);
        if (O.rate > 0) pick->t_start = arr[started];
      } else {
        /* None ready: take the oldest spawning one; its run starts now. */
        for (int i = 0; i < MAXKIDS; i++)
          if (K[i].state == 1 && !K[i].assigned && (!pick || K[i].t_spawn < pick->t_spawn)) pick = &K[i];
        if (!pick) {
          if (spawn_kid(true) < 0) break;
          spawning++;
          continue;
        }
        pool_misses++;
        pick->assigned = true;
        pick->t_start = O.rate > 0 ? arr[started] : now_ms();
        spawning--;
        pick->state = 5; /* spawning, run assigned */
      }
      running++;
      started++;
    }
    /* Wait for something. */
    struct pollfd pf[MAXKIDS];
    int idx[MAXKIDS], np = 0;
    for (int i = 0; i < MAXKIDS; i++)
      if (K[i].state == 1 || K[i].state == 3 || K[i].state == 5 || (K[i].state == 4 && !K[i].eof)) {
        pf[np].fd = K[i].res;
        pf[np].events = POLLIN;
        idx[np++] = i;
      }
    bool reap_pending = false;
    for (int i = 0; i < MAXKIDS; i++)
      if (K[i].state == 4 && K[i].eof) {
        pf[np].fd = K[i].pidfd;
        pf[np].events = POLLIN;
        idx[np++] = -1 - i; /* a pidfd: reaped below */
      }
    double wait = reap_pending ? 0 : 100;
    if (O.rate > 0 && arrived < O.n) {
      double d = arr[arrived] - now_ms();
      if (d < wait) wait = d > 0 ? d : 0;
    }
    struct timespec ts = {(time_t)(wait / 1000), (long)(fmod(wait, 1000.0) * 1e6)};
    int pr = ppoll(pf, (nfds_t)np, &ts, NULL);
    if (pr < 0 && errno != EINTR) { perror("poll"); return 1; }
    double t = now_ms();
    for (int j = 0; j < np && pr > 0; j++) {
      if (!pf[j].revents || idx[j] < 0) continue;
      kid *k = &K[idx[j]];
      char tmp[4096];
      ssize_t r = read(k->res, tmp, sizeof tmp);
      if (r <= 0) {
        k->eof = true;
        if (k->state == 1 || k->state == 5) { /* died before ready */
          if (k->state == 1) spawning--;
          else running--, done++;
          k->state = 4;
        } else if (k->state == 3) {
          running--;
          done++;
          k->state = 4;
        }
        continue;
      }
      size_t off = 0;
      if ((k->state == 1 || k->state == 5) && tmp[0] == 'R') {
        off = 1;
        k->t_ready = t;
        if (k->state == 5) {
          double ts = k->t_start;
          start_run(k);
          k->t_start = ts; /* the run waited since then */
        } else {
          k->state = 2;
          spawning--;
          ready++;
        }
      }
      if ((size_t)r > off) {
        size_t m = (size_t)r - off;
        if (k->len + m >= sizeof k->buf) m = sizeof k->buf - 1 - k->len;
        memcpy(k->buf + k->len, tmp + off, m);
        k->len += m;
        k->buf[k->len] = 0;
        if (!k->got_result && memchr(k->buf, '\n', k->len)) {
          k->got_result = true;
          k->t_result = t;
          if (k->state == 3) {
            running--;
            done++;
            k->state = 4;
          }
        }
      }
    }
    /* Reap. */
    for (int i = 0; i < MAXKIDS; i++) {
      kid *k = &K[i];
      if (k->state != 4) continue;
      int st;
      struct rusage ru;
      pid_t w = wait4(k->pid, &st, WNOHANG, &ru);
      if (w == k->pid) {
        if (!k->eof) { /* drain what is left */
          char tmp[4096];
          ssize_t r;
          while ((r = read(k->res, tmp, sizeof tmp)) > 0) {}
        }
        finish(k, st, &ru);
      }
    }
    /* Hangs. */
    for (int i = 0; i < MAXKIDS; i++) {
      kid *k = &K[i];
      bool is_run = k->state == 3 || k->state == 5;
      bool is_spawn = k->state == 1 || k->state == 2;
      if ((is_run && t - k->t_start > hang_ms) || (is_spawn && t - k->t_spawn > 60000)) {
        hangs++;
        failures++;
        if (hangs <= 3) diagnose(k);
        if (!first_failure[0])
          snprintf(first_failure, sizeof first_failure, "hang (pid %d, state %d)", k->pid, k->state);
        kill(k->pid, SIGKILL);
        waitpid(k->pid, NULL, 0);
        close(k->res);
        close(k->pidfd);
        if (k->go >= 0) close(k->go);
        if (is_run) running--, done++;
        else if (k->state == 1) spawning--;
        else ready--;
        k->state = 0;
      }
    }
  }
  double t_end = now_ms();
  /* Drop pre-forked children left over. */
  for (int i = 0; i < MAXKIDS; i++)
    if (K[i].state) {
      kill(K[i].pid, SIGKILL);
      waitpid(K[i].pid, NULL, 0);
    }
  getrusage(RUSAGE_SELF, &self1);
  double busy = cpu_busy_fraction(&pb, &pt);
  loadavg(la1, sizeof la1);
  double parent_cpu = (self1.ru_utime.tv_sec - self0.ru_utime.tv_sec) * 1e3 +
                      (self1.ru_utime.tv_usec - self0.ru_utime.tv_usec) / 1e3 +
                      (self1.ru_stime.tv_sec - self0.ru_stime.tv_sec) * 1e3 +
                      (self1.ru_stime.tv_usec - self0.ru_stime.tv_usec) / 1e3;

  printf("== %s mode=%s workload=%s n=%d par=%d prefork=%d boot=%zu%s%s rate=%g\n", O.tag ? O.tag : "", O.zygote ? "zygote" : "cold",
         O.w->name, O.n, O.par, O.k, O.boot, O.warm ? " warm" : "", O.prefault ? " prefault" : "", O.rate);
  if (O.zygote)
    printf("  zygote: realm created in %.2f ms; zygote RSS %ld kB, private dirty %ld kB; threads at fork %d\n",
           t_create, zm.rss, zm.priv_dirty, threads_at_fork);
  printf("  ok %d  failures %d (hangs %d, crashes %d, wrong %d)  pool misses %d\n", nsamples, failures, hangs,
         crashes, wrong, pool_misses);
  if (first_failure[0]) printf("  first failure: %s\n", first_failure);
  printf("  wall %.0f ms -> %.1f runs/s; parent CPU %.3f ms/run; machine busy %.0f%%; load %s -> %s\n",
         t_end - t_begin, O.n * 1000.0 / (t_end - t_begin), parent_cpu / O.n, busy * 100, la0, la1);
  if (nsamples) {
    double *v = malloc(sizeof *v * (size_t)nsamples);
    FIELD_STATS(lat, "latency to result ms", 1);
    FIELD_STATS(reap, "latency to reap ms", 1);
    FIELD_STATS(fork_ms, "fork() in parent ms", 1);
    FIELD_STATS(to_child, "spawn->child runs ms", 1);
    FIELD_STATS(exit_ms, "result->reaped ms", 1);
    FIELD_STATS(minflt_run, "child minflt at result", 1);
    FIELD_STATS(minflt_total, "child minflt total", 1);
    FIELD_STATS(prep_ms, "child VM+ctx+boot ms", 1);
    FIELD_STATS(run_ms, "child run ms", 1);
    FIELD_STATS(cpu_ms, "child CPU ms", 1);
    FIELD_STATS(maxrss, "child maxrss MB", 1 / 1024.0);
    if (O.mem) {
      FIELD_STATS(rss0, "child RSS start kB", 1);
      FIELD_STATS(pd0, "priv dirty start kB", 1);
      FIELD_STATS(pd1, "priv dirty end kB", 1);
      FIELD_STATS(pc1, "priv clean end kB", 1);
      FIELD_STATS(rss1, "child RSS end kB", 1);
      FIELD_STATS(pss1, "child PSS end kB", 1);
    }
    FIELD_STATS(threads, "child threads at end", 1);
    if (!strcmp(O.w->name, "rng") || !strcmp(O.w->name, "rngctx"))
      printf("  distinct results: %d of %d (first: %s)\n", nresults, nsamples, nresults ? results[0] : "");
    if (!strcmp(O.w->name, "jit")) {
      /* The loop's own time, from the result JSON. */
    }
    if (O.raw) {
      FILE *f = fopen(O.raw, "a");
      for (int i = 0; f && i < nsamples; i++)
        fprintf(f, "%s\t%s\t%s\t%d\t%d\t%.4f\t%.4f\t%.4f\t%.4f\n", O.tag ? O.tag : "", O.zygote ? "zygote" : "cold",
                O.w->name, O.par, O.k, S[i].lat, S[i].reap, S[i].cpu_ms, S[i].run_ms);
      if (f) fclose(f);
    }
  }
  fflush(stdout);
  return failures ? 3 : 0;
}

/* ------------------------------------------------------------ threads mode */

static void print_options(void)
{
  const char *bools[] = {"useJIT", "useBaselineJIT", "useDFGJIT", "useFTLJIT", "useConcurrentJIT",
                         "useConcurrentGC", "useParallelMarkingConstraintSolver", "useWasm", NULL};
  const char *uints[] = {"numberOfGCMarkers", "numberOfDFGCompilerThreads", "numberOfFTLCompilerThreads",
                         "numberOfWasmCompilerThreads", "maxNumberOfWorklistThreads", NULL};
  printf("  options:");
  for (int i = 0; bools[i]; i++) {
    gboolean b = 0;
    if (jsc_options_get_boolean(bools[i], &b)) printf(" %s=%d", bools[i], b);
  }
  for (int i = 0; uints[i]; i++) {
    guint u = 0;
    if (jsc_options_get_uint(uints[i], &u)) printf(" %s=%u", uints[i], u);
  }
  printf("\n");
}

static int threads_mode(void)
{
  list_threads("main() entered");
  double t = now_ms();
  G = JSContextGroupCreate();
  list_threads("JSContextGroupCreate");
  C = JSGlobalContextCreateInGroup(G, NULL);
  list_threads("JSGlobalContextCreateInGroup");
  printf("  (VM + context: %.2f ms)\n", now_ms() - t);
  print_options();
  char *src = make_bootstrap(O.boot);
  t = now_ms();
  free(eval(src));
  { char l[64]; snprintf(l, sizeof l, "bootstrap evaluated (%zu KB)", O.boot / 1000); list_threads(l); }
  printf("  (bootstrap: %.2f ms)\n", now_ms() - t);
  free(eval("var tmp = 0; for (let i = 0; i < 1e6; i++) tmp += i;"));
  list_threads("1e6 loop at top level");
  JSGarbageCollect(C);
  list_threads("JSGarbageCollect");
  free(eval("(function(){ let k=0; for (let i=0;i<200000;i++){ const a=new Array(64).fill(i); k+=a.length; } return k; })()"));
  list_threads("~100 MB of garbage (eden GCs)");
  free(eval("(function(){ let s=0; for (let i=0;i<1e8;i++) s=(s+i)|0; return s; })()"));
  list_threads("1e8 hot loop (DFG/FTL)");
  usleep(500 * 1000);
  list_threads("+0.5 s idle");
  if (O.gdb) return 0; /* --quick */
  sleep(11);
  list_threads("+11.5 s idle");
  sleep(20);
  list_threads("+31.5 s idle");
  return 0;
}

/* ------------------------------------------------------------ main */

int main(int argc, char **argv)
{
  if (argc < 2) {
    fprintf(stderr, "usage: zygote threads|bench|inproc [flags]\n");
    return 2;
  }
  const char *cmd = argv[1];
  const char *scav = "keep";
  O.w = find_workload("trivial");
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--opt") && v) {
      char *eq = strchr(v, '=');
      if (!eq) return 2;
      char name[128];
      snprintf(name, sizeof name, "JSC_%.*s", (int)(eq - v), v);
      setenv(name, eq + 1, 1);
      i++;
    } else if (!strcmp(a, "--mode") && v) O.zygote = !strcmp(v, "zygote"), i++;
    else if (!strcmp(a, "-n") && v) O.n = atoi(v), i++;
    else if (!strcmp(a, "-p") && v) O.par = atoi(v), i++;
    else if (!strcmp(a, "-k") && v) O.k = atoi(v), i++;
    else if (!strcmp(a, "-w") && v) O.w = find_workload(v), i++;
    else if (!strcmp(a, "-b") && v) O.boot = (size_t)atol(v), i++;
    else if (!strcmp(a, "-m")) O.mem = true;
    else if (!strcmp(a, "--resume")) O.resume = true;
    else if (!strcmp(a, "--warm")) O.warm = true;
    else if (!strcmp(a, "--heat")) O.heat = true;
    else if (!strcmp(a, "--prefault")) O.prefault = true;
    else if (!strcmp(a, "-r") && v) O.rate = atof(v), i++;
    else if (!strcmp(a, "--anon-text")) O.anon_text = true;
    else if (!strcmp(a, "--gc")) O.gc_before_fork = true;
    else if (!strcmp(a, "--gdb") || !strcmp(a, "--quick")) O.gdb = true;
    else if (!strcmp(a, "--scavenger") && v) scav = v, i++;
    else if (!strcmp(a, "--raw") && v) O.raw = v, i++;
    else if (!strcmp(a, "--tag") && v) O.tag = v, i++;
    else { fprintf(stderr, "bad argument %s\n", a); return 2; }
  }
  if (O.par > MAXKIDS / 2 || O.k > MAXKIDS / 2) return 2;
  /* Before anything allocates through libpas. */
  if (!strcmp(scav, "suspend")) pas_scavenger_suspend();
  else if (!strcmp(scav, "disable")) pas_scavenger_is_enabled = false;
  if (O.resume && strcmp(scav, "suspend")) {
    fprintf(stderr, "--resume needs --scavenger suspend\n");
    return 2;
  }

  if (!strcmp(cmd, "threads")) return threads_mode();
  if (!strcmp(cmd, "inproc")) {
    if (create_realm(O.boot)) return 1;
    for (int i = 0; i < 3; i++) {
      double ms;
      char *r = run_workload(O.w, &ms);
      printf("inproc %s: %s (%.2f ms) threads now %d\n", O.w->name, r, ms, count_threads());
      free(r);
      if (!strcmp(O.w->name, "jit")) {
        /* fresh function object each time, as in a child */
      }
    }
    return 0;
  }
  if (!strcmp(cmd, "bench")) return bench();
  fprintf(stderr, "unknown command %s\n", cmd);
  return 2;
}
