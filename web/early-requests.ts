// The page's first script: a separate entry of a few hundred bytes, run before the app's code has downloaded
// (scripts/early-script-plugin.ts puts it in index.html). It starts the first screen's requests and preloads the
// first screen's code when that screen is a lazy one.
import { startEarlyRequests } from './app/early-requests.ts';
import { preloadScreen } from './app/screen-preload.ts';

window.lowestEarlyResponses = startEarlyRequests(window.location.pathname);
preloadScreen(window.location.pathname);
