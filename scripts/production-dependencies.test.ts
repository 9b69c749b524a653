import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NOT_FOR_PRODUCTION } from './production-install.ts';

/*
 * What `npm ci --omit=dev` installs is what the server needs at run time (issue 16): every package the server's
 * code loads is one of its (or the contract's) dependencies, not something a dev dependency happened to hoist;
 * nothing that builds, tests or measures the portal is a production dependency. scripts/production-install.ts
 * proves the same on a real install in CI.
 */

const root = resolve(import.meta.dirname, '..');
const readJson = <T>(path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;
interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** Where each workspace's code lives, and its manifest. */
const WORKSPACES = [
  { dir: 'apps/server', manifest: readJson<Manifest>('apps/server/package.json') },
  { dir: 'packages/contract', manifest: readJson<Manifest>('packages/contract/package.json') },
];

/** The server's processes start here: the server and the command line (their workers are found from them). */
const ENTRIES = ['apps/server/src/server.ts', 'apps/server/src/cli/main.ts'];

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Whether a string passed to a require-like function names a module (and not, say, a role). */
const namesModule = (text: string) =>
  /^(\.|#app\/|@care\/|node:)/.test(text) ||
  existsSync(join(root, 'node_modules', packageOf(text), 'package.json'));

/**
 * The modules a file loads when it runs: imports and re-exports that are not `type`, `import('x')`,
 * `require('x')` through any require-like function (password-policy.ts requires its word lists lazily), and the
 * files its worker threads run.
 */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      !node.importClause?.isTypeOnly &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0]!)
    ) {
      const text = node.arguments[0].text;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) found.push(text);
      else if (/require/i.test(node.expression.getText(source)) && namesModule(text)) found.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a specifier inside the repository names, or null for a package. */
function localFile(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier);
  if (specifier.startsWith('#app/')) return join(root, 'apps/server/src', specifier.slice('#app/'.length));
  if (specifier.startsWith('@care/contract/'))
    return join(root, 'packages/contract/src', `${specifier.slice('@care/contract/'.length)}.ts`);
  return null;
}

/** Every package the server's code loads at run time, with the first file that loads it. */
function serverRuntimePackages(): { file: string; name: string }[] {
  const seen = new Set<string>();
  const packages: { file: string; name: string }[] = [];
  const queue = ENTRIES.map((entry) => join(root, entry));
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeSpecifiers(file)) {
      const local = localFile(file, specifier);
      if (local) {
        if (!existsSync(local))
          throw new Error(`${relative(root, file)} imports ${specifier}, which is not there`);
        queue.push(local);
      } else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) {
        packages.push({ file: relative(root, file), name: packageOf(specifier) });
      }
    }
  }
  return packages;
}

describe('the production install', () => {
  it("holds every package the server's code loads, as a dependency of the workspace that loads it", () => {
    const packages = serverRuntimePackages();
    expect(packages.map(({ name }) => name)).toContain('fastify');
    const undeclared = packages.filter(({ file, name }) => {
      const workspace = WORKSPACES.find(({ dir }) => file.startsWith(`${dir}/`));
      return !workspace?.manifest.dependencies?.[name];
    });
    expect(undeclared.map(({ file, name }) => `${name} (${file})`)).toEqual([]);
  });

  it('holds nothing that only builds, tests or measures the portal', () => {
    const lock = readJson<{ packages: Record<string, { dev?: boolean }> }>('package-lock.json');
    const production = Object.entries(lock.packages)
      .filter(([path, entry]) => path.includes('node_modules/') && !entry.dev)
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    expect(production).toContain('fastify');
    expect(production.filter((name) => NOT_FOR_PRODUCTION.includes(name))).toEqual([]);
  });

  it('needs no web library: the web app is built before deployment, its libraries bundled into the build', () => {
    const web = readJson<Manifest>('apps/web/package.json');
    expect(web.dependencies).toBeUndefined();
    expect(web.devDependencies).toHaveProperty('react');
  });
});
