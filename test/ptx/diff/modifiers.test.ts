/**
 * Differential test against ptxas: instruction modifiers. fast-check builds instructions of common
 * opcodes from real modifiers (forms ptxas accepts, listed below) and then may break one modifier:
 * a misspelling (a letter dropped, doubled, swapped, changed or added; a case change), a made-up
 * word, or a word that is part of another instruction's name (`.wide` on `add`), or a compound part
 * moved away from the opcode (`mul.s32.wide`). Every case is one line in one kernel; ptxas reads
 * all of them in one run (an unknown modifier is an error it goes on after; a syntax error stops it,
 * and the cases after it are run again). Each case must get ptxas's verdict from `checkPtxText`
 * (on a module holding that case alone), and the first error on ptxas's line.
 *
 * A misspelling can land on another real word that the instruction does not allow (`.lo` -> `.l`):
 * ptxas then rejects the instruction for a rule that is not vocabulary ("Illegal modifier"), which
 * module checks do not model. Those cases are counted and printed, and we must not call any of
 * their words unknown.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkPtxText } from '../../../src/ptx/index.js';
import { INSTRUCTION_KEYWORDS } from '../../../src/ptx/data/keywords.js';
import { compoundNames, GENERIC_MODIFIERS, INSTRUCTION_REFUSED, unknownModifiers } from '../../../src/ptx/data/modifiers.js';
import { fuzzRuns, fuzzSeed, ptxasSkipReason, runPtxas } from '../../harness/tools.js';

const ARCH = 'sm_90a';
const HEADER = `.version 9.0\n.target ${ARCH}\n.address_size 64\n`;
const KERNEL_OPEN =
  '.visible .entry k()\n{\n' +
  '.reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n.reg .f32 %f<8>;\n.reg .f64 %fd<8>;\n.reg .pred %p<4>;\n.reg .b16 %h<4>;\n' +
  '.shared .align 8 .b64 bar_s;\n';
const KERNEL_CLOSE = 'L_end:\nret;\n}\n';
/** Line of the first case in a module (cases follow one per line). */
const FIRST_CASE_LINE = (HEADER + KERNEL_OPEN).split('\n').length;

/** An instruction form: each slot is a choice of modifiers ('' = none), then the operands. */
export interface Form {
  opcode: string;
  slots: string[][];
  operands: string;
}

const R3 = '%r1, %r2, %r3';
const F3 = '%f1, %f2, %f3';
const RND = ['', '.rn', '.rz', '.rm', '.rp'];

