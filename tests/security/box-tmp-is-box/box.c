/* a WASI program: /tmp and /var/tmp are the box's, never the host's */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void)
{
	close(open("/tmp/acs-fx-box-wasi", O_WRONLY | O_CREAT, 0644));
	mkdir("/tmp/acs-fx-box-wdir", 0755);
	close(open("/var/tmp/acs-fx-box", O_WRONLY | O_CREAT, 0644));
	printf("%d done\n", access("/tmp/acs-fx-box-wasi", F_OK) == 0);
	return 0;
}
