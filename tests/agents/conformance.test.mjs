// The conformance checks of a deepagents sandbox backend, run against
// ContainerBackend (agent-code-sandbox/deepagents) with node --test. They
// cover what deepagents' standard sandbox suite checks (lifecycle, command
// execution, file transfers, write, read paging, edit, ls, grep literal
// matching, glob, initial files, workflows): that package is not published
// on npm, so its cases are restated here, each as a user of the protocol
// would notice it. One shared backend; lifecycle and initialFiles cases
// make a box of their own and end it at once.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ContainerBackend } from 'agent-code-sandbox/deepagents';
import { isSandboxBackend } from 'deepagents';

const ROOT = '/tmp/conformance';
const at = (name) => `${ROOT}/${name}`;
const lines = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join('\n');
const enc = (s) => new TextEncoder().encode(s);
const dec = (b) => new TextDecoder().decode(b);
const noSlash = (p) => p.replace(/\/$/, '');

let sb;
before(async () => { sb = await ContainerBackend.create({ cwd: '/tmp' }); });
after(async () => { await sb.close(); });

describe('sandbox lifecycle', () => {
  it('has a non-empty string id and is a sandbox backend to deepagents', () => {
    assert.equal(typeof sb.id, 'string');
    assert.ok(sb.id.length > 0);
    assert.equal(isSandboxBackend(sb), true);
  });
  it('is running once created', () => {
    assert.equal(sb.isRunning, true);
  });
  it('close() ends it: isRunning false, commands refused', async () => {
    const tmp = await ContainerBackend.create();
    assert.equal(tmp.isRunning, true);
    await tmp.close();
    assert.equal(tmp.isRunning, false);
    await assert.rejects(tmp.execute('echo x'), /disposed/);
    await tmp.close();
  });
  it('two-step initialization: not running, then initialize(), then running', async () => {
    const tmp = new ContainerBackend();
    try {
      assert.equal(tmp.isRunning, false);
      await assert.rejects(tmp.execute('true'), /initialize\(\)/);
      await tmp.initialize();
      assert.equal(tmp.isRunning, true);
      assert.ok(tmp.id);
      assert.equal((await tmp.execute('echo ok')).output, 'ok\n');
    } finally {
      await tmp.close();
    }
  });
});

describe('command execution', () => {
  it('runs echo', async () => {
    const r = await sb.execute('echo "hello"');
    assert.equal(r.exitCode, 0);
    assert.equal(r.output.trim(), 'hello');
    assert.equal(r.truncated, false);
  });
  it('gives a non-zero exit code', async () => {
    assert.equal((await sb.execute('exit 42')).exitCode, 42);
  });
  it('captures multiline output', async () => {
    const r = await sb.execute('echo "line1" && echo "line2" && echo "line3"');
    assert.equal(r.exitCode, 0);
    assert.equal(r.output, 'line1\nline2\nline3\n');
  });
  it('includes stderr in the output, in the order written', async () => {
    const r = await sb.execute('echo out1; echo "error message" >&2; echo out2');
    assert.equal(r.output, 'out1\nerror message\nout2\n');
  });
  it('sees variables it exports', async () => {
    const r = await sb.execute('export MY_VAR="test_value" && echo $MY_VAR');
    assert.equal(r.exitCode, 0);
    assert.equal(r.output.trim(), 'test_value');
  });
  it('a command that does not exist fails, saying so', async () => {
    const r = await sb.execute('nonexistent_command_12345');
    assert.equal(r.exitCode, 127);
    assert.match(r.output, /nonexistent_command_12345: command not found/);
  });
});

describe('file operations', () => {
  it('uploads a file', async () => {
    const p = at('test-upload.txt');
    const res = await sb.uploadFiles([[p, enc('Hello from test file!')]]);
    assert.deepEqual(res, [{ path: p, error: null }]);
    assert.equal((await sb.execute(`cat ${p}`)).output.trim(), 'Hello from test file!');
  });
  it('downloads a file', async () => {
    const p = at('test-download.txt');
    await sb.uploadFiles([[p, enc('Download test content')]]);
    const res = await sb.downloadFiles([p]);
    assert.equal(res.length, 1);
    assert.equal(res[0].error, null);
    assert.ok(res[0].content instanceof Uint8Array);
    assert.equal(dec(res[0].content), 'Download test content');
  });
  it('a missing file downloads as file_not_found', async () => {
    const res = await sb.downloadFiles([at('nonexistent-file-12345.txt')]);
    assert.deepEqual(res, [{ path: at('nonexistent-file-12345.txt'), content: null, error: 'file_not_found' }]);
  });
  it('read() of an uploaded file', async () => {
    const p = at('read-test.txt');
    await sb.uploadFiles([[p, enc('Read test content')]]);
    assert.match((await sb.read(p)).content, /Read test content/);
  });
  it('write() then cat', async () => {
    const p = at('write-test.txt');
    await sb.write(p, 'Written via BaseSandbox');
    assert.equal((await sb.execute(`cat ${p}`)).output.trim(), 'Written via BaseSandbox');
  });
  it('edit() then cat', async () => {
    const p = at('edit-test.txt');
    await sb.write(p, 'Hello World');
    await sb.edit(p, 'Hello World', 'Hello Edited World');
    assert.equal((await sb.execute(`cat ${p}`)).output.trim(), 'Hello Edited World');
  });
  it('uploads several files at once', async () => {
    const ps = [1, 2, 3].map((i) => at(`multi${i}.txt`));
    const res = await sb.uploadFiles(ps.map((p, i) => [p, enc(`Content ${i + 1}`)]));
    assert.equal(res.length, 3);
    assert.ok(res.every((r) => r.error === null));
    assert.equal((await sb.execute(`cat ${ps.join(' ')}`)).output, 'Content 1Content 2Content 3');
  });
});

