/**
 * Highlighting for PTX and AMDGPU assembly: two small hand-written stream tokenizers (CodeMirror's
 * StreamLanguage), no grammar or parser generator. They only colour text; what is valid is the
 * checker's business.
 */
import { StreamLanguage, type StringStream } from '@codemirror/language';

interface State {
  /** Inside a block comment. */
  comment: boolean;
  /** The statement's opcode has been seen (what follows is operands). */
  sawOpcode: boolean;
}

const start = (): State => ({ comment: false, sawOpcode: false });
const copy = (s: State): State => ({ ...s });

function blockComment(stream: StringStream, state: State): string {
  while (!stream.eol()) {
    if (stream.match('*/')) {
      state.comment = false;
      return 'comment';
    }
    stream.next();
  }
  return 'comment';
}

function string(stream: StringStream): string {
  stream.next();
  let escaped = false;
  while (!stream.eol()) {
    const c = stream.next();
    if (c === '"' && !escaped) break;
    escaped = !escaped && c === '\\';
  }
  return 'string';
}

export const ptxLanguage = StreamLanguage.define<State>({
  name: 'ptx',
  startState: start,
  copyState: copy,
  token(stream, state) {
    if (state.comment) return blockComment(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('/*')) {
      state.comment = true;
      return blockComment(stream, state);
    }
    const c = stream.peek()!;
    if (c === '"') return string(stream);
    if (c === '#') {
      stream.skipToEnd();
      return 'meta';
    }
    if (c === ';' || c === '{' || c === '}') {
      stream.next();
      state.sawOpcode = false;
      return c === ';' ? 'punctuation' : 'brace';
    }
    if (stream.match(/^0[fF][0-9a-fA-F]{8}/) || stream.match(/^0[dD][0-9a-fA-F]{16}/)) return 'number';
    if (stream.match(/^0[xX][0-9a-fA-F]+U?/) || stream.match(/^0[bB][01]+U?/) || stream.match(/^[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?U?/)) return 'number';
    if (c === '.') {
      stream.match(/^\.[A-Za-z_][\w:]*/);
      state.sawOpcode = true;
      return 'keyword';
    }
    if (c === '%') {
      stream.match(/^%[\w$.]*/);
      return 'variableName.special';
    }
    if (c === '@') {
      stream.match(/^@!?%?[\w$]*/);
      return 'operator';
    }
    if (stream.match(/^[A-Za-z_$][\w$]*(?=\s*:(?!:))/)) {
      return 'labelName';
    }
    if (stream.match(/^[A-Za-z_$][\w$]*/)) {
      if (!state.sawOpcode) {
        state.sawOpcode = true;
        // the dotted suffix: .s32, .global, .rn ...
        stream.match(/^(\.[\w:]+)*/);
        return 'controlKeyword';
      }
      return 'variableName';
    }
    stream.next();
    return c === ',' ? 'separator' : 'operator';
  },
  languageData: { commentTokens: { line: '//', block: { open: '/*', close: '*/' } } },
});

export const amdgpuLanguage = StreamLanguage.define<State>({
  name: 'amdgpu',
  startState: start,
  copyState: copy,
  token(stream, state) {
    if (stream.sol()) state.sawOpcode = false;
    if (state.comment) return blockComment(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.match('//') || stream.match(';')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('/*')) {
      state.comment = true;
      return blockComment(stream, state);
    }
    const c = stream.peek()!;
    if (c === '"') return string(stream);
    if (c === '#' && stream.sol()) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^0[xX][0-9a-fA-F]+/) || stream.match(/^0[bB][01]+/) || stream.match(/^[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?/)) return 'number';
    if (stream.match(/^[A-Za-z_.$][\w.$]*(?=\s*:(?!:))/)) return 'labelName';
    if (c === '.' && !state.sawOpcode) {
      stream.match(/^\.[\w.$]+/);
      state.sawOpcode = true;
      return 'keyword';
    }
    // registers: v0, s[0:1], a3, ttmp[4:7], and the named ones
    if (stream.match(/^(?:[vsa]|ttmp)(?:\d+(?:\.[lh])?|\[\s*\d+\s*(?::\s*\d+\s*)?\])(?![\w.$])/)) return 'variableName.special';
    if (
      stream.match(
        /^(?:vcc(?:_lo|_hi|z)?|exec(?:_lo|_hi|z)?|m0|scc|null|flat_scratch(?:_lo|_hi)?|xnack_mask(?:_lo|_hi)?|tba(?:_lo|_hi)?|tma(?:_lo|_hi)?|lds_direct|src_\w+|off)(?![\w.$])/,
      )
    )
      return 'variableName.special';
    if (stream.match(/^[A-Za-z_.$][\w.$]*/)) {
      if (!state.sawOpcode) {
        state.sawOpcode = true;
        return 'controlKeyword';
      }
      return 'variableName';
    }
    stream.next();
    return c === ',' ? 'separator' : 'operator';
  },
  languageData: { commentTokens: { line: ';', block: { open: '/*', close: '*/' } } },
});
