// A Vite build step: puts a separate entry (web/early-requests.ts) into index.html as the first, async module
// script, ahead of the app's, so it runs as soon as its few hundred bytes arrive (Vite would otherwise merge the
// page's module scripts into one entry, which runs only once the whole app has downloaded). Before it goes the list
// of the files each lazy screen needs (web/features/*/{name}-screen.tsx, under its name: the first segment of its
// address), which the early script preloads for the screen the page opens on.
import type { Plugin, Rolldown } from 'vite';
import { SCREEN_FILES_ID } from '../web/app/screen-preload.ts';

const SCREEN_MODULE = /\/web\/features\/[^/]+\/([a-z-]+)-screen\.tsx$/;

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** Each lazy screen's chunk, the chunks it imports (transitively) that the app's entry does not, and their CSS. */
export function screenFiles(
  bundle: Record<string, Rolldown.OutputChunk | Rolldown.OutputAsset>,
  entryName: string,
): Record<string, string[]> {
  const chunks = new Map<string, Chunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const closure = (start: string, skip: ReadonlySet<string> = new Set()): Set<string> => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || skip.has(file)) return;
      seen.add(file);
      for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
    };
    visit(start);
    return seen;
  };
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === entryName);
  if (entry === undefined) throw new Error(`The build has no entry named '${entryName}'.`);
  const loaded = closure(entry.fileName);
  const files: Record<string, string[]> = {};
  for (const chunk of chunks.values()) {
    const name = chunk.isDynamicEntry ? SCREEN_MODULE.exec(chunk.facadeModuleId ?? '')?.[1] : undefined;
    if (name === undefined) continue;
    const scripts = [...closure(chunk.fileName, loaded)];
    const styles = scripts.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
    files[name] = [...scripts, ...new Set(styles)];
  }
  return files;
}

export function earlyScript(entryName: string, appEntryName = 'index'): Plugin {
  return {
    name: 'lowest-unique:early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const chunk = Object.values(bundle).find(
          (item) => item.type === 'chunk' && item.isEntry && item.name === entryName,
        );
        if (chunk === undefined) throw new Error(`The build has no entry named '${entryName}'.`);
        if (chunk.type === 'chunk' && chunk.imports.length > 0) {
          throw new Error(
            `The early script must import nothing (it pulls ${chunk.imports.join(', ')} in front of itself).`,
          );
        }
        // Data, not code: the Content-Security-Policy's script-src does not apply to it. `<` is escaped so no file
        // name can close the element.
        const files = JSON.stringify(screenFiles(bundle, appEntryName)).replaceAll('<', '\\u003c');
        // Just before the app's script, so the browser requests it first; the list before it, so it is parsed by then.
        const tags = `<script type="application/json" id="${SCREEN_FILES_ID}">${files}</script>\n    <script type="module" async crossorigin src="/${chunk.fileName}"></script>`;
        const at = html.indexOf('<script');
        return at === -1
          ? html.replace('</head>', `    ${tags}\n  </head>`)
          : `${html.slice(0, at)}${tags}\n    ${html.slice(at)}`;
      },
    },
  };
}