describe('write', () => {
  it('writes a new file', async () => {
    const p = at('wt-new.txt');
    const content = 'Hello, sandbox!\nLine 2\nLine 3';
    const r = await sb.write(p, content);
    assert.equal(r.error, undefined);
    assert.equal(r.path, p);
    assert.equal((await sb.execute(`cat ${p}`)).output, content);
  });
  it('makes the parent directories', async () => {
    const p = at('wt-parents/deep/nested/dir/file.txt');
    assert.equal((await sb.write(p, 'Nested file content')).error, undefined);
    assert.equal((await sb.execute(`cat ${p}`)).output, 'Nested file content');
  });
  it('overwrites a file', async () => {
    const p = at('wt-existing.txt');
    await sb.write(p, 'First content, longer than the second');
    assert.equal((await sb.write(p, 'Second content')).error, undefined);
    assert.equal((await sb.execute(`cat ${p}`)).output, 'Second content');
  });
  it('keeps $VAR, backquotes, $( ), tabs and backslashes as they are', async () => {
    const p = at('wt-special.txt');
    const content = 'Special chars: $VAR, `command`, $(subshell)\nTab\there\nBackslash: \\';
    assert.equal((await sb.write(p, content)).error, undefined);
    assert.equal((await sb.execute(`cat ${p}`)).output, content);
  });
  it('writes an empty file', async () => {
    const p = at('wt-empty.txt');
    assert.equal((await sb.write(p, '')).error, undefined);
    assert.equal((await sb.execute(`[ -f ${p} ] && wc -c < ${p}`)).output.trim(), '0');
  });
  it('writes into a path with spaces', async () => {
    const p = at('wt-spaces/dir with spaces/file name.txt');
    assert.equal((await sb.write(p, 'Content in file with spaces')).error, undefined);
    assert.equal((await sb.execute(`cat '${p}'`)).output, 'Content in file with spaces');
  });
  it('writes unicode', async () => {
    const p = at('wt-unicode.txt');
    const content = 'Hello \u{1F44B} \u4E16\u754C \u0645\u0631\u062D\u0628\u0627 \u041F\u0440\u0438\u0432\u0435\u0442 \u{1F30D}\nLine with \u00E9mojis \u{1F389}';
    assert.equal((await sb.write(p, content)).error, undefined);
    assert.equal((await sb.execute(`cat ${p}`)).output, content);
  });
  it('accepts consecutive slashes', async () => {
    const base = at('wt-slashes');
    assert.equal((await sb.write(`${base}//subdir///file.txt`, 'Content')).error, undefined);
    assert.equal((await sb.execute(`cat ${base}/subdir/file.txt`)).output, 'Content');
  });
  it('writes 1000 lines', async () => {
    const p = at('wt-long.txt');
    assert.equal((await sb.write(p, lines(1000, (i) => `Line ${i} with some content here`))).error, undefined);
    assert.equal((await sb.execute(`wc -l < ${p}`)).output.trim(), '999');
  });
  it('writes only newlines', async () => {
    const p = at('wt-newlines.txt');
    assert.equal((await sb.write(p, '\n\n\n\n\n')).error, undefined);
    assert.equal((await sb.execute(`wc -l < ${p}`)).output.trim(), '5');
  });
});

