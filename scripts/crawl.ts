// npm run crawl -- [options]: crawls the API into the data folder (options: --help, or
// src/crawl/options.ts). Ctrl-C stops it; the next run resumes.
import { crawl } from '../src/crawl/crawl.ts';
import { CrawlConfigError, type CrawlOptions } from '../src/crawl/options.ts';
import { crawlHelp, parseCrawlCommandLine } from '../src/crawl/command-line.ts';
import { createProgressReporter } from '../src/crawl/progress.ts';
import { formatSummary } from '../src/crawl/summary.ts';

let options: CrawlOptions;
try {
  const parsed = parseCrawlCommandLine(process.argv.slice(2), process.env);
  if (parsed.help) {
    console.log(crawlHelp());
    process.exit(0);
  }
  options = parsed.options;
} catch (error) {
  if (!(error instanceof CrawlConfigError)) throw error;
  console.error(`crawl: ${error.message}`);
  process.exit(2);
}

const reporter = createProgressReporter(
  process.stderr,
  options.progress ?? 'auto',
  options.progressIntervalMs ?? 10_000,
);
const controller = new AbortController();
const interrupt = () => {
  if (controller.signal.aborted) process.exit(130);
  console.error('\ncrawl: stopping (press Ctrl-C again to quit at once); the next run resumes');
  controller.abort();
};
process.on('SIGINT', interrupt);
process.on('SIGTERM', interrupt);

const summary = await crawl({ ...options, reporter, signal: controller.signal });
reporter.stop();
const report = formatSummary(summary);
if (summary.exitCode === 0) console.log(report);
else console.error(`crawl: ${report}`);
process.exitCode = summary.exitCode;
