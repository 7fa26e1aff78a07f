// The number a signed-out player typed before being sent to sign in, kept for this tab until they are back.
const pendingNumberKey = 'pendingNumber';

export function storePendingNumber(raw: string): void {
  if (raw.trim() === '') sessionStorage.removeItem(pendingNumberKey);
  else sessionStorage.setItem(pendingNumberKey, raw.trim());
}

/** The typed number, removed from storage as it is read: it fills the form once. */
export function takePendingNumber(): string {
  const raw = sessionStorage.getItem(pendingNumberKey) ?? '';
  sessionStorage.removeItem(pendingNumberKey);
  return raw;
}
