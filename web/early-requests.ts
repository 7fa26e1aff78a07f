// The page's first script: a separate entry of a few hundred bytes, run before the app's code has downloaded
// (scripts/early-script-plugin.ts puts it in index.html). It starts the first screen's requests.
import { startEarlyRequests } from './app/early-requests.ts';

window.lowestEarlyResponses = startEarlyRequests(window.location.pathname);
