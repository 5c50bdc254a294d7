import { test } from 'node:test';
import assert from 'node:assert/strict';
import { releaseDirOf, releaseFileLink, releaseFolderBeside } from '../../../src/hosting/release-folder.ts';

test('the release folder is named beside the site folder it sits next to, and not otherwise', () => {
  assert.equal(releaseFolderBeside('/srv/dist', releaseDirOf('/srv/dist')), 'dist-release');
  assert.equal(releaseFolderBeside('/srv/dist/', '/srv/files'), 'files');
  assert.equal(releaseFolderBeside('/srv/dist', '/elsewhere/dist-release'), undefined);
  assert.equal(releaseFolderBeside('/srv/dist', '/srv/dist/release'), undefined);
  assert.equal(releaseFolderBeside('/srv/dist', '/srv/dist'), undefined);
});

test('a release file is linked at the release address, else beside the site, else not at all', () => {
  const url = 'https://github.com/example/orgdir/releases/latest/download/';
  assert.deepEqual(releaseFileLink('orgdir.sqlite.gz', url, 'dist-release'), {
    href: `${url}orgdir.sqlite.gz`,
  });
  assert.deepEqual(releaseFileLink('orgdir-site.tar.gz', undefined, 'dist-release'), {
    sitePath: '../dist-release/orgdir-site.tar.gz',
  });
  assert.deepEqual(releaseFileLink('orgdir-site.tar.gz', undefined, undefined), {});
});
