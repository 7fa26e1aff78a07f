// Runs the e2e files in name order (01-…, 02-…): the journeys share one server and one day's game, so 04, which
// closes today's game and opens Game #2, must come after those that need the first game open. Vitest's default
// sequencer orders by past duration and failures instead.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export class AlphabeticalSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)));
  }
}