describe('read', () => {
  it('numbers the lines', async () => {
    const p = at('rd-basic.txt');
    await sb.write(p, 'Line 1\nLine 2\nLine 3');
    const r = await sb.read(p);
    assert.equal(r.error, undefined);
    assert.equal(r.content, '     1\tLine 1\n     2\tLine 2\n     3\tLine 3\n');
    assert.equal(r.totalLines, 3);
  });
  it('a missing file is an error saying not found', async () => {
    const r = await sb.read(at('rd-nonexistent-xyz.txt'));
    assert.match(r.error.toLowerCase(), /not found/);
  });
  it('an empty file is no error', async () => {
    const p = at('rd-empty.txt');
    await sb.write(p, '');
    const r = await sb.read(p);
    assert.equal(r.error, undefined);
    assert.match(r.content, /empty contents/);
  });
  it('offset skips lines', async () => {
    const p = at('rd-offset.txt');
    await sb.write(p, lines(10, (i) => `Row_${i + 1}_content`));
    const r = await sb.read(p, 5);
    assert.match(r.content, /^ {5}6\tRow_6_content\n/);
    assert.doesNotMatch(r.content, /Row_1_content/);
    assert.equal(r.startLine, 6);
  });
  it('limit stops after so many lines', async () => {
    const p = at('rd-limit.txt');
    await sb.write(p, lines(100, (i) => `Row_${i + 1}_content`));
    const r = await sb.read(p, 0, 5);
    assert.equal(r.content.split('\n').length - 1, 5);
    assert.match(r.content, /Row_5_content/);
    assert.doesNotMatch(r.content, /Row_6_content/);
    assert.equal(r.nextOffset, 5);
  });
  it('offset and limit together', async () => {
    const p = at('rd-offset-limit.txt');
    await sb.write(p, lines(20, (i) => `Row_${i + 1}_content`));
    const r = await sb.read(p, 10, 5);
    assert.deepEqual(r.content.trim().split('\n').map((l) => l.split('\t')[1]), [11, 12, 13, 14, 15].map((n) => `Row_${n}_content`));
    assert.equal(r.startLine, 11);
    assert.equal(r.endLine, 15);
  });
  it('reads unicode', async () => {
    const p = at('rd-unicode.txt');
    await sb.write(p, 'Hello \u{1F44B} \u4E16\u754C\n\u041F\u0440\u0438\u0432\u0435\u0442 \u043C\u0438\u0440\n\u0645\u0631\u062D\u0628\u0627');
    const r = await sb.read(p);
    assert.equal(r.error, undefined);
    for (const s of ['\u{1F44B}', '\u4E16\u754C', '\u041F\u0440\u0438\u0432\u0435\u0442']) assert.ok(r.content.includes(s), s);
  });
  it('reads very long lines', async () => {
    const p = at('rd-long-lines.txt');
    await sb.write(p, `Short line\n${'x'.repeat(3000)}\nAnother short line`);
    const r = await sb.read(p);
    assert.equal(r.error, undefined);
    assert.match(r.content, /Short line/);
    assert.match(r.content, /Another short line/);
  });
  it('limit 0 gives no lines', async () => {
    const p = at('rd-zero-limit.txt');
    await sb.write(p, 'Line 1\nLine 2\nLine 3');
    assert.doesNotMatch((await sb.read(p, 0, 0)).content || '', /Line 1/);
  });
  it('an offset past the end gives no lines', async () => {
    const p = at('rd-offset-beyond.txt');
    await sb.write(p, 'Line 1\nLine 2\nLine 3');
    assert.doesNotMatch((await sb.read(p, 100, 10)).content || '', /Line/);
  });
  it('an offset at the end gives no lines', async () => {
    const p = at('rd-offset-exact.txt');
    await sb.write(p, lines(5, (i) => `Line ${i + 1}`));
    assert.doesNotMatch((await sb.read(p, 5, 10)).content || '', /Line/);
  });
  it('pages through a large file', async () => {
    const p = at('rd-chunked.txt');
    await sb.write(p, lines(1000, (i) => `Line_${String(i).padStart(4, '0')}_content`));
    const c1 = (await sb.read(p, 0, 100)).content;
    assert.match(c1, /Line_0000_content/);
    assert.match(c1, /Line_0099_content/);
    assert.doesNotMatch(c1, /Line_0100_content/);
    const c2 = await sb.read(p, 500, 100);
    assert.match(c2.content, /^ {3}501\tLine_0500_content\n/);
    assert.match(c2.content, /Line_0599_content\n$/);
    assert.doesNotMatch(c2.content, /Line_0499_content/);
    assert.equal(c2.nextOffset, 600);
    const c3 = await sb.read(p, 900, 100);
    assert.match(c3.content, /Line_0900_content/);
    assert.match(c3.content, /Line_0999_content/);
    assert.equal(c3.nextOffset, undefined);
    assert.equal(c3.totalLines, 1000);
  });
});

