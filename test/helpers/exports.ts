import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Who uses the exports of src/: a reading of the import and export lines (relative ones only; the code has no
 * namespace imports of its own modules, and its dynamic ones destructure: `const { a } = await import('./x.js')`). Type-only exports and imports are left out: a type may be
 * part of a public contract that nothing outside its folder spells.
 */
export interface Sources {
  read: (file: string) => string;
  exists: (file: string) => boolean;
}

const disk: Sources = { read: (file) => readFileSync(file, 'utf8'), exists: existsSync };

/** The .ts files under `dir`, absolute. */
export const tsFiles = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, f));

// Leading comments only: a glob such as 'src/**/*.ts' in a string must not read as a comment.
const code = (text: string) => text.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '');

type Spec = { name: string; as: string };
const specsOf = (body: string): Spec[] =>
  body
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('type '))
    .map((s) => {
      const [name, as] = s.split(/\s+as\s+/);
      return { name: name!.trim(), as: (as ?? name!).trim() };
    });

function declared(text: string): string[] {
  const names = [...text.matchAll(/^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|enum)\s+([\w$]+)/gm)].map((m) => m[1]!);
  for (const m of text.matchAll(/^export\s*\{([^}]*)\}\s*;?\s*$/gm)) names.push(...specsOf(m[1]!).map((s) => s.as));
  return names;
}

type Edge = { target: string; specs: Spec[] | '*' };

function edgesOf(file: string, text: string, kind: 'import' | 're-export', src: Sources): Edge[] {
  const resolve = (spec: string) => {
    const file_ = path.join(path.dirname(file), spec.replace(/\.js$/, '.ts'));
    return src.exists(file_) ? file_ : path.join(path.dirname(file), spec, 'index.ts');
  };
  if (kind === 'import')
    return [
      ...[...text.matchAll(/^import\s+(?!type\s)(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/gm)].map((m) => ({ target: resolve(m[2]!), specs: specsOf(m[1]!) })),
      ...[...text.matchAll(/^import\s+(?!type\s)([\w$]+)\s*(?:,|from)[^'"]*['"](\.[^'"]+)['"]/gm)].map((m) => ({ target: resolve(m[2]!), specs: [{ name: 'default', as: m[1]! }] })),
      ...[...text.matchAll(/\b(?:const|let)\s*\{([^}]*)\}\s*=\s*await\s+import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => ({ target: resolve(m[2]!), specs: specsOf(m[1]!.replace(/:/g, ' as ')) })),
    ];
  return [
    ...[...text.matchAll(/^export\s+(?!type\s)\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/gm)].map((m) => ({ target: resolve(m[2]!), specs: specsOf(m[1]!) })),
    ...[...text.matchAll(/^export\s+\*\s+from\s*['"](\.[^'"]+)['"]/gm)].map((m) => ({ target: resolve(m[1]!), specs: '*' as const })),
  ];
}

/** `file#name` for each export the importers reach, through as many re-exports (index.ts) as it passes. */
function reached(importers: string[], src: Sources): Set<string> {
  const seen = new Set<string>();
  const mark = (file: string, name: string) => {
    const key = `${file}#${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (!src.exists(file)) return;
    for (const edge of edgesOf(file, code(src.read(file)), 're-export', src))
      if (edge.specs === '*') mark(edge.target, name);
      else for (const spec of edge.specs) if (spec.as === name) mark(edge.target, spec.name);
  };
  for (const file of importers)
    for (const edge of edgesOf(file, code(src.read(file)), 'import', src)) for (const spec of edge.specs as Spec[]) mark(edge.target, spec.name);
  return seen;
}

/**
 * The value exports of `modules` that some test imports and no production file does (a module's own use of
 * its export does not count, nor does an index.ts passing it on): `relative/path.ts name`, sorted.
 */
export function testOnlyExports(root: string, modules: string[], production: string[], tests: string[], src: Sources = disk): string[] {
  const inProduction = reached(production, src);
  const inTests = reached(tests, src);
  return modules
    .flatMap((file) => declared(code(src.read(file))).map((name) => ({ file, name, key: `${file}#${name}` })))
    .filter(({ key }) => inTests.has(key) && !inProduction.has(key))
    .map(({ file, name }) => `${path.relative(root, file)} ${name}`)
    .sort();
}
