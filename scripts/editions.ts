// npm run editions -- [--latest | --json | --repair]: the kept editions (docs/publishing.md: "Editions";
// the flags: --help, or EDITIONS_COMMAND_LINE in src/config.ts).
import { EDITIONS_COMMAND_LINE } from '../src/config.ts';
import { changeSummary } from '../src/editions/present.ts';
import { repairPublish } from '../src/editions/publish.ts';
import { EditionStore } from '../src/editions/store.ts';
import { environmentHelp, flagsHelp, readFlags, readSettings } from '../src/lib/command-line.ts';

const HELP = [
  'Usage: npm run editions -- [--latest | --json | --repair]',
  '',
  'Without a flag: one line per edition, newest first: its id, what changed, why it was accepted.',
  '',
  'Options:',
  ...flagsHelp(EDITIONS_COMMAND_LINE),
  '  --help',
  '      Show this text.',
  '',
  'Environment:',
  ...environmentHelp(EDITIONS_COMMAND_LINE),
].join('\n');

/** A configuration mistake: one line, exit code 2. */
function refuse(problem: string): never {
  console.error(`editions: ${problem} (see --help)`);
  process.exit(2);
}

const flags = readFlags([EDITIONS_COMMAND_LINE], process.argv.slice(2));
if (!flags.ok) refuse(flags.problem);
const settings = readSettings(EDITIONS_COMMAND_LINE, flags.value, process.env);
if (!settings.ok) refuse(settings.problem);
const values = { help: flags.value['help'] === true, ...settings.value };

const dir = values.editionsDir;
if (values.help === true) {
  console.log(HELP);
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
