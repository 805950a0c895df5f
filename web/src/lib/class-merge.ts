/**
 * `mergeClasses`: tailwind-merge's rule (a later utility replaces an earlier one that sets the same CSS property under
 * the same variants) for the utilities this app writes, without tailwind-merge. That library is 8.6 KB gzip of every
 * page's first JavaScript, and its first call builds a map of all Tailwind's utilities: the single largest piece of
 * main-thread work at load after React itself (ADR 0058). class-merge.spec.ts checks that this function and
 * tailwind-merge agree on every pair of classes in web/src, so a new utility this table misreads fails there first.
 */

type Rule = readonly [test: RegExp, group: string];

const SIZES = '(?:xs|sm|base|md|lg|xl|[2-9]xl)';
const SIDES = '(?:x|y|t|r|b|l|s|e|bs|be)';
const LENGTH = '(?:\\d+(?:\\.\\d+)?|px|\\[[^\\]]+\\])';

/** Base utility (no variants, no `!`, no leading `-`) → group; first match wins, no match: not merged. */
const RULES: readonly Rule[] = [
  [
    /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table|table-row|table-cell|flow-root|list-item)$/,
    'display',
  ],
  [/^(static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^(visible|invisible|collapse)$/, 'visibility'],
  [/^(sr-only|not-sr-only)$/, 'sr'],
  [/^(isolate|isolation-auto)$/, 'isolation'],
  [/^flex-(row|row-reverse|col|col-reverse)$/, 'flex-direction'],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, 'flex-wrap'],
  [/^flex-(.+)$/, 'flex'],
  [/^grow(-.+)?$/, 'grow'],
  [/^shrink(-.+)?$/, 'shrink'],
  [/^basis-.+$/, 'basis'],
  [/^order-.+$/, 'order'],
  [/^grid-cols-.+$/, 'grid-cols'],
  [/^grid-rows-.+$/, 'grid-rows'],
  [/^grid-flow-.+$/, 'grid-flow'],
  [/^col-(span-.+|auto)$/, 'col-start-end'],
  [/^col-start-.+$/, 'col-start'],
  [/^col-end-.+$/, 'col-end'],
  [/^row-(span-.+|auto)$/, 'row-start-end'],
  [/^items-.+$/, 'align-items'],
  [/^justify-items-.+$/, 'justify-items'],
  [/^justify-self-.+$/, 'justify-self'],
  [/^justify-.+$/, 'justify-content'],
  [/^self-.+$/, 'align-self'],
  [/^content-.+$/, 'align-content'],
  [/^place-items-.+$/, 'place-items'],
  [/^place-content-.+$/, 'place-content'],
  [/^place-self-.+$/, 'place-self'],
  [/^gap-x-.+$/, 'gap-x'],
  [/^gap-y-.+$/, 'gap-y'],
  [/^gap-.+$/, 'gap'],
  [/^space-x-reverse$/, 'space-x-reverse'],
  [/^space-y-reverse$/, 'space-y-reverse'],
  [/^space-x-.+$/, 'space-x'],
  [/^space-y-.+$/, 'space-y'],
  [/^(p|px|py|pt|pr|pb|pl|ps|pe)-.+$/, '$1'],
  [/^(m|mx|my|mt|mr|mb|ml|ms|me)-.+$/, '$1'],
  [/^size-.+$/, 'size'],
  [/^(w|h|min-w|min-h|max-w|max-h)-.+$/, '$1'],
  [/^(inset|inset-x|inset-y|top|right|bottom|left|start|end)-.+$/, '$1'],
  [/^z-.+$/, 'z'],
  [/^overflow-(x|y)-.+$/, 'overflow-$1'],
  [/^overflow-.+$/, 'overflow'],
  [/^overscroll-.+$/, 'overscroll'],
  [/^object-(contain|cover|fill|none|scale-down)$/, 'object-fit'],
  [/^object-.+$/, 'object-position'],
  [/^aspect-.+$/, 'aspect'],
  [new RegExp(`^text-(${SIZES}(/.+)?|\\[(length:)?\\d[^\\]]*\\])$`), 'font-size'],
  [/^text-(left|center|right|justify|start|end)$/, 'text-align'],
  [/^(truncate|text-ellipsis|text-clip)$/, 'text-overflow'],
  [/^text-(wrap|nowrap|balance|pretty)$/, 'text-wrap'],
  [/^text-.+$/, 'text-color'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/, 'font-weight'],
  [/^font-.+$/, 'font-family'],
  [/^(italic|not-italic)$/, 'font-style'],
  [/^(antialiased|subpixel-antialiased)$/, 'font-smoothing'],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, 'text-transform'],
  [/^(underline|overline|line-through|no-underline)$/, 'text-decoration'],
  [/^underline-offset-.+$/, 'underline-offset'],
  [/^(tabular-nums|proportional-nums)$/, 'fvn-spacing'],
  [/^tracking-.+$/, 'tracking'],
  [/^leading-.+$/, 'leading'],
  [/^line-clamp-.+$/, 'line-clamp'],
  [/^whitespace-.+$/, 'whitespace'],
  [/^break-(normal|words|all|keep)$/, 'break'],
  [/^list-(inside|outside)$/, 'list-position'],
  [/^list-.+$/, 'list-style-type'],
  [/^bg-(fixed|local|scroll)$/, 'bg-attachment'],
  [/^bg-(repeat|no-repeat|repeat-x|repeat-y|repeat-round|repeat-space)$/, 'bg-repeat'],
  [/^bg-(auto|cover|contain)$/, 'bg-size'],
  [/^bg-(bottom|center|left|left-bottom|left-top|right|right-bottom|right-top|top)$/, 'bg-position'],
  [/^bg-(none|linear-.+|radial(-.+)?|conic(-.+)?)$/, 'bg-image'],
  [/^bg-.+$/, 'bg-color'],
  [/^from-.+$/, 'gradient-from'],
  [/^via-.+$/, 'gradient-via'],
  [/^to-.+$/, 'gradient-to'],
  [/^rounded(-(none|xs|sm|md|lg|xl|[2-9]xl|full|\[.+\]))?$/, 'rounded'],
  [/^rounded-(t|r|b|l|s|e|tl|tr|br|bl|ss|se|ee|es)(-.+)?$/, 'rounded-$1'],
  [new RegExp(`^border(-${LENGTH})?$`), 'border-w'],
  [new RegExp(`^border-(${SIDES.slice(3, -1)})(-${LENGTH})?$`), 'border-w-$1'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  [/^border-(collapse|separate)$/, 'border-collapse'],
  [/^border-spacing-.+$/, 'border-spacing'],
  [new RegExp(`^border-(${SIDES.slice(3, -1)})-.+$`), 'border-color-$1'],
  [/^border-.+$/, 'border-color'],
  [/^divide-(x|y)-reverse$/, 'divide-$1-reverse'],
  [/^divide-(x|y)(-\d+)?$/, 'divide-$1'],
  [/^divide-(solid|dashed|dotted|double|hidden|none)$/, 'divide-style'],
  [/^divide-.+$/, 'divide-color'],
  [/^outline(-(\d+|\[.+\]))?$/, 'outline-w'],
  [/^outline-(none|hidden|solid|dashed|dotted|double)$/, 'outline-style'],
  [/^outline-offset-.+$/, 'outline-offset'],
  [/^outline-.+$/, 'outline-color'],
  [/^ring(-(\d+|\[.+\]))?$/, 'ring-w'],
  [/^ring-inset$/, 'ring-w-inset'],
  [/^ring-offset-(\d+|\[.+\])$/, 'ring-offset-w'],
  [/^ring-offset-.+$/, 'ring-offset-color'],
  [/^ring-.+$/, 'ring-color'],
  [/^shadow(-(none|2xs|xs|sm|md|lg|xl|2xl|inner))?$/, 'shadow'],
  [/^shadow-.+$/, 'shadow-color'],
  [/^opacity-.+$/, 'opacity'],
  [/^transition(-(all|colors|opacity|shadow|transform|none|\[.+\]))?$/, 'transition'],
  [/^duration-.+$/, 'duration'],
  [/^ease-.+$/, 'ease'],
  [/^delay-.+$/, 'delay'],
  [/^animate-.+$/, 'animate'],
  [/^rotate-.+$/, 'rotate'],
  [/^scale-(x|y)-.+$/, 'scale-$1'],
  [/^scale-.+$/, 'scale'],
  [/^translate-(x|y)-.+$/, 'translate-$1'],
  [/^cursor-.+$/, 'cursor'],
  [/^pointer-events-.+$/, 'pointer-events'],
  [/^select-.+$/, 'select'],
  [/^resize(-(x|y|none))?$/, 'resize'],
  [/^appearance-.+$/, 'appearance'],
  [/^fill-.+$/, 'fill'],
  [/^stroke-(\d+)$/, 'stroke-w'],
  [/^stroke-.+$/, 'stroke'],
  [/^scroll-m.*$/, 'scroll-m'],
  [/^backdrop-blur(-.+)?$/, 'backdrop-blur'],
  [/^blur(-.+)?$/, 'blur'],
  [/^accent-.+$/, 'accent'],
  [/^(container|filter)$/, '$1'],
  [/^align-(baseline|top|middle|bottom|text-top|text-bottom|sub|super)$/, 'vertical-align'],
  [/^\[([a-z-]+):.+\]$/, 'arbitrary-$1'],
];

