// html-validate's settings for the built pages (tests/e2e/quality-html-links.test.ts): the
// recommended rules, less those about how the markup is laid out rather than what it means.
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // The pages are generated and minified; where a line ends inside the markup has no meaning.
    'no-trailing-whitespace': 'off',
    // The pages leave out the end tags HTML makes optional where the next tag ends the element
    // (src/site/page-bytes.ts): the document is the same, some 37 MB lighter at 35,000 organisations.
    'no-implicit-close': 'off',
  },
};
