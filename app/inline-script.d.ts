// `?inline-script` imports (vite.inline-script.ts): the module compiled into one classic script.
declare module "*?inline-script" {
  const script: string;
  export default script;
}
