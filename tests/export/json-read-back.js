// json-read-back.js — reads pgnconv --to json output (JSON Lines) on
// standard input, validates every object against the schema (ajv, draft-07)
// and writes the games back as PGN on standard output, so that a test can
// convert that PGN again and compare it with the direct conversion.
//
//   node json-read-back.js SCHEMA AJV_DIR < games.jsonl > games.pgn
//
// Exits 1 on the first object that is not valid JSON or breaks the schema.
'use strict';
const fs = require('fs');
const path = require('path');
const [schemaPath, ajvDir] = process.argv.slice(2);
const Ajv = require(path.join(ajvDir, 'node_modules', 'ajv'));
const ajv = new Ajv({allErrors: true, strict: false});
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, 'utf8')));

function comment(text) {
  // as pgn_write.h writes a comment holding '}': to the end of the line
  return text.includes('}') ? ';' + text + '\n' : '{' + text + '}';
}

function line(moves, out) {
  for (const m of moves) {
    for (const c of m.comments_before || []) out.push(comment(c));
    out.push(m.san === '--' ? '--' : m.san);
    for (const n of m.nags || []) out.push('$' + n);
    for (const c of m.comments || []) out.push(comment(c));
    for (const v of m.variations || []) {
      out.push('(');
      line(v, out);
      out.push(')');
    }
  }
}

const lines = fs.readFileSync(0, 'utf8').split('\n').filter((l) => l !== '');
let count = 0;
const pgn = [];
for (const [i, text] of lines.entries()) {
  let game;
  try {
    game = JSON.parse(text);
  } catch (e) {
    console.error(`line ${i + 1}: not JSON: ${e.message}`);
    process.exit(1);
  }
  if (!validate(game)) {
    console.error(`line ${i + 1}: breaks the schema: ${ajv.errorsText(validate.errors)}`);
    process.exit(1);
  }
  if (game.game !== undefined && typeof game.game !== 'number') process.exit(1);
  const tag = (name, value) => pgn.push(`[${name} "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`);
  for (const [name, value] of Object.entries(game.tags)) tag(name, value);
  for (const [name, value] of game.repeated_tags || []) tag(name, value);
  pgn.push('');
  const out = [];
  for (const c of game.comments || []) out.push(comment(c));
  line(game.moves, out);
  out.push(game.result);
  // a ';' comment ends its line: keep the line break it carries
  pgn.push(out.join(' ').replace(/\n /g, '\n'));
  pgn.push('');
  count++;
}
process.stdout.write(pgn.join('\n') + '\n');
console.error(`${count} games valid against the schema`);