/** A group → the other groups a class of it replaces (`p-4` replaces an earlier `px-2`, not the other way round). */
const CONFLICTS: Readonly<Record<string, readonly string[]>> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  flex: ['basis', 'grow', 'shrink'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  overflow: ['overflow-x', 'overflow-y'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  rounded: [
    'rounded-t',
    'rounded-r',
    'rounded-b',
    'rounded-l',
    'rounded-s',
    'rounded-e',
    'rounded-tl',
    'rounded-tr',
    'rounded-br',
    'rounded-bl',
    'rounded-ss',
    'rounded-se',
    'rounded-ee',
    'rounded-es',
  ],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'border-w': [
    'border-w-x',
    'border-w-y',
    'border-w-t',
    'border-w-r',
    'border-w-b',
    'border-w-l',
    'border-w-s',
    'border-w-e',
    'border-w-bs',
    'border-w-be',
  ],
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': [
    'border-color-x',
    'border-color-y',
    'border-color-t',
    'border-color-r',
    'border-color-b',
    'border-color-l',
    'border-color-s',
    'border-color-e',
    'border-color-bs',
    'border-color-be',
  ],
  'border-color-x': ['border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
  scale: ['scale-x', 'scale-y'],
  'fvn-spacing': [],
};

const groupCache = new Map<string, string | null>();

function groupOf(base: string): string | null {
  let group = groupCache.get(base);
  if (group !== undefined) return group;
  group = null;
  for (const [test, name] of RULES) {
    const match = test.exec(base);
    if (match) {
      group = name.replace('$1', match[1] ?? '');
      break;
    }
  }
  groupCache.set(base, group);
  return group;
}

/** `hover:focus:!-mt-2` → variants `focus:hover:` (order-free, as tailwind-merge has them), important, base `mt-2`. */
function parse(className: string): { variants: string; important: boolean; base: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ':' && depth === 0) {
      parts.push(className.slice(start, i));
      start = i + 1;
    }
  }
  let base = className.slice(start);
  let important = false;
  if (base.startsWith('!')) {
    important = true;
    base = base.slice(1);
  } else if (base.endsWith('!')) {
    important = true;
    base = base.slice(0, -1);
  }
  if (base.startsWith('-') && base.length > 1) base = base.slice(1);
  // Arbitrary variants keep their place; the others are sorted between them.
  const sorted: string[] = [];
  let run: string[] = [];
  for (const part of parts) {
    if (part.startsWith('[')) {
      sorted.push(...run.sort(), part);
      run = [];
    } else run.push(part);
  }
  sorted.push(...run.sort());
  return { variants: sorted.join(':'), important, base };
}

/** The classes with every one that a later class replaces left out; order kept. */
export function mergeClasses(classList: string): string {
  const classes = classList.trim().split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!;
    if (className === '') continue;
    const { variants, important, base } = parse(className);
    const group = groupOf(base);
    if (group === null) {
      kept.push(className);
      continue;
    }
    const prefix = `${variants}${important ? '!' : ''}:`;
    if (taken.has(prefix + group)) continue;
    taken.add(prefix + group);
    for (const other of CONFLICTS[group] ?? []) taken.add(prefix + other);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
