// Vite's `?raw` import gives a file's text (src/pages/site.css.ts serves the stylesheet with it).
declare module '*?raw' {
  const content: string;
  export default content;
}
