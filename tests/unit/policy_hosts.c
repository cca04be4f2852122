/* policy_hosts.c - allowedDomains parsing, name matching and the address
** check that stands between DNS and connect(). */
#include "policy/hosts.h"

#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

static acs__hosts *parse(const char *const *e, size_t n)
{
  acs__hosts *h = NULL;
  acs_err err = {0};
  int rc = acs__hosts_parse(e, n, &h, &err);
  cr_assert_eq(rc, 0, "parse failed: %s", err.message ? err.message : "?");
  free(err.message);
  return h;
}

static void expect_bad(const char *entry, const char *fragment)
{
  acs__hosts *h = NULL;
  acs_err err = {0};
  const char *e[] = {entry};
  int rc = acs__hosts_parse(e, 1, &h, &err);
  cr_assert_eq(rc, ACS_ECONFIG, "'%s' was accepted", entry);
  cr_assert_null(h);
  cr_assert(err.message && strstr(err.message, entry), "message does not name '%s': %s", entry,
            err.message);
  cr_assert(strstr(err.message, fragment), "'%s': message '%s' lacks '%s'", entry, err.message,
            fragment);
  cr_assert_str_eq(err.type, "SandboxConfigError");
  free(err.message);
}

static bool name_ok(const acs__hosts *h, const char *host, int port)
{
  char why[1024];
  bool ok = acs__hosts_check_name(h, host, port, why, sizeof why);
  if (!ok) cr_assert(strstr(why, "refused") || strstr(why, "not a valid"), "why: %s", why);
  return ok;
}

static bool addr_ok(const acs__hosts *h, const char *host, int port, const char *ip)
{
  struct sockaddr_storage ss = {0};
  if (strchr(ip, ':')) {
    struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
    s6->sin6_family = AF_INET6;
    cr_assert_eq(inet_pton(AF_INET6, ip, &s6->sin6_addr), 1);
  } else {
    struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
    s4->sin_family = AF_INET;
    cr_assert_eq(inet_pton(AF_INET, ip, &s4->sin_addr), 1);
  }
  char why[1024];
  bool ok = acs__hosts_check_addr(h, host, port, (struct sockaddr *)&ss, why, sizeof why);
  if (!ok) cr_assert(strstr(why, "resolves to"), "why names no address: %s", why);
  return ok;
}

Test(hosts, bad_entries)
{
  expect_bad("", "empty");
  expect_bad("*", "wildcard");
  expect_bad("*.", "wildcard");
  expect_bad("https://api.example.com", "scheme");
  expect_bad("api.example.com/v1", "path");
  expect_bad("api..example.com", "empty label");
  expect_bad(".example.com", "empty label");
  expect_bad("api.example.com:0", "port");
  expect_bad("api.example.com:65536", "port");
  expect_bad("api.example.com:80x", "port");
  expect_bad("api.example.com:", "port");
  expect_bad("api.example.com:+80", "port");
  expect_bad("a*.example.com", "'*'");
  expect_bad("api.*.com", "'*'");
  expect_bad("*.com", "two labels");
  expect_bad("user@example.com", "character");
  expect_bad("exa mple.com", "character");
  expect_bad("example.com\\", "character");
  expect_bad("exa%6dple.com", "character");
  expect_bad("2130706433", "IPv4");
  expect_bad("0x7f.1", "IPv4");
  expect_bad("127.1", "IPv4");
  expect_bad("017700000001", "IPv4");
  expect_bad("[127.0.0.1]", "IPv6");
  expect_bad("[::1", "']'");
  expect_bad("[::1]x", "after");
  expect_bad("[::g]", "IPv6");
  expect_bad("10.0.0.0/33", "range");
  expect_bad("10.0.0.0/4", "too wide");
  expect_bad("10.0.0.0/8:80", "port");
  expect_bad("ex_ample!.com", "may hold only");
  char longlabel[80];
  memset(longlabel, 'a', 64);
  strcpy(longlabel + 64, ".com");
  expect_bad(longlabel, "63");
}

Test(hosts, names_and_ports)
{
  const char *e[] = {"API.Example.com.", "*.svc.test:8443", "pinned.test:443", "bücher.example"};
  acs__hosts *h = parse(e, 4);
  cr_assert(name_ok(h, "api.example.com", 443));
  cr_assert(name_ok(h, "api.example.com", 8080)); /* any port */
  cr_assert(!name_ok(h, "example.com", 443));
  cr_assert(!name_ok(h, "badapi.example.com", 443));
  cr_assert(!name_ok(h, "x.api.example.com", 443));
  cr_assert(name_ok(h, "a.svc.test", 8443));
  cr_assert(name_ok(h, "a.b.svc.test", 8443));
  cr_assert(!name_ok(h, "svc.test", 8443)); /* the apex is not a subdomain */
  cr_assert(!name_ok(h, "a.svc.test", 443));
  cr_assert(!name_ok(h, "badsvc.test", 8443));
  cr_assert(!name_ok(h, "a.svc.test.evil.com", 8443));
  cr_assert(name_ok(h, "pinned.test", 443));
  cr_assert(!name_ok(h, "pinned.test", 80));
  cr_assert(name_ok(h, "xn--bcher-kva.example", 443)); /* IDNA */
  cr_assert(!name_ok(h, "127.0.0.1", 443));
  cr_assert(!name_ok(h, "[::1]", 443));
  cr_assert(!name_ok(h, "2130706433", 80)); /* not a valid name */
  cr_assert(!name_ok(h, "api.example.com.evil", 80));
  acs__hosts_free(h);
}

