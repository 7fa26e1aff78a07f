// The one place money is formatted for messages: `$12.50` for USD, else `12.50 EUR` (spec-1 §9).
export const formatMoney = (amountCents: number, currency: string): string => {
  const amount = (amountCents / 100).toFixed(2);
  return currency === 'USD' ? `$${amount}` : `${amount} ${currency}`;
};
