/* lib_vercmp.h - GNU's version order of file names (ls -v, sort -V):
** digits compare as numbers, letters before other bytes, '~' before
** everything, suffixes like ".tar.gz" compared last. */
#ifndef ACS_CMDS_LIB_VERCMP_H
#define ACS_CMDS_LIB_VERCMP_H

/* <0, 0 or >0 as strcmp; 0 only for names equal in version order (the
** caller breaks ties with strcmp, as GNU does). */
int filevercmp(const char *a, const char *b);

#endif
