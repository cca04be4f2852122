/* capture.c - head + tail output capture within a cap. */
#include "box/capture.h"

#include <criterion/criterion.h>
#include <string.h>

Test(capture, under_the_cap_keeps_everything)
{
  acs__capture c;
  cr_assert_eq(acs__capture_init(&c, "stdout", 10), 0);
  cr_assert_eq(acs__capture_add(&c, "abc", 3), 3);
  cr_assert_eq(acs__capture_add(&c, "defghij", 7), 2, "only the head is live");
  acs__buf rest = {0};
  cr_assert_not(acs__capture_rest(&c, &rest));
  cr_assert_str_eq(rest.data, "fghij");
  acs__buf_free(&rest);
  acs__capture_free(&c);
}

Test(capture, over_the_cap_drops_the_middle)
{
  acs__capture c;
  acs__capture_init(&c, "stdout", 10);
  for (int i = 0; i < 100; i++) acs__capture_add(&c, "0123456789", 10);
  acs__buf rest = {0};
  cr_assert(acs__capture_rest(&c, &rest));
  cr_assert_str_eq(c.head.data, "01234");
  cr_assert(strstr(rest.data, "990 bytes of stdout dropped"));
  cr_assert_eq(strcmp(rest.data + rest.len - 5, "56789"), 0);
  acs__buf_free(&rest);
  acs__capture_free(&c);
}

Test(capture, big_write_in_one_go)
{
  acs__capture c;
  acs__capture_init(&c, "stderr", 4);
  char big[1000];
  memset(big, 'x', sizeof big);
  big[999] = 'z';
  acs__capture_add(&c, big, sizeof big);
  acs__buf rest = {0};
  cr_assert(acs__capture_rest(&c, &rest));
  cr_assert_eq(rest.data[rest.len - 1], 'z');
  cr_assert(strstr(rest.data, "996 bytes of stderr"));
  acs__buf_free(&rest);
  acs__capture_free(&c);
}

Test(capture, tail_starts_on_a_character)
{
  acs__capture c;
  acs__capture_init(&c, "stdout", 8);
  const char *e = "\xc3\xa9"; /* é */
  for (int i = 0; i < 50; i++) acs__capture_add(&c, e, 2);
  acs__capture_add(&c, "x", 1);
  acs__buf rest = {0};
  acs__capture_rest(&c, &rest);
  const char *nl = strrchr(rest.data, '\n');
  cr_assert_neq((unsigned char)nl[1] & 0xC0, 0x80, "tail begins mid-character");
  acs__buf_free(&rest);
  acs__capture_free(&c);
}