describe('edit', () => {
  const content = async (p) => (await sb.execute(`cat '${p}'`)).output;
  it('replaces one occurrence', async () => {
    const p = at('ed-single.txt');
    await sb.write(p, 'Hello world\nGoodbye world\nHello again');
    const r = await sb.edit(p, 'Goodbye', 'Farewell');
    assert.equal(r.error, undefined);
    assert.equal(r.occurrences, 1);
    assert.equal(await content(p), 'Hello world\nFarewell world\nHello again');
  });
  it('refuses several occurrences without replaceAll, and leaves the file', async () => {
    const p = at('ed-multi-fail.txt');
    await sb.write(p, 'apple\nbanana\napple\norange\napple');
    const r = await sb.edit(p, 'apple', 'pear', false);
    assert.match(r.error.toLowerCase(), /multiple/);
    assert.equal(await content(p), 'apple\nbanana\napple\norange\napple');
  });
  it('replaceAll replaces every one', async () => {
    const p = at('ed-replace-all.txt');
    await sb.write(p, 'apple\nbanana\napple\norange\napple');
    const r = await sb.edit(p, 'apple', 'pear', true);
    assert.equal(r.error, undefined);
    assert.equal(r.occurrences, 3);
    assert.equal(await content(p), 'pear\nbanana\npear\norange\npear');
  });
  it('a string not there is an error saying not found', async () => {
    const p = at('ed-not-found.txt');
    await sb.write(p, 'Hello world');
    assert.match((await sb.edit(p, 'nonexistent', 'replacement')).error.toLowerCase(), /not found/);
  });
  it('a missing file is an error saying not found', async () => {
    assert.match((await sb.edit(at('ed-nonexistent-xyz.txt'), 'old', 'new')).error.toLowerCase(), /not found/);
  });
  it('$ and regex metacharacters are literal', async () => {
    const p = at('ed-special.txt');
    await sb.write(p, 'Price: $100.00\nPattern: [a-z]*\nPath: /usr/bin');
    assert.equal((await sb.edit(p, '$100.00', '$200.00')).error, undefined);
    assert.equal((await sb.edit(p, '[a-z]*', '[0-9]+')).error, undefined);
    assert.equal(await content(p), 'Price: $200.00\nPattern: [0-9]+\nPath: /usr/bin');
  });
  it('replaces across lines', async () => {
    const p = at('ed-multiline.txt');
    await sb.write(p, 'Line 1\nLine 2\nLine 3');
    const r = await sb.edit(p, 'Line 1\nLine 2', 'Combined');
    assert.equal(r.occurrences, 1);
    assert.equal(await content(p), 'Combined\nLine 3');
  });
  it('deletes by replacing with nothing', async () => {
    const p = at('ed-delete.txt');
    await sb.write(p, 'Keep this\nDelete this part\nKeep this too');
    const r = await sb.edit(p, 'Delete this part\n', '');
    assert.equal(r.occurrences, 1);
    assert.equal(await content(p), 'Keep this\nKeep this too');
  });
  it('the same old and new string is one occurrence', async () => {
    const p = at('ed-identical.txt');
    await sb.write(p, 'Same text');
    const r = await sb.edit(p, 'Same text', 'Same text');
    assert.equal(r.error, undefined);
    assert.equal(r.occurrences, 1);
    assert.equal(await content(p), 'Same text');
  });
  it('edits unicode', async () => {
    const p = at('ed-unicode.txt');
    await sb.write(p, 'Hello \u{1F44B} world\n\u4E16\u754C is beautiful');
    assert.equal((await sb.edit(p, '\u{1F44B}', '\u{1F30D}')).occurrences, 1);
    assert.equal(await content(p), 'Hello \u{1F30D} world\n\u4E16\u754C is beautiful');
  });
  it('edits whitespace', async () => {
    const p = at('ed-whitespace.txt');
    await sb.write(p, 'Line1    Line2');
    assert.equal((await sb.edit(p, '    ', ' ')).occurrences, 1);
    assert.equal(await content(p), 'Line1 Line2');
  });
  it('edits long strings', async () => {
    const p = at('ed-long.txt');
    await sb.write(p, `Start\n${'x'.repeat(1000)}\nEnd`);
    assert.equal((await sb.edit(p, 'x'.repeat(1000), 'y'.repeat(1000))).occurrences, 1);
    assert.equal(await content(p), `Start\n${'y'.repeat(1000)}\nEnd`);
  });
  it('keeps the line endings', async () => {
    const p = at('ed-line-endings.txt');
    await sb.write(p, 'Line 1\nLine 2\nLine 3\n');
    assert.equal((await sb.edit(p, 'Line 2', 'Modified Line 2')).error, undefined);
    assert.equal(await content(p), 'Line 1\nModified Line 2\nLine 3\n');
  });
  it('edits part of a line', async () => {
    const p = at('ed-partial.txt');
    await sb.write(p, 'The quick brown fox jumps over the lazy dog');
    assert.equal((await sb.edit(p, 'brown fox', 'red cat')).occurrences, 1);
    assert.equal(await content(p), 'The quick red cat jumps over the lazy dog');
  });
});

