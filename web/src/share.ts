/**
 * Share links: the source and the options, compressed (deflate-raw through the browser's own
 * CompressionStream) and base64url-encoded into the URL's fragment — which browsers never send to
 * a server. `#z=` is compressed, `#b=` plain (a browser without CompressionStream).
 */
import type { Lang } from './protocol.js';

export interface Shared {
  lang: Lang;
  mcpu: string;
  compileOnly: boolean;
  /** AMDGPU `--mattr` as typed (links made before it existed have none). */
  mattr: string;
  /** The document's name (diagnostics carry it, as the CLI's carry the file name). */
  name: string;
  text: string;
}

function toBase64url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** The URL fragment (with its `#`) that restores `s`. */
export async function encodeShare(s: Shared): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify({ v: 1, ...s }));
  if (typeof CompressionStream === 'function') return '#z=' + toBase64url(await through(json, new CompressionStream('deflate-raw')));
  return '#b=' + toBase64url(json);
}

/** What a fragment written by encodeShare holds; undefined for any other fragment (or a damaged one). */
export async function decodeShare(hash: string): Promise<Shared | undefined> {
  const m = /^#([zb])=([A-Za-z0-9_-]*)$/.exec(hash);
  if (!m) return undefined;
  try {
    let bytes = fromBase64url(m[2]!);
    if (m[1] === 'z') bytes = await through(bytes, new DecompressionStream('deflate-raw'));
    const o = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Shared> & { v?: number };
    if (o.v !== 1 || typeof o.text !== 'string' || (o.lang !== 'ptx' && o.lang !== 'amdgpu')) return undefined;
    return { lang: o.lang, mcpu: typeof o.mcpu === 'string' ? o.mcpu : 'gfx900', compileOnly: o.compileOnly === true, mattr: typeof o.mattr === 'string' ? o.mattr : '', name: typeof o.name === 'string' ? o.name : o.lang === 'ptx' ? 'input.ptx' : 'input.s', text: o.text };
  } catch {
    return undefined;
  }
}
