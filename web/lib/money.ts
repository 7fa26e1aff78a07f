// The one place money is formatted: cents / 100 with 2 decimals, '$' for USD, else the currency code (spec-1 §9).

export function formatMoney(amountCents: number, currency = 'USD'): string {
  const amount = (amountCents / 100).toFixed(2);
  return currency === 'USD' ? `$${amount}` : `${amount} ${currency}`;
}