describe('ls', () => {
  it('gives absolute paths', async () => {
    const d = at('li-absolute');
    await sb.write(`${d}/file.txt`, 'content');
    const r = await sb.ls(d);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.files.map((f) => f.path), [`${d}/file.txt`]);
    assert.equal(r.files[0].size, 7);
    assert.match(r.files[0].modified_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(Math.abs(Date.parse(r.files[0].modified_at) - Date.now()) < 3600e3, r.files[0].modified_at);
  });
  it('lists files and directories, is_dir set', async () => {
    const d = at('li-basic');
    await sb.write(`${d}/file1.txt`, 'content1');
    await sb.write(`${d}/file2.txt`, 'content2');
    await sb.execute(`mkdir -p '${d}/subdir'`);
    const r = await sb.ls(d);
    assert.equal(r.error, undefined);
    const got = r.files.map((f) => [noSlash(f.path), f.is_dir]).sort();
    assert.deepEqual(got, [[`${d}/file1.txt`, false], [`${d}/file2.txt`, false], [`${d}/subdir`, true]]);
  });
  it('an empty directory lists nothing', async () => {
    const d = at('li-empty-dir');
    await sb.execute(`mkdir -p '${d}'`);
    assert.deepEqual(await sb.ls(d), { files: [] });
  });
  it('a missing directory lists nothing', async () => {
    assert.deepEqual(await sb.ls(at('li-does-not-exist-12345')), { files: [] });
  });
  it('lists hidden files', async () => {
    const d = at('li-hidden');
    await sb.write(`${d}/.hidden`, 'hidden content');
    await sb.write(`${d}/visible.txt`, 'visible content');
    assert.deepEqual((await sb.ls(d)).files.map((f) => f.path).sort(), [`${d}/.hidden`, `${d}/visible.txt`]);
  });
  it('names with spaces', async () => {
    const d = at('li-spaces');
    await sb.write(`${d}/file with spaces.txt`, 'content');
    await sb.execute(`mkdir -p '${d}/dir with spaces'`);
    assert.deepEqual((await sb.ls(d)).files.map((f) => noSlash(f.path)).sort(), [`${d}/dir with spaces`, `${d}/file with spaces.txt`]);
  });
  it('unicode names', async () => {
    const d = at('li-unicode');
    await sb.write(`${d}/\u6D4B\u8BD5\u6587\u4EF6.txt`, 'content');
    await sb.write(`${d}/\u0444\u0430\u0439\u043B.txt`, 'content');
    assert.deepEqual((await sb.ls(d)).files.map((f) => f.path).sort(), [`${d}/\u0444\u0430\u0439\u043B.txt`, `${d}/\u6D4B\u8BD5\u6587\u4EF6.txt`]);
  });
  it('a directory of 50 files', async () => {
    const d = at('li-large');
    await sb.execute(`mkdir -p '${d}' && cd '${d}' && for i in $(seq 0 49); do echo 'content' > file_$(printf '%03d' $i).txt; done`);
    const paths = (await sb.ls(d)).files.map((f) => f.path).sort();
    assert.equal(paths.length, 50);
    assert.equal(paths[0], `${d}/file_000.txt`);
    assert.equal(paths[49], `${d}/file_049.txt`);
  });
  it('a trailing slash', async () => {
    const d = at('li-trailing');
    await sb.write(`${d}/file.txt`, 'content');
    const r = await sb.ls(`${d}/`);
    assert.equal(r.error, undefined);
    assert.equal(r.files.length, 1);
    assert.match(r.files[0].path, /li-trailing\/+file\.txt$/);
  });
  it('parentheses and dashes in names', async () => {
    const d = at('li-special-chars');
    await sb.write(`${d}/file(1).txt`, 'content');
    await sb.write(`${d}/file-3.txt`, 'content');
    assert.deepEqual((await sb.ls(d)).files.map((f) => f.path).sort(), [`${d}/file(1).txt`, `${d}/file-3.txt`]);
  });
});

