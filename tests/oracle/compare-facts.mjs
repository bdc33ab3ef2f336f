// compare-facts.mjs — pgnlint's replay facts against the oracle's, game by game.
//
//   node tests/oracle/compare-facts.mjs NAME ORACLE.jsonl PGNLINT-FACTS.jsonl
//
// ORACLE.jsonl is ../shared/tools/oracle output (one object per game, "index"
// 0-based); PGNLINT-FACTS.jsonl is `pgnlint --format facts` (one
// {"type":"facts","game":n,...} per game, 1-based).  Games both replay in full
// are compared on: checkmate, stalemate, insufficient material, the first
// threefold/fivefold/50/75-move ply, and the threefold/fifty claims available at
// the end.  Prints one summary line (and up to 10 disagreements) and exits 1
// when any fact differs, or when the two do not hold the same number of games
// (a pgnlint that wrote nothing, or lost or split a game, compares nothing).
// Games that only one side replays are counted apart: replay agreement is the
// PGN reader's differential check.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

const [name, oraclePath, oursPath] = process.argv.slice(2);
if (!oursPath) {
    console.error('usage: node compare-facts.mjs NAME ORACLE.jsonl PGNLINT-FACTS.jsonl');
    process.exit(2);
}

async function* lines(path) {
    const rl = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
    for await (const line of rl) if (line.trim()) yield JSON.parse(line);
}

const ours = new Map();
for await (const f of lines(oursPath)) if (f.type === 'facts') ours.set(f.game - 1, f);

const fields = [
    ['checkmate', o => o.outcome?.checkmate ?? false],
    ['stalemate', o => o.outcome?.stalemate ?? false],
    ['insufficient_material', o => o.outcome?.insufficient_material ?? false],
    ['first_threefold_ply', o => o.draw?.first_threefold_ply ?? null],
    ['first_fivefold_ply', o => o.draw?.first_fivefold_ply ?? null],
    ['first_fifty_ply', o => o.draw?.first_fifty_ply ?? null],
    ['first_seventyfive_ply', o => o.draw?.first_seventyfive_ply ?? null],
    ['claim_threefold_final', o => o.draw?.claim_threefold_final ?? false],
    ['claim_fifty_final', o => o.draw?.claim_fifty_final ?? false],
];

let oracleGames = 0, compared = 0, replayDiffers = 0, missing = 0, disagreements = 0;
const examples = [];
for await (const o of lines(oraclePath)) {
    oracleGames++;
    const p = ours.get(o.index);
    if (!p) { missing++; continue; }
    if (!o.ok || !p.ok || o.plies !== p.plies) {
        if (o.ok !== p.ok || (o.ok && o.plies !== p.plies)) replayDiffers++;
        continue;
    }
    compared++;
    for (const [field, get] of fields) {
        const want = get(o), have = p[field];
        if (want !== have) {
            disagreements++;
            if (examples.length < 10)
                examples.push(`  ${name} game ${o.index + 1} (line ${o.line}): ${field} oracle ${want}, pgnlint ${have}`);
        }
    }
}
const extra = Math.max(0, ours.size - oracleGames);
console.log(`${name}: ${oracleGames} games, ${compared} compared, ${disagreements} disagreements` +
            (replayDiffers ? `, ${replayDiffers} replayed differently` : '') +
            (missing || extra ? `, game counts differ (oracle ${oracleGames}, pgnlint ${ours.size})` : ''));
for (const e of examples) console.log(e);
process.exit(disagreements || missing || extra ? 1 : 0);
