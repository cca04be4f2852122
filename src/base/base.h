/* base.h - small building blocks shared by every layer: error filling,
** growable byte buffers, checked allocation, clocks. Internal (acs__). */
#ifndef ACS_BASE_H
#define ACS_BASE_H

#include "acs.h"
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define ACS__PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define ACS__PRINTF(a, b)
#endif

/* Fill err (if not NULL) with code, type and a formatted message; returns
** code so that callers can `return acs__fail(...)`. */
int acs__fail(acs_err *err, int code, const char *type, const char *fmt, ...)
    ACS__PRINTF(4, 5);
#define ACS__CONFIG "SandboxConfigError"
#define ACS__ENV "SandboxError"

/* A growable byte buffer; always NUL-terminated when data != NULL. */
typedef struct acs__buf {
  char *data;
  size_t len, cap;
} acs__buf;

int acs__buf_append(acs__buf *b, const void *data, size_t len);
int acs__buf_puts(acs__buf *b, const char *s);
int acs__buf_printf(acs__buf *b, const char *fmt, ...) ACS__PRINTF(2, 3);
/* Hand the bytes to the caller (malloc'd, NUL-terminated, never NULL on
** success); the buffer is reset. */
char *acs__buf_take(acs__buf *b, size_t *len);
void acs__buf_free(acs__buf *b);

/* base64 of data[0..n) into out (NUL-terminated; what does not fit in
** size is left out, whole groups only); returns the characters written. */
size_t acs__base64(const void *data, size_t n, char *out, size_t size);

char *acs__strdup(const char *s); /* NULL in, NULL out */
char *acs__strndup(const char *s, size_t n);

/* 64-bit FNV-1a of a NUL-terminated string: cache file names and hash
** tables (not for anything an attacker must not collide). */
uint64_t acs__fnv1a(const char *s);

/* Monotonic time in milliseconds (fractional). */
double acs__now_ms(void);

/* Read a whole host file (by absolute or relative path) into a malloc'd,
** NUL-terminated buffer. Returns 0 or a negative errno. */
int acs__read_file(const char *path, char **out, size_t *len);

/* Write all bytes to fd, retrying on EINTR and partial writes. Returns 0 or
** -errno. */
int acs__write_all(int fd, const void *data, size_t len);

/* Make a fresh directory PREFIX-XXXXXX in $TMPDIR (or /tmp), mode 0700;
** *out is its canonical path (malloc'd, the caller's). */
int acs__temp_dir(const char *prefix, char **out, acs_err *err);
/* Remove a host tree without following any link in it, making directories
** writable first; best effort (what cannot be removed stays). */
void acs__remove_tree(const char *dir);

/* Threads of this process (from /proc/self/task); -1 when /proc cannot
** say. A zygote forks only while it is 1: fork copies the calling thread
** alone, and a child would wait forever for a lock another one held. */
int acs__thread_count(void);


/* A copy of s (len bytes) in which every invalid UTF-8 sequence is replaced
** by U+FFFD, for places that need valid text (JSON). malloc'd. */
char *acs__utf8_sanitize(const char *s, size_t len, size_t *out_len);
#endif
