/**
 * The instruction modifiers ptxas 13.0 knows, measured by running it (see docs/divergences.md, "PTX
 * instruction modifiers"). ptxas's lexer reads dotted words after an opcode in two ways:
 *
 * - GENERIC_MODIFIERS: words it knows after any opcode (`.global`, `.u32`, `.L2::evict_last`). It also
 *   refuses some of them after some opcodes ("Illegal modifier", `exit.uni`); that is an instruction
 *   rule, not vocabulary, and left to instruction checks.
 * - COMPOUND_NAMES: instruction names that carry dotted parts (`mul.wide`, `cp.async.bulk.tensor`,
 *   `mbarrier.try_wait.parity`), lexed as one token by longest match. Their parts are known only in
 *   that place: `add.wide`, `mul.s32.wide` and `mbarrier.shared.arrive` are "Unknown modifier".
 *
 * Every other word is "Unknown modifier '.w'" (an error on the word's line; ptxas goes on), and
 * words that are directives (`.reg`, `.entry`) or that extend a compound name (`mul.widex`) are a
 * syntax error there. Both are reported by `unknownModifiers`.
 */

/** Known after every opcode (with their dot). Measured: no "Unknown modifier" after an unknown opcode. */
const GENERIC_WORDS: readonly string[] = [
  '128x128b 128x256b 16x128b 16x256b 16x32bx2 16x64b 1d 1d_buffer 2d 2dms 32x128b 32x32b 3d 4d 4x256b 5d',
  '64x128b L1 L1::evict_first L1::evict_last L1::evict_normal L1::evict_unchanged L1::no_allocate L2',
  'L2::128B L2::256B L2::64B L2::cache_hint L2::evict_first L2::evict_last L2::evict_normal',
  'L2::evict_unchanged L2::no_allocate NaN a a1d a2d a2dms abs acc::f16 acc::f32 acq_rel acquire acube add',
  'addr_mode_0 addr_mode_1 addr_mode_2 alias aligned all alloc and any approx array_size ashift async',
  'async::generic b b1 b1024 b128 b16 b2 b32 b4e b4x16_p64 b64 b6x16_p32 b8 b8x16 ballot bf16 bf16x2 bfly',
  'block16 block32 block_scale box_dim bulk_group ca cas cc cg channel_data_type channel_order clamp',
  'cluster col collector::a::discard collector::a::fill collector::a::lastuse collector::a::use',
  'collector::b0::discard collector::b0::fill collector::b0::lastuse collector::b0::use',
  'collector::b1::discard collector::b1::fill collector::b1::lastuse collector::b1::use',
  'collector::b2::discard collector::b2::fill collector::b2::lastuse collector::b2::use',
  'collector::b3::discard collector::b3::fill collector::b3::lastuse collector::b3::use const cp cp_mask cs',
  'cta cta_group::1 cta_group::2 cube cv dealloc dec depth dis down e0m3x2 e0m3x4 e2m1 e2m1x2 e2m1x4 e2m3',
  'e2m3x2 e2m3x4 e3m2 e3m2x2 e3m2x4 e4m3 e4m3x2 e4m3x4 e5m2 e5m2x2 e5m2x4 ecl ecr element_stride elemtype',
  'en eq equ evict_first evict_last evict_normal evict_unchanged exch f16 f16x2 f32 f32x2 f4e f64 fill_mode',
  'filter_mode finite force_unnormalized_coords ftz g ge get_first_ctaid get_first_ctaid::x',
  'get_first_ctaid::y get_first_ctaid::z geu gl global global_address global_dim global_stride gpu gt gtu',
  'height hi hs idx im2col im2col::w im2col::w::128 im2col_no_offs inc infinite interleave_layout inv',
  'invall is_canceled kind::f16 kind::f8f6f4 kind::i8 kind::mxf4 kind::mxf4nvf4 kind::mxf8f6f4 kind::tf32',
  'launch_dependents ld le leu lo local lower::16b ls lt ltu lu m16n16 m16n16k16 m16n16k8 m16n8 m16n8k128',
  'm16n8k16 m16n8k256 m16n8k32 m16n8k4 m16n8k64 m16n8k8 m32n8k16 m64n104k16 m64n104k32 m64n104k64 m64n104k8',
  'm64n112k16 m64n112k256 m64n112k32 m64n112k64 m64n112k8 m64n120k16 m64n120k32 m64n120k64 m64n120k8',
  'm64n128k16 m64n128k256 m64n128k32 m64n128k64 m64n128k8 m64n136k16 m64n136k32 m64n136k64 m64n136k8',
  'm64n144k16 m64n144k256 m64n144k32 m64n144k64 m64n144k8 m64n152k16 m64n152k32 m64n152k64 m64n152k8',
  'm64n160k16 m64n160k256 m64n160k32 m64n160k64 m64n160k8 m64n168k16 m64n168k32 m64n168k64 m64n168k8',
  'm64n16k16 m64n16k256 m64n16k32 m64n16k64 m64n16k8 m64n176k16 m64n176k256 m64n176k32 m64n176k64 m64n176k8',
  'm64n184k16 m64n184k32 m64n184k64 m64n184k8 m64n192k16 m64n192k256 m64n192k32 m64n192k64 m64n192k8',
  'm64n200k16 m64n200k32 m64n200k64 m64n200k8 m64n208k16 m64n208k256 m64n208k32 m64n208k64 m64n208k8',
  'm64n216k16 m64n216k32 m64n216k64 m64n216k8 m64n224k16 m64n224k256 m64n224k32 m64n224k64 m64n224k8',
  'm64n232k16 m64n232k32 m64n232k64 m64n232k8 m64n240k16 m64n240k256 m64n240k32 m64n240k64 m64n240k8',
  'm64n248k16 m64n248k32 m64n248k64 m64n248k8 m64n24k16 m64n24k256 m64n24k32 m64n24k64 m64n24k8 m64n256k16',
  'm64n256k256 m64n256k32 m64n256k64 m64n256k8 m64n32k16 m64n32k256 m64n32k32 m64n32k64 m64n32k8 m64n40k16',
  'm64n40k32 m64n40k64 m64n40k8 m64n48k16 m64n48k256 m64n48k32 m64n48k64 m64n48k8 m64n56k16 m64n56k32',
  'm64n56k64 m64n56k8 m64n64k16 m64n64k256 m64n64k32 m64n64k64 m64n64k8 m64n72k16 m64n72k32 m64n72k64',
  'm64n72k8 m64n80k16 m64n80k256 m64n80k32 m64n80k64 m64n80k8 m64n88k16 m64n88k32 m64n88k64 m64n88k8',
  'm64n8k16 m64n8k256 m64n8k32 m64n8k64 m64n8k8 m64n96k16 m64n96k256 m64n96k32 m64n96k64 m64n96k8 m8n16',
  'm8n32k16 m8n8 m8n8k128 m8n8k16 m8n8k32 m8n8k4 m8n8k64 matrix::A matrix::D matrix::scaleA matrix::scaleB',
  'matrix::sparseMetadata max maxabs mbarrier::arrive::one mbarrier::complete_tx::bytes',
  'mbarrier_init memory_layout min mma mmio multicast multicast::cluster',
  'multicast::cluster::all nan nc ne neu noComplete no_allocate no_membermask_overlap noftz noinc normal',
  'normalized_coords notanumber num num_mipmap_levels num_samples number oob or pack::16b param po popc',
  // Measured (ptxas 13.0): `ld.param::entry`, `st.param::func`, `cvta.param::entry` are accepted.
  'param::entry param::func',
  'pred r rank rc16 rc8 read regoffset relaxed release relu rm rmi rn rna rni row rp rpi rs rz rzi s16',
  's16x2 s2 s32 s4 s64 s8 safeadd samplerref sat satfinite sc scale_vec::1X scale_vec::2X scale_vec::4X',
  'shared shared::cluster shared::cta shift shiftamt shr15 shr7 sp sp::ordered_metadata st subnormal',
  'surfref swizzle_atomicity swizzle_mode sync sync_restrict::shared::cluster sync_restrict::shared::cta',
  'sys tensormap tensormap::generic tex texref tf32 thread tile tile::gather4 tile::scatter4 trans trap u16',
  'u16x2 u2 u32 u4 u64 u8 ue4m3 ue8m0 ue8m0x2 ue8m0x4 unanimous uni unpack::16b up v2 v4 v8 volatile wait',
  'warpx2::01_23 warpx2::02_13 warpx4 wb weak width wrap wt x1 x128 x16 x2 x32 x4 x64 x8 xor xorsign zero',
];

