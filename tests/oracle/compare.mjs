// compare.mjs — joins the oracle's facts and ours by the game's first line and
// reports every disagreement: replayability, canonical SAN of the main line,
// final position.  Usage: node compare.mjs ORACLE.jsonl OURS.jsonl LABEL
// Prints one summary line "LABEL: N compared, M disagree (...)" and up to 5
// examples per kind; exits 1 when anything disagrees.
import { readFileSync } from 'node:fs';

const [oraclePath, oursPath, label] = process.argv.slice(2);
const load = (p) => readFileSync(p, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const oracle = new Map(load(oraclePath).map((g) => [g.line, g]));
const ours = load(oursPath);

const kinds = {};
const note = (kind, text) => {
  kinds[kind] ??= [];
  kinds[kind].push(text);
};
let compared = 0;
const seen = new Set();
// The oracle's "line" is one past the game's first line for every game after
// the first; accept a neighbour so that both numberings meet.
const find = (line) => [line, line + 1, line - 1].find((l) => oracle.has(l) && !seen.has(l));
for (const g of ours) {
  const at = find(g.line);
  if (at === undefined) { note('only-ours', `line ${g.line}`); continue; }
  seen.add(at);
  const o = oracle.get(at);
  compared++;
  if (o.ok !== g.ok) {
    note(g.ok ? 'oracle-rejects' : 'we-reject',
      `line ${g.line}: oracle ${o.ok ? 'ok' : JSON.stringify(o.error)}; ours ${g.ok ? 'ok' : JSON.stringify(g.error)}`);
    continue;
  }
  if (!g.ok) continue; // both reject: first errors are compared by pgnlint's check
  if (o.san && o.san.join(' ') !== g.san.join(' ')) {
    const i = o.san.findIndex((s, k) => s !== g.san[k]);
    note('san', `line ${g.line} ply ${i + 1}: oracle ${o.san[i]} ours ${g.san[i]}`);
    continue;
  }
  // chessops writes the e.p. square only when a capture is legal, so do we
  if (o.final_fen !== g.final_fen) note('final-fen', `line ${g.line}: oracle ${o.final_fen} ours ${g.final_fen}`);
}
for (const line of oracle.keys()) if (!seen.has(line)) note('only-oracle', `line ${line}`);
const disagree = Object.values(kinds).reduce((n, v) => n + v.length, 0);
const detail = Object.entries(kinds).map(([k, v]) => `${k} ${v.length}`).join(', ');
console.log(`${label}: ${compared} compared, ${disagree} disagree${detail ? ` (${detail})` : ''}`);
for (const [k, v] of Object.entries(kinds)) for (const t of v.slice(0, 5)) console.log(`  ${k}: ${t}`);
process.exit(disagree ? 1 : 0);
