/**
 * A mark's distance from the room as the reader's locale writes it: metres below a kilometre, then
 * kilometres with one decimal ("140 m", "4,123.5 km"; Kyrgyz and Russian "4 123,5 км").
 */
const KM_FROM_M = 1_000;

export function distanceText(metres: number, lang: string): string {
  const locale = lang === 'kg' ? 'ky' : lang;
  if (metres < KM_FROM_M) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(Math.round(metres));
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(metres / KM_FROM_M);
}
