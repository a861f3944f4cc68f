/**
 * The target triple (llvm-mc's `-triple`): its operating system decides which AMDGPU directives
 * exist and which symbols the assembler predefines, and its text is part of the target id that
 * `.amdgcn_target` and `.amd_amdgpu_isa` must repeat.
 */

/** `amdhsa`: ROCm (`.amdhsa_kernel`, `.amdgpu_metadata`); `amdpal`: PAL; `mesa3d`, `other`: code object v2 directives. */
export type AmdgpuOs = 'amdhsa' | 'amdpal' | 'mesa3d' | 'other';

export interface AmdgpuTriple {
  /** As given. */
  readonly text: string;
  readonly os: AmdgpuOs;
  /** The target id before the processor name, as llvm-mc-19 prints it: `amdgcn-amd-amdhsa--`. */
  readonly idPrefix: string;
}

export const DEFAULT_TRIPLE = 'amdgcn-amd-amdhsa';

/** Vendor names llvm-mc-19 recognises (whole component). */
const VENDORS = new Set(['amd', 'mesa', 'pc', 'apple', 'scei', 'sie', 'fsl', 'ibm', 'img', 'mti', 'nvidia', 'csr', 'suse', 'oe']);
/** Operating systems llvm-mc-19 recognises, by prefix (`amdhsa5` is amdhsa). */
const SYSTEMS = [
  'amdhsa', 'amdpal', 'mesa3d', 'linux', 'darwin', 'dragonfly', 'freebsd', 'fuchsia', 'ios', 'kfreebsd', 'lv2', 'macos', 'netbsd',
  'openbsd', 'solaris', 'uefi', 'win32', 'windows', 'zos', 'haiku', 'rtems', 'nacl', 'aix', 'cuda', 'nvcl', 'ps4', 'ps5', 'elfiamcu',
  'tvos', 'watchos', 'bridgeos', 'driverkit', 'xros', 'visionos', 'hermit', 'hurd', 'wasi', 'emscripten', 'shadermodel', 'liteos',
  'serenity', 'vulkan', 'cygwin', 'mingw',
];
/** Environments llvm-mc-19 recognises, by prefix (`gnueabihf` is a gnu one). */
const ENVIRONMENTS = [
  'gnu', 'eabi', 'code16', 'android', 'musl', 'msvc', 'itanium', 'cygnus', 'coreclr', 'simulator', 'macabi', 'pixel', 'vertex',
  'geometry', 'hull', 'domain', 'compute', 'library', 'raygeneration', 'intersection', 'anyhit', 'closesthit', 'miss', 'callable',
  'mesh', 'amplification', 'opencl', 'ohos', 'pauthtest',
];
/** Object formats, which llvm-mc-19 takes in the environment's place, by suffix (`elf`). */
const OBJECT_FORMATS = ['coff', 'elf', 'goff', 'macho', 'wasm', 'xcoff', 'spirv', 'dxcontainer'];

const isVendor = (c: string) => VENDORS.has(c);
const isSystem = (c: string) => SYSTEMS.some((s) => c.startsWith(s));
const isEnvironment = (c: string) => ENVIRONMENTS.some((e) => c.startsWith(e)) || OBJECT_FORMATS.some((f) => c.endsWith(f));

/** The triples gpuasm reads, for messages. */
export const TRIPLE_FORMS =
  'amdgcn[-VENDOR[-OS[-ENV]]] with each component in its place (an empty one reads as unknown), as llvm-mc-19 reads them';

/**
 * Reads a triple as llvm-mc-19 does: the architecture `amdgcn`, then any vendor, OS and environment
 * (the rest of the components), present-but-empty ones normalised to `unknown`; the OS is amdhsa,
 * amdpal or mesa3d when its component starts with that name. The target id prefix is the
 * normalised components (`amdgcn-amd-amdhsa--`; `amdgcn` alone keeps none: `amdgcn----`).
 * llvm-mc also moves a known vendor, OS or environment name found out of its place to that place
 * (`amdgcn-amdhsa` is `amdgcn-unknown-amdhsa`): such a spelling is refused here with the triple to
 * write instead (docs/divergences.md), as is any other architecture.
 */
export function parseTriple(text: string): AmdgpuTriple | { error: string } {
  const parts = text.split('-');
  const bad = (why: string) => ({ error: `unsupported target triple '${text}': ${why}` });
  if (parts[0] !== 'amdgcn') return bad(`gpuasm reads ${TRIPLE_FORMS}`);
  const places = [undefined, isVendor, isSystem, isEnvironment] as const;
  const what = ['', 'vendor', 'OS', 'environment'];
  const inPlace = places.map((is, i) => i === 0 || (parts[i] !== undefined && is!(parts[i]!)));
  for (let p = 1; p < places.length; p++) {
    if (inPlace[p]) continue;
    for (let i = 1; i < parts.length; i++) {
      if (i < places.length && inPlace[i]) continue;
      if (places[p]!(parts[i]!)) return bad(`'${parts[i]}' is ${p === 1 ? 'a' : 'an'} ${what[p]} name out of its place (llvm-mc would move it); write it as component ${p + 1} (${['ARCH', 'VENDOR', 'OS', 'ENV'].slice(0, p + 1).join('-')})`);
    }
  }
  const c = parts.map((x) => (x === '' ? 'unknown' : x));
  const sys = c[2] ?? '';
  const os: AmdgpuOs = sys.startsWith('amdhsa') ? 'amdhsa' : sys.startsWith('amdpal') ? 'amdpal' : sys.startsWith('mesa3d') ? 'mesa3d' : 'other';
  return { text, os, idPrefix: `amdgcn-${c[1] ?? ''}-${sys}-${c.slice(3).join('-')}-` };
}

/** Like parseTriple, for the library: an unknown triple is a programming error there. */
export function tripleOrThrow(text: string | undefined): AmdgpuTriple {
  const t = parseTriple(text ?? DEFAULT_TRIPLE);
  if ('error' in t) throw new RangeError(t.error);
  return t;
}
