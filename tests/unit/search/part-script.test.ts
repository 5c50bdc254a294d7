// An index file's script, as the builder writes it and as the search worker reads it back when it
// fetches the file itself: what is read is exactly the part's JSON text, and nothing else passes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { INDEX_PART_FUNCTION } from '../../../src/search/format/options.ts';
import { deliveredPart, partScript } from '../../../src/search/format/part-script.ts';

/** What the script delivers when it runs, as a page runs it. */
function delivered(script: string): { name: string; build: string; text: string } {
  let part: { name: string; build: string; text: string } | undefined;
  runInNewContext(script, {
    [INDEX_PART_FUNCTION]: (name: string, build: string, text: string) => (part = { name, build, text }),
  });
  return part!;
}

describe('index file scripts', () => {
  test('a part read without running its script is what the script delivers when run', () => {
    const payload = JSON.stringify([
      "St Brigid's \\ Naomh Bríd",
      'quotes " and \' and a line\nbreak',
      'Łódź 東京 \u2028 \u{1F600}',
      '</script><!-- \\u0041',
    ]);
    const script = partScript('docs/7', '0123456789ab', payload);
    assert.match(script, /^[\x20-\x7e\n]*$/);
    assert.deepEqual(deliveredPart(script), delivered(script));
    assert.deepEqual(deliveredPart(script), { name: 'docs/7', build: '0123456789ab', text: payload });
  });

  test('text that is not an index file is not read as one', () => {
    const script = partScript('terms/3', 'abcdef012345', '{"a":1}');
    for (const other of [
      '',
      '<!DOCTYPE html><title>Not found</title>',
      script.replace(');\n', ');\nalert(1);\n'),
      script.replace('{"a":1}', `{"a":'1'}`),
      script.replace('{"a":1}', '{"a":"\\n"}'),
      `other${script}`,
    ]) {
      assert.equal(deliveredPart(other), undefined, other);
    }
  });
});
