// What the builds define on `import.meta.env` beyond Vite's own.
interface ImportMetaEnv {
  /** True in the browser build of React Router's pages, which runs on Preact (ADR 055). */
  readonly PREACT?: boolean;
}
