// One linter for the whole tree: TypeScript and Astro files, zero warnings allowed (`--max-warnings 0`).
// It also holds the architecture: which folder may import which (docs/architecture.md, "Layout").
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

/**
 * The folders of src/ (and its two files), what each is, and what each may import besides itself.
 * Imports run one way: from the commands (scripts/) down to the pages and the pipeline, down to the
 * record model, down to the schemas and pure helpers; never up, never sideways between peers (the
 * crawl and the editions do not know each other), and never into scripts/ or tests/.
 * `npm run architecture` writes this table into docs/architecture.md ("Layout").
 */
const VIEW = ['view', 'money', 'records', 'editions', 'lib', 'schemas', 'config.ts', 'styles'];
export const AREAS = {
  schemas: {
    about:
      "The API's shapes and the files orgdir writes and reads back, as zod schemas: the foundation everything else reads.",
    may: [],
  },
  lib: {
    about:
      "Pure helpers: text, dates, exact decimals, money formats, URLs, slugs, CSV, identifiers, the data folder's layout, the register service's search rule.",
    may: ['schemas'],
  },
  storage: {
    about:
      'Files and folders written safely: atomic writes, folder swaps repaired after a crash, locks that name their holder.',
    may: ['lib'],
  },
  hosting: {
    about:
      'What hosts allow, what a built site measures against them, the release folder beside the site, and signed manifests to verify.',
    may: ['lib'],
  },
  'config.ts': { about: 'Where the stages read and write, from the environment.', may: ['lib', 'hosting'] },
  records: {
    about:
      'The record model: the one reader of the data folder, and the organisation as every page, download, search document and edition reads it.',
    may: ['schemas', 'lib', 'storage', 'config.ts'],
  },
  'sample-api': {
    about:
      'The built-in sample API: a deterministic register, its routes, answers and gateway faults. It knows nothing of the crawler that reads it.',
    may: ['schemas', 'lib'],
  },
  crawl: {
    about:
      'The crawler: the lists, the search sweep, the records, the request queue; writes the data folder.',
    may: ['schemas', 'lib', 'storage'],
  },
  view: {
    about:
      'An organisation as a page shows it, and what pages share: browse lists, financial rows, key facts, JSON-LD, dates.',
    may: ['schemas', 'lib', 'config.ts', 'records'],
  },
  money: {
    about: 'The money: who funds and regulates whom, and the register in figures.',
    may: ['schemas', 'lib', 'records'],
  },
  search: {
    about:
      'The search index, by where its code runs: built in Node (build/), queried in the browser (browser/), one format both read (format/).',
    may: ['schemas', 'lib', 'storage', 'config.ts', 'records', 'money'],
  },
  editions: {
    about: 'Editions: what changed, night by night, the publish guard and the publish of a nightly build.',
    may: ['schemas', 'lib', 'storage', 'hosting', 'config.ts', 'records'],
  },
  match: {
    about:
      'Matching a list against the register: name keys, the matcher, its table and the browser client of match.html.',
    may: ['schemas', 'lib', 'search'],
  },
  site: {
    about:
      "The site's build pipeline: the Astro run, downloads, the database, the search index, archives, and its hand-over to the pages (context.ts).",
    may: [
      'schemas',
      'lib',
      'storage',
      'hosting',
      'config.ts',
      'records',
      'view',
      'money',
      'search',
      'editions',
      'match',
    ],
  },
  components: {
    about: "Astro components: the parts of a page (an organisation's profile, charts, the map, pagination).",
    may: VIEW,
  },
  layouts: {
    about: 'The layout every page shares: landmarks, a skip link, the header and its search box.',
    may: ['components', ...VIEW],
  },
  pages: {
    about:
      'The Astro pages, one file per kind of page, thin: they gather props and render layouts and components.',
    may: ['layouts', 'components', ...VIEW],
  },
  styles: { about: "The site's stylesheet.", may: [] },
  'env.d.ts': { about: "Astro's types for the modules it resolves.", may: [] },
};
/** What each entry of src/ may import besides itself: the table the boundary rules below enforce. */
export const LAYERS = Object.fromEntries(Object.entries(AREAS).map(([area, { may }]) => [area, may]));
/** The folders (and the two files) directly below src/. */
const AREA_NAMES = Object.keys(LAYERS);

/** What the pages, layouts and components take from src/site: the pipeline's hand-over to them. */
export const SITE_FOR_PAGES = ['context'];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (names) =>
  names.map((name) => (name.endsWith('.ts') ? escape(name) + '$' : `${escape(name)}/`)).join('|');

/**
 * The patterns that refuse the imports a file `depth` folders below src/<area>/ may not make:
 * relative imports are matched by how many folders they climb, so each depth has its own.
 */
function refusals(area, depth, allowed) {
  // How an import from this depth reaches src/ (`./` from src/config.ts), and the repository root.
  const up = depth === 0 ? '^\\./' : `^(?:\\.\\./){${depth}}`;
  const root = `^(?:\\.\\./){${depth + 1}}`;
  const forbidden = AREA_NAMES.filter((other) => other !== area && !allowed.includes(other));
  const patterns = [
    {
      regex: `${up}(?:${alternatives(forbidden.filter((other) => other !== 'site'))})`,
      message: `src/${area} may import only from ${[area, ...allowed].map((name) => `src/${name}`).join(', ')} (eslint.config.js, docs/architecture.md "Layout").`,
    },
    { regex: `${root}(?:scripts|tests)/`, message: 'Nothing in src/ imports from scripts/ or tests/.' },
  ];
  if (!allowed.includes('site') && area !== 'site') {
    const pagesMay = ['pages', 'layouts', 'components'].includes(area);
    patterns.push({
      regex: pagesMay ? `${up}site/(?!(?:${SITE_FOR_PAGES.join('|')})\\.ts$)` : `${up}site/`,
      message: pagesMay
        ? 'Pages, layouts and components take from src/site only its hand-over (context.ts): the pipeline runs them, not the other way round.'
        : `src/${area} may not import the site's build pipeline (src/site).`,
    });
  }
  return patterns;
}

