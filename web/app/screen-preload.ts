// The files of the screen the page opens on (a lazy chunk, its own imports and CSS), preloaded by the page's first
// script while the app's entry downloads, so the app finds them in when its router asks for the screen. The build
// lists each screen's files in index.html (scripts/early-script-plugin.ts), under the first segment of its address.

/** The id of that list in index.html. */
export const SCREEN_FILES_ID = 'lowest-screen-files';

/** Adds a preload for each file of the screen at `pathname`; none for the play screen or an unknown address. */
export function preloadScreen(pathname: string, doc: Document = document): void {
  const list = doc.getElementById(SCREEN_FILES_ID)?.textContent;
  if (list === null || list === undefined || list === '') return;
  const files = (JSON.parse(list) as Record<string, string[] | undefined>)[pathname.split('/')[1] ?? ''];
  for (const file of Array.isArray(files) ? files : []) {
    const link = doc.createElement('link');
    // As the app's own chunk loader asks for them (crossorigin, modulepreload), so the browser uses these answers.
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.crossOrigin = '';
    link.href = `/${file}`;
    doc.head.append(link);
  }
}
