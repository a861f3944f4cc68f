/**
 * PTX keyword tables from the syntax spec (Tables 1-3) plus the type and state-space words. The
 * parser and checker keep their own sets for Tables 1 and 3 (directives by grammar position, special
 * registers with the target each needs); test/ptx/data/keywords.test.ts proves every entry of these
 * tables is handled there (each directive accepted in its place, each identifier resolves).
 */

/** Table 1: PTX directives. */
export const DIRECTIVES: readonly string[] = [
  '.address_size', '.explicitcluster', '.maxnreg', '.section',
  '.alias', '.extern', '.maxntid', '.shared',
  '.align', '.file', '.minnctapersm', '.sreg',
  '.branchtargets', '.func', '.noreturn', '.target',
  '.callprototype', '.global', '.param', '.tex',
  '.calltargets', '.loc', '.pragma', '.version',
  '.common', '.local', '.reg', '.visible',
  '.const', '.maxclusterrank', '.reqnctapercluster', '.weak',
  '.entry', '.maxnctapersm', '.reqntid',
];

/** Table 2: reserved instruction keywords (opcodes). */
export const INSTRUCTION_KEYWORDS: readonly string[] = [
  'abs', 'cvta', 'membar', 'setp', 'vabsdiff',
  'activemask', 'discard', 'min', 'shf', 'vabsdiff2',
  'add', 'div', 'mma', 'shfl', 'vabsdiff4',
  'addc', 'dp2a', 'mov', 'shl', 'vadd',
  'alloca', 'dp4a', 'movmatrix', 'shr', 'vadd2',
  'and', 'elect', 'mul', 'sin', 'vadd4',
  'applypriority', 'ex2', 'mul24', 'slct', 'vavrg2',
  'atom', 'exit', 'multimem', 'sqrt', 'vavrg4',
  'bar', 'fence', 'nanosleep', 'st', 'vmad',
  'barrier', 'fma', 'neg', 'stackrestore', 'vmax',
  'bfe', 'fns', 'not', 'stacksave', 'vmax2',
  'bfi', 'getctarank', 'or', 'stmatrix', 'vmax4',
  'bfind', 'griddepcontrol', 'pmevent', 'sub', 'vmin',
  'bmsk', 'isspacep', 'popc', 'subc', 'vmin2',
  'bra', 'istypep', 'prefetch', 'suld', 'vmin4',
  'brev', 'ld', 'prefetchu', 'suq', 'vote',
  'brkpt', 'ldmatrix', 'prmt', 'sured', 'vset',
  'brx', 'ldu', 'rcp', 'sust', 'vset2',
  'call', 'lg2', 'red', 'szext', 'vset4',
  'clz', 'lop3', 'redux', 'tanh', 'vshl',
  'cnot', 'mad', 'rem', 'tcgen05', 'vshr',
  'copysign', 'mad24', 'ret', 'tensormap', 'vsub',
  'cos', 'madc', 'rsqrt', 'testp', 'vsub2',
  'clusterlaunchcontrol', 'mapa', 'sad', 'tex', 'vsub4',
  'cp', 'match', 'selp', 'tld4', 'wgmma',
  'createpolicy', 'max', 'set', 'trap', 'wmma',
  'cvt', 'mbarrier', 'setmaxnreg', 'txq', 'xor',
];

/** Table 3 special registers that have `.x`, `.y`, `.z` components. */
export const VECTOR_SPECIAL_REGISTERS: readonly string[] = [
  '%tid', '%ntid', '%ctaid', '%nctaid', '%clusterid', '%nclusterid', '%cluster_ctaid', '%cluster_nctaid',
];

function range(prefix: string, n: number, suffix = ''): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(`${prefix}${i}${suffix}`);
  return out;
}

/** Table 3: predefined identifiers, with the parameterized families expanded. */
export const PREDEFINED_IDENTIFIERS: readonly string[] = [
  '%aggr_smem_size', '%clock', '%clock64', '%cluster_ctaid', '%cluster_ctarank', '%cluster_nctaid',
  '%cluster_nctarank', '%clusterid', '%ctaid', '%current_graph_exec', '%dynamic_smem_size',
  ...range('%envreg', 32),
  '%globaltimer', '%globaltimer_hi', '%globaltimer_lo', '%gridid', '%is_explicit_cluster', '%laneid',
  '%lanemask_eq', '%lanemask_ge', '%lanemask_gt', '%lanemask_le', '%lanemask_lt', '%nclusterid', '%nctaid',
  '%nsmid', '%ntid', '%nwarpid',
  ...range('%pm', 8),
  ...range('%pm', 8, '_64'),
  '%reserved_smem_offset_begin', '%reserved_smem_offset_cap', '%reserved_smem_offset_end',
  ...range('%reserved_smem_offset_', 2),
  '%smid', '%tid', '%total_smem_size', '%warpid', 'WARP_SZ',
];

/** State-space directives a variable declaration starts with. */
const STATE_SPACES: readonly string[] = ['.reg', '.sreg', '.const', '.global', '.local', '.param', '.shared', '.tex'];

const LINKAGES: readonly string[] = ['.extern', '.visible', '.weak', '.common'];

/** Fundamental, packed and opaque types that may appear as a variable's type. */
const TYPES: readonly string[] = [
  '.s8', '.s16', '.s32', '.s64', '.u8', '.u16', '.u32', '.u64',
  '.b8', '.b16', '.b32', '.b64', '.b128',
  '.f16', '.f16x2', '.f32', '.f64', '.bf16', '.bf16x2', '.tf32',
  '.e4m3', '.e5m2', '.e4m3x2', '.e5m2x2', '.e2m3', '.e3m2', '.e2m1', '.e2m3x2', '.e3m2x2', '.e2m1x2', '.ue8m0', '.ue8m0x2',
  '.s2f6x2',
  '.pred', '.texref', '.samplerref', '.surfref',
];

/** Performance-tuning and other directives that may follow a function header. */
const FUNCTION_ATTRIBUTE_DIRECTIVES: readonly string[] = [
  '.maxnreg', '.maxntid', '.reqntid', '.minnctapersm', '.maxnctapersm', '.maxclusterrank', '.reqnctapercluster',
  '.explicitcluster', '.noreturn', '.pragma', '.abi_preserve', '.abi_preserve_control', '.blocksareclusters',
  '.attribute', '.local_maxnreg',
];
export const FUNCTION_ATTRIBUTE_SET: ReadonlySet<string> = new Set(FUNCTION_ATTRIBUTE_DIRECTIVES);

export const INSTRUCTION_SET: ReadonlySet<string> = new Set(INSTRUCTION_KEYWORDS);
export const STATE_SPACE_SET: ReadonlySet<string> = new Set(STATE_SPACES);
export const LINKAGE_SET: ReadonlySet<string> = new Set(LINKAGES);
export const TYPE_SET: ReadonlySet<string> = new Set(TYPES);

/** Every word of the tables above (directives, opcodes, special registers, spaces, linkages, types, attributes). */
export const KEYWORDS: readonly string[] = [
  ...DIRECTIVES,
  ...INSTRUCTION_KEYWORDS,
  ...PREDEFINED_IDENTIFIERS,
  ...STATE_SPACES,
  ...LINKAGES,
  ...TYPES,
  ...FUNCTION_ATTRIBUTE_DIRECTIVES,
];
