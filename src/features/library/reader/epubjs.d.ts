/** epub.js's own chapter rewriting hooks, imported from its sources (the module its main entry uses). */
declare module 'epubjs/src/utils/replacements' {
  export { replaceBase } from 'epubjs/types/utils/replacements';
}
