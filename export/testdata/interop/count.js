// count.js FILE...: reads each PBN file with the npm "pbn" tokenizer
// (NODE_PATH must reach it) and prints one JSON line a file: the games and
// tags it read, or the error it stopped on.
'use strict';
const fs = require('fs');
const pbn = require('pbn');

function one(file) {
  return new Promise(resolve => {
    const out = { file: file, games: 0, tags: 0, error: '' };
    fs.createReadStream(file)
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
