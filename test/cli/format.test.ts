/**
 * `layout` and `symbols` read --format through io.ts's formatOption: a bad value is a usage error
 * (exit 2), and --format json gives the same JSON document as --json.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { REPO_ROOT } from '../harness/corpus.js';

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), color: false, readStdin: async () => '' };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const inputs = {
  layout: join(REPO_ROOT, 'test', 'golden', 'inputs', 'layout.ptx'),
  symbols: join(REPO_ROOT, 'test', 'golden', 'inputs', 'symbols.s'),
};

describe('cli: --format for layout and symbols', () => {
  for (const [cmd, file] of Object.entries(inputs)) {
    test(`${cmd} --format xml: exit 2 with a message`, async () => {
      const r = await cli([cmd, '--format', 'xml', file]);
      assert.equal(r.code, 2, `${cmd}: exit ${r.code}`);
      assert.match(r.stderr, /--format must be text or json/);
    });
    test(`${cmd} --format json equals --json`, async () => {
      const a = await cli([cmd, '--format', 'json', file]);
      const b = await cli([cmd, '--json', file]);
      assert.equal(a.code, b.code);
      assert.equal(a.stdout, b.stdout);
      assert.ok(JSON.parse(a.stdout), `${cmd}: JSON on stdout`);
    });
  }
});
