/* tar_xform.h - tar's --transform (tar_xform.c). */
#ifndef ACS_CMDS_TAR_XFORM_H
#define ACS_CMDS_TAR_XFORM_H

#include <stdbool.h>
#include <stddef.h>

enum { TAR_XF_NAME = 1, TAR_XF_SYMLINK = 2, TAR_XF_HARDLINK = 4 };

typedef struct tar_xforms tar_xforms;

/* Adds the expressions of expr (s/RE/REPL/FLAGS[;...]) to *xs, made on
** first use; false with the reason in err. */
bool tar_xform_add(tar_xforms **xs, const char *expr, char *err, size_t errsize);
/* name after the expressions that apply to what (TAR_XF_*); malloc'd. */
char *tar_xform_name(const tar_xforms *xs, const char *name, unsigned what);
void tar_xform_free(tar_xforms *xs);

#endif