/**
 * Instruction names with dotted parts, per opcode: each entry is the part after the opcode. A name
 * is a whole token for ptxas; a prefix of one is not (`wmma.load` alone is "Unknown modifier '.load'").
 */
const COMPOUND_NAMES: readonly (readonly [string, string])[] = [
  ['applypriority', 'bulk'],
  ['bar', 'arrive cta cta.arrive cta.red red warp warp.sync'],
  ['barrier', 'arrive cluster cluster.arrive cluster.wait::ld cluster.wait::st cta cta.arrive cta.red red warp'],
  ['clusterlaunchcontrol', 'query_cancel query_cancel.is_canceled try_cancel.async'],
  ['cp', 'async async.bulk async.bulk.commit_group async.bulk.prefetch async.bulk.prefetch.tensor async.bulk.tensor async.bulk.wait_group async.commit_group async.mbarrier.arrive async.wait_all async.wait_group reduce.async.bulk reduce.async.bulk.tensor'],
  ['createpolicy', 'cvt fractional range'],
  ['cvt', 'pack'],
  ['cvta', 'to'],
  ['discard', 'bulk'],
  ['div', 'full'],
  ['dp2a', 'hi lo'],
  ['elect', 'one'],
  ['fence', 'proxy proxy.tensormap proxy.tensormap::generic'],
  ['mad', 'hi lo wide'],
  ['mad24', 'hi lo'],
  ['madc', 'hi lo'],
  ['mbarrier', 'arrive arrive.expect_tx arrive_drop arrive_drop.expect_tx complete_tx expect_tx init inval pending_count test_wait test_wait.parity try_wait try_wait.parity tx'],
  ['membar', 'proxy'],
  ['mul', 'hi lo wide'],
  ['mul24', 'hi lo'],
  ['multimem', 'ld_reduce red st'],
  ['pmevent', 'mask'],
  ['shf', 'l r'],
  ['red', 'async'],
  ['st', 'async bulk'],
  ['suld', 'b p'],
  ['sured', 'b p'],
  ['sust', 'b p'],
  ['tcgen05', 'alloc commit cp fence fence::after_thread_sync fence::before_thread_sync ld ld.red mma mma.ws relinquish_alloc_permit shift st wait wait::ld wait::st'],
  ['tensormap', 'cp_fenceproxy replace'],
  ['tex', 'base grad level'],
  ['txq', 'level'],
  ['wgmma', 'commit_group fence fence::after_thread_sync fence::before_thread_sync mma_async wait_group'],
  ['wmma', 'load.a load.b load.c mma store.d'],
];