describe('grep', () => {
  it('finds a literal in several files, with line numbers', async () => {
    const d = at('gr-basic');
    await sb.write(`${d}/file1.txt`, 'Hello world\nGoodbye world');
    await sb.write(`${d}/file2.txt`, 'Hello there\nGoodbye friend');
    const r = await sb.grep('Hello', d);
    assert.equal(r.error, undefined);
    const got = r.matches.map((m) => [m.path, m.line, m.text]).sort();
    assert.deepEqual(got, [[`${d}/file1.txt`, 1, 'Hello world'], [`${d}/file2.txt`, 1, 'Hello there']]);
  });
  it('a glob picks the files', async () => {
    const d = at('gr-glob');
    for (const e of ['txt', 'py', 'md']) await sb.write(`${d}/test.${e}`, 'pattern_match');
    assert.deepEqual((await sb.grep('pattern_match', d, '*.py')).matches, [{ path: `${d}/test.py`, line: 1, text: 'pattern_match' }]);
  });
  it('no match: no matches, no error', async () => {
    const d = at('gr-no-match');
    await sb.write(`${d}/file.txt`, 'Hello world');
    assert.deepEqual(await sb.grep('nonexistent_str', d), { matches: [] });
  });
  it('several matches in one file', async () => {
    const d = at('gr-multi');
    await sb.write(`${d}/fruits.txt`, 'apple\nbanana\napple\norange\napple');
    assert.deepEqual((await sb.grep('apple', d)).matches.map((m) => m.line), [1, 3, 5]);
  });
  it('matches the literal string only', async () => {
    const d = at('gr-literal');
    await sb.write(`${d}/numbers.txt`, 'test123\ntest456\nabcdef');
    assert.deepEqual((await sb.grep('test123', d)).matches.map((m) => m.text), ['test123']);
  });
  it('unicode patterns', async () => {
    const d = at('gr-unicode');
    await sb.write(`${d}/unicode.txt`, 'Hello \u4E16\u754C\n\u041F\u0440\u0438\u0432\u0435\u0442 \u043C\u0438\u0440\n\u6D4B\u8BD5 pattern');
    assert.deepEqual((await sb.grep('\u4E16\u754C', d)).matches.map((m) => [m.line, m.text]), [[1, 'Hello \u4E16\u754C']]);
  });
  it('case-sensitive', async () => {
    const d = at('gr-case');
    await sb.write(`${d}/case.txt`, 'Hello\nhello\nHELLO');
    assert.deepEqual((await sb.grep('Hello', d)).matches.map((m) => m.text), ['Hello']);
  });
  it('$ and brackets are literal', async () => {
    const d = at('gr-special');
    await sb.write(`${d}/special.txt`, 'Price: $100\nPath: /usr/bin\nPattern: [a-z]*');
    assert.deepEqual((await sb.grep('$100', d)).matches.map((m) => m.text), ['Price: $100']);
    assert.deepEqual((await sb.grep('[a-z]*', d)).matches.map((m) => m.text), ['Pattern: [a-z]*']);
    assert.deepEqual((await sb.grep('-e', d)).matches, []);
  });
  it('an empty directory: no matches', async () => {
    const d = at('gr-empty-dir');
    await sb.execute(`mkdir -p '${d}'`);
    assert.deepEqual(await sb.grep('anything', d), { matches: [] });
  });
  it('searches nested directories', async () => {
    const d = at('gr-nested');
    for (const f of ['root.txt', 'sub1/level1.txt', 'sub1/sub2/level2.txt']) await sb.write(`${d}/${f}`, 'target_nested here');
    assert.deepEqual((await sb.grep('target_nested', d)).matches.map((m) => m.path).sort(), [`${d}/root.txt`, `${d}/sub1/level1.txt`, `${d}/sub1/sub2/level2.txt`]);
  });
  it('the right line number in a long file', async () => {
    const d = at('gr-line-nums');
    await sb.write(`${d}/long.txt`, lines(100, (i) => `Line ${i + 1}`));
    assert.deepEqual((await sb.grep('Line 50', d)).matches.map((m) => m.line), [50]);
  });
});

describe('glob', () => {
  const names = (r) => r.files.map((f) => f.path).sort();
  it('a wildcard', async () => {
    const d = at('gl-basic');
    for (const f of ['file1.txt', 'file2.txt', 'file3.py']) await sb.write(`${d}/${f}`, 'content');
    const r = await sb.glob('*.txt', d);
    assert.equal(r.error, undefined);
    assert.deepEqual(names(r), ['file1.txt', 'file2.txt']);
  });
  it('** recurses', async () => {
    const d = at('gl-recursive');
    for (const f of ['root.txt', 'subdir1/nested1.txt', 'subdir2/nested2.txt']) await sb.write(`${d}/${f}`, 'content');
    const got = names(await sb.glob('**/*.txt', d));
    assert.ok(got.includes('subdir1/nested1.txt') && got.includes('subdir2/nested2.txt'), got.join());
  });
  it('no match: an empty list', async () => {
    const d = at('gl-no-match');
    await sb.write(`${d}/file.txt`, 'content');
    const r = await sb.glob('*.py', d);
    assert.equal(r.error, undefined);
    assert.deepEqual(r.files, []);
  });
  it('directories are listed, is_dir set', async () => {
    const d = at('gl-dirs');
    await sb.execute(`mkdir -p '${d}/dir1' '${d}/dir2'`);
    await sb.write(`${d}/file.txt`, 'content');
    const r = await sb.glob('*', d);
    assert.deepEqual(r.files.map((f) => [f.path, f.is_dir]).sort(), [['dir1', true], ['dir2', true], ['file.txt', false]]);
  });
  it('one extension', async () => {
    const d = at('gl-ext');
    for (const e of ['py', 'txt', 'md']) await sb.write(`${d}/test.${e}`, 'content');
    assert.deepEqual(names(await sb.glob('*.py', d)), ['test.py']);
  });
  it('hidden files by .*', async () => {
    const d = at('gl-hidden');
    for (const f of ['.hidden1', '.hidden2', 'visible.txt']) await sb.write(`${d}/${f}`, 'content');
    assert.deepEqual(names(await sb.glob('.*', d)), ['.hidden1', '.hidden2']);
  });
  it('a character class', async () => {
    const d = at('gl-charclass');
    for (const f of ['file1.txt', 'file2.txt', 'file3.txt', 'fileA.txt']) await sb.write(`${d}/${f}`, 'content');
    assert.deepEqual(names(await sb.glob('file[1-2].txt', d)), ['file1.txt', 'file2.txt']);
  });
  it('? is one character', async () => {
    const d = at('gl-question');
    for (const f of ['file1.txt', 'file2.txt', 'file10.txt']) await sb.write(`${d}/${f}`, 'content');
    assert.deepEqual(names(await sb.glob('file?.txt', d)), ['file1.txt', 'file2.txt']);
  });
  it('each extension on its own', async () => {
    const d = at('gl-multi-ext');
    for (const e of ['txt', 'py', 'md', 'js']) await sb.write(`${d}/file.${e}`, 'content');
    assert.deepEqual(names(await sb.glob('*.txt', d)), ['file.txt']);
    assert.deepEqual(names(await sb.glob('*.py', d)), ['file.py']);
  });
  it('deep nesting', async () => {
    const d = at('gl-deep');
    await sb.write(`${d}/a/b/c/d/deep.txt`, 'content');
    await sb.write(`${d}/a/b/other.txt`, 'content');
    assert.deepEqual(names(await sb.glob('**/deep.txt', d)), ['a/b/c/d/deep.txt']);
  });
});

