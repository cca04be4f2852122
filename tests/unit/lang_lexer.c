/* lang_lexer.c - tokens, including the context-dependent ones. */
#include "lang/lexer.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

/* Lex src with "/" read as regex only after "=" "(" "," or at the start, and
** print "kind:text" items joined by spaces. */
static void lex_all(const char *src, char *out, size_t cap)
{
  acs__lexer L;
  acs__lex_init(&L, src, (uint32_t)strlen(src));
  out[0] = 0;
  bool regex_ok = true;
  for (;;) {
    acs__token t = acs__lex_next(&L, regex_ok);
    if (t.kind == TK_EOF) break;
    static const char *names[] = {"eof", "id", "priv", "num", "big", "str", "tpl", "head", "mid", "tail", "re", "p", "jsx", "ERR"};
    char item[128];
    snprintf(item, sizeof item, "%s%s:%.*s", out[0] ? " " : "", names[t.kind], (int)(t.end - t.start), src + t.start);
    strncat(out, item, cap - strlen(out) - 1);
    if (t.kind == TK_ERROR) break;
    regex_ok = t.kind == TK_PUNCT && t.punct != P_RPAREN && t.punct != P_RBRACK && t.punct != P_RBRACE;
  }
}

static void expect(const char *src, const char *want)
{
  char got[1024];
  lex_all(src, got, sizeof got);
  cr_assert_str_eq(got, want, "for %s", src);
}

Test(lexer, punctuators_longest_match)
{
  expect("a>>>=b", "id:a p:>>>= id:b");
  expect("a?\?=b?.c", "id:a p:?\?= id:b p:?. id:c");
  expect("x?.5:1", "id:x p:? num:.5 p:: num:1");
  expect("...a=>b", "p:... id:a p:=> id:b");
  expect("a**=2", "id:a p:**= num:2");
}

Test(lexer, numbers)
{
  expect("1_000 0x1F 0o17 0b101 1.5e-3 .5 10n 0xFFn", "num:1_000 num:0x1F num:0o17 num:0b101 num:1.5e-3 num:.5 big:10n big:0xFFn");
  expect("3in", "ERR:3");
}

Test(lexer, strings_and_templates)
{
  expect("'a\\'b' \"c\"", "str:'a\\'b' str:\"c\"");
  expect("`x${", "head:`x${");
  expect("`plain`", "tpl:`plain`");
  expect("'unterminated", "ERR:'unterminated");
}

Test(lexer, regex_versus_division)
{
  expect("a = /x[/]y/g", "id:a p:= re:/x[/]y/g");
  expect("a / b / c", "id:a p:/ id:b p:/ id:c");
}

Test(lexer, comments_lines_and_private_names)
{
  acs__lexer L;
  const char *src = "#!/usr/bin/env node\n// c\n/* a\nb */ x\r\ny\u2028#priv";
  acs__lex_init(&L, src, (uint32_t)strlen(src));
  acs__token t = acs__lex_next(&L, true);
  cr_assert(acs__tok_is(&L, &t, "x"));
  cr_assert_eq(t.line, 4);
  cr_assert(t.nl_before);
  t = acs__lex_next(&L, true);
  cr_assert(acs__tok_is(&L, &t, "y"));
  cr_assert_eq(t.line, 5);
  t = acs__lex_next(&L, true);
  cr_assert_eq(t.kind, TK_PRIVATE);
  cr_assert_eq(t.line, 6);
}

Test(lexer, unicode_identifiers_and_columns)
{
  const char *src = "const caf\xc3\xa9 = \\u0061bc; \xf0\x9f\x98\x80";
  acs__lexer L;
  acs__lex_init(&L, src, (uint32_t)strlen(src));
  acs__lex_next(&L, true);
  acs__token t = acs__lex_next(&L, true);
  cr_assert_eq(t.end - t.start, 5);
  acs__lex_next(&L, true);
  t = acs__lex_next(&L, true);
  cr_assert(t.escaped);
  cr_assert_eq(acs__lex_column(src, 0, t.start), 14, "columns count characters, not bytes");
  /* an astral character counts two UTF-16 units */
  cr_assert_eq(acs__lex_column(src, 0, (uint32_t)strlen(src)), 26);
}
