/**
 * The instruction tables compiled ahead of time, one JSON text per opcode (its forms in table
 * order and the words each ignores; see `preparedOpcodes` in match.ts). `tsc` emits this
 * placeholder (none: every opcode is compiled from syntax.generated.ts and curation.ts on first
 * use); the build (scripts/postbuild.mjs, scripts/prepare-ptx-forms.mjs) then overwrites the
 * emitted dist/src/ptx/instructions/prepared.js with the data, computed by that same compile, so
 * the data always belongs to the tables it was built with. A check then parses the JSON of an
 * opcode on first use instead of compiling its families (test/ptx/instructions/prepared.test.ts
 * compares the two).
 */
export const PREPARED: Readonly<Record<string, string>> | undefined = undefined;