/** The rules that refuse `patterns`, in static and dynamic imports alike. */
function refusing(files, patterns) {
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      // Dynamic imports are held to the same boundaries.
      'no-restricted-syntax': [
        'error',
        ...patterns.map(({ regex, message }) => ({
          selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\/')}/]`,
          message,
        })),
      ],
    },
  };
}

/** The boundary rules of one group of files. */
function boundary(files, area, depth, allowed) {
  return refusing(files, refusals(area, depth, allowed));
}

/**
 * src/search by where its code runs: the index is built in Node, queried in the browser, and both
 * sides read one format. Each folder may import besides itself only what is listed; the browser's
 * and the format's code never take a Node module.
 */
export const SEARCH_FOLDERS = {
  format: {
    about: 'The index files and what both sides agree on: fields, codec, word folding, the query parser.',
    may: [],
    node: false,
  },
  build: {
    about: 'Builds the index in Node from the record model, at site build time.',
    may: ['format'],
    node: true,
  },
  browser: {
    about: "The search page's client, its worker and the query engine: runs in the browser.",
    may: ['format'],
    node: false,
  },
};

/** The extra patterns that hold a folder of src/search to its own imports. */
function searchFolderRefusals(folder) {
  const { may, node } = SEARCH_FOLDERS[folder];
  const others = Object.keys(SEARCH_FOLDERS).filter((other) => other !== folder && !may.includes(other));
  const patterns = [
    {
      regex: `^\\.\\./(?:${others.join('|')})/`,
      message: `src/search/${folder} may import only from ${[folder, ...may].map((name) => `src/search/${name}`).join(', ')} of the search (eslint.config.js).`,
    },
  ];
  if (!node)
    patterns.push({
      regex: '^node:',
      message: `src/search/${folder} runs in the browser too: no Node modules.`,
    });
  return patterns;
}

const MAX_DEPTH = 4;
const boundaries = [];
for (const [area, allowed] of Object.entries(LAYERS)) {
  if (area.endsWith('.ts')) continue;
  for (let depth = 1; depth <= MAX_DEPTH; depth += 1) {
    boundaries.push(boundary([`src/${area}/${'*/'.repeat(depth - 1)}*.{ts,astro}`], area, depth, allowed));
    // The search's own folders: the area's rules and their own, in one rule that overrides the above.
    if (area === 'search' && depth === 2) {
      for (const folder of Object.keys(SEARCH_FOLDERS)) {
        const patterns = [...refusals(area, depth, allowed), ...searchFolderRefusals(folder)];
        boundaries.push(refusing([`src/search/${folder}/*.ts`], patterns));
      }
    }
  }
}
for (const [file, allowed] of Object.entries(LAYERS)) {
  if (file.endsWith('.ts')) boundaries.push(boundary([`src/${file}`], file, 0, allowed));
}
// The commands use src/ but not the pages' parts, and never the tests.
const scriptPatterns = [
  { regex: '^\\.\\./tests/', message: 'scripts/ never imports from tests/: what both need lives in src/.' },
  {
    regex: '^\\.\\./src/(?:pages|layouts|components)/',
    message: 'scripts/ runs the site through src/site, never its pages directly.',
  },
];
// The benchmark is tooling, not the product: it lives in tests/bench beside the tests' support (the
// Chromium launcher, the static server), and only its commands reach into tests/.
const TOOLING_COMMANDS = ['scripts/bench.ts', 'scripts/bench-match.ts', 'scripts/ensure-chromium.ts'];
boundaries.push({ ...refusing(['scripts/**/*.ts'], scriptPatterns), ignores: TOOLING_COMMANDS });
boundaries.push(
  refusing(TOOLING_COMMANDS, [
    {
      regex: '^\\.\\./tests/(?!bench/|support/(?:chromium|static-server)\\.ts$)',
      message:
        'The tooling commands take from tests/ only the benchmark and the Chromium launcher and static server.',
    },
    ...scriptPatterns.slice(1),
  ]),
);

/**
 * The pipeline hands the pages one object through one global (src/site/context.ts): any other
 * global state on the Node side would be a second hand-over that the pages' bundle and the
 * pipeline each see differently. The browser clients' globals live on `window`, not here.
 */
const ONE_GLOBAL = {
  files: ['src/**/*.{ts,astro}'],
  ignores: ['src/site/context.ts'],
  rules: {
    'no-restricted-globals': [
      'error',
      ...['globalThis', 'global'].map((name) => ({
        name,
        message:
          'Only src/site/context.ts keeps state on globalThis: the one hand-over from the pipeline to the pages.',
      })),
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '.orgdir-*/',
      'dist/',
      // The site is a link to a folder beside it (src/storage/folder-swap.ts), and its release folder.
      '.dist.*/',
      'dist-release/',
      'data/',
      'data.partial/',
      'data.previous/',
      'dist.*/',
      'data.*/',
      'editions/',
      '.astro/',
      'node_modules/',
      'bench-results/',
      'scratch/',
      'test-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly' },
    },
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'prefer-const': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  ...boundaries,
  ONE_GLOBAL,
  // A function that does several things reads as several named ones; the product and its
  // commands stay under 80 lines a function (tests, whose cases are lists, are not held to it).
  {
    files: ['src/**/*.{ts,astro}', 'scripts/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
);