describe('initialFiles', () => {
  const withBox = async (initialFiles, fn) => {
    const tmp = await ContainerBackend.create({ initialFiles });
    try {
      assert.equal(tmp.isRunning, true);
      await fn(tmp);
    } finally {
      await tmp.close();
    }
  };
  it('files and nested files', () => withBox({ [at('init-test.txt')]: 'Hello from initial file!', [at('nested/dir/file.txt')]: 'Nested content' }, async (t) => {
    const a = await t.execute(`cat ${at('init-test.txt')}`);
    assert.equal(a.exitCode, 0);
    assert.equal(a.output, 'Hello from initial file!');
    assert.equal((await t.execute(`cat ${at('nested/dir/file.txt')}`)).output, 'Nested content');
  }));
  it('deeply nested files', () => withBox({
    [at('src/components/Button/index.tsx')]: 'export const Button = () => <button>Click</button>;',
    [at('src/utils/helpers/string.ts')]: 'export const capitalize = (s: string) => s.toUpperCase();',
  }, async (t) => {
    assert.match((await t.execute(`cat ${at('src/components/Button/index.tsx')}`)).output, /Button/);
    assert.match((await t.execute(`cat ${at('src/utils/helpers/string.ts')}`)).output, /capitalize/);
  }));
  it('none', () => withBox({}, async (t) => {
    const r = await t.execute('echo "Works!"');
    assert.equal(r.exitCode, 0);
    assert.equal(r.output, 'Works!\n');
  }));
  it('read() sees them', () => withBox({ [at('init-read-test.txt')]: 'Content for read test' }, async (t) => {
    assert.equal((await t.read(at('init-read-test.txt'))).content, '     1\tContent for read test\n');
  }));
  it('downloadFiles() sees them', () => withBox({ [at('init-download-test.txt')]: 'Content for download test' }, async (t) => {
    const [r] = await t.downloadFiles([at('init-download-test.txt')]);
    assert.equal(r.error, null);
    assert.equal(dec(r.content), 'Content for download test');
  }));
  it('a script among them runs', () => withBox({ [at('init-script.sh')]: '#!/bin/sh\necho "Hello from initialFiles script"' }, async (t) => {
    const r = await t.execute(`sh ${at('init-script.sh')}`);
    assert.equal(r.exitCode, 0);
    assert.equal(r.output, 'Hello from initialFiles script\n');
  }));
  it('ls() sees them in their directories', () => withBox({ [at('init-ls-dir/file.txt')]: 'ls test content' }, async (t) => {
    const r = await t.ls(at('init-ls-dir'));
    assert.equal(r.error, undefined);
    assert.deepEqual(r.files.map((f) => f.path), [at('init-ls-dir/file.txt')]);
  }));
});

describe('integration workflows', () => {
  it('write, read, edit, read', async () => {
    const p = at('intg-workflow.txt');
    assert.equal((await sb.write(p, 'Original content')).error, undefined);
    assert.match((await sb.read(p)).content, /Original content/);
    assert.equal((await sb.edit(p, 'Original', 'Modified')).error, undefined);
    const r = await sb.read(p);
    assert.match(r.content, /Modified content/);
    assert.doesNotMatch(r.content, /Original/);
  });
  it('a tree: ls, glob, grep', async () => {
    const d = at('intg-complex');
    const files = { 'root.txt': 'root file', 'subdir1/file1.txt': 'file 1', 'subdir1/file2.py': 'file 2', 'subdir2/file3.txt': 'file 3' };
    for (const [f, c] of Object.entries(files)) await sb.write(`${d}/${f}`, c);
    assert.deepEqual((await sb.ls(d)).files.map((f) => noSlash(f.path)).sort(), [`${d}/root.txt`, `${d}/subdir1`, `${d}/subdir2`]);
    assert.deepEqual((await sb.glob('**/*.txt', d)).files.map((f) => f.path).sort(), ['root.txt', 'subdir1/file1.txt', 'subdir2/file3.txt']);
    assert.equal((await sb.grep('file', d)).matches.length, 4);
  });
});

