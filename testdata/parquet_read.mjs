// Reads handrec's Parquet export with hyparquet, a reader independent of
// the writer, and prints, as JSON, each file's row count and column types
// and the answers of a few of the README's queries, computed here.
// Usage: node parquet_read.mjs DIR (node_modules with hyparquet and
// hyparquet-compressors beside this script or above it).
import { parquetReadObjects, parquetMetadataAsync, asyncBufferFromFile } from 'hyparquet'
import { compressors } from 'hyparquet-compressors'

const dir = process.argv[2]
const views = ['records', 'hands', 'calls', 'plays', 'travellers', 'dd']
const data = {}
const out = { rows: {}, types: {} }
for (const v of views) {
  const file = await asyncBufferFromFile(`${dir}/${v}.parquet`)
  const md = await parquetMetadataAsync(file)
  out.types[v] = md.schema.slice(1).map(s => `${s.name}:${s.type}:${s.repetition_type}`)
  data[v] = await parquetReadObjects({ file, compressors })
  out.rows[v] = data[v].length
}
const num = x => (typeof x === 'bigint' ? Number(x) : x)
const byId = new Map(data.records.map(r => [num(r.id), r]))

// Hands of 20 or more points with a five-card major.
out.strong = data.hands.filter(h => num(h.hcp) >= 20 && (num(h.s_len) >= 5 || num(h.h_len) >= 5)).length
// How often 3NT makes, by declarer's side: side -> [played, made].
out.threeNT = {}
for (const r of data.records) {
  if (!(r.contract ?? '').startsWith('3NT')) continue
  const side = r.declarer === 'N' || r.declarer === 'S' ? 'NS' : 'EW'
  const s = (out.threeNT[side] ??= [0, 0])
  s[0]++
  if (num(r.tricks) >= 9) s[1]++
}
// Opening leads: the first card of every record's play, by card.
out.leads = {}
for (const p of data.plays) if (num(p.seq) === 1) out.leads[p.card] = (out.leads[p.card] ?? 0) + 1
// Contracts played against what they make double dummy.
out.dd = []
for (const d of data.dd) {
  const r = byId.get(num(d.record))
  if (r && r.declarer === d.declarer && r.strain === d.strain) out.dd.push([num(r.board), r.contract, num(r.tricks), num(d.tricks)])
}
out.dd.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
// Alerted calls; the travellers' North-South scores summed.
out.alerts = data.calls.filter(c => num(c.alert) === 1).length
out.scoreNS = data.travellers.reduce((a, t) => a + (num(t.score_ns) ?? 0), 0)
console.log(JSON.stringify(out))