/**
 * Words ptxas knows, yet refuses after these instruction names (instruction-specific grammar,
 * measured with ptxas 13.0): a syntax error for `.tensormap` and `.tensormap::generic` right after
 * the bulk copy, prefetch and discard names (`discard.bulk.tensormap`).
 * Rows: the words, the names, and whether only right after the name.
 */
const REFUSED_AFTER: readonly (readonly [string, string, boolean])[] = [
  ['tensormap tensormap::generic', 'applypriority.bulk cp.async.bulk cp.async.bulk.prefetch cp.reduce.async.bulk discard.bulk', true],
];

/**
 * Words ptxas's lexer takes (no "Unknown modifier" after an unknown opcode) that no instruction
 * takes: every known instruction refuses them with "Illegal modifier" + "Unknown modifier", dated
 * like the instruction's other checks (the line of the token after the opcode, not the word's), and
 * only when no earlier instruction check failed (`bra.sync.mbarrier::meet_tx::bytes` is only "Illegal
 * modifier '.sync'"; that line is an error either way). `.mbarrier` is also a part of
 * `cp.async.mbarrier.arrive`, where it is known; `.mbarrier::meet_tx::bytes` is known nowhere
 * (measured after every opcode of Table 2 and each compound name, sm_90a and sm_100a).
 */
export const INSTRUCTION_REFUSED: ReadonlySet<string> = new Set(['.mbarrier', '.mbarrier::meet_tx::bytes']);

