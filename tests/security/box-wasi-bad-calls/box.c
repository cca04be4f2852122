/* a hostile WASI program: every preview1 call with descriptors it does not
** have, pointers past its memory and lengths that wrap; each answer is an
** errno, the program goes on, the host is untouched */
#include <stdio.h>
#include <stdint.h>
#include <wasi/api.h>
int main(void)
{
	uint8_t *bad = (uint8_t *)0xfffffff0u;
	__wasi_iovec_t iov = {bad, 64};
	__wasi_ciovec_t ciov = {bad, 64};
	__wasi_size_t n;
	__wasi_fd_t fd;
	int errs = 0, oks = 0;
#define T(call) ((call) ? errs++ : oks++)
	for (__wasi_fd_t f = 3; f < 64; f++) {
		T(__wasi_fd_read(f, &iov, 1, &n));
		T(__wasi_fd_write(f, &ciov, 1, &n));
		T(__wasi_fd_close(f + 100));
		T(__wasi_fd_renumber(f + 200, 0));
	}
	T(__wasi_fd_read(0, (const __wasi_iovec_t *)bad, 4, &n));
	T(__wasi_fd_write(1, (const __wasi_ciovec_t *)bad, 4, &n));
	T(__wasi_fd_write(1, &ciov, 1, (__wasi_size_t *)bad));
	T(__wasi_path_open(0, 0, "etc/passwd", 0, 0, 0, 0, &fd));
	T(__wasi_path_open(3, 0, "../../../../etc/shadow", 0, ~0ull, ~0ull, 0, &fd));
	T(__wasi_path_open(3, 0, "x", 0, 0, 0, 0, (__wasi_fd_t *)bad));
	T(__wasi_args_get((uint8_t **)bad, bad));
	T(__wasi_environ_get((uint8_t **)bad, bad));
	T(__wasi_random_get(bad, 1024));
	T(__wasi_clock_time_get(99, 0, (__wasi_timestamp_t *)bad));
	__wasi_subscription_t sub = {0};
	__wasi_event_t ev;
	T(__wasi_poll_oneoff(&sub, &ev, 0x7fffffff, &n));
	T(__wasi_poll_oneoff((const __wasi_subscription_t *)bad, &ev, 1, &n));
	T(__wasi_fd_readdir(3, bad, 4096, 0, &n));
	T(__wasi_fd_prestat_dir_name(3, bad, 4096));
	T(__wasi_fd_prestat_dir_name(3, (uint8_t *)&n, 0xffffffffu));
	T(__wasi_path_symlink("/etc/passwd", 3, "../../escape"));
	T(__wasi_path_rename(3, "../..", 3, "x"));
	T(__wasi_sock_accept(0, 0, &fd));
	printf("done: %d refused, %d allowed\n", errs, oks);
	return 0;
}
