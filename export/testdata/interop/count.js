// count.js FILE...: reads each PBN file with the npm "pbn" tokenizer
// (NODE_PATH must reach it) and prints one JSON line a file: the games and
// tags it read, or the error it stopped on.
//
// The file is given to the tokenizer whole, in one chunk, as its README's
// "Process a PBN string" does. Streamed from disk, the line splitter under
// it (lstream 0.0.4) splits each chunk on its own: a CRLF whose CR ends one
// 64 KiB chunk and whose LF opens the next becomes two line ends, an empty
// line that ends the game in the middle of its play ("Invalid PBN" on the
// next cards). Where that falls depends only on byte offsets, not on what
// the file says, so it is left out of the measure.
'use strict';
const fs = require('fs');
const { Readable } = require('stream');
const pbn = require('pbn');

function one(file) {
  return new Promise(resolve => {
    const out = { file: file, games: 0, tags: 0, error: '' };
    Readable.from([fs.readFileSync(file)])
      .pipe(pbn())
      .on('data', d => {
        if (d.type === 'game') out.games++;
        if (d.type === 'tag') out.tags++;
      })
      .on('error', e => { out.error = String(e.message || e); resolve(out); })
      .on('end', () => resolve(out));
  });
}

(async () => {
  for (const f of process.argv.slice(2)) {
    process.stdout.write(JSON.stringify(await one(f)) + '\n');
  }
})();
