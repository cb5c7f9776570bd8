import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The import graph of a source folder, read with the TypeScript compiler's parser: every
 * `import`/`export … from`, every inline `import('…')` type and every `import()` call whose
 * module is a string. Type-only imports count too: a type that reaches up a layer is a cycle a
 * reader has to untangle just the same. Only relative specifiers are followed (`./x.js` is the
 * file `./x.ts`); packages are not nodes.
 */
export function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const targets = new Set<string>();
    const add = (specifier: string): void => {
      if (!specifier.startsWith('.')) return;
      const target = resolve(dirname(file), specifier).replace(/\.js$/, '.ts');
      if (known.has(target)) targets.add(target);
      else if (known.has(join(target, 'index.ts'))) targets.add(join(target, 'index.ts'));
    };
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [first] = node.arguments;
        if (first && ts.isStringLiteralLike(first)) add(first.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    graph.set(relative(root, file), [...targets].map((target) => relative(root, target)).sort());
  }
  return graph;
}

/**
 * The import cycles of a graph, as its strongly connected components with more than one file
 * (Tarjan's algorithm), plus any file that imports itself. Each component is sorted; an empty
 * list means the graph is a DAG.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return cycles;
}

/** The `.ts` files under a folder, whole paths, sorted. */
function sourceFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))
    .map((path) => resolve(root, path))
    .sort();
}