/**
 * Directive words ptxas's grammar refuses after an opcode: "Parsing error near '.reg'" (fatal), also
 * after an unknown opcode, whose "Not a name of any known instruction" then never comes. Measured
 * with ptxas 13.0 (`x .reg %r1;`); the other directives of Table 1 are modifiers there (`.global`,
 * `.alias`, `.weak`) or "Unknown modifier" (`.version`, `.sreg`).
 */
export const DIRECTIVE_WORDS: ReadonlySet<string> = new Set(
  ('.abi_preserve .abi_preserve_control .address_size .align .attribute .blocksareclusters .branchtargets .callprototype ' +
    '.calltargets .common .entry .explicitcluster .extern .file .func .loc .local_maxnreg .maxclusterrank .maxnctapersm ' +
    '.maxnreg .maxntid .minnctapersm .noreturn .pragma .reg .reqnctapercluster .reqntid .section .target .visible').split(' '),
);

/** `name word` keys of REFUSED_AFTER (the word with its dot): true when only right after the name. */
const REFUSED: ReadonlyMap<string, boolean> = new Map(
  REFUSED_AFTER.flatMap(([words, names, rightAfter]) => words.split(' ').flatMap((w) => names.split(' ').map((n) => [`${n} .${w}`, rightAfter] as const))),
);
const REFUSED_WORDS: ReadonlySet<string> = new Set(REFUSED_AFTER.flatMap(([words]) => words.split(' ').map((w) => '.' + w)));

export const GENERIC_MODIFIERS: ReadonlySet<string> = (() => {
  const set = new Set<string>();
  for (const line of GENERIC_WORDS) for (const w of line.split(' ')) if (w) set.add('.' + w);
  return set;
})();

/** A node of an opcode's name trie: edges are dotted words (with the dot). */
interface NameNode {
  /** A whole instruction name ends here. */
  terminal: boolean;
  next: Map<string, NameNode>;
  /** Edges to nodes where a name ends (for the run-on check, without iterating the map). */
  ends: string[];
}

/**
 * Opcodes that are no instruction name alone: a part of COMPOUND_NAMES must follow right after
 * (`sust.cg.b.2d...` is "Not a name of any known instruction: 'sust'"; measured with ptxas 13.0 on
 * suld, sust and sured with a cache operator or an operation first; multimem with a `.v4`, a state
 * space or an order before `.ld_reduce`/`.st`/`.red`, session 25's mutations).
 */
const NOT_NAMES_ALONE: ReadonlySet<string> = new Set(['suld', 'sust', 'sured', 'multimem']);

const NAME_TRIES: ReadonlyMap<string, NameNode> = (() => {
  const tries = new Map<string, NameNode>();
  for (const [opcode, names] of COMPOUND_NAMES) {
    const root: NameNode = { terminal: !NOT_NAMES_ALONE.has(opcode), next: new Map(), ends: [] };
    for (const name of names.split(' ')) {
      let node = root;
      for (const part of name.split('.')) {
        const word = '.' + part;
        let child = node.next.get(word);
        if (!child) node.next.set(word, (child = { terminal: false, next: new Map(), ends: [] }));
        node = child;
      }
      node.terminal = true;
    }
    const index = (node: NameNode): void => {
      for (const [word, child] of node.next) {
        if (child.terminal) node.ends.push(word);
        index(child);
      }
    };
    index(root);
    tries.set(opcode, root);
  }
  return tries;
})();

