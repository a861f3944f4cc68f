/** The files of examples/ (.ptx and .s), bundled by scripts/build-web.mjs. */
declare module 'gpuasm:examples' {
  const examples: { name: string; text: string }[];
  export default examples;
}
