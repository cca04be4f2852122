/* kbox.h - a box kernel inside a fuzzer: kernel_fuzz.c (calls sent raw)
** and wasi_fuzz.c (the WASI host's calls through src/sys) share it.
**
** setup() makes a fresh kernel (acs__kernel_init, acs__kernel_boot_fs: the
** booted tree a box has) and spawns two processes as the owner does: a
** victim, root in /root, that wrote /root/secret (mode 600), holds it open
** as fd 3, listens on 127.0.0.1:8080 (fd 4) and has the secret in its
** environment; and the attacker, agent (uid 1000) in /home/agent. The
** harness plays the zygote: a spawn's channel comes through its mail, and
** zygote_says() reports the fork (a fake host pid past every real one) or
** its failure. kill(2) is wrapped (only fake pids may be signalled) and
** fork(2) refused (npm's and pip's workers). teardown() frees it all. */
#ifndef ACS_FUZZ_KBOX_H
#define ACS_FUZZ_KBOX_H

#include "kernel/kernel.h"
#include "sys/sys.h"

#include <stdbool.h>
#include <stdint.h>

/* Host pids past Linux's pid_max (2^22): no real process has one. */
#define FAKE_PID0 5000000
#define FD_SPAN 1024 /* the harness and libFuzzer stay under it */

#define SECRET "k7Qz-SECRET-9fXw-2b1e"
extern const char *kb_name;   /* the harness's name in its messages */
extern acs__kernel K;
extern int guest_end[4096];   /* by box pid: the program's end of its channel, or -1 */
extern int victim_pid, attacker_pid;
extern bool input_has_secret; /* the input holds the secret itself: no leak check */
extern bool armed;            /* set-up done: the checks are on */
extern bool trace;            /* KFUZZ_TRACE=1: each call and its result on stderr */
extern uint32_t seq;

/* Print what, then abort: the fuzzer's finding. */
_Noreturn void breach(const char *what);
/* The open host descriptors as a set. */
void open_fds(bool out[FD_SPAN]);
void check_fds(const bool before[FD_SPAN]);

/* attacker_wasi: the attacker's stdio is the box's /dev/null and the
** harness says no HELLO for it (the WASI host's own client does). */
void setup(bool attacker_wasi);
/* An input's start: a first kernel made and freed once, the host fds
** noted in base (for check_fds after), the secret flag, then setup(). */
void begin_input(bool attacker_wasi, const uint8_t *data, size_t size, bool base[FD_SPAN]);
void teardown(void);
/* The victim's process, descriptors, file descriptions and offsets as
** set-up left them; /root/secret's mode, owner and bytes. */
void check_victim(void);
void check_secret(void);

/* One datagram from box process pid, as the kernel's loop hands it over;
** then every reply read and checked (drain_all). */
void deliver(int32_t pid, const unsigned char *msg, size_t n);
void drain_all(void);
/* A well-formed call built from fmt (i i32, u u32, s string, b bytes). */
void call(int32_t pid, uint16_t op, const char *fmt, ...);
/* The zygote's answer for a starting process: forked, or the fork failed. */
void zygote_says(int32_t pid, bool forked);

#endif
