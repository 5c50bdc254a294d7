// npm run editions -- [--latest | --json | --repair]: the kept editions (docs/publishing.md: "Editions").
//   (no flag)  one line per edition, newest first: its id, what changed, why it was accepted
//   --latest   only the id of the newest edition (for scripts and the nightly workflow)
//   --json     the editions' edition.json, newest first
//   --repair   finish a publish that a killed build left half-done (a build does this itself)
import { parseArgs } from 'node:util';
import { editionsDir } from '../src/config.ts';
import { changeSummary } from '../src/editions/present.ts';
import { repairPublish } from '../src/editions/publish.ts';
import { EditionStore } from '../src/editions/store.ts';

const { values } = parseArgs({
  options: {
    latest: { type: 'boolean' },
    json: { type: 'boolean' },
    repair: { type: 'boolean' },
    help: { type: 'boolean' },
  },
  strict: true,
});

const dir = editionsDir();
if (values.help === true) {
  console.log('Usage: npm run editions -- [--latest | --json | --repair]   (folder: ORGDIR_EDITIONS_DIR)');
} else if (values.repair === true) {
  const done = await repairPublish(dir);
  console.log(done.length === 0 ? 'nothing to repair' : done.join('\n'));
} else {
  const editions = new EditionStore(dir).list().reverse();
  if (values.latest === true) {
    if (editions[0] === undefined) {
      console.error(`editions: no edition in ${dir}`);
      process.exitCode = 1;
    } else console.log(editions[0].id);
  } else if (values.json === true) {
    console.log(JSON.stringify(editions, null, 2));
  } else if (editions.length === 0) {
    console.log(`no edition in ${dir} yet: npm run build publishes the first`);
  } else {
    for (const edition of editions) {
      const accepted = edition.accepted === undefined ? '' : ` [accepted: ${edition.accepted.reason}]`;
      console.log(`${edition.id}  #${edition.number}  ${changeSummary(edition)}${accepted}`);
    }
  }
}
