import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]);
const tokens = new Set();
for (const f of walk('src').filter((f) => /\.(tsx?|ts)$/.test(f) && !f.includes('.spec.'))) {
  const src = readFileSync(f, 'utf8');
  for (const m of src.matchAll(/(["'`])((?:(?!\1)[^\\\n])*)\1/g)) {
    const words = m[2].split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    for (const w of words) if (/^[!a-z0-9@\[][a-z0-9:\-\/\.\[\]%!_#(),=&>*]*$/i.test(w) && /[-:]|^(flex|grid|block|hidden|inline|border|rounded|shadow|truncate|underline|italic|invisible|visible|relative|absolute|fixed|sticky|static|grow|shrink|transition|uppercase|lowercase|capitalize|contents|table|container|outline|ring|antialiased|sr-only|not-sr-only|peer|group|resize)$/.test(w)) tokens.add(w);
  }
}
console.log([...tokens].sort().join('\n'));