describe('absolute paths only (the protocol says so)', () => {
  it('each file method refuses a relative path, naming it', async () => {
    for (const r of [await sb.ls('rel'), await sb.read('rel.txt'), await sb.write('rel.txt', 'x'), await sb.edit('rel.txt', 'a', 'b'),
      await sb.grep('x', 'rel'), await sb.glob('*', 'rel'), await sb.delete('rel.txt'), await sb.readRaw('rel.txt')]) {
      assert.match(r.error, /must be absolute.*"rel(\.txt)?"/);
    }
    assert.deepEqual(await sb.uploadFiles([['rel.txt', enc('x')]]), [{ path: 'rel.txt', error: 'invalid_path' }]);
    assert.deepEqual(await sb.downloadFiles(['rel.txt']), [{ path: 'rel.txt', content: null, error: 'invalid_path' }]);
    assert.equal((await sb.execute('ls /tmp/rel.txt 2>&1; ls rel.txt 2>&1 | wc -l')).output.includes('No such file'), true);
  });
  it('delete removes files and trees; a missing path is not found', async () => {
    await sb.write(at('del/a/b.txt'), 'x');
    await sb.write(at('del/c.txt'), 'y');
    assert.deepEqual(await sb.delete(at('del/c.txt')), { path: at('del/c.txt'), filesUpdate: null });
    assert.equal((await sb.delete(at('del'))).error, undefined);
    assert.equal((await sb.execute(`test -e ${at('del')}; echo $?`)).output, '1\n');
    assert.match((await sb.delete(at('del'))).error, /not found/);
  });
  it('downloads of a directory say is_directory', async () => {
    await sb.execute(`mkdir -p ${at('adir')}`);
    assert.deepEqual(await sb.downloadFiles([at('adir')]), [{ path: at('adir'), content: null, error: 'is_directory' }]);
    assert.deepEqual(await sb.uploadFiles([[at('adir'), enc('x')]]), [{ path: at('adir'), error: 'is_directory' }]);
  });
});

describe('as the box user agent', () => {
  let box;
  let ag;
  before(async () => {
    const { createContainer } = await import('agent-code-sandbox');
    box = await createContainer({ user: 'agent', files: { '/root/secret.txt': 'root only' } });
    await box.exec('chmod 600 /root/secret.txt; chmod 700 /root', { user: 'root' });
    ag = new ContainerBackend(box);
  });
  after(async () => { await box.dispose(); });
  it('commands run as agent', async () => {
    assert.equal((await ag.execute('id -un')).output, 'agent\n');
  });
  it("its uploads and writes are agent's files; root's places are permission_denied", async () => {
    assert.deepEqual(await ag.uploadFiles([['/home/agent/w/new.txt', enc('mine')]]), [{ path: '/home/agent/w/new.txt', error: null }]);
    assert.equal((await ag.execute('stat -c %U:%G /home/agent/w/new.txt /home/agent/w')).output, 'agent:agent\nagent:agent\n');
    assert.deepEqual(await ag.uploadFiles([['/root/x.txt', enc('x')]]), [{ path: '/root/x.txt', error: 'permission_denied' }]);
    assert.deepEqual(await ag.uploadFiles([['/etc/passwd', enc('x')]]), [{ path: '/etc/passwd', error: 'permission_denied' }]);
    assert.match((await ag.write('/usr/bin/evil', 'x')).error, /permission_denied/);
    assert.match((await box.exec('head -1 /etc/passwd')).stdout, /^root:/);
  });
  it("downloads, read and edit of what agent may not read are refused", async () => {
    assert.deepEqual(await ag.downloadFiles(['/root/secret.txt']), [{ path: '/root/secret.txt', content: null, error: 'permission_denied' }]);
    assert.equal((await ag.read('/root/secret.txt')).content, undefined);
    assert.equal((await ag.readRaw('/root/secret.txt')).data, undefined);
    assert.ok((await ag.edit('/root/secret.txt', 'root', 'agent')).error);
    assert.equal((await box.exec('cat /root/secret.txt', { user: 'root' })).stdout, 'root only');
    await ag.write('/home/agent/e.txt', 'a b');
    assert.equal((await ag.edit('/home/agent/e.txt', 'a', 'c')).occurrences, 1);
    assert.equal(dec((await ag.downloadFiles(['/home/agent/e.txt']))[0].content), 'c b');
  });
});
