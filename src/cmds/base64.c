/* base64.c - base64 and base32 encode/decode data and print to standard output.
**
** Usage: base64 [OPTION]... [FILE]
** Base64 encode or decode FILE, or standard input, to standard output.
**
** With no FILE, or when FILE is -, read standard input.
**
**   -d, --decode          decode data
**   -i, --ignore-garbage  when decoding, ignore non-alphabet characters
**   -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
**                           Use 0 to disable line wrapping
**       --help        display this help and exit
**       --version     output version information and exit
**
** The data are encoded as described for the base64 alphabet in RFC 4648.
** When decoding, the input may contain newlines in addition to the bytes of
** the formal base64 alphabet.  Use --ignore-garbage to attempt to recover
** from any other non-alphabet bytes in the encoded stream.
*/

/* GNU coreutils' base64; the work is lib_baseenc's. */
#include "lib_baseenc.h"

int acs__cmd_base64(acs_cmd *c, int argc, char **argv) { return cmd_baseenc_main(c, argc, argv, &cmd_base64); }