/** Forms ptxas 13.0 accepts for sm_90a with every choice of its slots (checked by the first test). */
export const FORMS: Form[] = [
  { opcode: 'add', slots: [['', '.sat'], ['.s32']], operands: R3 },
  { opcode: 'add', slots: [['.u64', '.s64']], operands: '%rd1, %rd2, %rd3' },
  { opcode: 'add', slots: [RND, ['', '.ftz'], ['', '.sat'], ['.f32']], operands: F3 },
  { opcode: 'add', slots: [['', '.cc'], ['.u32', '.s32']], operands: R3 },
  { opcode: 'sub', slots: [['', '.sat'], ['.s32']], operands: R3 },
  { opcode: 'sub', slots: [RND, ['', '.ftz'], ['', '.sat'], ['.f32']], operands: F3 },
  { opcode: 'sub', slots: [RND, ['.f64']], operands: '%fd1, %fd2, %fd3' },
  { opcode: 'mul', slots: [['.lo', '.hi'], ['.u32', '.s32']], operands: R3 },
  { opcode: 'mul', slots: [['.wide'], ['.u32', '.s32']], operands: '%rd1, %r2, %r3' },
  { opcode: 'mul', slots: [RND, ['', '.ftz'], ['', '.sat'], ['.f32']], operands: F3 },
  { opcode: 'mad', slots: [['.lo', '.hi'], ['.u32', '.s32']], operands: '%r1, %r2, %r3, %r4' },
  { opcode: 'mad', slots: [['.wide'], ['.u32', '.s32']], operands: '%rd1, %r2, %r3, %rd4' },
  { opcode: 'mad', slots: [['.rn', '.rz', '.rm', '.rp'], ['', '.ftz'], ['', '.sat'], ['.f32']], operands: '%f1, %f2, %f3, %f4' },
  { opcode: 'fma', slots: [['.rn', '.rz', '.rm', '.rp'], ['', '.ftz'], ['', '.sat'], ['.f32']], operands: '%f1, %f2, %f3, %f4' },
  { opcode: 'mul24', slots: [['.lo', '.hi'], ['.u32', '.s32']], operands: R3 },
  { opcode: 'div', slots: [['.u32', '.s32']], operands: R3 },
  { opcode: 'div', slots: [['.approx', '.full'], ['', '.ftz'], ['.f32']], operands: F3 },
  { opcode: 'div', slots: [['.rn', '.rz', '.rm', '.rp'], ['', '.ftz'], ['.f32']], operands: F3 },
  { opcode: 'rem', slots: [['.u32', '.s32']], operands: R3 },
  { opcode: 'min', slots: [['.u32', '.s32']], operands: R3 },
  { opcode: 'max', slots: [['', '.ftz'], ['', '.NaN'], ['.f32']], operands: F3 },
  { opcode: 'abs', slots: [['.s32']], operands: '%r1, %r2' },
  { opcode: 'neg', slots: [['', '.ftz'], ['.f32']], operands: '%f1, %f2' },
  { opcode: 'rcp', slots: [['.rn', '.rz', '.rm', '.rp'], ['', '.ftz'], ['.f32']], operands: '%f1, %f2' },
  { opcode: 'rcp', slots: [['.approx'], ['', '.ftz'], ['.f32']], operands: '%f1, %f2' },
  { opcode: 'sqrt', slots: [['.approx', '.rn', '.rz'], ['', '.ftz'], ['.f32']], operands: '%f1, %f2' },
  { opcode: 'rsqrt', slots: [['.approx'], ['', '.ftz'], ['.f32']], operands: '%f1, %f2' },
  { opcode: 'sin', slots: [['.approx'], ['', '.ftz'], ['.f32']], operands: '%f1, %f2' },
  { opcode: 'ex2', slots: [['.approx'], ['', '.ftz'], ['.f32']], operands: '%f1, %f2' },
  { opcode: 'lg2', slots: [['.approx'], ['', '.ftz'], ['.f32']], operands: '%f1, %f2' },
  { opcode: 'testp', slots: [['.finite', '.infinite', '.number', '.notanumber', '.normal', '.subnormal'], ['.f32']], operands: '%p1, %f1' },
  { opcode: 'mov', slots: [['.u32', '.s32', '.b32']], operands: '%r1, %r2' },
  { opcode: 'mov', slots: [['.u64', '.b64']], operands: '%rd1, %rd2' },
  { opcode: 'setp', slots: [['.eq', '.ne', '.lt', '.le', '.gt', '.ge'], ['.s32']], operands: '%p1, %r1, %r2' },
  { opcode: 'setp', slots: [['.eq', '.ne', '.lo', '.ls', '.hi', '.hs'], ['.u32']], operands: '%p1, %r1, %r2' },
  {
    opcode: 'setp',
    slots: [['.eq', '.ne', '.lt', '.le', '.gt', '.ge', '.equ', '.neu', '.ltu', '.leu', '.gtu', '.geu', '.num', '.nan'], ['', '.ftz'], ['.f32']],
    operands: '%p1, %f1, %f2',
  },
  { opcode: 'setp', slots: [['.eq', '.ne'], ['.and', '.or', '.xor'], ['.s32']], operands: '%p1, %r1, %r2, %p2' },
  { opcode: 'selp', slots: [['.b32', '.u32', '.s32']], operands: '%r1, %r2, %r3, %p1' },
  { opcode: 'cvt', slots: [['.rn', '.rz', '.rm', '.rp'], ['', '.ftz'], ['', '.sat'], ['.f32'], ['.s32', '.u32']], operands: '%f1, %r1' },
  { opcode: 'cvt', slots: [['.rni', '.rzi', '.rmi', '.rpi'], ['', '.ftz'], ['', '.sat'], ['.s32', '.u32'], ['.f32']], operands: '%r1, %f1' },
  { opcode: 'cvt', slots: [['.u64', '.s64'], ['.u32', '.s32']], operands: '%rd1, %r1' },
  { opcode: 'cvta', slots: [['', '.to'], ['.global', '.shared', '.local'], ['.u64']], operands: '%rd1, %rd2' },
  { opcode: 'shl', slots: [['.b32']], operands: R3 },
  { opcode: 'shr', slots: [['.b32', '.u32', '.s32']], operands: R3 },
  { opcode: 'shf', slots: [['.l', '.r'], ['.wrap', '.clamp'], ['.b32']], operands: '%r1, %r2, %r3, %r4' },
  { opcode: 'and', slots: [['.b32']], operands: R3 },
  { opcode: 'or', slots: [['.b32']], operands: R3 },
  { opcode: 'or', slots: [['.pred']], operands: '%p1, %p2, %p3' },
  { opcode: 'xor', slots: [['.b64']], operands: '%rd1, %rd2, %rd3' },
  { opcode: 'not', slots: [['.b32']], operands: '%r1, %r2' },
  { opcode: 'popc', slots: [['.b32']], operands: '%r1, %r2' },
  { opcode: 'clz', slots: [['.b32']], operands: '%r1, %r2' },
  { opcode: 'brev', slots: [['.b32']], operands: '%r1, %r2' },
  { opcode: 'bfind', slots: [['', '.shiftamt'], ['.u32', '.s32']], operands: '%r1, %r2' },
  { opcode: 'bfe', slots: [['.u32', '.s32']], operands: '%r1, %r2, %r3, %r4' },
  { opcode: 'bfi', slots: [['.b32']], operands: '%r1, %r2, %r3, %r4, %r5' },
  { opcode: 'prmt', slots: [['.b32'], ['', '.f4e', '.b4e', '.rc8', '.ecl', '.ecr', '.rc16']], operands: '%r1, %r2, %r3, %r4' },
  { opcode: 'lop3', slots: [['.b32']], operands: '%r1, %r2, %r3, %r4, 0x96' },
  {
    opcode: 'ld',
    slots: [['', '.global'], ['', '.ca', '.cg', '.cs', '.lu', '.cv'], ['.u32', '.s32', '.b32', '.f32']],
    operands: '%r1, [%rd1]',
  },
  { opcode: 'ld', slots: [['', '.weak', '.volatile'], ['.shared', '.local'], ['.u32', '.b32']], operands: '%r1, [%rd1]' },
  { opcode: 'ld', slots: [['.const', '.param'], ['.u32', '.b32']], operands: '%r1, [%rd1]' },
  { opcode: 'ld', slots: [['', '.global'], ['.v4'], ['.u32', '.f32']], operands: '{%r1, %r2, %r3, %r4}, [%rd1]' },
  { opcode: 'st', slots: [['', '.global', '.shared'], ['.v2'], ['.b32', '.u32']], operands: '[%rd1], {%r1, %r2}' },
  { opcode: 'ld', slots: [['.relaxed', '.acquire'], ['.cta', '.gpu', '.sys'], ['.global'], ['.u32', '.b32']], operands: '%r1, [%rd1]' },
  {
    opcode: 'ld',
    slots: [['.global'], ['', '.L1::evict_normal', '.L1::evict_first', '.L1::evict_last', '.L1::no_allocate'], ['', '.L2::64B', '.L2::128B', '.L2::256B'], ['.u32']],
    operands: '%r1, [%rd1]',
  },
  { opcode: 'ld', slots: [['.global'], ['.nc'], ['', '.L2::128B'], ['.u32', '.f32']], operands: '%r1, [%rd1]' },
  { opcode: 'ldu', slots: [['.global'], ['.u32', '.b32']], operands: '%r1, [%rd1]' },
  { opcode: 'st', slots: [['', '.global', '.shared', '.local'], ['', '.wb', '.cg', '.cs', '.wt'], ['.u32', '.b32', '.f32']], operands: '[%rd1], %r1' },
  { opcode: 'st', slots: [['.relaxed', '.release'], ['.cta', '.gpu', '.sys'], ['.global'], ['.u32']], operands: '[%rd1], %r1' },
  { opcode: 'st', slots: [['.global'], ['', '.L1::evict_normal', '.L1::evict_first', '.L1::evict_last', '.L1::no_allocate'], ['.u32']], operands: '[%rd1], %r1' },
  { opcode: 'atom', slots: [['', '.global', '.shared'], ['.add', '.min', '.max', '.inc', '.dec'], ['.u32']], operands: '%r1, [%rd1], %r2' },
  { opcode: 'atom', slots: [['.relaxed', '.acquire', '.release', '.acq_rel'], ['.cta', '.gpu', '.sys'], ['.global'], ['.and', '.or', '.xor', '.exch'], ['.b32']], operands: '%r1, [%rd1], %r2' },
  { opcode: 'atom', slots: [['', '.global'], ['.cas'], ['.b32']], operands: '%r1, [%rd1], %r2, %r3' },
  { opcode: 'red', slots: [['', '.relaxed'], ['', '.gpu'], ['.global'], ['.add', '.min', '.max'], ['.u32', '.s32']], operands: '[%rd1], %r1' },
  { opcode: 'prefetch', slots: [['', '.global', '.local'], ['.L1', '.L2']], operands: '[%rd1]' },
  { opcode: 'prefetch', slots: [['.global'], ['.L2::evict_last', '.L2::evict_normal']], operands: '[%rd1]' },
  { opcode: 'isspacep', slots: [['.global', '.shared', '.local', '.const', '.param']], operands: '%p1, %rd1' },
    { opcode: 'bar', slots: [['', '.cta'], ['.sync', '.arrive']], operands: '0, 32' },
  { opcode: 'bar', slots: [['.red'], ['.popc'], ['.u32']], operands: '%r1, 0, %p1' },
  { opcode: 'barrier', slots: [['', '.cta'], ['.sync'], ['', '.aligned']], operands: '0' },
  { opcode: 'bar', slots: [['.warp'], ['.sync']], operands: '-1' },
  { opcode: 'barrier', slots: [['.cluster'], ['.arrive', '.wait'], ['', '.aligned']], operands: '' },
  { opcode: 'membar', slots: [['.cta', '.gl', '.sys']], operands: '' },
  { opcode: 'fence', slots: [['.sc', '.acq_rel'], ['.cta', '.cluster', '.gpu', '.sys']], operands: '' },
  { opcode: 'fence', slots: [['.proxy'], ['.async', '.alias']], operands: '' },
  { opcode: 'shfl', slots: [['.sync'], ['.up', '.down', '.bfly', '.idx'], ['.b32']], operands: '%r1, %r2, %r3, %r4, %r5' },
  { opcode: 'vote', slots: [['.sync'], ['.all', '.any', '.uni'], ['.pred']], operands: '%p1, %p2, %r1' },
  { opcode: 'vote', slots: [['.sync'], ['.ballot'], ['.b32']], operands: '%r1, %p2, %r1' },
  { opcode: 'redux', slots: [['.sync'], ['.add', '.min', '.max'], ['.u32', '.s32']], operands: '%r1, %r2, %r3' },
  { opcode: 'match', slots: [['.any'], ['.sync'], ['.b32']], operands: '%r1, %r2, %r3' },
  { opcode: 'activemask', slots: [['.b32']], operands: '%r1' },
  { opcode: 'nanosleep', slots: [['.u32']], operands: '%r1' },
  { opcode: 'bra', slots: [['', '.uni']], operands: 'L_end' },
  { opcode: 'ret', slots: [['', '.uni']], operands: '' },
  { opcode: 'mbarrier', slots: [['.init'], ['', '.shared', '.shared::cta'], ['.b64']], operands: '[%rd1], %r1' },
  { opcode: 'mbarrier', slots: [['.arrive'], ['', '.release'], ['', '.cta'], ['.shared::cta'], ['.b64']], operands: '%rd2, [%rd1]' },
  { opcode: 'mbarrier', slots: [['.test_wait', '.try_wait'], ['.parity'], ['', '.acquire'], ['', '.cta'], ['.shared::cta'], ['.b64']], operands: '%p1, [%rd1], %r1' },
  { opcode: 'mbarrier', slots: [['.inval'], ['.shared::cta'], ['.b64']], operands: '[%rd1]' },
  { opcode: 'cp', slots: [['.async'], ['.ca', '.cg'], ['.shared'], ['.global']], operands: '[%rd1], [%rd2], 16' },
  { opcode: 'cp', slots: [['.async'], ['.commit_group']], operands: '' },
  { opcode: 'cp', slots: [['.async'], ['.wait_group']], operands: '0' },
  { opcode: 'cp', slots: [['.async'], ['.bulk'], ['.shared::cluster'], ['.global'], ['.mbarrier::complete_tx::bytes']], operands: '[%rd1], [%rd2], %r1, [%rd3]' },
  { opcode: 'cp', slots: [['.async'], ['.bulk'], ['.commit_group']], operands: '' },
  { opcode: 'griddepcontrol', slots: [['.launch_dependents', '.wait']], operands: '' },
  { opcode: 'wgmma', slots: [['.fence', '.commit_group'], ['.sync'], ['.aligned']], operands: '' },
  { opcode: 'ldmatrix', slots: [['.sync'], ['.aligned'], ['.m8n8'], ['.x4'], ['', '.trans'], ['.shared'], ['.b16']], operands: '{%r1, %r2, %r3, %r4}, [%rd1]' },
  { opcode: 'elect', slots: [['.sync']], operands: '%r1|%p1, -1' },
];

