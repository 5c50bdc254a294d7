// One linter for the whole tree: TypeScript and Astro files, zero warnings allowed (`--max-warnings 0`).
// It also holds the architecture: which folder may import which (README: "Layout").
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

/**
 * The folders of src/ and what each may import besides itself. Imports run one way: from the
 * commands (scripts/) down to the pages and the pipeline, down to the record model, down to the
 * schemas and pure helpers; never up, never sideways between peers (the crawl and the editions do
 * not know each other), and never into scripts/ or tests/.
 */
const VIEW = ['view', 'money', 'records', 'editions', 'lib', 'schemas', 'config.ts', 'styles'];
export const LAYERS = {
  /** The API's shapes and the files orgdir writes and reads back (zod): the foundation. */
  schemas: [],
  /** Pure helpers: text, dates, exact decimals, money formats, URLs, the data folder's layout. */
  lib: ['schemas'],
  /** Files and folders written safely: atomic writes, folder swaps, locks. */
  storage: ['lib'],
  /** What hosts allow and what a built site measures against them. */
  hosting: ['lib'],
  /** Where things are, from the environment. */
  'config.ts': ['lib', 'hosting'],
  /** The record model: the one reader of the data folder. */
  records: ['schemas', 'lib', 'storage', 'config.ts'],
  /** The built-in sample API: knows nothing of the crawler that reads it. */
  'sample-api': ['schemas', 'lib'],
  /** The crawler: writes the data folder. */
  crawl: ['schemas', 'lib', 'storage'],
  /** An organisation as a page shows it, and what pages share. */
  view: ['schemas', 'lib', 'config.ts', 'records'],
  /** The money: who funds and regulates whom, and the register in figures. */
  money: ['schemas', 'lib', 'records'],
  /** The search index and its engine. */
  search: ['schemas', 'lib', 'storage', 'config.ts', 'records', 'money'],
  /** Editions: what changed, night by night, and the publish of a nightly build. */
  editions: ['schemas', 'lib', 'storage', 'hosting', 'config.ts', 'records'],
  /** Matching a list against the register: name keys, the matcher, its table and browser client. */
  match: ['schemas', 'lib', 'search'],
  /** The site's build pipeline: search index, downloads, archives, the Astro run. */
  site: [
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
  /** The benchmark: runs every stage and measures it. */
  bench: [
    'schemas',
    'lib',
    'storage',
    'hosting',
    'config.ts',
    'records',
    'sample-api',
    'crawl',
    'search',
    'editions',
    'view',
    'money',
    'site',
  ],
  /** Astro: pages -> layouts -> components -> view helpers and records. */
  components: VIEW,
  layouts: ['components', ...VIEW],
  pages: ['layouts', 'components', ...VIEW],
  /** The site's stylesheet. */
  styles: [],
  /** Astro's types for the modules it resolves. */
  'env.d.ts': [],
};
/** The folders (and the one file, config.ts) directly below src/. */
const AREAS = Object.keys(LAYERS);

/** What the pages, layouts and components take from src/site: the pipeline's hand-over to them. */
const SITE_FOR_PAGES = ['context'];

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
  const forbidden = AREAS.filter((other) => other !== area && !allowed.includes(other));
  const patterns = [
    {
      regex: `${up}(?:${alternatives(forbidden.filter((other) => other !== 'site'))})`,
      message: `src/${area} may import only from ${[area, ...allowed].map((name) => `src/${name}`).join(', ')} (eslint.config.js, README "Layout").`,
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

const MAX_DEPTH = 4;
const boundaries = [];
for (const [area, allowed] of Object.entries(LAYERS)) {
  if (area.endsWith('.ts')) continue;
  for (let depth = 1; depth <= MAX_DEPTH; depth += 1) {
    boundaries.push(boundary([`src/${area}/${'*/'.repeat(depth - 1)}*.{ts,astro}`], area, depth, allowed));
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
boundaries.push(refusing(['scripts/**/*.ts'], scriptPatterns));

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
);
