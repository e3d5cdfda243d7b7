import path from 'node:path';
import type { Plugin } from 'rollup';

/**
 * The stylesheet in parts, beside the whole of it (dist/styles.css), so that a host that uses a few
 * components (the charts use Alert and Spinner) pays for those only:
 *
 * - dist/tokens.css: the themes (every `--wx-…` custom property, light, dark, system, reduced motion) and
 *   the base the components need on their own elements. Every part needs it, first.
 * - dist/css/<part>.css: one per component folder (`alert.css`, `icon-button.css`…) and one per shared
 *   style module (`overlay.css`, `field.css`, `utilities.css`), each holding its own rules only, never
 *   another part's, so that importing several repeats nothing. Its first comment names the parts it needs,
 *   to be imported before it (they are found from the component's imports).
 * - dist/css/parts.json: the same list, `{ part: [parts it needs, in order] }`, for tools and tests.
 *
 * vanilla-extract's rollup plugin writes one bundle only (its `extract`); this reads the same per-module
 * CSS it bundles (each virtual `.vanilla.css` module's `meta.css`) and the module graph, hence by hand.
 */
export function cssParts(): Plugin {
  return {
    name: 'wanxiang-css-parts',
    buildEnd() {
      const src = `${path.resolve('src')}${path.sep}`;
      // The virtual CSS modules have ids relative to the package, the others absolute ones.
      const inSrc = (id: string) => path.resolve(id).startsWith(src);
      const ids = [...this.getModuleIds()];
      const cssOf = (id: string) => {
        const meta = this.getModuleInfo(id)?.meta as { css?: string } | undefined;
        return typeof meta?.css === 'string' ? meta.css : undefined;
      };
      const cssIds = ids.filter((id) => cssOf(id) !== undefined && inSrc(id));
      /** The part a module of src/ belongs to. */
      const partOf = (id: string) => {
        const [top, folder, file = ''] = path.relative(src, path.resolve(id)).split(path.sep);
        if (top === 'theme') return 'tokens';
        if (top === 'components' && folder) return kebab(folder);
        if (top === 'styles' && folder) return folder.replace(/\.css\.ts.*$/, '');
        return top ?? file;
      };
      const parts = new Map<string, string[]>();
      for (const id of cssIds) parts.set(partOf(id), [...(parts.get(partOf(id)) ?? []), id]);

      /** The parts whose CSS the modules of `part` (its component or style module) reach by importing. */
      const needs = new Map<string, Set<string>>();
      for (const part of parts.keys()) {
        const start = ids.filter(
          (id) => inSrc(id) && partOf(id) === part && !/\.stories\.|\.test\./.test(id),
        );
        const seen = new Set(start);
        const queue = [...start];
        const reached = new Set<string>();
        while (queue.length > 0) {
          const id = queue.pop() as string;
          const info = this.getModuleInfo(id);
          if (cssOf(id) !== undefined) reached.add(partOf(id));
          for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
            if (!inSrc(next) || seen.has(next)) continue;
            seen.add(next);
            queue.push(next);
          }
        }
        reached.delete(part);
        reached.delete('tokens');
        needs.set(part, reached);
      }
      // Dependencies before their dependents (a part restyles what it composes, so it must come after it).
      const order: string[] = [];
      const visit = (part: string, trail: string[]) => {
        if (order.includes(part) || trail.includes(part)) return;
        for (const need of [...(needs.get(part) ?? [])].sort()) visit(need, [...trail, part]);
        order.push(part);
      };
      for (const part of [...parts.keys()].sort()) visit(part, []);
      const ordered = (set: Iterable<string>) => order.filter((part) => [...set].includes(part));

      const manifest: Record<string, string[]> = {};
      for (const [part, modules] of parts) {
        // Within a part, its modules as its index imports them (the themes before the base).
        const css = modules
          .sort((a, b) => (a.includes('themes.css') ? -1 : b.includes('themes.css') ? 1 : a.localeCompare(b)))
          .map((id) => cssOf(id))
          .join('\n');
        if (part === 'tokens') {
          this.emitFile({
            type: 'asset',
            fileName: 'tokens.css',
            source: `/* @wanxiang/ui tokens: the themes' custom properties and the components' base. Import it before any part (css/*.css). */\n${css}`,
          });
          continue;
        }
        const before = ordered(needs.get(part) ?? []);
        manifest[part] = before;
        const after = ['tokens.css', ...before.map((name) => `css/${name}.css`)]
          .map((file) => `@wanxiang/ui/${file}`)
          .join(', ');
        this.emitFile({
          type: 'asset',
          fileName: `css/${part}.css`,
          source: `/* @wanxiang/ui ${part}: import after ${after}. */\n${css}`,
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'css/parts.json',
        source: `${JSON.stringify(
          Object.fromEntries(ordered(Object.keys(manifest)).map((part) => [part, manifest[part]])),
          null,
          2,
        )}\n`,
      });
    },
  };
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