/** Words that belong to some other instruction's name (measured compound parts). */
const FOREIGN_PARTS = ['.wide', '.arrive', '.to', '.full', '.bulk', '.init', '.try_wait', '.pack', '.proxy', '.commit_group', '.expect_tx', '.l'];

/** A case: one instruction line, and what was done to it (for the failure message). */
interface Case {
  line: string;
  how: string;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const WORD_CHARS = LETTERS + '0123456789_';

const formArb = fc.constantFrom(...FORMS);

/** The modifiers of a form with one choice per slot. */
const choiceArb = formArb.chain((form) =>
  fc.tuple(fc.constant(form), fc.tuple(...form.slots.map((s) => fc.constantFrom(...s)))).map(([f, picks]) => ({
    form: f,
    mods: picks.filter((m) => m !== ''),
  })),
);

/** One edit of a word (without its dot): drop, double, swap, change or add a character, or flip case. */
function misspell(word: string, kind: number, at: number, ch: string): string {
  const i = word.length === 0 ? 0 : at % word.length;
  switch (kind) {
    case 0: // drop
      return word.length > 1 ? word.slice(0, i) + word.slice(i + 1) : word + ch;
    case 1: // double
      return word.slice(0, i + 1) + word[i] + word.slice(i + 1);
    case 2: // swap with the next
      return i + 1 < word.length && word[i] !== word[i + 1] ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word + ch;
    case 3: // change
      return word.slice(0, i) + (word[i] === ch ? '_' : ch) + word.slice(i + 1);
    case 4: // add
      return word.slice(0, i + 1) + ch + word.slice(i + 1);
    default: // case flip
      return word.slice(0, i) + (word[i]! === word[i]!.toUpperCase() ? word[i]!.toLowerCase() : word[i]!.toUpperCase()) + word.slice(i + 1) + (word[i]!.toLowerCase() === word[i]!.toUpperCase() ? ch : '');
  }
}

const caseArb: fc.Arbitrary<Case> = fc
  .tuple(
    choiceArb,
    fc.nat({ max: 9 }),
    fc.nat(),
    fc.nat({ max: 5 }),
    fc.nat(),
    fc.constantFrom(...WORD_CHARS.split('')),
    fc.string({ unit: fc.constantFrom(...LETTERS.split('')), minLength: 1, maxLength: 8 }),
    fc.constantFrom(...FOREIGN_PARTS),
  )
  .map(([{ form, mods }, what, pick, kind, at, ch, junk, foreign]) => {
    const out = mods.slice();
    let how = 'as is';
    const j = out.length ? pick % out.length : 0;
    if (what < 2) {
      // unchanged (a real form)
    } else if (what < 7 && out.length) {
      // Edits keep the '::' of namespaced words whole, so each edit changes one word.
      const word = out[j]!.slice(1);
      const parts = word.split('::');
      const p = at % parts.length;
      parts[p] = misspell(parts[p]!, kind, at, ch);
      out[j] = '.' + parts.join('::');
      how = `misspelt ${mods[j]} -> ${out[j]}`;
    } else if (what < 8) {
      out.splice(pick % (out.length + 1), 0, '.' + junk);
      how = `made-up .${junk}`;
    } else if (what < 9) {
      out.splice(pick % (out.length + 1), 0, foreign);
      how = `foreign ${foreign}`;
    } else if (out.length > 1) {
      // Move the first modifier (a compound part for mul.wide, cp.async...) to the end.
      out.push(out.shift()!);
      how = `moved ${mods[0]} to the end`;
    }
    const operands = form.operands ? ' ' + form.operands : '';
    return { line: `${form.opcode}${out.join('')}${operands};`, how };
  });

interface PtxasLine {
  /** ptxas's messages on this case's line. */
  messages: string[];
  /** It stopped there (a syntax error). */
  fatal: boolean;
}

/**
 * ptxas on every case: one module, one case a line; a syntax error stops ptxas, so the cases after
 * it run again in a new module. A ptxas crash is bisected down to the case.
 */
function ptxasPerCase(lines: string[], runs: { count: number }): (PtxasLine | 'crash')[] {
  const out: (PtxasLine | 'crash')[] = new Array(lines.length);
  const solve = (from: number, to: number): void => {
    let start = from;
    while (start < to) {
      const part = lines.slice(start, to);
      const r = runPtxas(HEADER + KERNEL_OPEN + part.join('\n') + '\n' + KERNEL_CLOSE, { arch: ARCH, name: 'modifiers' });
      runs.count++;
      const crashed = !r.ok && !/aborted due to errors|fatal/.test(r.stderr);
      if (crashed) {
        if (part.length === 1) {
          out[start] = 'crash';
          return;
        }
        const mid = start + (part.length >> 1);
        solve(start, mid);
        solve(mid, to);
        return;
      }
      const per: PtxasLine[] = part.map(() => ({ messages: [], fatal: false }));
      let fatalAt = -1;
      for (const m of r.messages) {
        if (m.line === undefined || m.severity === 'warning') continue;
        const i = m.line - FIRST_CASE_LINE;
        if (i < 0 || i >= part.length) continue;
        per[i]!.messages.push(m.message);
        if (m.severity === 'fatal') {
          per[i]!.fatal = true;
          fatalAt = i;
          break;
        }
      }
      const done = fatalAt >= 0 ? fatalAt + 1 : part.length;
      for (let i = 0; i < done; i++) out[start + i] = per[i]!;
      start += done;
    }
  };
  solve(0, lines.length);
  return out;
}

/** ptxas found the vocabulary wrong on this line: an unknown word, or a syntax error. */
function isVocabularyError(p: PtxasLine): boolean {
  return p.fatal || p.messages.some((m) => m.startsWith('Unknown modifier') || m.startsWith('Parsing error'));
}

function firstError(line: string): { line?: number; codes: string[] } {
  const text = HEADER + KERNEL_OPEN + line + '\n' + KERNEL_CLOSE;
  const errors = checkPtxText('case.ptx', text).filter((d) => d.severity === 'error');
  return { line: errors[0]?.location?.line, codes: errors.map((d) => d.code) };
}

/** Every choice of each slot of each real form at least once (slot choices are independent). */
function formLines(): string[] {
  const lines: string[] = [];
  for (const f of FORMS) {
    const width = Math.max(...f.slots.map((s) => s.length));
    for (let k = 0; k < width; k++) {
      const mods = f.slots.map((s) => s[k % s.length]!).filter((m) => m !== '');
      lines.push(`${f.opcode}${mods.join('')}${f.operands ? ' ' + f.operands : ''};`);
    }
  }
  return lines;
}

// Without ptxas too: the modifier tables must take every word of these real forms.
test('ptx modifier forms: gpuasm accepts every choice', () => {
  for (const l of formLines()) assert.equal(firstError(l).line, undefined, `we refuse a real form: ${l}`);
});

test('ptx modifier forms: ptxas accepts every choice (the generator makes real forms)', { skip: ptxasSkipReason }, () => {
  const lines = formLines();
  const r = runPtxas(HEADER + KERNEL_OPEN + lines.join('\n') + '\n' + KERNEL_CLOSE, { arch: ARCH, name: 'forms' });
  const errors = r.messages.filter((m) => m.severity !== 'warning').map((m) => `${lines[(m.line ?? 0) - FIRST_CASE_LINE] ?? '?'}: ${m.message}`);
  assert.deepEqual(errors, [], 'forms ptxas refuses');
});

test('ptx modifiers: unknown and misspelt modifiers, verdict and first-error line as ptxas', { skip: ptxasSkipReason }, () => {
  const seed = fuzzSeed();
  const n = fuzzRuns(5000);
  const cases = fc.sample(caseArb, { seed, numRuns: n });
  const runs = { count: 0 };
  const tool = ptxasPerCase(
    cases.map((c) => c.line),
    runs,
  );
  let compared = 0;
  let rejected = 0;
  let otherRule = 0;
  const crashes: string[] = [];
  const mismatches: string[] = [];
  cases.forEach((c, i) => {
    const p = tool[i]!;
    const ours = firstError(c.line);
    if (p === 'crash') {
      // ptxas crashed on this line (it does on a few words after `bar.cta`): not a verdict to follow.
      crashes.push(c.line);
      return;
    }
    const where = `${c.line}   (${c.how}); ptxas: ${p.messages.join(' | ') || 'accepted'}; ours: ${ours.codes.join(',') || 'accepted'} at line ${ours.line ?? '-'}`;
    if (p.messages.length === 0) {
      compared++;
      if (ours.line !== undefined) mismatches.push(`we reject, ptxas accepts: ${where}`);
    } else if (isVocabularyError(p) || ours.line !== undefined) {
      compared++;
      rejected++;
      if (ours.line !== FIRST_CASE_LINE) mismatches.push(`first error not on ptxas's line ${FIRST_CASE_LINE}: ${where}`);
    } else {
      // Every word is known, ptxas refuses their combination ("Illegal modifier"): an instruction rule.
      otherRule++;
    }
  });
  console.log(
    `ptx modifiers differential: ${n} cases (${compared} compared, ${rejected} rejected by ptxas, ${otherRule} refused by ptxas for an instruction rule, ${crashes.length} ptxas crashes${crashes.length ? ': ' + crashes.slice(0, 3).join(' ') : ''}), ${runs.count} ptxas runs, seed ${seed}`,
  );
  assert.deepEqual(mismatches.slice(0, 20), [], `seed ${seed} (replay with GPUASM_SEED=${seed}): ${mismatches.length} mismatches`);
});

/**
 * Every opcode of spec Table 2, with words drawn from the whole vocabulary (generic words, the parts
 * of every compound name, misspellings of both, made-up words) in random order. The operands do not
 * fit (ptxas then also says "Arguments mismatch"), so this compares the words only: ptxas reports
 * "Unknown modifier" or stops with a syntax error on the line exactly when `unknownModifiers` finds
 * a word.
 */
test('ptx modifiers on every Table 2 opcode: unknown words as ptxas', { skip: ptxasSkipReason }, () => {
  const seed = fuzzSeed();
  const n = fuzzRuns(5000);
  const generic = [...GENERIC_MODIFIERS, ...INSTRUCTION_REFUSED];
  const parts = [...new Set(INSTRUCTION_KEYWORDS.flatMap((op) => compoundNames(op).flatMap((name) => name.split('.').slice(1).map((w) => '.' + w))))];
  const nameOf = fc.constantFrom(...INSTRUCTION_KEYWORDS).chain((op) =>
    compoundNames(op).length ? fc.oneof(fc.constant([op]), fc.constantFrom(...compoundNames(op).map((name) => name.split('.')))) : fc.constant([op]),
  );
  const word = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...generic) },
    { weight: 2, arbitrary: fc.constantFrom(...parts) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...generic, ...parts), fc.nat({ max: 5 }), fc.nat(), fc.constantFrom(...WORD_CHARS.split('')))
        .map(([w, kind, at, ch]) => '.' + w.slice(1).split('::').map((p, i, all) => (i === at % all.length ? misspell(p, kind, at, ch) : p)).join('::')),
    },
    { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...LETTERS.split('')), minLength: 1, maxLength: 6 }).map((w) => '.' + w) },
  );
  const caseArb = fc.tuple(nameOf, fc.array(word, { maxLength: 3 }), fc.nat()).map(([name, words, at]) => {
    const mods = [...name.slice(1).map((w) => '.' + w)];
    // Words go after the name mostly, sometimes before its parts (where ptxas does not know them).
    mods.splice(at % 4 === 0 ? at % (mods.length + 1) : mods.length, 0, ...words);
    return { opcode: name[0]!, mods };
  });
  const cases = fc.sample(caseArb, { seed, numRuns: n });
  const runs = { count: 0 };
  const tool = ptxasPerCase(
    cases.map((c) => `${c.opcode}${c.mods.join('')} %r1;`),
    runs,
  );
  const mismatches: string[] = [];
  let unknown = 0;
  cases.forEach((c, i) => {
    const p = tool[i]!;
    if (p === 'crash') return;
    const ours = unknownModifiers(c.opcode, c.mods);
    // ptxas reads a word it does not know after a dotted name as part of the name, and names that
    // ("Not a name of any known instruction: 'discard.bulk.tensor'"): the same word refused.
    const unknownName = p.messages.some((m) => {
      const named = /^Not a name of any known instruction: '(.*)'$/.exec(m)?.[1];
      return named !== undefined && ours.some((w) => named.endsWith(w));
    });
    const theirs = isVocabularyError(p) || unknownName;
    if (theirs) unknown++;
    // `.mbarrier` on its own (not in cp.async.mbarrier.arrive) and `.mbarrier::meet_tx::bytes` are
    // refused after every opcode ("Illegal modifier" and "Unknown modifier"), but ptxas says so only
    // once the instruction's earlier checks pass; with these operands they often do not, and the
    // line is an error anyway.
    const lateOnly = !theirs && ours.length > 0 && ours.every((w) => INSTRUCTION_REFUSED.has(w)) && p.messages.length > 0;
    if (theirs !== ours.length > 0 && !lateOnly) {
      mismatches.push(`${c.opcode}${c.mods.join('')}: ptxas ${p.messages.join(' | ') || 'knows every word'}; ours ${ours.join(' ') || 'knows every word'}`);
    }
  });
  console.log(`ptx modifiers on Table 2 opcodes: ${n} cases (${unknown} with a word ptxas does not know), ${runs.count} ptxas runs, seed ${seed}`);
  assert.deepEqual(mismatches.slice(0, 20), [], `seed ${seed} (replay with GPUASM_SEED=${seed}): ${mismatches.length} mismatches`);
});