Test(hosts, empty_list_refuses_everything)
{
  acs__hosts *h = parse(NULL, 0);
  char why[512];
  cr_assert(!acs__hosts_check_name(h, "example.com", 443, why, sizeof why));
  cr_assert(strstr(why, "network access is off"), "%s", why);
  acs__hosts_free(h);
}

Test(hosts, address_entries)
{
  const char *e[] = {"127.0.0.1:8080", "[::1]:9000", "10.1.0.0/16", "fd00:1::/32", "93.184.216.34"};
  acs__hosts *h = parse(e, 5);
  cr_assert(name_ok(h, "127.0.0.1", 8080));
  cr_assert(!name_ok(h, "127.0.0.1", 8081));
  cr_assert(!name_ok(h, "127.0.0.2", 8080));
  cr_assert(name_ok(h, "[::1]", 9000));
  cr_assert(!name_ok(h, "[::1]", 8080));
  cr_assert(name_ok(h, "10.1.200.3", 22));
  cr_assert(!name_ok(h, "10.2.0.1", 22));
  cr_assert(name_ok(h, "[fd00:1:ffff::1]", 80));
  cr_assert(name_ok(h, "93.184.216.34", 443));
  cr_assert(!name_ok(h, "localhost", 8080));
  cr_assert(addr_ok(h, "127.0.0.1", 8080, "127.0.0.1"));
  cr_assert(addr_ok(h, "127.0.0.1", 8080, "::ffff:127.0.0.1")); /* same address, mapped */
  cr_assert(!addr_ok(h, "127.0.0.1", 8081, "127.0.0.1"));
  cr_assert(addr_ok(h, "10.1.2.3", 80, "10.1.2.3"));
  acs__hosts_free(h);
}

Test(hosts, special_addresses_refused_for_names)
{
  const char *e[] = {"allowed.test", "*.allowed.test"};
  acs__hosts *h = parse(e, 2);
  const char *bad[] = {
      "127.0.0.1", "127.255.255.254", "0.0.0.0", "0.1.2.3", "10.0.0.1", "172.16.0.1",
      "172.31.255.255", "192.168.1.1", "169.254.169.254", "169.254.0.1", "100.64.0.1",
      "100.100.100.200", "224.0.0.1", "239.255.255.250", "255.255.255.255", "240.0.0.1",
      "192.0.2.1", "198.18.0.1", "::", "::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
      "::ffff:169.254.169.254", "::127.0.0.1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe",
      "2002:7f00:1::1", "2002:a9fe:a9fe::1", "fe80::1", "fd00:ec2::254", "fc00::1",
      "fd12:3456::1", "ff02::1", "fec0::1", "2001:db8::1", "2001::1", "100::1",
      "64:ff9b:1::1",
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    cr_assert(!addr_ok(h, "allowed.test", 443, bad[i]), "%s was allowed", bad[i]);
  const char *good[] = {"93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1",
                        "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808",
                        "2002:808:808::1"};
  for (size_t i = 0; i < sizeof good / sizeof *good; i++)
    cr_assert(addr_ok(h, "allowed.test", 443, good[i]), "%s was refused", good[i]);
  acs__hosts_free(h);
}

Test(hosts, refusal_messages_name_host_and_list)
{
  const char *e[] = {"api.example.com", "*.cdn.test:443"};
  acs__hosts *h = parse(e, 2);
  char why[1024];
  cr_assert(!acs__hosts_check_name(h, "evil.com", 443, why, sizeof why));
  cr_assert(strstr(why, "evil.com:443"), "%s", why);
  cr_assert(strstr(why, "allowed: api.example.com, *.cdn.test:443"), "%s", why);
  struct sockaddr_in s4 = {.sin_family = AF_INET};
  inet_pton(AF_INET, "169.254.169.254", &s4.sin_addr);
  cr_assert(!acs__hosts_check_addr(h, "api.example.com", 443, (struct sockaddr *)&s4, why,
                                   sizeof why));
  cr_assert(strstr(why, "169.254.169.254") && strstr(why, "cloud metadata"), "%s", why);
  struct sockaddr_in6 s6 = {.sin6_family = AF_INET6};
  const char *meta6[] = {"fd00:ec2::254", "::ffff:169.254.169.254", "::ffff:100.100.100.200"};
  for (size_t i = 0; i < 3; i++) {
    inet_pton(AF_INET6, meta6[i], &s6.sin6_addr);
    cr_assert(!acs__hosts_check_addr(h, "api.example.com", 443, (struct sockaddr *)&s6, why, sizeof why));
    cr_assert(strstr(why, "cloud metadata"), "%s: %s", meta6[i], why);
  }
  acs__hosts_free(h);
}
