#!/usr/bin/env python3
"""tests/pip/pep440_vs_packaging.py TOOL - the box's PEP 440 versions and
specifiers and PEP 508 markers (src/pkg/pyver.c, pyreq.c through
tests/pip/pyver_tool.c) against pip's own `packaging` (pip._vendor), the
same questions to both. Prints "ok NAME" / "FAIL NAME" lines."""
import itertools, subprocess, sys

try:
    from pip._vendor.packaging.version import Version, InvalidVersion
    from pip._vendor.packaging.specifiers import SpecifierSet, InvalidSpecifier
    from pip._vendor.packaging.markers import Marker, InvalidMarker
    from pip._vendor.packaging.utils import canonicalize_name
    from pip._vendor.packaging.requirements import Requirement, InvalidRequirement
    from pip._internal.utils.packaging import safe_extra
except ImportError:
    print("skip pep440_vs_packaging: no pip._vendor.packaging")
    sys.exit(0)

VERSIONS = ["1.0", "1", "1.0.0", "v1.0", "1.0a1", "1.0.alpha.1", "1.0b2", "1.0rc1", "1.0c1", "1.0pre", "1.0-preview-2",
            "1.0.post1", "1.0-1", "1.0.rev2", "1.0r3", "1.0.dev0", "1.0dev", "1.0a1.dev1", "1.0.post1.dev2", "1.0+local",
            "1.0+ubuntu-1", "1.0+1.a", "1.0+a.1", "1!0.5", "0.9", "2.0", "2.0.1", "10.0", "1.1.*", "abc", "1.0-", "",
            "1.0.POST", "01.02", "1.0_a_1", "1.0a", "2.0b1.post3", "1.0.0.0.0", "3.11.2", "3.12"]
SPECS = ["==1.0", "==1.0.*", "==1.*", "!=1.0", "!=1.0.*", ">=1.0", ">1.0", "<2.0", "<=1.0", "~=1.0", "~=1.0.0",
         "~=1", ">=1.0,<2.0", ">=1.0a1", "<1.0", ">1.0.post0", "===1.0", "==1.0+local", "==1.0+ubuntu.1",
         ">=1.0,!=1.0.post1", "==2", ">=3.8", ">=3.12", "<3", "", ">=1.0,<2.0,!=1.5.*", "== 1.0", "=>1.0", "~=1.0.*"]
MARKERS = ['sys_platform == "wasi"', "sys_platform == 'win32'", 'python_version >= "3.8"', 'python_version < "3.11"',
           "python_version > '3.10' and os_name == 'posix'", "platform_machine == 'x86_64' or platform_machine == 'wasm32'",
           "'wasi' == sys_platform", '"3.12" > python_version', 'python_full_version >= "3.11.1"',
           "extra == 'fast'", "extra == 'Fast_Thing'", "(sys_platform == 'wasi' or sys_platform == 'linux') and extra == \"x\"",
           "implementation_name == 'cpython'", "platform_python_implementation != 'PyPy'", "'was' in sys_platform",
           "'linux' not in sys_platform", 'python_version ~= "3.0"', "os_name === 'posix'", 'python_version == "3.11.*"',
           "sys_platform == ", "nonsense == 'x'", "python_version >= '3' and", "(python_version >= '3'"]
EXTRAS = ["", "fast", "fast-thing", "x"]
# ("iota ==" is left out: packaging 21.3 takes it as a legacy specifier
# that matches nothing; the box refuses it as not a requirement)
REQS = ["alpha", "alpha==1.0", "Alpha_Beta.gamma >= 1.0, <2", "delta[fast]", "delta[Fast_Thing, x] (>=1.0)",
        "epsilon ; python_version < '3.8'", "zeta[a]>=1;sys_platform=='wasi'", "eta @ https://example.org/e.whl",
        "-bad", "theta[", "kappa>=1.0a1,!=1.5.*", "lambda~=2.2", "mu===1.0", "nu;", "xi (1.0)",
        "omicron[]", "pi>=1 extra",
        # a name that fills the box's 127 characters keeps its last one in its key
        "Ab_" + "c" * 121 + ".Dz>=1"]
ENV = {"os_name": "posix", "sys_platform": "wasi", "platform_machine": "wasm32", "platform_python_implementation": "CPython",
       "platform_release": "", "platform_system": "", "platform_version": "", "python_version": "3.11",
       "python_full_version": "3.11.2", "implementation_name": "cpython", "implementation_version": "3.11.2"}


def py_cmp(a, b):
    try:
        va, vb = Version(a), Version(b)
    except InvalidVersion:
        return "E"
    return str((va > vb) - (va < vb))


def py_norm(v):
    try:
        return str(Version(v))
    except InvalidVersion:
        return "E"


def py_match(spec, v):
    try:
        s = SpecifierSet(spec)
    except InvalidSpecifier:
        return "E"
    return "1" if s.contains(v, prereleases=True) else "0"


def py_marker(m, extra):
    try:
        mk = Marker(m)
    except InvalidMarker:
        return "E"
    env = dict(ENV, extra=extra)
    return "1" if mk.evaluate(env) else "0"


questions = []
for a, b in itertools.product(VERSIONS, VERSIONS):
    questions.append((f"cmp {a} vs {b}", f"cmp\t{a}\t{b}", py_cmp(a, b)))
for v in VERSIONS:
    questions.append((f"norm {v}", f"norm\t{v}", py_norm(v)))
for s, v in itertools.product(SPECS, VERSIONS):
    try:
        Version(v)
    except InvalidVersion:
        continue  # pip never asks a specifier about a non-version
    questions.append((f"match {s!r} {v}", f"match\t{s}\t{v}", py_match(s, v)))
for m, e in itertools.product(MARKERS, EXTRAS):
    questions.append((f"marker {m!r} extra={e!r}", f"marker\t{m}\t{e}", py_marker(m, e)))

def py_req(text):
    try:
        r = Requirement(text)
    except InvalidRequirement:
        return "E"
    if r.url:
        return "E"
    spec = ",".join(sorted(str(s) for s in r.specifier))
    return f"{r.name}|{canonicalize_name(r.name)}|{','.join(sorted(safe_extra(e) for e in r.extras))}|{spec}"


def box_req(line):
    if line == "E":
        return "E"
    name, key, extras, spec, _marker = line.split("|")
    return f"{name}|{key}|{','.join(sorted(e for e in extras.split(',') if e))}|{','.join(sorted(s for s in spec.split(',') if s))}"


for t in REQS:
    questions.append((f"req {t!r}", f"req\t{t}", py_req(t)))

tool = subprocess.run([sys.argv[1]], input="\n".join(q[1] for q in questions) + "\n", capture_output=True, text=True)
got = tool.stdout.splitlines()
got = [box_req(g) if q[1].startswith("req\t") else g for q, g in zip(questions, got)]
bad = [(q[0], q[2], g) for q, g in zip(questions, got) if q[2] != g]
if len(got) != len(questions):
    print(f"FAIL pep440_vs_packaging: the tool answered {len(got)} of {len(questions)} questions")
elif bad:
    print(f"FAIL pep440_vs_packaging: {len(bad)} of {len(questions)} answers differ from packaging's")
    for name, want, g in bad[:25]:
        print(f"  {name}: packaging {want}, box {g}")
else:
    print(f"ok pep440_vs_packaging: {len(questions)} versions, specifiers and markers as packaging answers")