/** The dotted parts `opcode` may carry as part of its name (`mul` -> `.wide`, `.hi`, `.lo`), for tests and tools. */
export function compoundNames(opcode: string): string[] {
  const entry = COMPOUND_NAMES.find(([op]) => op === opcode);
  return entry ? entry[1].split(' ').map((n) => `${opcode}.${n}`) : [];
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * Whether `opcode` + `modifiers` starts with no instruction name (NOT_NAMES_ALONE: `sust.cg.b`):
 * no node of the name trie on the words' path ends a name.
 */
export function lacksName(opcode: string, modifiers: readonly string[]): boolean {
  if (!NOT_NAMES_ALONE.has(opcode)) return false;
  let node = NAME_TRIES.get(opcode)!;
  for (let i = 0; !node.terminal; i++) {
    const child = i < modifiers.length ? node.next.get(modifiers[i]!) : undefined;
    if (!child) return true;
    node = child;
  }
  return false;
}

/**
 * The modifiers of `opcode` ptxas does not accept as words: each is "Unknown modifier" (or a syntax
 * error, for a word that runs on past a compound name). Empty (a shared frozen array) when all are
 * known, the common case.
 */
export function unknownModifiers(opcode: string, modifiers: readonly string[]): readonly string[] {
  const root = NAME_TRIES.get(opcode);
  let rest = 0;
  if (root) {
    // Longest match, as ptxas's lexer: follow whole words down the name trie, then back off to the
    // deepest place where a name ends. A name that ends inside the next word (`mbarrier.inits`,
    // `mul.widex`) is the longest match there, and the rest of that word is a syntax error.
    let deepest = root;
    let length = 0;
    while (length < modifiers.length) {
      const child = deepest.next.get(modifiers[length]!);
      if (!child) break;
      deepest = child;
      length++;
    }
    for (let depth = length; depth >= 0; depth--) {
      // Backing off is rare (a prefix of a name): find the node again rather than keep a path.
      const node = depth === length ? deepest : nodeAt(root, modifiers, depth);
      const word = depth < modifiers.length ? modifiers[depth]! : undefined;
      if (word !== undefined && endsInside(node, word)) return [word];
      if (node.terminal) {
        rest = depth;
        break;
      }
    }
  }
  let out: string[] | undefined;
  for (let i = rest; i < modifiers.length; i++) {
    const m = modifiers[i]!;
    if (!GENERIC_MODIFIERS.has(m) || (REFUSED_WORDS.has(m) && refusedAfter(opcode, modifiers, rest, i))) (out ??= []).push(m);
  }
  return out ?? NONE;
}

/** Whether the known word `modifiers[i]` is refused after the name `opcode` + `modifiers[0, rest)` (see REFUSED_AFTER). */
function refusedAfter(opcode: string, modifiers: readonly string[], rest: number, i: number): boolean {
  const rightAfter = REFUSED.get(`${opcode}${modifiers.slice(0, rest).join('')} ${modifiers[i]}`);
  return rightAfter !== undefined && (!rightAfter || i === rest);
}

function nodeAt(root: NameNode, modifiers: readonly string[], depth: number): NameNode {
  let node = root;
  for (let i = 0; i < depth; i++) node = node.next.get(modifiers[i]!)!;
  return node;
}

/** A name ends at `node` + a proper prefix of `word`, followed by an identifier character or ':'. */
function endsInside(node: NameNode, word: string): boolean {
  for (const part of node.ends) {
    if (word.length <= part.length || !word.startsWith(part)) continue;
    const c = word.charCodeAt(part.length);
    if (isIdentifierChar(c) || c === COLON) return true;
  }
  return false;
}

const COLON = 58;

function isIdentifierChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

/**
 * Instruction names ptxas's lexer reads as one symbol outside the opcode place (an operand, where a
 * lost `;` puts the next line's opcode): `mov.u32 %r1, barrier.cluster.wait;` is "Unknown symbol
 * 'barrier.cluster.wait'", a semantic error, where `ld.global` there is "Parsing error near
 * '.global'". Measured with ptxas 13.0 (every prefix of every instruction name of the syntax
 * reference and of COMPOUND_NAMES, 813 strings; docs/divergences.md): longest match, so a name that
 * ends inside the next word (`tcgen05.wait_operation`, `barrier.cluster.wait::ld`) is a syntax error
 * there. They are COMPOUND_NAMES cut before any `::` (`barrier.cluster.wait::ld` gives
 * `barrier.cluster.wait`), less NOT_OPERAND_TOKENS, plus EXTRA_OPERAND_TOKENS.
 */
const NOT_OPERAND_TOKENS: ReadonlySet<string> = new Set(['bar.warp.sync', 'clusterlaunchcontrol.query_cancel.is_canceled', 'fence.proxy.tensormap']);
const EXTRA_OPERAND_TOKENS: readonly string[] = ['brx.idx', 'tcgen05.dealloc'];

/**
 * Known words ptxas reads as a field after a symbol (`mul.wide.u32`: "Unknown symbol 'mul.wide'",
 * "Unknown field '.u32'", no syntax error); every other word of GENERIC_MODIFIERS, the
 * DIRECTIVE_WORDS and INSTRUCTION_REFUSED are "Parsing error" there, and a word ptxas does not know
 * (`.load`, `.wide`, `.version`) is a field. Measured with ptxas 13.0 (`mov.u32 %r1, foo.WORD;` for
 * every known word and name part).
 */
const FIELD_WORDS: readonly string[] = [
  'a alloc ashift async b b1 b128 b16 b2 b32 b4x16_p64 b64 b6x16_p32 b8 b8x16 block_scale collector::a::discard',
  'collector::a::fill collector::a::lastuse collector::a::use collector::b0::discard collector::b0::fill',
  'collector::b0::lastuse collector::b0::use collector::b1::discard collector::b1::fill collector::b1::lastuse',
  'collector::b1::use collector::b2::discard collector::b2::fill collector::b2::lastuse collector::b2::use',
  'collector::b3::discard collector::b3::fill collector::b3::lastuse collector::b3::use cp cp_mask cta_group::1',
  'cta_group::2 dealloc e0m3x2 e0m3x4 e2m1 e2m1x2 e2m1x4 e2m3 e2m3x2 e2m3x4 e3m2 e3m2x2 e3m2x4 e4m3 e4m3x2 e4m3x4',
  'e5m2 e5m2x2 e5m2x4 evict_first evict_last evict_normal evict_unchanged f16 f16x2 f32 f32x2 f64 g get_first_ctaid',
  'get_first_ctaid::x get_first_ctaid::y get_first_ctaid::z im2col im2col::w im2col::w::128 im2col_no_offs',
  'is_canceled kind::f16 kind::f8f6f4 kind::i8 kind::mxf4 kind::mxf4nvf4 kind::mxf8f6f4 kind::tf32',
  'launch_dependents ld matrix::A matrix::D matrix::scaleA matrix::scaleB matrix::sparseMetadata mma multicast',
  'no_allocate oob pack::16b pred r read regoffset s16 s16x2 s32 s64 s8 scale_vec::1X scale_vec::2X scale_vec::4X',
  'shift st tf32 tile tile::gather4 tile::scatter4 u16 u16x2 u32 u64 u8 ue4m3 ue8m0 ue8m0x2 ue8m0x4 unpack::16b v8',
  'wait warpx2::01_23 warpx2::02_13 warpx4 xorsign',
];

/** The whole names per opcode (`barrier.cluster.wait`), longest first. */
const OPERAND_NAME_TABLE: ReadonlyMap<string, readonly string[]> = operandNameTable();

function operandNameTable(): Map<string, string[]> {
  const table = new Map<string, string[]>();
  const add = (whole: string): void => {
    if (NOT_OPERAND_TOKENS.has(whole)) return;
    const opcode = whole.slice(0, whole.indexOf('.'));
    const names = table.get(opcode) ?? [];
    if (!names.includes(whole)) names.push(whole);
    table.set(opcode, names);
  };
  for (const [opcode, parts] of COMPOUND_NAMES) for (const part of parts.split(' ')) add(`${opcode}.${part.split('::')[0]}`);
  for (const whole of EXTRA_OPERAND_TOKENS) add(whole);
  for (const names of table.values()) names.sort((a, b) => b.length - a.length);
  return table;
}

const NAME_FIELDS: ReadonlySet<string> = new Set(FIELD_WORDS.flatMap((line) => line.split(' ').map((w) => '.' + w)));

/**
 * The instruction names ptxas lexes as one symbol in an operand that begin with the word `name`
 * (longest first), or undefined (most names).
 */
export function operandNames(name: string): readonly string[] | undefined {
  return OPERAND_NAME_TABLE.get(name);
}

/** Whether ptxas reads the dotted `word` after a symbol as a field (a semantic error) rather than a syntax error. */
export function isFieldWord(word: string): boolean {
  if (NAME_FIELDS.has(word)) return true;
  return !GENERIC_MODIFIERS.has(word) && !DIRECTIVE_WORDS.has(word) && !INSTRUCTION_REFUSED.has(word);
}
