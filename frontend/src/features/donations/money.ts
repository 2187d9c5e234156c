/**
 * Money as the API wants it: a string with 2 decimals ("12.50"). People type "12", "12.5",
 * "£12.50" or "1,200": those become "12.00", "12.50", "12.50", "1200.00". Anything else is sent
 * as typed so the server names the field.
 */
export function moneyInput(text: string): string {
  const clean = text.trim().replace(/^£/, '').replace(/,/g, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return text.trim();
  const [pounds = '0', pence = ''] = clean.split('.');
  return `${String(Number(pounds))}.${pence.padEnd(2, '0')}`;
}

/** Adds money strings exactly, in pence (never floats). Unparseable amounts count as zero. */
export function sumMoney(amounts: string[]): string {
  let pence = 0;
  for (const amount of amounts) {
    const normal = moneyInput(amount);
    if (/^\d+\.\d{2}$/.test(normal)) pence += Number(normal.replace('.', ''));
  }
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

/** Today's date as ISO (local time: a donation taken this evening is today's). */
export function todayIso(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
