// GET /api/prizes/config: the 7 weekly rows and the date overrides.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrizeConfigResponse } from '../../../../server/routes/prizes.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

export function getPrizeConfig(): Promise<PrizeConfigResponse> {
  return apiFetch<PrizeConfigResponse>('/api/prizes/config');
}

export const prizeConfigQueryOptions = queryOptions({ queryKey: adminKeys.prizeConfig(), queryFn: getPrizeConfig });

export function usePrizeConfig() {
  return useQuery(prizeConfigQueryOptions);
}
