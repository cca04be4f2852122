# tools/make_test_cases.py OUT - writes tests/cmds/make.test (python3 tools/make_test_cases.py tests/cmds/make.test),
# then append the box-only cases kept at the end of that file by hand.
# generates tests/cmds/make.test: each case is (name, makefile text, commands)
cases = [
("a recipe runs and is echoed", "all:\n\techo hello\n", "make"),
("@ hides the line, -s hides all", "all:\n\t@echo one\n\techo two\n", "make; make -s"),
("the default goal is the first target", ".PHONY: all\nfirst:\n\techo first\nsecond:\n\techo second\n", "make; make second"),
("Nothing to be done", "all:\n", "make"),
("is up to date", "out: in\n\tcp in out\n", "echo x > in; make; make"),
("a newer prerequisite remakes", "out: in\n\tcp in out\n", "echo a > in; make -s; touch -d '2000-01-01' out; make; cat out"),
("a missing prerequisite", "all: nope\n\techo x\n", "make"),
("no rule for a goal", "all:\n\techo x\n", "make other"),
("no makefile", None, "make; make foo"),
("an empty makefile", "", "make"),
("a failing recipe stops with Error", "all:\n\tfalse\n\techo after\n", "make"),
("- ignores an error", "all:\n\t-false\n\techo after\n", "make"),
("-i ignores errors", "all:\n\tfalse\n\techo after\n", "make -i"),
("-k keeps going", "all: a b\na:\n\tfalse\nb:\n\techo b\n", "make -k; make"),
("-n prints without running", "all:\n\techo run > ran\n\t@echo quiet\n", "make -n; ls"),
("-B remakes", "out: in\n\tcp in out\n", "echo x > in; make -s; make -B"),
("-q says whether up to date", "out: in\n\tcp in out\n", "echo x > in; make -q; echo q=$?; make -s; make -q; echo q=$?"),
("-C changes directory", "all:\n\t@pwd | sed 's,.*/,,'\n", "mkdir sub && mv Makefile sub/ && make -C sub | sed 's,/.*/,/,'"),
("-f names the makefile", None, "printf 'x:\\n\\techo from mk\\n' > my.mk; make -f my.mk; make -f none.mk"),
("recursive = and simple :=", "A = $(B)\nB = late\nC := $(B)\nB = changed\nall:\n\t@echo $(A) $(C)\n", "make"),
("?= and +=", "A ?= one\nA ?= two\nB = x\nB += y\nC := p\nC += q\nall:\n\t@echo $(A) $(B) $(C)\n", "make"),
("!= runs the shell", "A != echo hi; echo there\nall:\n\t@echo [$(A)]\n", "make"),
("command-line variables override", "A = file\nall:\n\t@echo $(A)\n", "make; make A=cmd"),
("override beats the command line", "override A = file\nall:\n\t@echo $(A)\n", "make A=cmd"),
("environment variables and -e", "A = file\nall:\n\t@echo $(A) $(origin A) $(origin HOME) $(origin CC) $(origin NOPE)\n", "A=env make; A=env make -e"),
("automatic variables", "out.txt: a.in b.in a.in\n\t@echo '$@ | $< | $^ | $+ | $(@D) $(@F)'\n", "touch a.in b.in; make"),
("$? lists the newer prerequisites", "out: a b\n\t@echo $?\n\t@touch out\n", "touch a b; make; sleep 0.01; touch -d '2100-01-01' b; make 2>&1 | sed 's/time [0-9]* s/time N s/'"),
("pattern rules and $*", "all: x.out y.out\n%.out: %.in\n\t@echo $* from $<\n\t@cp $< $@\n", "touch x.in y.in; make; make"),
("static pattern rules", "OBJS = a.o b.o\nall: $(OBJS)\n$(OBJS): %.o: %.c\n\t@echo $@ from $<\n", "touch a.c b.c; make"),
(".PHONY targets always run", ".PHONY: clean\nclean:\n\t@echo cleaning\n", "touch clean; make clean"),
("FORCE: a rule without a recipe", "out: FORCE\n\t@echo remade\nFORCE:\n", "touch out; make; make"),
("order-only prerequisites", "out: | dir\n\t@echo making out\n\t@touch out\ndir:\n\t@mkdir dir\n", "make; touch dir; make"),
("target-specific variables", "A = global\nall: one two\none: A = local\none:\n\t@echo $@ $(A)\ntwo:\n\t@echo $@ $(A)\n", "make"),
("ifeq ifneq ifdef ifndef else", "X = yes\nifeq ($(X),yes)\nA = 1\nelse\nA = 2\nendif\nifneq \"$(X)\" \"no\"\nB = 3\nendif\nifdef X\nC = 4\nendif\nifndef Y\nD = 5\nelse ifdef X\nD = 6\nendif\nall:\n\t@echo $(A)$(B)$(C)$(D)\n", "make; make Y=1"),
("nested conditionals", "ifeq (a,a)\nifeq (b,c)\nX = wrong\nelse\nX = right\nendif\nendif\nall:\n\t@echo $(X)\n", "make"),
("define and canned recipes", "define SAY\n@echo one $(1)\n@echo two $(1)\nendef\nall:\n\t$(call SAY,x)\n", "make"),
("include and -include", "include inc.mk\n-include nope.mk\nall:\n\t@echo $(FROM)\n", "printf 'FROM = included\\n' > inc.mk; make"),
("include of a missing file", "include nope.mk\nall:\n", "make"),
("text functions", "L = b a  c a\nall:\n\t@echo '$(subst a,A,$(L))|$(patsubst %.c,%.o,x.c y.h)|$(strip  $(L) )|$(findstring a,$(L))|$(filter a c,$(L))|$(filter-out a,$(L))|$(sort $(L))'\n\t@echo '$(word 2,$(L))|$(wordlist 2,3,$(L))|$(words $(L))|$(firstword $(L))|$(lastword $(L))'\n", "make"),
("file name functions", "F = src/a.c b.h /x/y.tar.gz noext\nall:\n\t@echo '$(dir $(F))|$(notdir $(F))|$(suffix $(F))|$(basename $(F))'\n\t@echo '$(addsuffix .o,a b)|$(addprefix p/,a b)|$(join a b c,1 2)|$(abspath /a/./b/../c)'\n", "make"),
("wildcard", "all:\n\t@echo $(wildcard *.c) / $(wildcard sub/*.h) / $(wildcard none*)\n", "touch b.c a.c c.h; mkdir sub; touch sub/x.h; make"),
("if or and foreach call", "F = $(1)-$(2)\nall:\n\t@echo '$(if x,yes,no)|$(if ,yes,no)|$(or ,b,c)|$(and a,b)|$(and a,,c)|$(foreach w,a b,[$(w)])|$(call F,p,q)'\n", "make"),
("value origin flavor", "A = $(B)\nB := 1\nall:\n\t@echo '$(value A)|$(flavor A)|$(flavor B)|$(flavor C)|$(origin A)|$(origin @)'\n", "make"),
("shell and .SHELLSTATUS", "X := $(shell printf 'a\\nb\\n')\nY := $(shell exit 3)\nall:\n\t@echo '[$(X)]' $(.SHELLSTATUS)\n", "make"),
("eval", "define R\n$(1):\n\t@echo rule $(1)\nendef\n$(eval $(call R,gen))\nall: gen\n", "make all"),
("$(error) stops", "X = 1\n$(if $(X),$(error X is set))\nall:\n", "make"),
("$(warning) and $(info)", "$(warning careful)\n$(info hello)\nall:\n\t@:\n", "make"),
("missing separator", "all\n\techo x\n", "make"),
("recipe before the first target", "\techo x\nall:\n", "make"),
("export to recipes", "export A = exported\nB = not\nexport C\nC = late\nall:\n\t@echo \"[$$A] [$$B] [$$C]\"\n", "make"),
("$$ is a dollar for the shell", "all:\n\t@x=5; echo $$x $$((x+1))\n", "make"),
("backslash-newline in variables and recipes", "A = one \\\n    two\nall:\n\t@echo $(A); \\\n\techo three\n", "make"),
("comments", "A = x # note\nall: # here\n\t@echo '[$(A)]' # shell comment\n", "make"),
("several goals and MAKECMDGOALS", "a:\n\t@echo a $(MAKECMDGOALS)\nb:\n\t@echo b\n", "make a b"),
("a recursive make", "all:\n\t@$(MAKE) -s -C sub X=1\n", "mkdir sub; printf 'all:\\n\\t@echo sub $(X) $(MAKELEVEL)\\n' > sub/Makefile; make | sed 's,/[^ ]*/,/,'"),
("a recursive make prints directories", "all:\n\t$(MAKE) -C sub\n", "mkdir sub; printf 'all:\\n\\t@echo in sub\\n' > sub/Makefile; make | sed \"s,$PWD,DIR,g\""),
("a failing sub-make", "all:\n\t$(MAKE) -C sub\n", "mkdir sub; printf 'all:\\n\\t@exit 4\\n' > sub/Makefile; make 2>&1 | sed \"s,$PWD,DIR,g\""),
(".DEFAULT_GOAL", ".DEFAULT_GOAL := two\none:\n\t@echo one\ntwo:\n\t@echo two\n", "make"),
("circular dependencies", "a: b\n\t@echo a\nb: a\n\t@echo b\n", "make"),
("-t touches", "out: in\n\tcp in out\n", "touch in; make -t; ls"),
("a target made by two rules", "all: x\nall: y\n\t@echo all from $^\nx y:\n\t@echo $@\n", "make"),
("overriding a recipe warns", "all:\n\t@echo one\nall:\n\t@echo two\n", "make"),
("--help and -v", "", "make --help | head -1; make -v | head -1 | cut -d' ' -f1-3"),
("an unknown option", "", "make --frobnicate 2>&1 | head -3; make -Z 2>&1 | head -3; make -Z 2>/dev/null"),
("a variable that refers to itself", "A = x $(A)\nall:\n\t@echo $(A)\n", "make"),
("-j runs recipes at once", "all: a b\na:\n\t@for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60; do [ -f b.done ] && break; sleep 0.5; done; [ -f b.done ] && echo a saw b\nb:\n\t@echo b\n\t@touch b.done\n", "make -j2"),
("-j: a failure waits for the running jobs", "all: a b\na:\n\t@sleep 1; exit 3\nb:\n\t@sleep 3; echo b done\n", "make -j2"),
("-j with -k", "all: a b c\na:\n\t@exit 3\nb c:\n\t@echo $@\n", "make -j3 -k 2>&1 | sort"),
("-j keeps prerequisites first", "all: c\nc: a b\n\t@echo c after $^\na b:\n\t@echo $@; touch $@\n", "make -j4 | sort"),
("a command that is not there", "all:\n\tnosuchcmd arg\n", "make"),
("-t touches, -s quietly", "out: in\n\tcp in out\n", "touch in; make -t; rm out; make -ts; ls"),
("MAKEFLAGS reaches a sub-make", "all:\n\t@$(MAKE) -C sub\n", "mkdir sub; printf 'all:\\n\\t@echo flags=$(findstring k,$(firstword $(MAKEFLAGS)))\\n' > sub/Makefile; make -k --no-print-directory"),
("the shell's status 127 and 126", "all:\n\t@./notexec\n", "touch notexec; make 2>&1 | grep -o 'Error 12[67]'"),
]
import sys
out = []
out.append("# make: GNU make 4.3's language and words, each case against the host's make")
out.append("# (recipes run /bin/sh: the box's sh there, dash on the host, so no case")
out.append("# depends on a shell's own messages)")
def q(s):
    return "'" + s.replace("'", "'\\''") + "'"
for name, mk, cmds in cases:
    script = ""
    if mk is not None:
        script += "printf %s > Makefile; " % q(mk.replace('\\', '\\\\').replace('%', '%%').replace('\n', '\\n').replace('\t', '\\t'))
    # each command's status and stderr in the comparison
    script += "{ " + cmds + "; } 2>&1; echo \"status=$?\""
    out.append("gnu %s %s" % (q(name), q(script)))
open(sys.argv[1], 'w').write("\n".join(out) + "\n")
