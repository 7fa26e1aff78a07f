// POST /api/gameplay/use-peak, use-mine ({ number }) and use-how-many (no body).
import { useMutation } from '@tanstack/react-query';
import type {
  UseHowManyResponse,
  UseMineResponse,
  UsePeakResponse,
} from '../../../../server/routes/gameplay.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export function applyPeak(number: number): Promise<UsePeakResponse> {
  return apiFetch<UsePeakResponse>('/api/gameplay/use-peak', { method: 'POST', body: { number } });
}

export function applyMine(number: number): Promise<UseMineResponse> {
  return apiFetch<UseMineResponse>('/api/gameplay/use-mine', { method: 'POST', body: { number } });
}

export function applyHowMany(): Promise<UseHowManyResponse> {
  return apiFetch<UseHowManyResponse>('/api/gameplay/use-how-many', { method: 'POST' });
}

export function usePeakMutation() {
  return useMutation({ mutationFn: applyPeak });
}

export function useMineMutation() {
  return useMutation({ mutationFn: applyMine });
}

export function useHowManyMutation() {
  return useMutation({ mutationFn: applyHowMany });
}
