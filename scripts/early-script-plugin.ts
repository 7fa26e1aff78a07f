// A Vite build step: puts a separate entry (web/early-requests.ts) into index.html as the first, async module
// script, ahead of the app's, so it runs as soon as its few hundred bytes arrive (Vite would otherwise merge the
// page's module scripts into one entry, which runs only once the whole app has downloaded).
import type { Plugin } from 'vite';

export function earlyScript(entryName: string): Plugin {
  return {
    name: 'lowest-unique:early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((item) => item.type === 'chunk' && item.isEntry && item.name === entryName);
        if (chunk === undefined) throw new Error(`The build has no entry named '${entryName}'.`);
        if (chunk.type === 'chunk' && chunk.imports.length > 0) {
          throw new Error(`The early script must import nothing (it pulls ${chunk.imports.join(', ')} in front of itself).`);
        }
        // Just before the app's script, so the browser requests it first.
        const tag = `<script type="module" async crossorigin src="/${chunk.fileName}"></script>`;
        const at = html.indexOf('<script');
        return at === -1 ? html.replace('</head>', `    ${tag}\n  </head>`) : `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
      },
    },
  };
}
